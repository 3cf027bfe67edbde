#!/usr/bin/env node
// `pnpm docs:preview`: the built site on 127.0.0.1 and the conformance replay server beside it
// (CORS for any origin), so every console on the pages answers with no network at all.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadRecordings, Specs, startReplayServer } from '@avalanche-api/conformance';
import { defaultOutDir } from '../build.mjs';
import { serveStatic } from '../serve.mjs';
import { DEFAULT_REPLAY_URL } from './operations.mjs';

export const conformanceDir = dirname(
  createRequire(import.meta.url).resolve('@avalanche-api/conformance/package.json'),
);

/** The replay server over the conformance package's specs and recordings, on 127.0.0.1. */
export async function startReplay({ port = 0 } = {}) {
  return startReplayServer({
    specs: await Specs.load(),
    recordings: await loadRecordings(join(conformanceDir, 'recordings')),
    port,
  });
}

/** Serves `root` and starts the replay server; `replayPort` defaults to the consoles' own. */
export async function startPreview({ root = defaultOutDir, port = 8080, replayPort } = {}) {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`${root} has no built site: run pnpm docs first`);
  const replay = await startReplay({
    port: replayPort ?? Number(new URL(DEFAULT_REPLAY_URL).port),
  });
  const site = await serveStatic(root, { port });
  return {
    siteUrl: `${site.url}/`,
    replayUrl: replay.url,
    close: async () => {
      await site.close();
      await replay.close();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    // pnpm forwards a `--` of `pnpm docs:preview -- --port 9000` as an argument.
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { port: { type: 'string', default: '8080' }, 'replay-port': { type: 'string' } },
  });
  const preview = await startPreview({
    port: Number(values.port),
    ...(values['replay-port'] ? { replayPort: Number(values['replay-port']) } : {}),
  });
  console.log(`docs:   ${preview.siteUrl}`);
  console.log(`replay: ${preview.replayUrl} (the consoles' "local replay server" target)`);
}
