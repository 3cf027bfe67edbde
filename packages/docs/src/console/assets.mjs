// What a page needs for the consoles: a tiny inline loader for its <head>, and the bundles the
// build writes (console.js: the form, snippets and conformance's browser checker; one
// validators-<service>.js per service: its document and precompiled strict validators).
// The loader fetches them as classic scripts when a reader first opens a console, so they
// work from file:// (where module scripts and fetch of local files are refused) and under any
// sub-path (`relRoot` is the page's way back to the site root).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { SERVICES } from './operations.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const conformanceDir = dirname(
  createRequire(import.meta.url).resolve('@avalanche-api/conformance/package.json'),
);

function bundle(options) {
  const result = buildSync({
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    // ajv is reached only for a validator that was not precompiled, never in these bundles.
    define: { 'import.meta.url': 'undefined' },
    ...options,
  });
  return result.outputFiles[0].text;
}

/** The entry of one service's bundle: its document and the strict sets' validators. */
function validatorsEntry(service) {
  const { doc, kind } = SERVICES[service];
  const specFile = join(conformanceDir, 'specs', `${doc}.json`);
  const validatorDir = join(conformanceDir, 'dist', 'validators');
  const index = JSON.parse(readFileSync(join(validatorDir, 'index.json'), 'utf8'));
  const hash = createHash('sha256').update(readFileSync(specFile)).digest('hex');
  if (index.specs[doc] !== hash)
    throw new Error(
      `the precompiled validators of ${doc} are stale; run pnpm --filter @avalanche-api/conformance build`,
    );
  // Strict, as `check --strict` judges: the body sets (`-true-false`) and, for REST, the
  // coercing sets for path and query values (`-true-true`).
  const sets = Object.entries(index.sets).filter(([id]) => id.startsWith(`${doc}-true-`));
  const lines = [`import doc from ${JSON.stringify(specFile)};`];
  for (const [i, [, { file }]] of sets.entries())
    lines.push(`import s${i} from ${JSON.stringify(join(validatorDir, file))};`);
  lines.push(
    'const pick = (m, keys) => Object.fromEntries(Object.entries(keys).map(([k, n]) => [k, m[n]]));',
  );
  const precompiled = sets.map(
    ([id, { keys }], i) => `${JSON.stringify(id)}: pick(s${i}, ${JSON.stringify(keys)})`,
  );
  lines.push(
    `AvalancheConsole.register(${JSON.stringify(service)}, { documents: [{ name: ${JSON.stringify(doc)}, kind: ${JSON.stringify(kind)}, doc }], precompiled: { ${precompiled.join(', ')} } });`,
  );
  return lines.join('\n');
}

let built;

/** The bundles, built once per process. */
export function consoleFiles() {
  built ??= [
    { name: 'console/console.js', content: bundle({ entryPoints: [join(here, 'ui.mjs')] }) },
    ...Object.keys(SERVICES).map((service) => ({
      name: `console/validators-${service}.js`,
      content: bundle({
        stdin: { contents: validatorsEntry(service), resolveDir: here, loader: 'js' },
      }),
    })),
  ];
  return built;
}

/**
 * The loader, inline: a "Try it" button in every `div.try[data-service][data-op]`; its first
 * press loads console.js, which loads the service's validators and opens the console.
 */
export function loaderScript(relRoot) {
  return `<script>(()=>{const r=${JSON.stringify(relRoot)};let p;const l=()=>p??=new Promise((ok,no)=>{const s=document.createElement("script");s.src=r+"console/console.js";s.onload=ok;s.onerror=()=>{p=undefined;no(new Error("could not load "+s.src))};document.head.append(s)});const init=()=>{for(const d of document.querySelectorAll("div.try[data-service][data-op]")){if(d.querySelector(".try-open"))continue;const b=document.createElement("button");b.type="button";b.className="try-open";b.textContent="Try it: "+d.dataset.op;b.setAttribute("aria-expanded","false");b.onclick=()=>l().then(()=>AvalancheConsole.open(d,r,b),e=>{b.textContent="Console unavailable: "+e.message});d.append(b)}};document.readyState==="loading"?document.addEventListener("DOMContentLoaded",init):init()})()</script>`;
}

/** For a page `relRoot` away from the site root: its head tags and the files the build writes. */
export function consoleAssets({ relRoot = '' } = {}) {
  return { head: loaderScript(relRoot), files: consoleFiles() };
}
