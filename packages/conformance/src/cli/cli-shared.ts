// What every command of the CLI shares: help texts, usage errors, option parsing, output.
import { writeFile } from 'node:fs/promises';
import { packageVersion } from '../model/package-version.js';
import { defaultSpecDir, Specs } from '../model/specs.js';
import { NodeVersionError } from '../model/versions.js';

const exitCodes = `Exit codes: 0 everything tested conforms, 1 drift (or a failed exchange),
2 not tested (a target unreachable or not answering, nothing left to test) or a usage error.`;

const common = `  --specs DIR           bundled spec documents to use (default: the package's own)
  --format FMT          text (default), json or junit; json and junit print only the report
  --output FILE         write the report to FILE instead of stdout
  -h, --help            this help`;

export const help = {
  check: `Usage: avalanche-conformance check <files, folders or -…> [options]

Validate recorded exchanges against the specs: recordings (*.json), HAR 1.2 (*.har, read
entry by entry), JSON Lines of recordings (*.jsonl, *.ndjson), folders of them, or - for
stdin (HAR or JSON Lines). Input of any size is streamed; a broken line or entry is one
finding naming the file and line or entry, and the rest is still checked.

Options:
  --strict              also fail on properties the spec does not declare
  --exclusions FILE     exchanges left out on purpose, with reasons (default: the corpus's)
  --node-version V      judge node answers as AvalancheGo release V sends them
                        (avalanchego/1.13.2 or v1.13.2; default: the spec's supported range)
  --jobs N              at most N threads in all for large inputs, this one included, lowered to
                        the idle cores but one (default: those; 1: no workers, as on 2 cores)
  --max-body-bytes N    a HAR body, JSON Lines line or file above N bytes is reported
                        "not checked: too large" and skipped (default 16 MiB)
  --max-listed N        results listed in the text, json and junit reports (default 200;
                        0: all); the rest are counted. --format jsonl streams every result
  --specs DIR           bundled spec documents to use (default: the package's own)
  --format FMT          text (default), json, jsonl (one result per line, then the summary)
                        or junit; all but text print only the report
  --output FILE         write the report to FILE instead of stdout
  -h, --help            this help

Exit codes: 0 every exchange passes, 1 any fails or the input is malformed, 2 usage error.`,
  serve: `Usage: avalanche-conformance serve [options]

Run the replay server on 127.0.0.1 for the Data, Metrics and node APIs.

Options:
  --host ADDR           IP address to listen on (default 127.0.0.1); anything but a
                        loopback address (127.x, ::1) exposes the server to the network
  --port N              port to listen on (default 0: any free port)
  --recordings DIR      exchanges to answer from (default: the bundled corpus)
  --specs DIR           bundled spec documents to use (default: the package's own)
  --fault SWITCHES      break these on every answer, as the x-replay-fault header does
                        (e.g. order, filter, page-size: a faulty server for contract runs)
  --older-answers       answer recordings of an older shape of a service as recorded
                        (default: in today's shape, so every answer is valid against
                        today's spec; older ones are a drift scenario)
  -h, --help            this help`,
  contract: `Usage: avalanche-conformance contract [options]

Send the recorded and example requests, and cases generated from the specs' parameter
schemas, pages and links, to a target and check each answer: its status, its JSON-RPC
result or error, and its body against the spec (strict). Progress goes to stderr every
10 s; stdout holds only the report. The run's summary line always shows: at the end of the
text report, on stderr beside a report of another format, on stdout with --output.

Options:
  --target T            replay (default, in-process), live (the specs' public hosts),
                        one URL for every service, or name=url,… per service
  --api-key-env NAME    send the key in environment variable NAME to each service whose
                        spec declares an api-key header, in that header only (the Data
                        API: x-glacier-api-key); curl lines show $NAME, never the key
  --only a,b            only these operations, methods or services
  --header 'NAME: V'    send this header too (repeatable); 'service=NAME: V' sends it to
                        that service's target only; $VAR or \${VAR} in V is read from the
                        environment. Curl lines show $VAR (a literal V as [redacted])
  --concurrency N       requests in flight at once (default 4); fewer while a target
                        pushes back (429, no answer) and more again as it answers
  --rate-limit R        at most R requests, retries included: N/s or N/m for all targets,
                        service=N/s for one (repeatable, one per scope). A case still
                        answered 429 after 3 retries (Retry-After honoured up to 30 s)
                        is not tested: rate limited; after 8 in a row from one target
                        its remaining cases are not sent
  --timeout-ms N        per-request timeout in ms (default 15000). A request without an
                        answer (timeout, reset, refused) is not tested, never drift; a
                        timed-out case is tried once more, and a target silent for eight
                        timeouts (10 to 30 s) gets none of its remaining cases
  --max-failures N      stop starting cases after N drifted; report what ran (exit 1)
  --node-version V      judge node answers as release V sends them; auto (default for a
                        URL or live target) asks the target's info.getNodeVersion, none
                        (default for replay, which serves answers of several releases)
                        uses the spec's whole supported range
  --cases LIST          case classes to run (default all): recorded, example,
                        generated (every enum value, bounds, optional inputs absent and
                        present, both forms of 64-bit numbers), negative (one broken rule
                        each; the documented 400 or JSON-RPC error expected), page
                        (the x-promises cursor or range from one item per page; a
                        repeated cursor or item is paging drift), linked (the specs'
                        links from one answer to the next call) and filter (each
                        declared filter and identity sent with a value read off an
                        earlier answer)
  --seed N              seed of the generated cases (default 1): same seed, same cases
  --max-cases N         most generated and most negative cases per operation (default 12, more
                        generated ones where an operation lists more values)
  --max-requests N      most requests in the whole run (default 12 per operation or one per
                        listed value, at least 600)
  --max-pages N         most pages followed per paginated operation (default 4)
  --record DIR          write every exchange in the recordings format (no headers)
  --recordings DIR      exchanges to take requests from (default: the bundled corpus)
  --baseline FILE       known drifts ({"entries": [{"key", "reason", "expires"?}]}): the
                        run exits 1 only on drift it does not list; expired entries and
                        entries whose drift is gone are warned about
  --write-baseline FILE write a baseline accepting every drift of this run
  --history DIR         also keep the run in DIR: its JSON and HTML reports under runs/ and
                        a summary line in DIR/index.jsonl (read by \`dashboard\`)
  --history-keep N      runs kept per target in DIR (default 90; 0: all)
  --specs DIR           bundled spec documents to use (default: the package's own)
  --format FMT          text (default), json, junit, html (one self-contained page) or
                        markdown (a CI job summary, at most 256 KiB); all but text print
                        only the report (the summary line goes to stderr)
  --output FILE         write the report to FILE; stdout gets the summary line and FILE
  -h, --help            this help

${exitCodes}`,
  proxy: `Usage: avalanche-conformance proxy --target T [options]

Forward an app's requests (REST, JSON-RPC and batches, health GETs) to their service's target
and stream each answer back unchanged, validating every exchange with check's rules. Point
the app's baseUrl at the proxy. One line per finding on stderr as it happens; on SIGINT or
SIGTERM the report is written and the proxy exits.

Options:
  --target T            replay (in-process replay server), live (the specs' public hosts),
                        one URL for every service, or name=url,… per service
  --port N              port to listen on (default 0: any free port; the URL is printed)
  --host H              address to listen on (default 127.0.0.1)
  --strict              also fail on properties the spec does not declare
  --record DIR          write every exchange in the recordings format (no headers, keys
                        in the URL masked)
  --max-body-bytes N    bodies above N bytes are forwarded and counted not checked
                        (default 16 MiB)
  --max-listed N        results listed in the report (default 200; 0: all)
${common}

Credentials the app sends are forwarded as they are and never written anywhere.
Exit codes: 0 nothing drifted, 1 an exchange drifted, 2 usage error.`,
  diff: `Usage: avalanche-conformance diff OLD NEW [options]

Classify every change from OLD to NEW: bundled spec documents (OpenAPI 3.1 or OpenRPC,
JSON or YAML; the kind is detected) or two folders of them matched by file name. Each change
is judged for clients generated from the spec (breaking, warning, non-breaking, docs) and
for servers judged by \`contract\`; the rules are listed in the package README.

Options:
  --format FMT          text (default), json or markdown; json prints only the report
  --output FILE         write the report to FILE instead of stdout
  --usage DIR           recordings or HAR files: a client-breaking change on an operation
                        or member never seen there is marked unseen and judged a warning
  --fail-on LEVEL       exit 1 when the most severe change for clients is LEVEL or worse
                        (breaking, warning, non-breaking, docs)
  -h, --help            this help

Exit codes: 0 compared (1 with --fail-on reached), 2 usage error or a document that is not
valid OpenAPI 3.1 / OpenRPC.`,
  dashboard: `Usage: avalanche-conformance dashboard DIR --out SITE

Build a static site from a history folder that \`contract --history DIR\` fills: per target,
its runs over time (conforming, drifting, not tested), each run's drift compared with the run
before (new, fixed, still drifting) and a link to each run's HTML report. The site is plain
HTML and SVG: no script, and nothing it shows is fetched from the network.

Options:
  --out SITE            folder to write the site to (index.html and runs/)
  -h, --help            this help

Exit codes: 0 built, 2 usage error or a history folder that cannot be read.`,
};

