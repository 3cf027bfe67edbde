// The site's renderer for the node APIs: the OpenRPC document (JSON-RPC methods grouped by
// namespace) and the node's GET health endpoints (an OpenAPI document), on one page. The
// REST pages (rest-reference.mjs) use the same anatomy and the parts exported here.
import {
  ERRORS_GUIDE_ANCHOR,
  healthErrorClass,
  methodErrorKinds,
  rpcErrorClass,
} from './errors.mjs';
import { GUIDE_PAGE } from './guide.mjs';
import { codeBlock, escapeHtml, highlightJson, html, markdown, page, raw } from './html.mjs';
import {
  groupPage,
  HEALTH_PAGE,
  healthAnchor,
  movedAnchorScript,
  NODE_TYPES_PAGE,
  partAnchor,
} from './operations.mjs';
import { methodPromises, plainText, promiseSentences } from './promises.mjs';
import {
  parameterExample,
  restCurl,
  restUrl,
  rpcCurl,
  rpcResponseBody,
  rpcTypeScript,
  tsCall,
} from './samples.mjs';
import { createSchemaRenderer, SCHEMA_CSS } from './schema.mjs';

export const NODE_PAGE = 'node-api.html';

/** The anchor of a JSON-RPC method: its name, so `node-api.html#avm.getUTXOs` works. */
export function methodAnchor(name) {
  return name;
}

export { healthAnchor };

export function schemaAnchor(name) {
  return `schema-${name}`;
}

export function namespaceAnchor(name) {
  return `namespace-${name}`;
}

function resolvePointer(document, value) {
  if (!value || typeof value.$ref !== 'string') return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key], document);
}

/** One parameter of a REST operation as a schema field, `extraHead` beside its name. */
export function paramField(p, { anchor, schemas }, extraHead) {
  return raw(
    schemas.field({
      name: p.name,
      schema: p.schema,
      required: p.required,
      description: p.description,
      extraHead,
      id: partAnchor(anchor, 'params', p.name),
    }),
  );
}

/**
 * One described response of a REST operation: its search entry, its line in the field index and
 * its block (status, description, body schema, then `more`). The REST and node pages share it.
 */
export function responseBlock(
  r,
  { anchor, operationId, kind, open = true, more = '', entry, add, fields, md, schemas },
) {
  const json = r.content?.['application/json'];
  const id = partAnchor(anchor, 'responses', r.status);
  add({
    ...entry,
    kind,
    title: `HTTP ${r.status}`,
    anchor: id,
    context: operationId,
    text: r.description,
  });
  fields.at({ ...entry, call: operationId, part: 'response', label: `response ${r.status}` });
  return html`<div class="response" id="${id}"><div class="response-head"><span class="status s${r.status[0]}">${r.status}</span> ${raw(md(r.description).replace(/^<p>|<\/p>$/g, ''))}</div>
${json?.schema ? raw(schemas.block(json.schema, { id, open })) : ''}${more}</div>`;
}

/** A response's examples as code blocks, one per named example; `resolve` follows a `$ref`. */
export function responseExampleBlocks(status, json, resolve) {
  if (!json) return [];
  const list = json.examples
    ? Object.entries(json.examples).map(([name, ex]) => [name, resolve(ex)?.value])
    : json.example !== undefined
      ? [['example', json.example]]
      : [];
  return list.map(([name, value]) => responseExampleBlock(status, name, value));
}

/** One response example as a code block labelled with its status and name. */
export function responseExampleBlock(status, name, value) {
  return codeBlock({
    label: `Response ${status} · ${name}`,
    highlighted: highlightJson(value),
    lang: 'json',
  });
}

