// index.html: what each service is, where it lives, how it behaves, and links to everything.
import { GUIDE_PAGE } from './guide.mjs';
import { codeBlock, html, page } from './html.mjs';
import { groupMethods, healthEndpoints, methodAnchor, NODE_PAGE } from './node-reference.mjs';
import { groupPage, HEALTH_PAGE, operationAnchor, operationsOf, restGroup } from './operations.mjs';

/** The published packages, as the landing page lists them. */
export const PACKAGES = [
  {
    name: '@avalanche-api/data-client',
    dir: 'packages/data-client',
    what: 'Typed client for the Data API: one method per operationId, flat parameters, typed errors, retries and paginate().',
    snippet: `import { createDataClient } from '@avalanche-api/data-client';\n\nconst client = createDataClient({ apiKey: process.env.GLACIER_API_KEY });\nconst page = await client.listValidators({ network: 'mainnet' });`,
  },
  {
    name: '@avalanche-api/metrics-client',
    dir: 'packages/metrics-client',
    what: 'Typed client for the Metrics API, with paginate().',
    snippet: `import { createMetricsClient } from '@avalanche-api/metrics-client';\n\nconst client = createMetricsClient();\nconst tps = await client.getAvgTps({ chainId: '43114' });`,
  },
  {
    name: '@avalanche-api/node-rpc',
    dir: 'packages/node-rpc',
    what: 'Typed JSON-RPC client for AvalancheGo: avm, info, health, index, the EVM extras and validators.',
    snippet: `import { createNodeClient } from '@avalanche-api/node-rpc';\n\nconst client = createNodeClient({ baseUrl: 'https://api.avax.network' });\nconst version = await client.info.getNodeVersion();`,
  },
  {
    name: '@avalanche-api/conformance',
    dir: 'packages/conformance',
    what: 'Validates recorded traffic against these specs, serves a local replay server and contract-tests a deployment.',
    snippet: `# validate recorded exchanges (or HAR files) against the specs\nnpx avalanche-conformance check ./recordings\n# replay server on 127.0.0.1 for the Data, Metrics and node APIs\nnpx avalanche-conformance serve --port 8080\n# send every recorded and example request to a deployment, validate the answers\nnpx avalanche-conformance contract --target live`,
    shell: true,
  },
];

export const SPEC_FILES = [
  { file: 'data-api.json', what: 'Data API', key: 'data' },
  { file: 'metrics-api.json', what: 'Metrics API', key: 'metrics' },
  { file: 'node-rpc.json', what: 'Node JSON-RPC APIs', key: 'openrpc' },
  { file: 'node-health.json', what: 'Node health endpoints', key: 'health' },
];

