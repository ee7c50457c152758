// The action's libraries (@actions/core, cache, artifact) write workflow commands (::warning::,
// ::debug::), retry notices and tar commands straight to stdout. In a test they are the code under
// test speaking, most often on purpose (a fake that answers 500, a token without cache scopes),
// not a failure of the suite: each line is labelled so that nobody reads it as one. Vitest's own
// report is written by the main process, and console.* goes to it apart, so neither is touched.
// ::debug:: lines are dropped, as a runner drops them without step debugging.
const LABEL = '  [expected output of the code under test] ';

const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
let lineStart = true;

process.stdout.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return write(chunk, ...rest);
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  let labelled = '';
  for (const piece of text.split(/(?<=\n)/)) {
    // A runner shows ::debug:: only with step debugging on; neither does the suite.
    if (lineStart && piece.startsWith('::debug::')) continue;
    labelled += lineStart && piece !== '\n' ? LABEL + piece : piece;
    lineStart = piece.endsWith('\n');
  }
  if (labelled === '') return true;
  return write(labelled, ...rest);
}) as typeof process.stdout.write;