export const usage = `Usage: avalanche-conformance <command> [options]
       avalanche-conformance --version | --help

Commands:
  check <files or folders…>   validate recordings, HAR or JSON Lines (any size) against the specs
  serve                       run the replay server on 127.0.0.1
  contract                    contract-test a deployment (default target: the replay server)
  proxy --target T            forward an app's traffic to a target and validate it live
  diff OLD NEW                classify the changes between two spec versions
  dashboard DIR --out SITE    build a static site of the contract runs kept in DIR

Run \`avalanche-conformance <command> --help\` for a command's options.

${exitCodes}`;

export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: keyof typeof help,
  ) {
    super(message);
  }
}

export { defaultRecordingsDir as defaultRecordings } from '../recordings/recordings.js';
export const defaultExclusions = new URL('../../recordings-exclusions.json', import.meta.url)
  .pathname;

export const version = packageVersion;

export const helpFlag = { help: { type: 'boolean', short: 'h' } } as const;

/** Runs one command's parseArgs; an unknown flag becomes a usage error that names it. */
export function parsing<T>(command: keyof typeof help, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    const flag = /'([^']+)'/.exec((error as Error).message)?.[1];
    const rule =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${flag}`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `unexpected argument ${flag}`
          : (error as Error).message;
    throw new UsageError(`${command}: ${rule}`, command);
  }
}

export function format(value: string | undefined): 'text' | 'json' | 'junit' {
  const f = value ?? 'text';
  if (f !== 'text' && f !== 'json' && f !== 'junit')
    throw new UsageError(`--format: ${JSON.stringify(f)} must be text, json or junit`);
  return f;
}

export function positiveInt(
  name: string,
  value: string | undefined,
  fallback: number,
  max = 65535,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new UsageError(`--${name}: ${JSON.stringify(value)} must be an integer from 0 to ${max}`);
  return n;
}

/** Writes the report to stdout, or to `--output`; nothing else goes to stdout. */
export async function emit(report: string, output: string | undefined) {
  if (output) await writeFile(output, `${report}\n`);
  else process.stdout.write(`${report}\n`);
}

export async function loadSpecs(dir: string | undefined, nodeVersion: string | undefined) {
  try {
    return await Specs.load(dir ?? defaultSpecDir, nodeVersion ? { nodeVersion } : {});
  } catch (error) {
    if (error instanceof NodeVersionError) throw new UsageError(`--node-version: ${error.message}`);
    throw error;
  }
}

export function printHelp(command?: keyof typeof help): number {
  console.log(command ? help[command] : usage);
  return 0;
}