/** Methods grouped by their first tag (the namespace), in the document's tag order. */
export function groupMethods(openrpc) {
  const groups = new Map();
  for (const method of openrpc.methods) {
    const tag = resolvePointer(openrpc, method.tags?.[0]);
    const name = tag?.name ?? method.name.split(/[._]/)[0];
    if (!groups.has(name)) groups.set(name, { name, description: tag?.description, methods: [] });
    groups.get(name).methods.push(method);
  }
  for (const group of groups.values()) group.methods.sort((a, b) => a.name.localeCompare(b.name));
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The GET endpoints of the health document, in path order. */
export function healthEndpoints(health) {
  const out = [];
  for (const [path, item] of Object.entries(health.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (['get', 'post', 'put', 'delete', 'patch', 'head', 'options'].includes(method)) {
        out.push({ method, path, operation, anchor: healthAnchor(method, path) });
      }
    }
  }
  return out;
}

function endpointPath(url) {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/';
}

export function badgesFor(method, { short = false } = {}) {
  const out = [];
  if (method.deprecated) {
    const since = method['x-deprecated-since'];
    const label = short ? 'deprecated' : since ? `Deprecated since ${since}` : 'Deprecated';
    out.push(
      html`<span class="badge deprecated" title="${since ? `Deprecated since ${since}` : 'Deprecated'}">${label}</span>`,
    );
  }
  if (method['x-node-specific']) {
    out.push(
      html`<span class="badge node" title="Describes the node that answers; the public API hosts do not serve it. Call your own node.">${short ? 'node' : 'Node-specific'}</span>`,
    );
  }
  if (!short) {
    for (const flag of method['x-requires-flags'] ?? []) {
      out.push(
        html`<span class="badge flag" title="Needs a node started with ${flag}">needs ${flag}</span>`,
      );
    }
    if (method.servers?.[0]?.['x-jsonrpc-batch']) {
      out.push(
        html`<span class="badge batch" title="This endpoint accepts JSON-RPC batch arrays">batch OK</span>`,
      );
    }
  }
  return out;
}

/**
 * Renders the node reference as pages: the overview (`node-api.html`: transport, hosts, errors
 * and every method by namespace), one page per namespace (`node-api-<namespace>.html`; the
 * health GETs sit on the health page beside its JSON-RPC methods) and the shared types
 * (`node-api-types.html`). Returns `{file: html}`.
 * @param {{openrpc: object, health: object}} documents
 */
export function renderNodeReference({ openrpc, health }, { add = () => {} } = {}) {
  const groups = groupMethods(openrpc).map((g) => ({ ...g, file: groupPage('node', g.name) }));
  if (!groups.some((g) => g.file === HEALTH_PAGE)) {
    groups.push({ name: 'health', methods: [], file: HEALTH_PAGE });
  }
  const methodNames = new Set(openrpc.methods.map((m) => m.name));
  const endpoints = healthEndpoints(health);
  const schemaNames = new Set(Object.keys(openrpc.components?.schemas ?? {}));
  const healthByText = new Map(
    endpoints.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e.anchor]),
  );
  /** The page of every anchor a link can name: methods, health GETs, shared types. */
  const pageOf = new Map([
    ...groups.flatMap((g) => g.methods.map((m) => [methodAnchor(m.name), g.file])),
    ...endpoints.map((e) => [e.anchor, HEALTH_PAGE]),
    ['health-endpoints', HEALTH_PAGE],
    ...[...schemaNames].map((n) => [schemaAnchor(n), NODE_TYPES_PAGE]),
  ]);
  /** A link from `file` to an anchor: a bare fragment on its own page. */
  const linkFrom = (file) => (anchor) =>
    pageOf.has(anchor)
      ? `${pageOf.get(anchor) === file ? '' : pageOf.get(anchor)}#${anchor}`
      : undefined;
  const codeLinks = (file) => (code) => {
    const link = linkFrom(file);
    if (methodNames.has(code)) return link(methodAnchor(code));
    if (healthByText.has(code)) return link(healthByText.get(code));
    if (code.startsWith('/ext/health'))
      return healthByText.has(`GET ${code}`) ? link(healthByText.get(`GET ${code}`)) : undefined;
    return undefined;
  };
  const rendering = (file) => {
    const fields = fieldCollector(add, file);
    const linkCode = codeLinks(file);
    const md = (text) => markdown(text, { linkCode });
    const refHref = (name) =>
      schemaNames.has(name) ? linkFrom(file)(schemaAnchor(name)) : undefined;
    return {
      md,
      fields,
      link: linkFrom(file),
      rpcSchemas: createSchemaRenderer({
        document: openrpc,
        refHref,
        linkCode,
        onField: fields.onField,
      }),
      healthSchemas: createSchemaRenderer({ document: health, linkCode, onField: fields.onField }),
    };
  };

  const sidebar = (file) => html`<aside class="sidebar" aria-label="Methods">
<nav aria-label="Methods">
<a class="nav-top" href="${file === NODE_PAGE ? '#overview' : NODE_PAGE}">Overview</a>
${groups.map(
  (g) => html`<div class="nav-group" data-group>
