// The contract step of the repository's GitHub Action (action.yml): runs `contract` once with
// the action's inputs (from the environment), then writes the job summary, the HTML and JSON
// reports and the step outputs. The key travels in AVALANCHE_API_KEY only: the command line
// names the variable (--api-key-env), so no log line can show the key.
import { spawn } from 'node:child_process';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const env = process.env;
const input = (name) => (env[`INPUT_${name}`] ?? '').trim();

/** The CLI to run: the one given, else @avalanche-api/conformance installed from npm. */
async function resolveCli(work) {
  if (env.CONFORMANCE_CLI) return resolve(env.CONFORMANCE_CLI);
  const prefix = join(work, 'cli');
  const version = input('VERSION') || 'latest';
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix];
  const code = await exec(npm, [...args, `@avalanche-api/conformance@${version}`]);
  if (code !== 0) throw new Error(`npm install @avalanche-api/conformance@${version} failed`);
  return join(prefix, 'node_modules/@avalanche-api/conformance/bin/avalanche-conformance.js');
}

function exec(command, args) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** The contract flags for the inputs; the key only by the name of its variable. */
function contractArgs(jsonFile) {
  const args = ['contract', '--target', input('TARGET') || 'live'];
  const flags = [
    ['--cases', 'CASES'],
    ['--only', 'ONLY'],
    ['--baseline', 'BASELINE'],
    ['--history', 'HISTORY'],
  ];
  for (const [flag, name] of flags) if (input(name)) args.push(flag, input(name));
  if (env.AVALANCHE_API_KEY) args.push('--api-key-env', 'AVALANCHE_API_KEY');
  return [...args, '--format', 'json', '--output', jsonFile];
}

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function main() {
  const work = join(env.RUNNER_TEMP || tmpdir(), 'avalanche-contract');
  await mkdir(work, { recursive: true });
  const cli = await resolveCli(work);
  const json = join(work, 'contract-report.json');
  const args = contractArgs(json);
  console.log(`avalanche-conformance ${args.join(' ')}`);
  const code = await exec(process.execPath, [cli, ...args]);
  const outputs = { 'exit-code': String(code) };
  let summary;
  if (await exists(json)) {
    // The package that ran renders the report: one version of every format.
    const lib = await import(pathToFileURL(join(dirname(cli), '../dist/index.js')).href);
    const report = JSON.parse(await readFile(json, 'utf8'));
    const html = join(work, 'contract-report.html');
    await writeFile(html, lib.renderHtml(report));
    const artifact = input('ARTIFACT_NAME') || 'contract-report';
    summary = lib.renderMarkdown(report, { fullReport: `the ${artifact} artifact` });
    const markdown = join(work, 'contract-summary.md');
    await writeFile(markdown, summary);
    Object.assign(outputs, { json, html, markdown, verdict: lib.verdictOf(report).word });
  } else {
    summary = `## Contract not run\n\n\`avalanche-conformance contract\` exited ${code} without a report; see the step's log.\n`;
  }
  const site = input('DASHBOARD');
  if (site && input('HISTORY') && (await exists(join(input('HISTORY'), 'index.jsonl')))) {
    const built = await exec(process.execPath, [cli, 'dashboard', input('HISTORY'), '--out', site]);
    if (built === 0) outputs.dashboard = resolve(site);
  }
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, summary);
  if (env.GITHUB_OUTPUT)
    await appendFile(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
}

await main();
