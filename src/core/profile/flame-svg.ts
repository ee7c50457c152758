// A differential flame graph, drawn by hand (no flamegraph.pl on a runner): the head's stacks,
// each frame as wide as its share of the head's samples, red where that path's share of the CPU
// grew from the base, blue where it shrank (Brendan Gregg's "red/blue differential flame graph").
import { totalSamples, type FoldedProfile } from './folded.js';

interface Node {
  name: string;
  head: number;
  base: number;
  children: Map<string, Node>;
}

const WIDTH = 1200;
const ROW = 16;
const MIN_WIDTH = 0.5;

export function renderDiffFlameSvg(base: FoldedProfile, head: FoldedProfile, title: string): string {
  const headTotal = Math.max(1, totalSamples(head));
  const baseTotal = Math.max(1, totalSamples(base));
  const root: Node = { name: 'all', head: 0, base: 0, children: new Map() };
  const add = (profile: FoldedProfile, key: 'head' | 'base'): void => {
    for (const [stack, count] of profile) {
      let node = root;
      node[key] += count;
      for (const frame of stack.split(';')) {
        let child = node.children.get(frame);
        if (!child) node.children.set(frame, (child = { name: frame, head: 0, base: 0, children: new Map() }));
        child[key] += count;
        node = child;
      }
    }
  };
  add(head, 'head');
  add(base, 'base');
  const rects: string[] = [];
  let depth = 0;
  const draw = (node: Node, x: number, level: number): void => {
    const width = (node.head / headTotal) * WIDTH;
    if (width < MIN_WIDTH) return;
    depth = Math.max(depth, level);
    const change = node.head / headTotal - node.base / baseTotal;
    rects.push(frameRect(node, x, level, width, change, headTotal, baseTotal));
    let at = x;
    for (const child of [...node.children.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      draw(child, at, level + 1);
      at += (child.head / headTotal) * WIDTH;
    }
  };
  draw(root, 0, 0);
  const height = (depth + 1) * ROW + 40;
  // Rows are placed from the bottom (the root) up, as flame graphs are read.
  const body = rects
    .join('\n')
    .replace(/Y_OF\((\d+)\)/g, (_, level: string) => String(height - 10 - (Number(level) + 1) * ROW));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="monospace" font-size="11">`,
    `<text x="4" y="16">${escapeXml(title)}: width = head's samples; red = share of the CPU grew from base, blue = shrank</text>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}

function frameRect(
  node: Node,
  x: number,
  level: number,
  width: number,
  change: number,
  headTotal: number,
  baseTotal: number,
): string {
  // Saturated at a 10-point change of the share.
  const strength = Math.min(1, Math.abs(change) / 0.1);
  const fade = Math.round(235 - 175 * strength);
  const fill = change >= 0 ? `rgb(235,${fade},${fade})` : `rgb(${fade},${fade},235)`;
  const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
  const tip = `${node.name}: head ${node.head} samples (${percent(node.head / headTotal)}), base ${node.base} (${percent(node.base / baseTotal)})`;
  const chars = Math.floor((width - 4) / 7);
  const label = chars >= 3 ? (node.name.length > chars ? `${node.name.slice(0, chars - 2)}..` : node.name) : '';
  return `<g><title>${escapeXml(tip)}</title><rect x="${x.toFixed(1)}" y="Y_OF(${level})" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${fill}"/>${
    label ? `<text x="${(x + 2).toFixed(1)}" y="Y_OF(${level})" dy="11">${escapeXml(label)}</text>` : ''
  }</g>`;
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