<a class="nav-ns" href="${g.file === file ? `#${namespaceAnchor(g.name)}` : g.file}"${raw(g.file === file ? ' aria-current="page"' : '')}>${g.name}</a>
<ul>${g.methods.map(
    (m) =>
      html`<li data-name="${m.name.toLowerCase()}"><a href="${linkFrom(file)(methodAnchor(m.name))}"${raw(m.deprecated ? ' class="is-deprecated"' : '')}>${m.name}</a>${badgesFor(m, { short: true })}</li>`,
  )}${
    g.file === HEALTH_PAGE
      ? endpoints.map(
          (e) =>
            html`<li data-name="${`${e.method} ${e.path}`.toLowerCase()}"><a href="${linkFrom(file)(e.anchor)}"><span class="verb">${e.method.toUpperCase()}</span> ${e.path}</a></li>`,
        )
      : ''
  }</ul></div>`,
)}
<a class="nav-top" href="${file === NODE_TYPES_PAGE ? '#types' : NODE_TYPES_PAGE}">Shared types</a>
<a class="nav-top" href="${NODE_PAGE}#downloads">Spec files</a>
</nav>
</aside>`;

  const { overview, downloads } = nodeOverview(
    { openrpc, health },
    groups,
    endpoints,
    rendering(NODE_PAGE).md,
  );
  const common = { css: SCHEMA_CSS + REFERENCE_CSS, current: NODE_PAGE };
  const pages = {
    [NODE_PAGE]: page({
      ...common,
      title: `${openrpc.info.title} – reference`,
      description: 'Reference of the AvalancheGo node JSON-RPC methods and health endpoints.',
      body: html`<div class="layout">${sidebar(NODE_PAGE)}<main>${overview}${downloads}</main></div>`.toString(),
      script: CURRENT_SCRIPT + movedAnchorScript(pageOf),
    }),
  };

  for (const g of groups) {
    const r = rendering(g.file);
    const healthSection =
      g.file === HEALTH_PAGE
        ? html`<section class="namespace" id="health-endpoints">
<h2>health over HTTP GET <span class="count">${endpoints.length} endpoints</span></h2>
<div class="prose">${raw(r.md(health.info.description))}</div>
<table class="servers"><thead><tr><th>Host</th><th>Notes</th></tr></thead><tbody>
${(health.servers ?? []).map((s) => html`<tr><td><code>${s.url}</code></td><td>${raw(r.md(s.description))}</td></tr>`)}
</tbody></table>
${endpoints.map((e) => raw(renderHealthEndpoint(e, { health, openrpc, schemas: r.healthSchemas, md: r.md, add, fields: r.fields, link: r.link })))}
</section>`
        : '';
    const section = html`<section class="namespace" id="${namespaceAnchor(g.name)}">
<p class="crumbs"><a href="${NODE_PAGE}">${openrpc.info.title}</a></p>
<h1>${g.name} <span class="count">${g.methods.length} method${g.methods.length === 1 ? '' : 's'}</span></h1>
${g.description ? raw(`<div class="prose">${r.md(g.description)}</div>`) : ''}
${g.methods.map((m) => raw(renderMethod(m, { openrpc, schemas: r.rpcSchemas, md: r.md, add, fields: r.fields, namespace: g.name, file: g.file, link: r.link })))}
</section>`;
    pages[g.file] = page({
      ...common,
      title: `${g.name} – ${openrpc.info.title} reference`,
      description: `The ${g.name} methods of the AvalancheGo node: parameters, results, errors and promises.`,
      body: html`<div class="layout">${sidebar(g.file)}<main>${section}${healthSection}</main></div>`.toString(),
      script: CURRENT_SCRIPT,
    });
  }

  pages[NODE_TYPES_PAGE] = typesPage(openrpc, schemaNames, rendering(NODE_TYPES_PAGE), {
    ...common,
    sidebar: sidebar(NODE_TYPES_PAGE),
  });
  return pages;
}

/** The node overview page's main parts: transport, hosts, errors, every method by namespace; spec files. */
function nodeOverview({ openrpc, health }, groups, endpoints, md) {
  const servers = html`<table class="servers"><thead><tr><th>Server</th><th>URL</th><th>Notes</th></tr></thead><tbody>
${(openrpc.servers ?? []).map(
  (s) =>
    html`<tr><td>${s.name}</td><td><code>${s.url}</code></td><td>${raw(md(s.description))}</td></tr>`,
)}</tbody></table>`;

  const overview = html`<section id="overview" class="prose">
<h1>${openrpc.info.title} <span class="version">v${openrpc.info.version}</span></h1>
<p class="lede">Every JSON-RPC method of the node's own services and the EVM extras, plus the node's HTTP health endpoints.
${openrpc.methods.length} methods in ${groups.filter((g) => g.methods.length).length} namespaces, and ${endpoints.length} GET endpoints; one page per namespace.</p>
${raw(md(openrpc.info.description))}
<h2 id="servers">Hosts</h2>
${servers}
<p>Each method names its exact endpoint (the path the request is POSTed to) and the hosts that serve it.</p>
<h2 id="typescript">From TypeScript</h2>
<p><code>@avalanche-api/node-rpc</code> groups the methods by namespace: <code>client.info.getNodeVersion()</code>,
<code>client.avm.getUTXOs({…})</code>, <code>client.index('X/tx').getContainerRange({…})</code>,
<code>client.evm('C').feeConfig()</code>, <code>client.validators(blockchainId).getCurrentValidators({…})</code>.
Any method can also be sent as is with <code>client.request(method, params)</code>.</p>
${codeBlock({
  label: 'TypeScript',
  code: `import { createNodeClient } from '@avalanche-api/node-rpc';\n\nconst client = createNodeClient({ baseUrl: 'https://api.avax.network' });\nconst version = await client.info.getNodeVersion();\nconst same = await client.request('info.getNodeVersion', {});`,
})}
<h2 id="json-rpc-errors">Error responses</h2>
<p>A failed call still answers HTTP 200, with <code>error</code> in place of <code>result</code>:</p>
${codeBlock({
  label: 'Error response',
  highlighted: highlightJson({
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32000, message: "couldn't unmarshal an argument. …", data: null },
  }),
})}
<h2 id="namespaces">Methods</h2>
${groups.map(
  (
    g,
  ) => html`<h3 class="group-head" id="${namespaceAnchor(g.name)}"><a href="${g.file}">${g.name}</a> <span class="count">${g.methods.length} method${g.methods.length === 1 ? '' : 's'}${g.file === HEALTH_PAGE ? ` and ${endpoints.length} GET endpoints` : ''}</span></h3>
${g.description ? raw(md(g.description)) : ''}
<ul class="op-list">${g.methods.map(
    (m) =>
      html`<li><a href="${g.file}#${methodAnchor(m.name)}"><code>${m.name}</code></a>${m.summary ? html` – ${m.summary}` : ''}${badgesFor(m, { short: true })}</li>`,
  )}</ul>`,
)}
</section>`;

  const downloads = html`<section class="namespace prose" id="downloads">
<h2>Spec files</h2>
<ul>
<li><a href="specs/node-rpc.json" download>node-rpc.json</a>: the OpenRPC ${openrpc.openrpc} document behind these pages.</li>
<li><a href="specs/node-health.json" download>node-health.json</a>: the OpenAPI ${health.openapi} document of the health endpoints.</li>
</ul>
</section>`;

  return { overview, downloads };
}

