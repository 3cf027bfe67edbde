// The REST references: Redoc (through `redocly build-docs`) over a copy of each bundled OpenAPI
// document that carries code samples; every page loads one shared copy of Redoc's script from
// the site itself, so nothing comes from a CDN and the pages stay small.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { FAVICON_LINK, NAV_CSS, siteNav, slug } from './html.mjs';
import { promisesMarkdown } from './promises.mjs';
import { parameterExample, restCurl, restTypeScript, restUrl, tsCall } from './samples.mjs';

const redoclyCli = fileURLToPath(
  new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url),
);
/** Redoc's standalone bundle as the CLI ships it (an ES module). */
const redocBundle = fileURLToPath(
  new URL('../node_modules/@redocly/cli/lib/chunks/redoc.standalone.js', import.meta.url),
);
/** The site's one copy of Redoc's script, next to the pages. */
export const REDOC_SCRIPT = 'redoc.standalone.js';
/** The global the shared script defines. */
const REDOC_GLOBAL = 'RedocBundle';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Height of our top bar; Redoc is told to keep its sticky sidebar and scroll targets below it. */
const NAV_HEIGHT = 48;

/** The clients that get TypeScript samples, per REST document. */
export const REST_CLIENTS = {
  'data-api': {
    pkg: '@avalanche-api/data-client',
    factory: 'createDataClient',
    factoryArgs: '{ apiKey: process.env.GLACIER_API_KEY }',
    paginate: true,
  },
  'metrics-api': {
    pkg: '@avalanche-api/metrics-client',
    factory: 'createMetricsClient',
    paginate: true,
  },
};

/** Every operation of an OpenAPI document with its path, method and resolved parameters. */
export function operationsOf(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
        resolveRef(doc, p),
      );
      out.push({ path, method, operation, parameters });
    }
  }
  return out;
}

function resolveRef(doc, value) {
  let node = value;
  while (node && typeof node.$ref === 'string') {
    node = node.$ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((n, key) => n?.[key], doc);
  }
  return node;
}

/**
 * The hash Redoc 3 routes an operation to: `#/<tag slug>/<operationId in lower case>`;
 * the rendered operation is the element whose id is the same string without `#/`.
 */
export function redocAnchor(operation) {
  const tag = operation.tags?.[0];
  const id = operation.operationId.toLowerCase();
  return tag ? `/${slug(tag)}/${id}` : `/${id}`;
}

/** The values a sample sends: required parameters and those with an example, plus the body example. */
export function sampleValues({ operation, parameters }, doc) {
  const values = {};
  for (const p of parameters) {
    const v = parameterExample(p);
    if (v !== undefined && (p.required || p.in === 'query')) values[p.name] = v;
    else if (p.required) values[p.name] = p.schema?.default ?? p.schema?.enum?.[0] ?? `<${p.name}>`;
  }
  const body = resolveRef(doc, operation.requestBody)?.content?.['application/json'];
  let bodyValue;
  if (body) {
    bodyValue =
      body.example ?? Object.values(body.examples ?? {}).map((e) => resolveRef(doc, e).value)[0];
  }
  return { values, body: bodyValue };
}

/**
 * Escapes `<` outside code spans and fences, so Markdown in spec text shows HTML as text.
 * (Redoc's own `sanitize` option cannot run in build-docs' server-side render.)
 */
