// A V8 CPU profile (the inspector's Profiler.stop, Chrome's .cpuprofile) → collapsed stacks.
import { addSamples, formatFrame, type FoldedProfile } from './folded.js';

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** V8's pseudo-frames: a sample in (idle) is no CPU time and counts in no share. */
const IDLE = '(idle)';

/**
 * Folds a profile's samples by their stacks. URLs under `root` are written relative to it
 * (`src/pricing.js:12`), node's own modules as they are (`node:internal/…`); lines are 1-based.
 */
export function foldCpuProfile(profile: CpuProfile, root?: string): { folded: FoldedProfile; idleSamples: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = new Map<number, string | undefined>();
  const stackFor = (id: number): string | undefined => {
    if (stackOf.has(id)) return stackOf.get(id);
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(root)' && url === '') continue;
      if (functionName === IDLE) {
        stackOf.set(id, undefined);
        return undefined;
      }
      frames.push(
        formatFrame(functionName || '(anonymous)', url ? `${shortenUrl(url, root)}:${lineNumber + 1}` : undefined),
      );
    }
    const stack = frames.reverse().join(';');
    stackOf.set(id, stack);
    return stack;
  };
  const folded: FoldedProfile = new Map();
  let idleSamples = 0;
  for (const id of profile.samples ?? []) {
    const stack = stackFor(id);
    if (stack === undefined) idleSamples++;
    else addSamples(folded, stack === '' ? '(root)' : stack, 1);
  }
  return { folded, idleSamples };
}

function shortenUrl(url: string, root?: string): string {
  let path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  if (root) {
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (path.startsWith(prefix)) path = path.slice(prefix.length);
  }
  return path;
}
