// An output stream for the commands run in-process (runGateCommand, runTrendsCommand…): it keeps
// what they write, for the test to read.
import { Writable } from 'node:stream';

/** A Writable whose `text` is everything written to it so far. */
export function textSink(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}
