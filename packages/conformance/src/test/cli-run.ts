// The built CLI (or any script) as a child process, and servers on 127.0.0.1 that note what
// they get: the end-to-end tests share them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export const cli = new URL('../../dist/cli.js', import.meta.url).pathname;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Each stderr line with the time it arrived (ms since the start). */
  stderrLines: { at: number; line: string }[];
  ms: number;
}

/**
 * Runs a script with node and the given environment added, `stdin` written to it and closed;
 * resolves when it exits.
 */
export function runNode(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  stdin?: Buffer,
) {
  return new Promise<Run>((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    const stderrLines: Run['stderrLines'] = [];
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      const at = performance.now() - started;
      for (const line of String(d).split('\n').filter(Boolean)) stderrLines.push({ at, line });
    });
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, stderrLines, ms: performance.now() - started }),
    );
    child.stdin.end(stdin);
  });
}

/** Runs `avalanche-conformance …args` and resolves when it exits. */
export const run = (args: string[], env: Record<string, string> = {}, stdin?: Buffer) =>
  runNode(cli, args, env, stdin);

const closers: (() => void)[] = [];
/** Closes every server `serve` opened (call it in afterEach). */
export function closeServers() {
  for (const close of closers.splice(0)) close();
}
/** Runs `close` with the servers, in afterEach. */
export const closeWithServers = (close: () => void) => closers.push(close);

export interface Seen {
  url: string;
  at: number;
  headers: IncomingHttpHeaders;
}

/** A server on 127.0.0.1 that notes every request and its arrival; no `answer`, no answer. */
export async function serve(
  answer?: (seen: Seen, res: ServerResponse, body: string, req: IncomingMessage) => void,
) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const s = { url: req.url ?? '', at: performance.now(), headers: req.headers };
    seen.push(s);
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => answer?.(s, res, body, req));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
