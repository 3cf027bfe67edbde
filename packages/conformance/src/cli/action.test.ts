// The GitHub Action's step script (packages/conformance/action/run.mjs) as the runner starts it:
// the inputs and the key in the environment, a fake GITHUB_STEP_SUMMARY and GITHUB_OUTPUT, the
// built CLI, a faulty target on 127.0.0.1 (the replay server behind a proxy that answers one
// operation 500). The key reaches the target and nothing the step writes or logs.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { type Run, runNode } from '../test/cli-run.js';
import { type FaultyProxy, startFaultyProxy } from '../test/faulty-proxy.js';
import { recordingsDir, specDir } from '../test/report-pages.js';

const script = new URL('../../action/run.mjs', import.meta.url).pathname;
const actionFile = new URL('../../../../action.yml', import.meta.url).pathname;
const bin = new URL('../../bin/avalanche-conformance.js', import.meta.url).pathname;
const key = 'action-k3y-9f8e7d6c5b4a';
const operation = 'listBlockchains';

let proxy: FaultyProxy;
let dir: string;
let run: Run;
const keysSeen = new Set<string>();
const outputs = new Map<string, string>();

beforeAll(async () => {
  proxy = await startFaultyProxy(await Specs.load(specDir), await loadRecordings(recordingsDir));
  proxy.fault = (x) => {
    keysSeen.add(String(x.headers?.['x-glacier-api-key']));
    return x.operation === operation ? { ...x, status: 500, body: { message: 'down' } } : undefined;
  };
  dir = await mkdtemp(join(tmpdir(), 'action-'));
  run = await runNode(script, [], {
    INPUT_TARGET: proxy.url,
    INPUT_ONLY: operation,
    INPUT_CASES: 'recorded,example',
    INPUT_HISTORY: join(dir, 'history'),
    INPUT_DASHBOARD: join(dir, 'site'),
    INPUT_ARTIFACT_NAME: 'nightly-report',
    CONFORMANCE_CLI: bin,
    AVALANCHE_API_KEY: key,
    RUNNER_TEMP: dir,
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    GITHUB_OUTPUT: join(dir, 'output.txt'),
  });
  for (const line of (await readFile(join(dir, 'output.txt'), 'utf8')).trim().split('\n')) {
    const at = line.indexOf('=');
    outputs.set(line.slice(0, at), line.slice(at + 1));
  }
});
afterAll(() => proxy?.close());

describe('the action step against a drifting target', () => {
  test('ends itself cleanly and hands the contract exit code on', () => {
    expect(run.code).toBe(0);
    expect(outputs.get('exit-code')).toBe('1');
    expect(outputs.get('verdict')).toBe('DRIFT');
  });

  test('writes the job summary and the reports the artifact keeps', async () => {
    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Contract DRIFT: http:\/\/127\.0\.0\.1:\d+\n/);
    expect(summary).toContain(`\`${operation}\``);
    expect(summary).toContain('the nightly-report artifact');
    const html = await readFile(outputs.get('html') as string, 'utf8');
    expect(html).toContain('<p class="verdict tone-bad" id="verdict">DRIFT</p>');
    const report = JSON.parse(await readFile(outputs.get('json') as string, 'utf8'));
    expect(report.settings.apiKey).toBe(true);
    const index = await readFile(join(dir, 'history', 'index.jsonl'), 'utf8');
    expect(index.trim().split('\n')).toHaveLength(1);
    expect(outputs.get('dashboard')).toBe(join(dir, 'site'));
    await expect(readFile(join(dir, 'site', 'index.html'), 'utf8')).resolves.toContain(
      'Contract runs',
    );
  });

  test('the key went to the target by its variable, and nowhere else', async () => {
    expect(keysSeen).toContain(key);
    expect(run.stdout).toContain('--api-key-env AVALANCHE_API_KEY');
    const written = [
      run.stdout,
      run.stderr,
      await readFile(join(dir, 'summary.md'), 'utf8'),
      await readFile(join(dir, 'output.txt'), 'utf8'),
      await readFile(outputs.get('html') as string, 'utf8'),
      await readFile(outputs.get('json') as string, 'utf8'),
      await readFile(join(dir, 'history', 'index.jsonl'), 'utf8'),
      await readFile(join(dir, 'site', 'index.html'), 'utf8'),
    ];
    for (const text of written) expect(text).not.toContain(key);
  });
});

test('action.yml hands every input to the step script and runs the scripts kept in the repo', async () => {
  const action = parse(await readFile(actionFile, 'utf8'));
  const steps = action.runs.steps as { id?: string; run?: string; env?: Record<string, string> }[];
  const step = steps.find((s) => s.id === 'contract');
  const handed = Object.values(step?.env ?? {}).join(' ');
  for (const name of Object.keys(action.inputs))
    if (name !== 'fail-on-drift') expect(handed).toContain(`inputs.${name} }}`);
  expect(step?.run).toBe('node "$GITHUB_ACTION_PATH/packages/conformance/action/run.mjs"');
  // No step puts an input straight into a shell line (where a key could be echoed or injected).
  for (const s of steps) expect(s.run ?? '').not.toContain('${{');
  // Every env name the script reads is one the step sets.
  const source = await readFile(script, 'utf8');
  for (const [, name] of source.matchAll(/input\('([A-Z_]+)'\)/g))
    expect(Object.keys(step?.env ?? {})).toContain(`INPUT_${name}`);
});