function firstParagraph(text) {
  return String(text ?? '')
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

function serverList(servers) {
  return html`<ul class="hosts">${servers.map(
    (s) =>
      html`<li><code>${s.url}</code>${s.description ? html` <span class="muted">${s.description}</span>` : ''}</li>`,
  )}</ul>`;
}

/** The conventions every API follows: numbers, paging, errors, transport. */
function conventionsSection() {
  return html`<section id="conventions">
<h2>Conventions</h2>
<div class="conv">
<div>
<h3 id="large-numbers">Large numbers travel as strings</h3>
<p>Values that can exceed 2<sup>53</sup> are decimal strings (digits only), so JavaScript never rounds them:</p>
<ul>
<li><strong>Data API</strong>: amounts, balances, block numbers, gas values, fees and nonces, e.g. <code>"amountStaked": "2000000000000"</code>. Counters, heights, indexes and timestamps (Unix seconds) are plain integers.</li>
<li><strong>Node services</strong> (avm, info, health, index): 64-bit integers such as balances, heights, counts, fees and the network id, e.g. <code>"numFetched": "2"</code>; uptime percentages too (<code>"99.0000"</code>). 64-bit request parameters may be sent as a number or a string.</li>
<li><strong>EVM extras and validators</strong>: plain JSON numbers; EVM quantities are hex strings where Ethereum uses them.</li>
<li><strong>Metrics API</strong>: plain numbers (timestamps and averages).</li>
</ul>
</div>
<div>
<h3 id="pagination">Pagination</h3>
<ul>
<li><strong>Data API</strong>: list operations take <code>pageSize</code> and <code>pageToken</code>. A page with a successor carries <code>nextPageToken</code>; send it back as <code>pageToken</code>. The last page has none. <code>paginate(client.listValidators, params)</code> follows the tokens for you.</li>
<li><strong>Metrics API</strong>: the service picks the page size; follow <code>nextPageToken</code> via <code>pageToken</code>. Tokens stay valid for 24 hours; an expired one restarts at the first page.</li>
<li><strong>Node</strong>: <a href="${groupPage('node', 'avm')}#avm.getUTXOs"><code>avm.getUTXOs</code></a> pages with <code>startIndex</code> = the previous <code>endIndex</code> (de-duplicate by UTXO id); <a href="${groupPage('node', 'index')}#index.getContainerRange"><code>index.getContainerRange</code></a> pages with <code>startIndex</code> and <code>numToFetch</code> (1 to 1024).</li>
</ul>
</div>
<div>
<h3 id="errors">Errors</h3>
<ul>
<li><strong>Data API</strong>: every failure has the body <code>{statusCode, error, message}</code>; <code>message</code> is a string or a list of strings. 429 answers carry <code>Retry-After</code>.</li>
<li><strong>Metrics API</strong>: the same body, with <code>message</code> always a list of strings.</li>
<li><strong>Node JSON-RPC</strong>: failures answer HTTP 200 with <code>{"error": {"code": -32000, "message", "data": null}}</code>; the EVM endpoint uses the Ethereum codes (-32601, -32602, -32700, -32000). Each method lists its errors.</li>
<li><strong>Node health</strong>: 200 when every reported check passes, 503 when one fails, with the same body.</li>
</ul>
</div>
<div>
<h3 id="transport">Transport</h3>
<ul>
<li>REST: JSON bodies (<code>application/json</code>) over HTTPS.</li>
<li>JSON-RPC: HTTP <code>POST</code> to the endpoint path each method names (<code>/ext/info</code>, <code>/ext/bc/X</code>, <code>/ext/bc/C/rpc</code>, …). The node's own services take named parameters and one request per call; the EVM endpoint takes positional parameters and accepts batches.</li>
<li>Network ids: 1 is mainnet, 5 is Fuji.</li>
</ul>
</div>
</div>
</section>`;
}

/** The client packages: install line and a first call each. */
function packagesSection() {
  return html`<section id="packages">
<h2>Packages</h2>
<p>How to install, call, page through results, handle errors and test against the replay server: <a href="${GUIDE_PAGE}">Using the clients</a>.</p>
<div class="packages">${PACKAGES.map(
    (p) => html`<article class="pkg">
<h3><code>${p.name}</code></h3>
<p>${p.what}</p>
<p class="install"><code>npm install ${p.name}</code> · <a href="https://www.npmjs.com/package/${p.name}">npm</a> · source in <code>${p.dir}</code></p>
${codeBlock({ label: p.shell ? 'Shell' : 'TypeScript', code: p.snippet })}
</article>`,
  )}</div>
</section>`;
}

/** One curl per service. */
function quickStartSection() {
  return html`<section id="quick-start">
<h2>Quick start</h2>
<div class="quick">
${codeBlock({ label: 'Data API · curl', code: `curl 'https://data-api.avax.network/v1/networks/mainnet/validators?pageSize=4'` })}
${codeBlock({ label: 'Metrics API · curl', code: `curl 'https://metrics.avax.network/v1/avg_tps/43114'` })}
${codeBlock({
  label: 'Node JSON-RPC · curl',
  code: `curl -X POST 'https://api.avax.network/ext/info' \\\n  -H 'content-type: application/json' \\\n  --data '{"jsonrpc":"2.0","id":1,"method":"info.getNodeVersion","params":{}}'`,
})}
${codeBlock({ label: 'Node health (your node) · curl', code: `curl 'http://127.0.0.1:9650/ext/health'` })}
</div>
</section>`;
}

/** Renders index.html from the four bundled documents. */
export function renderLanding({ data, metrics, openrpc, health, sizes = {} }) {
  const dataOps = operationsOf(data);
  const metricsOps = operationsOf(metrics);
  const groups = groupMethods(openrpc);
  const endpoints = healthEndpoints(health);
  const apiKey = Object.values(data.components?.securitySchemes ?? {}).find(
    (s) => s.type === 'apiKey',
  );

  const card = ({
    title,
    href,
    blurb,
    hosts,
    auth,
    count,
    pkg,
    spec,
  }) => html`<article class="card">
<h3><a href="${href}">${title}</a></h3>
<p>${blurb}</p>
<dl>
<dt>Base URL</dt><dd>${hosts}</dd>
<dt>Auth</dt><dd>${auth}</dd>
<dt>Reference</dt><dd><a href="${href}">${count}</a></dd>
<dt>Package</dt><dd><a href="#packages"><code>${pkg}</code></a></dd>
<dt>Spec</dt><dd><a href="specs/${spec}" download>${spec}</a></dd>
</dl>
</article>`;

  const cards = [
    card({
      title: data.info.title,
      href: 'data-api.html',
      blurb: firstParagraph(data.info.description),
      hosts: serverList(data.servers),
      auth: apiKey
        ? html`Optional api key in the <code>${apiKey.name}</code> header, for higher rate limits; requests without one are served too.`
        : 'None.',
      count: `${dataOps.length} operations`,
      pkg: '@avalanche-api/data-client',
      spec: 'data-api.json',
    }),
    card({
      title: metrics.info.title,
      href: 'metrics-api.html',
      blurb: metrics.info.summary ?? firstParagraph(metrics.info.description),
      hosts: serverList(metrics.servers),
      auth: 'None; callers are still rate-limited (HTTP 429).',
      count: `${metricsOps.length} operation${metricsOps.length === 1 ? '' : 's'}`,
      pkg: '@avalanche-api/metrics-client',
      spec: 'metrics-api.json',
    }),
    card({
      title: 'AvalancheGo node JSON-RPC APIs',
      href: NODE_PAGE,
      blurb:
        'The JSON-RPC 2.0 services of a node: the X-Chain (avm), info, health, the accepted-container index, the Avalanche extras of the EVM endpoint and the validators API of EVM chains.',
      hosts: serverList(openrpc.servers),
      auth: 'None. Node-specific methods (info.getNodeID, info.getNodeIP, info.getVMs, health) are only served by your own node; index methods need --index-enabled.',
      count: `${openrpc.methods.length} methods in ${groups.length} namespaces`,
      pkg: '@avalanche-api/node-rpc',
      spec: 'node-rpc.json',
    }),
    card({
      title: 'AvalancheGo node health (HTTP GET)',
      href: `${HEALTH_PAGE}#health-endpoints`,
      blurb: health.info.summary ?? firstParagraph(health.info.description),
      hosts: serverList(health.servers.slice(0, 1)),
      auth: 'None. Served by your own node only; the public API hosts do not serve it.',
      count: `${endpoints.length} endpoints`,
      pkg: '@avalanche-api/node-rpc',
      spec: 'node-health.json',
    }),
  ];

  const restRows = (ops, service) =>
    ops.map(
      ({ method, path, operation }) =>
        html`<tr><td><a href="${groupPage(service, restGroup(operation))}#${operationAnchor(operation)}"><code>${operation.operationId}</code></a></td><td><span class="verb ${method}">${method.toUpperCase()}</span> <code class="path">${path}</code></td><td>${operation.summary ?? ''}</td></tr>`,
    );
  const rpcRows = groups.flatMap((g) =>
    g.methods.map(
      (m) =>
        html`<tr><td><a href="${groupPage('node', g.name)}#${methodAnchor(m.name)}"><code>${m.name}</code></a>${m.deprecated ? html` <span class="badge deprecated">deprecated${m['x-deprecated-since'] ? ` ${m['x-deprecated-since']}` : ''}</span>` : ''}${m['x-node-specific'] ? html` <span class="badge node">node-specific</span>` : ''}</td><td><code class="path">${m.servers[0].url.replace(/^[a-z]+:\/\/[^/]+/i, '')}</code></td><td>${m.summary ?? ''}</td></tr>`,
    ),
  );
  const healthRows = endpoints.map(
    (e) =>
      html`<tr><td><a href="${HEALTH_PAGE}#${e.anchor}"><code>${e.operation.operationId}</code></a></td><td><span class="verb get">GET</span> <code class="path">${e.path}</code></td><td>${e.operation.summary ?? ''}</td></tr>`,
  );
  const table = (head, rows) =>
    html`<div class="table-wrap"><table class="index"><thead><tr>${head.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;

  const index = html`<section id="all-operations">
<h2>Every operation</h2>
<h3 id="index-data">${data.info.title}</h3>
${table(['operationId', 'Endpoint', 'Summary'], restRows(dataOps, 'data'))}
<h3 id="index-metrics">${metrics.info.title}</h3>
${table(['operationId', 'Endpoint', 'Summary'], restRows(metricsOps, 'metrics'))}
<h3 id="index-node">Node JSON-RPC methods</h3>
${table(['Method', 'Endpoint path', 'Summary'], rpcRows)}
<h3 id="index-health">Node health endpoints</h3>
${table(['operationId', 'Endpoint', 'Summary'], healthRows)}
</section>`;

  const docsByKey = { data, metrics, openrpc, health };
  const downloads = html`<section id="downloads">
<h2>Spec files</h2>
<p>The bundled documents this site is built from; each is self-contained (no external <code>$ref</code>).</p>
<table class="index"><thead><tr><th>File</th><th>Describes</th><th>Format</th><th>Size</th></tr></thead><tbody>
${SPEC_FILES.map(({ file, what, key }) => {
  const doc = docsByKey[key];
  const format = doc.openrpc ? `OpenRPC ${doc.openrpc}` : `OpenAPI ${doc.openapi}`;
  const size = sizes[file] ? `${Math.round(sizes[file] / 1024)} KiB` : '';
  return html`<tr><td><a href="specs/${file}" download><code>${file}</code></a></td><td>${what} (v${doc.info.version})</td><td>${format}</td><td>${size}</td></tr>`;
})}
</tbody></table>
</section>`;

  const body = html`<main class="landing">
<section class="hero">
<h1>Avalanche APIs</h1>
<p class="lede">One reference for the Avalanche <a href="data-api.html">Data API</a>, the <a href="metrics-api.html">Metrics API</a> and the <a href="${NODE_PAGE}">AvalancheGo node APIs</a>, generated from the project's hand-written specs. Every request and response example comes from those specs, every page works offline. Calling them from TypeScript? Start with <a href="${GUIDE_PAGE}">Using the clients</a>: install, errors and retries, pagination, api keys and testing against the replay server.</p>
<nav class="toc" aria-label="On this page"><a href="#services">Services</a><a href="#conventions">Conventions</a><a href="#quick-start">Quick start</a><a href="#packages">Packages</a><a href="#all-operations">Every operation</a><a href="#downloads">Spec files</a><a href="${GUIDE_PAGE}">Using the clients</a></nav>
</section>
<section id="services"><h2>Services</h2><div class="cards">${cards}</div></section>
${conventionsSection()}
${quickStartSection()}
${packagesSection()}
${index}
${downloads}
<footer class="foot">Built by <code>pnpm docs</code> (packages/docs) from <code>specs/</code>. The examples are illustrative unless a spec says otherwise.</footer>
</main>`;

  return page({
    title: 'Avalanche APIs – Data, Metrics and node API reference',
    description: 'Reference for the Avalanche Data API, Metrics API and AvalancheGo node APIs.',
    current: 'index.html',
    css: LANDING_CSS,
    body: body.toString(),
  });
}

const LANDING_CSS = `
.landing{max-width:1180px;margin:0 auto;padding:10px 32px 80px}
.hero{padding:28px 0 8px}
.hero h1{font-size:2.5rem;margin:0 0 10px}
.lede{font-size:18px;color:var(--muted);max-width:76ch}
.toc{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
.toc a{border:1px solid var(--line);border-radius:999px;padding:4px 12px;font-size:14px;color:var(--fg);background:var(--soft)}
.toc a:hover{text-decoration:none;border-color:var(--muted)}
section{margin-top:36px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:18px}
@media (max-width:1100px){.cards{grid-template-columns:1fr}}
.card{border:1px solid var(--line);border-radius:10px;padding:18px 20px;background:var(--bg);box-shadow:0 1px 2px rgba(16,24,40,.04)}
.card h3{margin:0 0 6px;font-size:1.15rem}
.card>p{margin:0 0 10px;color:var(--fg);font-size:14.5px}
.card dl{display:grid;grid-template-columns:90px minmax(0,1fr);gap:6px 12px;margin:0;font-size:14px}
.card dt{color:var(--muted);font-weight:600}
.card dd{margin:0;min-width:0}
.hosts{list-style:none;margin:0;padding:0}
.hosts li{margin-bottom:2px}
.hosts .muted{font-size:13px}
.conv{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px 36px}
@media (max-width:1000px){.conv{grid-template-columns:1fr}}
.conv h3{margin-top:.8em}
.conv li{margin-bottom:6px;font-size:14.5px}
.quick{display:grid;grid-template-columns:minmax(0,1fr);gap:0}
.packages{display:grid;grid-template-columns:minmax(0,1fr);gap:14px}
.pkg{border:1px solid var(--line);border-radius:10px;padding:14px 18px 4px;display:grid;grid-template-columns:minmax(0,5fr) minmax(0,7fr);gap:0 24px;align-items:start}
.pkg>h3,.pkg>p{grid-column:1}
.pkg>.code-block{grid-column:2;grid-row:1 / span 3;margin-top:0;margin-bottom:12px}
@media (max-width:1000px){.pkg{grid-template-columns:minmax(0,1fr)}.pkg>.code-block{grid-column:1;grid-row:auto}}
.pkg h3{margin:0 0 4px;font-size:1rem}
.pkg h3 code{background:none;padding:0;font-size:15px}
.pkg p{margin:4px 0 10px;font-size:14.5px}
.pkg .install{font-size:13.5px;color:var(--muted)}
.index td:first-child,.index td:nth-child(2){white-space:nowrap}
.index .path{font-size:12.5px;background:none;padding:0;color:var(--fg)}
.verb{font:700 11px var(--mono);margin-right:4px}
.verb.get{color:var(--get)}.verb.post{color:var(--post)}
@media (max-width:600px){.landing{padding:10px 14px 60px}.hero h1{font-size:1.8rem}}
.foot{margin-top:60px;padding-top:16px;border-top:1px solid var(--line);color:var(--muted);font-size:13.5px}
`;