export function escapeMarkdownHtml(text) {
  return text
    .split(/(```[\s\S]*?```|`[^`\n]*`)/g)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;')))
    .join('');
}

/** Keys whose values are data (examples, enums), not Markdown to render. */
const DATA_KEYS = new Set([
  'example',
  'examples',
  'value',
  'default',
  'enum',
  'const',
  'x-codeSamples',
]);

function escapeDescriptions(node) {
  if (Array.isArray(node)) node.forEach(escapeDescriptions);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYS.has(key)) continue;
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        node[key] = escapeMarkdownHtml(value);
      } else escapeDescriptions(value);
    }
  }
}

/**
 * A copy of the document for Redoc: spec HTML escaped, TypeScript (first, so Redoc shows it by
 * default) and curl `x-codeSamples` on every operation.
 */
export function withCodeSamples(doc, name) {
  const copy = structuredClone(doc);
  escapeDescriptions(copy);
  const client = REST_CLIENTS[name];
  const base = copy.servers?.[0]?.url ?? '';
  for (const entry of operationsOf(copy)) {
    const { operation, parameters, path, method } = entry;
    const { values, body } = sampleValues(entry, copy);
    const url = restUrl(base, path, parameters, values);
    const samples = [];
    if (client) {
      const tsValues = { ...values, ...(body && typeof body === 'object' ? body : {}) };
      samples.push({
        lang: 'javascript',
        label: 'TypeScript',
        source: restTypeScript({ ...client, operationId: operation.operationId, values: tsValues }),
      });
      const pages = parameters.some((p) => p.name === 'pageToken');
      if (client.paginate && pages) {
        const { pageToken: _, pageSize: __, ...first } = tsValues;
        samples.push({
          lang: 'javascript',
          label: 'TypeScript: every page',
          source: paginateSample(client, operation.operationId, first),
        });
      }
    }
    samples.push({ lang: 'curl', label: 'curl', source: restCurl({ method, url, body }) });
    operation['x-codeSamples'] = samples;
    showLinks(copy, operation);
    showPromises(operation);
  }
  return copy;
}

/**
 * Redoc does not render OpenAPI `links`, so each response that declares some says them in its
 * description: the operation an answer leads to and where each of its parameters comes from.
 */
function showLinks(doc, operation) {
  for (const raw of Object.values(operation.responses ?? {})) {
    const response = resolveRef(doc, raw);
    const links = Object.values(response.links ?? {}).map((l) => resolveRef(doc, l));
    if (links.length === 0) continue;
    const lines = links.map((l) => {
      const params = Object.entries(l.parameters ?? {})
        .map(([k, v]) => `\`${k}\` ← \`${v}\``)
        .join(', ');
      return `- **${l.operationId}**${l.description ? ` – ${l.description}` : ''}${params ? ` (${params})` : ''}`;
    });
    response.description = `${response.description ?? ''}\n\n**Links** (followed by the contract tester):\n\n${lines.join('\n')}`;
  }
}

/**
 * Redoc does not render vendor extensions, so the operation's `x-promises` are said in words at
 * the end of its description (in this copy of the document only, not in the source spec).
 */
function showPromises(operation) {
  const section = escapeMarkdownHtml(promisesMarkdown(operation['x-promises']));
  if (section) operation.description = `${operation.description ?? ''}\n\n${section}`;
}

function paginateSample(client, operationId, values) {
  return [
    `import { ${client.factory}, paginate } from '${client.pkg}';`,
    '',
    `const client = ${client.factory}(${client.factoryArgs ?? ''});`,
    tsCall(`for await (const page of paginate(client.${operationId}, `, values, ')) {'),
    '  console.log(page);',
    '}',
  ].join('\n');
}

