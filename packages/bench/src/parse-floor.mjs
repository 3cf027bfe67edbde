// The parse floor of `check` (issue 31), run as a child process like `check` itself: read the
// capture, cut it into exchanges and JSON.parse each one, nothing else. JSON Lines are cut at
// newlines; a HAR's entries with the byte scan `check` uses (HarEntryCutter), since a HAR
// need not put one entry on a line. Prints `{"exchanges": n}`.
import { createReadStream } from 'node:fs';
import { HarEntryCutter } from '@avalanche-api/conformance';

const [kind, path] = process.argv.slice(2);
let exchanges = 0;
const chunks = createReadStream(path, { highWaterMark: 256 * 1024 });
if (kind === 'har') {
  const cutter = new HarEntryCutter();
  for await (const chunk of chunks)
    for (const entry of cutter.push(chunk)) {
      JSON.parse(entry.toString('utf8'));
      exchanges++;
    }
} else {
  let rest = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
      if (nl > start) {
        JSON.parse(bytes.toString('utf8', start, nl));
        exchanges++;
      }
      start = nl + 1;
    }
    rest = Buffer.from(bytes.subarray(start));
  }
}
process.stdout.write(`${JSON.stringify({ exchanges })}\n`);
