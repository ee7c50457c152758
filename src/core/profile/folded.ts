// Collapsed stacks ("folded", Brendan Gregg's format): one line per distinct stack, its frames
// root first joined by ';', then a space and its sample count. Every profiler perfgate reads is
// turned into this one shape, so the comparison never knows which profiler made a profile.

/** Stack (root first, frames joined by ';') → samples. */
export type FoldedProfile = Map<string, number>;

/** A frame as perfgate writes it: `name (file:line)` where the profile knows the place, else `name`. */
export interface FrameParts {
  name: string;
  location?: string;
}

const LOCATED = /^(.*) \(([^()]*:\d+(?::\d+)?)\)$/;

export function splitFrame(frame: string): FrameParts {
  const match = LOCATED.exec(frame);
  return match ? { name: match[1]!, location: match[2]! } : { name: frame };
}

export function formatFrame(name: string, location?: string): string {
  // ';' separates frames and a trailing count ends a line: neither may appear inside a frame.
  const clean = (text: string): string => text.replaceAll(';', ':').replaceAll('\n', ' ');
  return location ? `${clean(name)} (${clean(location)})` : clean(name);
}

export class FoldedParseError extends Error {}

/**
 * Reads a folded file. A line that does not end in a count is an error naming the line: a
 * `command` profiler that wrote something else is told so rather than compared as empty.
 */
export function parseFolded(text: string, source = 'the folded file'): FoldedProfile {
  const profile: FoldedProfile = new Map();
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(.*\S)\s+(\d+)$/.exec(line);
    if (!match) {
      throw new FoldedParseError(
        `${source} line ${index + 1} is not a collapsed stack ("frame;frame;frame count"): ${JSON.stringify(line.slice(0, 80))}`,
      );
    }
    addSamples(profile, match[1]!, Number(match[2]));
  });
  return profile;
}

export function addSamples(profile: FoldedProfile, stack: string, count: number): void {
  if (count <= 0 || stack === '') return;
  profile.set(stack, (profile.get(stack) ?? 0) + count);
}

export function formatFolded(profile: FoldedProfile): string {
  return [...profile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stack, count]) => `${stack} ${count}\n`)
    .join('');
}

/** Several processes' profiles (a service whose command starts more than one node) as one. */
export function mergeFolded(profiles: readonly FoldedProfile[]): FoldedProfile {
  const merged: FoldedProfile = new Map();
  for (const profile of profiles) for (const [stack, count] of profile) addSamples(merged, stack, count);
  return merged;
}

export function totalSamples(profile: FoldedProfile): number {
  let total = 0;
  for (const count of profile.values()) total += count;
  return total;
}

/**
 * py-spy's --subprocesses frames name the pid (`process 4242:"python app.py"`), which differs
 * between base and head: without it the two variants' stacks share their roots again. Every such
 * frame, not only the root: a service run as `sh -c "python3 app.py"` has python's under sh's.
 */
export function dropProcessIds(profile: FoldedProfile): FoldedProfile {
  const renamed: FoldedProfile = new Map();
  for (const [stack, count] of profile)
    addSamples(renamed, stack.replace(/(^|;)process \d+:(?=")/g, '$1process:'), count);
  return renamed;
}
