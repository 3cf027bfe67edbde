// Collects the TypeScript a user reads: the fenced blocks of the READMEs and the client guide,
// and the samples the docs site generates (the landing page, every REST operation and node method).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describedRelease, parseNodeVersion, presentIn } from '@avalanche-api/conformance';
import { browserSpecs } from '@avalanche-api/conformance/browser';
import { marked } from 'marked';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The Markdown files whose TypeScript blocks must compile (and run). */
export const MARKDOWN_FILES = [
  'README.md',
  'packages/data-client/README.md',
  'packages/metrics-client/README.md',
  'packages/node-rpc/README.md',
  'packages/rest-core/README.md',
  'packages/conformance/README.md',
  'packages/docs/src/guide/clients.md',
  'packages/docs/src/guide/testing.md',
];

const TS_LANGS = new Set(['ts', 'typescript']);
/**
 * Words allowed after `ts` in a fence's info string:
 * - `fragment`: not a whole program (it uses names it does not declare): compiled with those
 *   names allowed to be undeclared, not run;
 * - `no-run`: compiles, but is not run (it needs something the test cannot give, e.g. a local node).
 */
export const FLAGS = new Set(['fragment', 'no-run']);

/**
 * The TypeScript blocks of one Markdown text, in order:
 * `{ source, index, line, flags, code }`, `index` counting from 1 among the file's TS blocks.
 */
export function markdownBlocks(markdown, source) {
  const blocks = [];
  let offset = 0;
  const visit = (tokens) => {
    for (const token of tokens ?? []) {
      if (token.type === 'code' && token.codeBlockStyle !== 'indented') {
        const [lang = '', ...flags] = (token.lang ?? '').trim().split(/\s+/);
        // Locate the fence to report its line; nested blocks are indented in the source.
        const fence = token.raw.split('\n')[0].trim();
        const at = markdown.indexOf(fence, offset);
        if (at >= 0) offset = at + fence.length;
        if (!TS_LANGS.has(lang.toLowerCase())) continue;
        for (const flag of flags) {
          if (!FLAGS.has(flag)) {
            throw new Error(
              `${source}: unknown flag "${flag}" in \`\`\`${token.lang}; allowed: ${[...FLAGS].join(', ')}`,
            );
          }
        }
        blocks.push({
          source,
          index: blocks.length + 1,
          line: at >= 0 ? markdown.slice(0, at).split('\n').length : undefined,
          flags: new Set(flags),
          code: token.text,
        });
      }
      visit(token.tokens);
      if (token.type === 'list') for (const item of token.items) visit(item.tokens);
    }
  };
  visit(marked.lexer(markdown));
  return blocks;
}

/** The TypeScript blocks of every file of MARKDOWN_FILES; a missing file is an error. */
export async function readmeBlocks(root = repoRoot) {
  const all = [];
  for (const file of MARKDOWN_FILES) {
    const text = await readFile(join(root, file), 'utf8');
    all.push(...markdownBlocks(text, file));
  }
  return all;
}

/**
 * The TypeScript samples the docs site shows, produced by the docs package's own functions from
 * the bundled specs in `specDir`: the landing page's snippets, each REST operation's samples
 * (restSamples) and each node method example's client call.
 */
export async function docsBlocks(specDir, root = repoRoot) {
  const docs = (file) => import(join(root, 'packages/docs/src', file));
  const [{ PACKAGES }, { restSamples }, { operationsOf }, { rpcTypeScript }] = await Promise.all([
    docs('landing.mjs'),
    docs('rest-reference.mjs'),
    docs('operations.mjs'),
    docs('samples.mjs'),
  ]);
  const spec = async (name) => JSON.parse(await readFile(join(specDir, `${name}.json`), 'utf8'));
  const blocks = [];
  const add = (source, code) =>
    blocks.push({
      source,
      index: blocks.filter((b) => b.source === source).length + 1,
      flags: new Set(),
      code,
    });

  for (const p of PACKAGES) if (!p.shell) add('docs: landing page', p.snippet);
  for (const name of ['data-api', 'metrics-api']) {
    const doc = await spec(name);
    for (const entry of operationsOf(doc)) {
      for (const sample of restSamples(doc, name, entry)) {
        if (sample.lang === 'ts') {
          add(`docs: ${name} ${entry.operation.operationId} (${sample.label})`, sample.source);
        }
      }
    }
  }
  const openrpc = await spec('node-rpc');
  // A method the release the spec describes does not serve (x-until an earlier one, x-since a
  // later one): its samples are for a node of another release, so they run against a replay
  // server that serves older answers as well (`older`).
  const release = parseNodeVersion(describedRelease(openrpc));
  const otherRelease = new Set(
    openrpc.methods.filter((m) => !presentIn(m, release)).map((m) => m.name),
  );
  for (const method of openrpc.methods) {
    for (const example of method.examples ?? []) {
      add(`docs: node-api ${method.name}`, rpcTypeScript(method, example));
      if (otherRelease.has(method.name)) blocks.at(-1).older = true;
    }
  }
  // The console's fetch and client snippets of every call, as prefilled (with the key's
  // placeholder where the spec declares an api-key header).
  const [{ describeAll, SERVICES }, { snippets }] = await Promise.all([
    docs('console/operations.mjs'),
    docs('console/snippets.mjs'),
  ]);
  const documents = await Promise.all(
    Object.values(SERVICES).map(async ({ doc, kind }) => ({
      name: doc,
      kind,
      doc: await spec(doc),
    })),
  );
  for (const { op, values } of describeAll(browserSpecs(documents, {}))) {
    for (const s of snippets(op, values, { withKey: Boolean(op.apiKeyHeader) })) {
      if (s.id === 'curl') continue;
      add(`docs: console ${op.service} ${op.id} (${s.id})`, s.code);
      if (op.service === 'node' && otherRelease.has(op.id)) blocks.at(-1).older = true;
    }
  }
  return blocks;
}

/** `file block 3 (line 40)`: how a failure names its block. */
export const blockName = (block) =>
  `${block.source} block ${block.index}${block.line ? ` (line ${block.line})` : ''}`;