/** node-api-types.html: every named schema of the node spec, with its fields. */
function typesPage(openrpc, schemaNames, t, { sidebar, ...common }) {
  const types = html`<section class="namespace" id="types">
<p class="crumbs"><a href="${NODE_PAGE}">${openrpc.info.title}</a></p>
<h1>Shared types <span class="count">${schemaNames.size}</span></h1>
<p class="prose">The named schemas the methods refer to. Type names in parameter and result lists link here.</p>
${[...schemaNames]
  .sort((a, b) => a.localeCompare(b))
  .map(
    (
      name,
    ) => html`<div class="type-def" id="${schemaAnchor(name)}"><h2><a class="anchor" href="#${schemaAnchor(name)}">${name}</a></h2>
${raw(t.rpcSchemas.block(openrpc.components.schemas[name], { stack: [name] }))}</div>`,
  )}
</section>`;
  return page({
    ...common,
    title: `Shared types – ${openrpc.info.title} reference`,
    description: 'The named schemas of the AvalancheGo node JSON-RPC methods.',
    body: html`<div class="layout">${sidebar}<main>${types}</main></div>`.toString(),
    script: CURRENT_SCRIPT,
  });
}

export function renderServers(servers, md) {
  const rows = servers.map((s) => {
    const vars = Object.entries(s.variables ?? {});
    const varList = vars.length
      ? html`<ul class="vars">${vars.map(
          ([name, v]) =>
            html`<li><code>{${name}}</code> default <code>${v.default}</code>${v.enum ? html`, one of ${v.enum.map((e) => html`<code>${e}</code> `)}` : ''}${v.description ? raw(` – ${md(v.description).replace(/^<p>|<\/p>$/g, '')}`) : ''}</li>`,
        )}</ul>`
      : '';
    const paths = s['x-index-paths']
      ? html`<div class="index-paths">Existing <code>{chain}/{kind}</code>: ${s['x-index-paths'].map((p) => html`<code>${p}</code> `)}</div>`
      : '';
    return html`<li><code class="server-url">${s.url}</code>${s.description ? raw(` <span class="muted">– ${escapeHtml(s.description)}</span>`) : ''}${varList}${paths}</li>`;
  });
  return html`<ul class="server-list">${rows}</ul>`;
}

