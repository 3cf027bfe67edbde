import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { canParseUrl } from '../model/url.js';

export { isExcused, withoutLenientMembers } from './lenient.js';

/** One recorded exchange in the `specs/recordings` format. */
export interface Recording {
  /** Path of the file, relative to the folder it was loaded from. */
  file: string;
  source?: string;
  note?: string;
  request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    body?: unknown;
  };
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
  };
  /**
   * Set from the corpus's era marks (`recordings-eras.json` beside the folder): when the
   * answer was captured relative to the service's current shape, e.g. `2024`.
   */
  era?: string;
  /** Why the recording is marked: it predates members, or was trimmed when published. */
  reason?: string;
  /** True when the published answer was cut down (members or items left out). */
  trimmed?: boolean;
  /** The AvalancheGo release that answered, when known (`v1.13.1`). */
  nodeVersion?: string;
  /**
   * Violations this recording may show because of its era, as `where` + JSON Pointer, e.g.
   * `request.params/encoding`; a `*` segment matches any one segment. Only these are excused.
   */
  lenient?: string[];
}

/** One entry of `recordings-eras.json`, keyed by the file's path inside the corpus. */
export interface EraMark {
  era?: string;
  reason: string;
  trimmed?: boolean;
  nodeVersion?: string;
  lenient?: string[];
}
export type EraMarks = Record<string, EraMark>;

/** The corpus the package ships (its `recordings/` folder). */
export const defaultRecordingsDir = new URL('../../recordings/', import.meta.url).pathname;

/** Name of the side file that marks recordings of an older era or trimmed answers. */
export const eraMarksFile = 'recordings-eras.json';

/** Reads the era marks beside a corpus folder; none when the file does not exist. */
export async function loadEraMarks(corpusDir: string): Promise<EraMarks> {
  const path = join(dirname(resolve(corpusDir)), eraMarksFile);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new RecordingFormatError(`${path}: not valid JSON`, { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RecordingFormatError(`${path}: must be an object keyed by recording path`);
  for (const [file, mark] of Object.entries(parsed as Record<string, unknown>)) {
    const m = mark as Partial<EraMark> | null;
    if (typeof m !== 'object' || m === null || typeof m.reason !== 'string')
      throw new RecordingFormatError(`${path}: ${file}: each mark needs a \`reason\` string`);
    if (
      m.lenient !== undefined &&
      !(Array.isArray(m.lenient) && m.lenient.every((l) => typeof l === 'string'))
    )
      throw new RecordingFormatError(`${path}: ${file}: \`lenient\` must be an array of strings`);
  }
  return parsed as EraMarks;
}

/** The mark for a recording path, matched like exclusions: the whole path or its tail. */
export function eraMarkFor(marks: EraMarks, file: string): EraMark | undefined {
  const key = Object.keys(marks).find((k) => file === k || file.endsWith(`/${k}`));
  return key ? marks[key] : undefined;
}

export function withMark(recording: Recording, marks: EraMarks): Recording {
  const mark = eraMarkFor(marks, recording.file);
  return mark ? { ...recording, ...mark } : recording;
}

/** One thing read from a capture: an exchange, or why an entry could not be checked. */
export type InputItem =
  | { recording: Recording }
  | {
      /** File and line (`a.jsonl:12`) or entry index (`a.har#3`). */
      file: string;
      /** `malformed`: the input is broken there; `too-large`: over the size cap, skipped. */
      kind: 'malformed' | 'too-large';
      message: string;
    };

export class RecordingFormatError extends Error {
  override name = 'RecordingFormatError';
}

/** What makes a parsed value no recording (a rule of the format), or undefined when it is one. */
export function recordingProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'must be a JSON object';
  const { request, response } = value as Record<string, unknown>;
  if (typeof request !== 'object' || request === null) return '`request` must be an object';
  if (typeof response !== 'object' || response === null) return '`response` must be an object';
  const req = request as Record<string, unknown>;
  const res = response as Record<string, unknown>;
  if (req.method !== 'GET' && req.method !== 'POST') return '`request.method` must be GET or POST';
  if (typeof req.url !== 'string' || !canParseUrl(req.url))
    return '`request.url` must be an absolute URL';
  if (!Number.isInteger(res.status) || (res.status as number) < 100 || (res.status as number) > 599)
    return '`response.status` must be an HTTP status code';
  return undefined;
}

export function assertRecording(value: unknown, file: string): asserts value is Recording {
  const problem = recordingProblem(value);
  if (problem) throw new RecordingFormatError(`${file}: ${problem}`);
}

/**
 * Every file below `dir` whose name passes `wanted`, sorted by path. A walk of its own:
 * `readdir`'s `recursive` needs Node 20.1 and `Dirent.parentPath` 20.12, and `engines` admits
 * earlier 20.x (on 20.0 the option is ignored, on 20.11 `parentPath` is undefined).
 */
export async function filesBelow(
  dir: string,
  wanted: (name: string) => boolean,
): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesBelow(path, wanted)));
    else if (e.isFile() && wanted(e.name)) out.push(path);
  }
  return out.sort();
}

/**
 * Reads every `*.json` exchange below `dir` (recursively), sorted by path, with the era
 * marks of `recordings-eras.json` beside `dir` applied.
 */
export async function loadRecordings(dir: string): Promise<Recording[]> {
  const marks = await loadEraMarks(dir);
  const files = await filesBelow(dir, (name) => name.endsWith('.json'));
  return Promise.all(
    files.map(async (path) => {
      const file = relative(dir, path);
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(path, 'utf8'));
      } catch (cause) {
        throw new RecordingFormatError(`${file}: not valid JSON`, { cause });
      }
      assertRecording(parsed, file);
      return withMark({ ...parsed, file }, marks);
    }),
  );
}
