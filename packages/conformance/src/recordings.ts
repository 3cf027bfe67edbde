import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { harToRecordings, isHar } from './har.js';

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
}

export class RecordingFormatError extends Error {
  override name = 'RecordingFormatError';
}

function assertRecording(value: unknown, file: string): asserts value is Recording {
  const fail = (rule: string): never => {
    throw new RecordingFormatError(`${file}: ${rule}`);
  };
  if (typeof value !== 'object' || value === null) fail('must be a JSON object');
  const { request, response } = value as Record<string, unknown>;
  if (typeof request !== 'object' || request === null) fail('`request` must be an object');
  if (typeof response !== 'object' || response === null) fail('`response` must be an object');
  const req = request as Record<string, unknown>;
  const res = response as Record<string, unknown>;
  if (req.method !== 'GET' && req.method !== 'POST') fail('`request.method` must be GET or POST');
  if (typeof req.url !== 'string' || !URL.canParse(req.url))
    fail('`request.url` must be an absolute URL');
  if (!Number.isInteger(res.status) || (res.status as number) < 100 || (res.status as number) > 599)
    fail('`response.status` must be an HTTP status code');
}

/** Reads every `*.json` exchange below `dir` (recursively), sorted by path. */
export async function loadRecordings(dir: string): Promise<Recording[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
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
      return { ...parsed, file };
    }),
  );
}

/** Parses one file's text: a recording in the `specs/recordings` format or a HAR 1.2 log. */
export function parseExchanges(text: string, file: string): Recording[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new RecordingFormatError(`${file}: not valid JSON`, { cause });
  }
  if (isHar(parsed)) return harToRecordings(parsed, file);
  assertRecording(parsed, file);
  return [{ ...parsed, file }];
}

/** Every exchange in the given files and folders (`*.json` and `*.har`, recursively). */
export async function loadExchanges(paths: string[]): Promise<Recording[]> {
  const out: Recording[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new RecordingFormatError(`${path}: no such file or folder`);
    let files = [path];
    if (info.isDirectory()) {
      const entries = await readdir(path, { recursive: true, withFileTypes: true });
      files = entries
        .filter((e) => e.isFile() && /\.(json|har)$/.test(e.name))
        .map((e) => join(e.parentPath, e.name))
        .sort();
    }
    for (const file of files) out.push(...parseExchanges(await readFile(file, 'utf8'), file));
  }
  return out;
}