function renderMethod(method, { openrpc, schemas, md, add, fields, namespace, file, link }) {
  const anchor = methodAnchor(method.name);
  const entry = { service: 'node', page: file };
  add({
    ...entry,
    kind: 'method',
    title: method.name,
    anchor,
    context: namespace,
    text: `${method.summary ?? ''} ${method.description ?? ''}`,
  });
  const byPosition = method.paramStructure === 'by-position';
  const structure = byPosition
    ? html`<strong>by-position</strong>: <code>params</code> is an array, in the order below`
    : html`<strong>by-name</strong>: <code>params</code> is an object keyed by parameter name`;
  const replaced = method['x-replaced-by']
    ? html`<p class="notice">Deprecated${method['x-deprecated-since'] ? ` since ${method['x-deprecated-since']}` : ''}: use <a href="${link(methodAnchor(method['x-replaced-by'])) ?? `#${methodAnchor(method['x-replaced-by'])}`}"><code>${method['x-replaced-by']}</code></a> instead.</p>`
    : method.deprecated
      ? html`<p class="notice">Deprecated${method['x-deprecated-since'] ? ` since AvalancheGo ${method['x-deprecated-since']}` : ''}; see the description for what to use instead.</p>`
      : '';
  fields.at({ ...entry, call: method.name, part: 'parameter' });
  const params = method.params.length
    ? method.params.map((p, i) =>
        raw(
          schemas.field({
            name: p.name,
            schema: p.schema,
            required: p.required,
            description: p.description,
            extraHead: byPosition ? `<span class="badge position">position ${i}</span>` : undefined,
            id: partAnchor(anchor, 'params', p.name),
          }),
        ),
      )
    : html`<p class="muted">No parameters: send <code>"params": ${byPosition ? '[]' : '{}'}</code>.</p>`;
  fields.at({ ...entry, call: method.name, part: 'result' });
  const result = method.result
    ? raw(
        schemas.field({
          name: method.result.name,
          schema: method.result.schema,
          description: method.result.description,
          id: partAnchor(anchor, 'result'),
        }),
      )
    : html`<p class="muted">No result.</p>`;
  const errors = (method.errors ?? []).map((e) => ({
    name: e.$ref ? e.$ref.split('/').pop() : undefined,
    ...resolvePointer(openrpc, e),
  }));
  const errorIds = new Set();
  const kinds = methodErrorKinds(openrpc, method);
  const errorTable = errors.length
    ? html`<div class="table-wrap"><table class="errors"><thead><tr><th>Code</th><th>Message</th><th>Name</th><th>The client throws</th></tr></thead><tbody>${errors.map(
        (e) =>
          html`<tr id="${errorRowId(anchor, e.code, errorIds, add, { ...entry, context: method.name, title: `${e.code} ${e.message}`, text: e.name })}"><td><code>${e.code}</code></td><td>${e.message}${'data' in e ? html` <span class="muted">(data: <code>${JSON.stringify(e.data)}</code>)</span>` : ''}</td><td class="muted">${e.name ?? ''}</td><td>${classLink(rpcErrorClass(e, kinds))}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="muted">No documented errors.</p>`;

  const examples = (method.examples ?? []).map((ex, n) => {
    const title =
      method.examples.length > 1
        ? `Example ${n + 1}: ${ex.name ?? ''}`
        : `Example${ex.name ? `: ${ex.name}` : ''}`;
    return html`<div class="example">
<p class="example-title">${title}</p>
${ex.description ? raw(`<div class="example-desc">${md(ex.description)}</div>`) : ''}
${codeBlock({ label: 'Request · curl', code: rpcCurl(method, ex), lang: 'shell' })}
${codeBlock({ label: 'Request · TypeScript', code: rpcTypeScript(method, ex), lang: 'ts' })}
${codeBlock({ label: 'Response', highlighted: highlightJson(rpcResponseBody(ex)), lang: 'json' })}
</div>`;
  });

  return html`<section class="method" id="${anchor}">
<div class="method-doc">
<h3><a class="anchor" href="#${anchor}">${method.name}</a> ${badgesFor(method)}</h3>
${method.summary ? html`<p class="summary">${method.summary}</p>` : ''}
${replaced}
<div class="endpoint"><span class="badge post">POST</span> <code>${endpointPath(method.servers[0].url)}</code></div>
<dl class="facts">
<dt>Params</dt><dd>${structure}</dd>
<dt>Hosts</dt><dd>${renderServers(method.servers, md)}</dd>
${method['x-requires-flags'] ? html`<dt>Node flags</dt><dd>${method['x-requires-flags'].map((f) => html`<code>${f}</code> `)}</dd>` : ''}
</dl>
<div class="prose">${raw(md(method.description))}</div>
<h4>Parameters</h4>
<div class="fields">${params}</div>
<h4>Result</h4>
<div class="fields">${result}</div>
<h4>Errors</h4>
${errorTable}
${promisesOf(methodPromises(openrpc, method), md, { rest: false, anchor, add, entry: { ...entry, context: method.name } })}
${linksOf(method, link)}
${tryPlaceholder('node', method.name)}
</div>
<div class="method-examples">${examples}</div>
</section>`.toString();
}

/** What `client.health.get` does with a health GET's status: resolve, or throw which class. */
function healthOutcome(status) {
  if (!/^[45]/.test(status)) return '';
  const thrown = healthErrorClass(status);
  return thrown
    ? html`<p class="error-meta">The client throws ${classLink(thrown)}</p>`
    : html`<p class="error-meta">The client resolves with <code>status: ${status}</code> (an answer, not an error)</p>`;
}

/** A client error class, linked to the guide's table of error classes. */
export const classLink = (name) =>
  html`<a href="${GUIDE_PAGE}#${ERRORS_GUIDE_ANCHOR}"><code>${name}</code></a>`;

/** The `x-promises` in words (see promises.mjs): what every answer keeps about its request. */
export function promisesOf(promises, md, { anchor, add = () => {}, entry, ...options }) {
  const sentences = promiseSentences(promises, options);
  if (sentences.length === 0) return '';
  const id = (n) => partAnchor(anchor, 'promises', String(n + 1));
  sentences.forEach((s, n) => {
    add({ ...entry, kind: 'promise', title: plainText(s), anchor: id(n) });
  });
  return html`<h4 id="${partAnchor(anchor, 'promises')}">Promises</h4>
<p class="muted">What every answer keeps about its request (<code>x-promises</code>); the contract tester checks them and the replay server keeps them.</p>
<ul class="promises">${sentences.map((s, n) => html`<li id="${id(n)}">${raw(md(s).replace(/^<p>|<\/p>\s*$/g, ''))}</li>`)}</ul>`;
}

/** The id of an error's row (the same code twice gets a suffix), indexed for search. */
function errorRowId(anchor, code, seen, add, entry) {
  let id = partAnchor(anchor, 'errors', String(code));
  for (let n = 2; seen.has(id); n++) id = partAnchor(anchor, 'errors', `${code}-${n}`);
  seen.add(id);
  add({ ...entry, kind: 'error', anchor: id });
  return id;
}

/**
 * Where the console (packages/docs/src/console, built beside this renderer) mounts its form
 * for one call: `service` is data, metrics, node or health; `op` the operationId or method.
 */
export function tryPlaceholder(service, op) {
  return html`<div class="try" data-service="${service}" data-op="${op}"></div>`;
}

/**
 * Turns the schema renderer's fields into search entries: `at()` names the call and part
 * (parameter, result, body, response) the next fields belong to; a top-level field of the
 * parameter part is a parameter, every other one a field.
 */
export function fieldCollector(add, pageFile) {
  let where = {};
  return {
    at(next) {
      where = next;
    },
    onField({ id, name, description, depth, within }) {
      const { call, part, label, ...entry } = where;
      add({
        ...entry,
        page: entry.page ?? pageFile,
        kind: part === 'parameter' && depth === 0 ? 'parameter' : 'field',
        title: name,
        anchor: id,
        context: `${call} › ${label ?? part}${within ? ` › in ${within}` : ''}`,
        text: description,
      });
    },
  };
}

/** The method's OpenRPC links: the calls its answer leads to, and the values they take. */
function linksOf(method, link) {
  const links = method.links ?? [];
  if (links.length === 0) return '';
  const value = (v) => html`<code>${typeof v === 'string' ? v : JSON.stringify(v)}</code>`;
  return html`<h4>Links</h4>
<p class="muted">Calls this answer leads to (OpenRPC <code>links</code>; <code>$result</code> is this method's result, <code>$params</code> its params). The contract tester follows them.</p>
<ul class="links">${links.map(
    (l) =>
      html`<li><a href="${link(methodAnchor(l.method)) ?? `#${methodAnchor(l.method)}`}"><code>${l.method}</code></a> <span class="muted">(${l.name})</span>${l.description ? ` – ${l.description}` : ''}${Object.keys(l.params ?? {}).length ? html`: ${Object.entries(l.params).map(([k, v]) => html`<code>${k}</code> ← ${value(v)} `)}` : ''}${l.server ? html`; at <code>${l.server.url}</code> with ${Object.entries(l.server.variables ?? {}).map(([k, v]) => html`<code>{${k}}</code> ← ${value(v.default)} `)}` : ''}</li>`,
  )}</ul>`;
}

function renderHealthEndpoint(
  { method, path, operation, anchor },
  { health, openrpc, schemas, md, add, fields, link },
) {
  const entry = { service: 'health', page: HEALTH_PAGE };
  add({
    ...entry,
    kind: 'health',
    title: `${method.toUpperCase()} ${path}`,
    anchor,
    context: operation.operationId,
    text: `${operation.operationId} ${operation.summary ?? ''} ${operation.description ?? ''}`,
  });
  fields.at({ ...entry, call: operation.operationId, part: 'parameter' });
  const params = (operation.parameters ?? []).map((p) => resolvePointer(health, p));
  const server = health.servers[0].url;
  const values = {};
  for (const p of params) {
    const v = parameterExample(p);
    if (v !== undefined) values[p.name] = v;
  }
  const url = restUrl(server, path, params, values);
  const tags = values.tag;
  const rpcTwin = /json-rpc\s+method\s+`([^`]+)`/i.exec(operation.description ?? '')?.[1];
  // client.health.get() is the GET API: `path` picks /ext/health/<path>, `tags` repeats ?tag=.
  const sub = path.startsWith('/ext/health/') ? path.slice('/ext/health/'.length) : undefined;
  const getParams = { ...(sub ? { path: sub } : {}), ...(tags ? { tags } : {}) };
  const tsLines = [
    `import { createNodeClient } from '@avalanche-api/node-rpc';`,
    '',
    `const client = createNodeClient({ baseUrl: '${new URL(server).origin}' });`,
    tsCall(
      'const report = await client.health.get(',
      Object.keys(getParams).length ? getParams : undefined,
    ),
    '// report.status: 200 healthy, 503 unhealthy; report.checks: each check',
  ].join('\n');

  const paramFields = params.length
    ? params.map((p) =>
        paramField(
          p,
          { anchor, schemas },
          html`<span class="badge position">in ${p.in}</span>${p.explode && p.schema?.type === 'array' ? html` <span class="badge position">repeat: ?${p.name}=a&amp;${p.name}=b</span>` : ''}`.toString(),
        ),
      )
    : html`<p class="muted">No parameters.</p>`;

  const responses = Object.entries(operation.responses ?? {}).map(([status, r]) => ({
    status,
    ...resolvePointer(health, r),
  }));
  const responseDocs = responses.map((r) =>
    responseBlock(r, {
      anchor,
      operationId: operation.operationId,
      // A health 200 is the answer's fields; 503 (unhealthy) is indexed with the errors.
      kind: /^[45]/.test(r.status) ? 'error' : 'field',
      more: healthOutcome(r.status),
      entry,
      add,
      fields,
      md,
      schemas,
    }),
  );
  const responseExamples = responses.flatMap((r) =>
    responseExampleBlocks(r.status, r.content?.['application/json'], (ex) =>
      resolvePointer(health, ex),
    ),
  );
  const twin = rpcTwin && openrpc.methods.some((m) => m.name === rpcTwin);
  return html`<section class="method" id="${anchor}">
<div class="method-doc">
<h3><a class="anchor" href="#${anchor}"><span class="verb">${method.toUpperCase()}</span> ${path}</a> <span class="badge node" title="Describes the node that answers; the public API hosts do not serve it.">Node-specific</span></h3>
${operation.summary ? html`<p class="summary">${operation.summary}</p>` : ''}
<div class="endpoint"><span class="badge get">${method.toUpperCase()}</span> <code>${path}</code> <span class="muted">operationId <code>${operation.operationId}</code>${twin ? html` · JSON-RPC twin <a href="${link(methodAnchor(rpcTwin)) ?? `#${methodAnchor(rpcTwin)}`}"><code>${rpcTwin}</code></a>` : ''}</span></div>
<div class="prose">${raw(md(operation.description))}</div>
<h4>Query parameters</h4>
<div class="fields">${paramFields}</div>
<h4>Responses</h4>
${responseDocs}
${promisesOf(operation['x-promises'], md, { rest: true, anchor, add, entry: { ...entry, context: operation.operationId } })}
${tryPlaceholder('health', operation.operationId)}
</div>
<div class="method-examples"><div class="example">
<p class="example-title">Example</p>
${codeBlock({ label: 'Request · curl', code: restCurl({ method, url }), lang: 'shell' })}
${codeBlock({ label: 'Request · TypeScript', code: tsLines, lang: 'ts' })}
${responseExamples}
</div></div>
</section>`.toString();
}

/**
 * Marks the sidebar link of the section being read (aria-current="location"): the hash target
 * after a jump, else the last section whose top has passed under the top bar while scrolling.
 */
export const CURRENT_SCRIPT = `
(function () {
  var links = {};
  document.querySelectorAll('.sidebar nav a[href^="#"]').forEach(function (a) {
    links[decodeURIComponent(a.getAttribute('href').slice(1))] = a;
  });
  var sections = Array.prototype.filter.call(document.querySelectorAll('main [id]'), function (el) {
    return links[el.id];
  });
  var current = null;
  var followHash = false;
  function mark(id) {
    var a = links[id];
    if (!a || a === current) return;
    if (current) current.removeAttribute('aria-current');
    a.setAttribute('aria-current', 'location');
    current = a;
    var box = a.getBoundingClientRect();
    var bar = a.closest('.sidebar').getBoundingClientRect();
    if (box.top < bar.top || box.bottom > bar.bottom) a.scrollIntoView({ block: 'nearest' });
  }
  function fromScroll() {
    var id = null;
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getBoundingClientRect().top > 80) break;
      id = sections[i].id;
    }
    mark(id || (sections[0] && sections[0].id));
  }
  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    followHash = Boolean(links[id]);
    if (followHash) mark(id);
    else fromScroll();
  }
  var queued = false;
  window.addEventListener('scroll', function () {
    if (followHash || queued) return;
    queued = true;
    requestAnimationFrame(function () {
      queued = false;
      fromScroll();
    });
  }, { passive: true });
  // A jump near the page end cannot scroll its section to the top: keep the hash target marked
  // until the reader scrolls by hand.
  ['wheel', 'touchmove', 'keydown', 'mousedown'].forEach(function (type) {
    window.addEventListener(type, function () { followHash = false; }, { passive: true });
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
`;

export const REFERENCE_CSS = `
.error-meta{margin:4px 0 0;font-size:13.5px;color:var(--muted)}
.group-head a{text-decoration:underline;text-underline-offset:.15em}
.op-list{padding-left:1.2em}.op-list li{margin:.2em 0}
.sidebar nav a[aria-current]{background:var(--current-bg);color:var(--current-fg);font-weight:600;box-shadow:inset 2px 0 0 var(--accent)}
.layout{display:grid;grid-template-columns:290px minmax(0,1fr);min-height:calc(100vh - var(--head))}
.sidebar{position:sticky;top:var(--head);height:calc(100vh - var(--head));overflow-y:auto;border-right:1px solid var(--line);background:var(--side-bg);padding:14px 12px 40px;font-size:13.5px}
.sidebar nav a{color:var(--side-fg);display:block;padding:3px 8px;border-radius:5px;overflow:hidden;text-overflow:ellipsis}
.sidebar nav a:hover{background:var(--hover);text-decoration:none}
.sidebar .nav-top{font-weight:600;margin-top:6px}
.sidebar .nav-ns{font-weight:700;text-transform:uppercase;font-size:11.5px;letter-spacing:.06em;color:var(--muted);margin-top:14px}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar li{display:flex;align-items:center;gap:4px}
.sidebar [hidden]{display:none}
.sidebar li a{font-family:var(--mono);font-size:12.5px;flex:1;min-width:0}
.sidebar li a.is-deprecated{text-decoration:line-through;color:var(--muted)}
.sidebar li .badge{font-size:10px;padding:1px 5px}
.sidebar .verb{font-weight:700;color:var(--muted);font-size:10.5px;margin-right:2px}
main{padding:8px 40px 80px;min-width:0}
.prose{max-width:860px}
.prose p,.prose li{max-width:78ch}
.lede{font-size:17px;color:var(--muted)}
.version{font-size:.5em;color:var(--muted);font-weight:500;vertical-align:middle}
.namespace{margin-top:48px}
.namespace>h2{position:relative}
.count{font-size:13px;color:var(--muted);font-weight:500;margin-left:8px}
.method{display:grid;grid-template-columns:minmax(0,1fr);gap:8px 36px;padding:26px 0 30px;border-bottom:1px solid var(--line)}
@media (min-width:1280px){.method{grid-template-columns:minmax(0,1.05fr) minmax(0,1fr)}}
.method h3{margin:0 0 6px;font-size:1.3rem;display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.method h3 .anchor{color:var(--fg);font-family:var(--mono);font-size:1.35rem}
.method h4{margin:22px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.summary{margin:0 0 10px;font-size:16px}
.notice{background:var(--notice-bg);border:1px solid var(--notice-line);border-radius:6px;padding:8px 12px;font-size:14px}
.endpoint{margin:8px 0;font-size:14px}
.endpoint>code{font-size:14px;background:var(--soft);border:1px solid var(--line)}
.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 14px;margin:10px 0;font-size:14px}
.facts dt{color:var(--muted);font-weight:600}
.facts dd{margin:0}
.server-list,.vars{list-style:none;margin:0;padding:0}
.server-list>li{margin-bottom:4px}
.vars{margin:2px 0 4px 14px;font-size:13px}
.vars p{display:inline;margin:0}
.index-paths{margin-left:14px;font-size:13px}
.server-url{font-size:12.5px}
.badge.position{background:var(--soft);color:var(--muted);border-color:var(--line);font-weight:500}
.errors td:first-child{white-space:nowrap}
.example{margin-bottom:18px}
.example-title{font-weight:600;margin:0 0 6px;font-size:14px}
.example-desc{font-size:13.5px;color:var(--muted)}
.example-desc p{margin:0 0 8px}
.method-examples{min-width:0}
@media (min-width:1280px){.method-examples{padding-top:40px}}
.response{border-top:1px solid var(--line);padding:8px 0}
.response-head{font-size:14px}
.status{font:700 12px var(--mono);padding:2px 6px;border-radius:4px;margin-right:4px}
.status.s2{background:#e9f7ef;color:#17663a}.status.s4{background:#fff1e6;color:#9a3b00}.status.s5{background:#fdecec;color:#b42318}
.type-def{padding:10px 0 14px;border-bottom:1px solid var(--line)}
.type-def h3{margin:0 0 4px;font-family:var(--mono);font-size:15px}
.type-def h3 a{color:var(--fg)}
.servers code{font-size:12.5px}
@media (max-width:900px){.layout{grid-template-columns:1fr}.sidebar{position:static;height:auto;max-height:40vh;border-right:none;border-bottom:1px solid var(--line)}main{padding:8px 14px 60px}.method h3 .anchor{font-size:1.1rem;overflow-wrap:anywhere}}
.param-group{margin:10px 0 0;font-size:12.5px;font-weight:600;color:var(--muted)}
.links-head{font-size:13px;color:var(--muted);margin:8px 0 2px}
.try:empty{display:none}
`;