function template(current, openRoute) {
  // Redoc 3 opens a tag section only while the route is inside it and has no option to open
  // one by default, so a page with one operation routes to it when no other route is asked for.
  const open = openRoute
    ? `<script>if (!location.hash) history.replaceState(null, '', ${JSON.stringify(`#${openRoute}`)});</script>`
    : '';
  // Our top bar above Redoc; Redoc's own sticky sidebar starts below it (scrollYOffset).
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>{{title}}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${FAVICON_LINK}
  ${open}
  <style>
    body { padding: 0; margin: 0; }
    ${NAV_CSS}
    .redoc-wrap { padding-top: ${NAV_HEIGHT}px; }
  </style>
  {{{redocHead}}}
</head>
<body>
  ${siteNav(current)}
  <div class="redoc-wrap">{{{redocHTML}}}</div>
</body>
</html>
`;
}

/** A tiny stand-in for the Redocly logo that Redoc would otherwise load from cdn.redoc.ly. */
function logoDataUri(full) {
  const width = full ? 58 : 16;
  const text = full ? 'Redocly' : 'R';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16"><text x="0" y="12" font-family="system-ui,sans-serif" font-size="12" font-weight="700" fill="#7a4ef0">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Rewrites what Redoc's bundle would fetch from the network; throws when Redoc changed under us. */
export function makeOffline(code) {
  let out = code;
  const replacements = [
    ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', logoDataUri(true)],
    ['https://cdn.redoc.ly/redoc/logo-mini.svg', logoDataUri(false)],
  ];
  for (const [from, to] of replacements) {
    if (!out.includes(from))
      throw new Error(`Redoc output no longer contains ${from}; recheck makeOffline`);
    out = out.split(from).join(to);
  }
  if (/cdn\.redoc\.ly|fonts\.googleapis\.com|fonts\.gstatic\.com/.test(out)) {
    throw new Error('Redoc output still references a CDN or web fonts');
  }
  return out;
}

/**
 * Redoc's bundle once for the whole site, rewritten by esbuild from an ES module into a classic
 * script: browsers refuse module scripts from file://, and the site must work from disk.
 */
export async function buildRedocScript(outFile) {
  const source = await readFile(redocBundle, 'utf8');
  // Keep Redocly's license header, which minifying would drop.
  const header = source.match(/^\/\*\*[\s\S]*?\*\*\//)?.[0];
  if (!header?.includes('@license')) throw new Error(`${redocBundle} has no license header`);
  const { code } = await transform(source, {
    format: 'iife',
    globalName: REDOC_GLOBAL,
    legalComments: 'inline',
    minify: true,
    // The bundle's Node-only worker branch reads import.meta; in a browser it is never taken.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  await writeFile(outFile, `${header}\n${makeOffline(code)}`);
}

/**
 * Points a page that `build-docs` (without `--inlineBundle`) wrote at the site's copy of the
 * script instead of Redocly's CDN; throws when the page no longer has the expected shape.
 */
export function useSharedScript(htmlText) {
  const cdn = String.raw`https://cdn\.redocly\.com/redoc/v[\d.]+/bundles/redoc\.standalone\.js`;
  const steps = [
    [new RegExp(`<link rel="modulepreload" href="${cdn}"[^>]*>`), ''],
    [
      new RegExp(String.raw`<script type="module">\s*import \{ hydrate \} from "${cdn}";`),
      `<script src="${REDOC_SCRIPT}" defer></script>\n<script>`,
    ],
    [
      /\bhydrate\(__redoc_definition, __redoc_options, document\.getElementById\('redoc'\)\);/,
      `document.addEventListener('DOMContentLoaded', function () { ${REDOC_GLOBAL}.hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc')); });`,
    ],
  ];
  let out = htmlText;
  for (const [pattern, replacement] of steps) {
    if (!pattern.test(out))
      throw new Error(`Redoc page no longer matches ${pattern}; recheck useSharedScript`);
    out = out.replace(pattern, () => replacement);
  }
  if (/cdn\.redoc|fonts\.googleapis\.com|fonts\.gstatic\.com/.test(out)) {
    throw new Error('Redoc page still references a CDN or web fonts');
  }
  if (!/"disableTelemetry":\s*true/.test(out)) throw new Error('Redoc telemetry is not disabled');
  return out;
}

/** Runs `redocly build-docs` for one document and writes the page, which loads REDOC_SCRIPT. */
export async function buildRedocPage({ doc, name, outFile, current, title }) {
  const ops = operationsOf(doc);
  const openRoute = ops.length === 1 ? redocAnchor(ops[0].operation) : undefined;
  const work = await mkdtemp(join(tmpdir(), 'avalanche-docs-'));
  try {
    const specFile = join(work, `${name}.json`);
    const templateFile = join(work, 'template.hbs');
    const rawOut = join(work, `${name}.html`);
    await writeFile(specFile, JSON.stringify(withCodeSamples(doc, name)));
    await writeFile(templateFile, template(current, openRoute));
    const options = {
      scrollYOffset: NAV_HEIGHT,
      downloadUrls: [{ title: `${name}.json (OpenAPI ${doc.openapi})`, url: `specs/${name}.json` }],
      sortRequiredPropsFirst: true,
      // Redoc 3 shows only the x-codeSamples whose label is listed here, in this order (the
      // TypeScript ones are highlighted as JavaScript: they use no TypeScript-only syntax).
      codeSamples: {
        languages: [
          { lang: 'javascript', label: 'TypeScript' },
          { lang: 'javascript', label: 'TypeScript: every page' },
          { lang: 'curl', label: 'curl' },
          { lang: 'Payload', label: 'Payload' },
        ],
      },
      jsonSamplesExpandLevel: 3,
      disableTelemetry: true,
    };
    await promisify(execFile)(
      process.execPath,
      [
        redoclyCli,
        'build-docs',
        specFile,
        '--output',
        rawOut,
        '--template',
        templateFile,
        '--title',
        title,
        '--openapi',
        JSON.stringify(options),
        '--lint-config',
        'off',
      ],
      {
        cwd: work,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error) => {
      throw new Error(`redocly build-docs failed for ${name}: ${error.stderr || error.message}`);
    });
    await writeFile(outFile, useSharedScript(await readFile(rawOut, 'utf8')));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
