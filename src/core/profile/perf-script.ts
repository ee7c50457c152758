// `perf script` output (samples with call chains, leaf first) → collapsed stacks, as
// stackcollapse-perf.pl does: the root first, a frame's +0x offset dropped, an unknown symbol
// named by its object file.
import { addSamples, type FoldedProfile } from './folded.js';

export function foldPerfScript(text: string): FoldedProfile {
  const folded: FoldedProfile = new Map();
  let frames: string[] | undefined;
  const flush = (): void => {
    if (frames && frames.length > 0) addSamples(folded, frames.reverse().join(';'), 1);
    frames = undefined;
  };
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') {
      flush();
      continue;
    }
    if (!/^\s/.test(raw)) {
      // A sample's header ("node 1234/1234 5.678: 1000 cpu-clock:"): its frames follow.
      flush();
      frames = [];
      continue;
    }
    if (!frames) continue;
    const match = /^\s+[0-9a-f]+\s+(.+?)\s+\((.*)\)\s*$/.exec(raw);
    if (!match) continue;
    let symbol = match[1]!.replace(/\+0x[0-9a-f]+$/, '');
    const dso = match[2]!;
    if (symbol === '[unknown]') symbol = `[${dso.split('/').pop() || 'unknown'}]`;
    frames.push(symbol.replaceAll(';', ':'));
  }
  flush();
  return folded;
}
