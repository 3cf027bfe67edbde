// The REST references (Data API, Metrics API) with the same anatomy as the node page: what
// the operation does, its parameters, its answer, its errors, its promises, examples and the
// console's mount point; every operation, parameter, field, status and promise has an id.
import { documentParameterNames, errorExamplesFor, restErrorClass } from './errors.mjs';
import { API_KEYS_ANCHOR, GUIDE_PAGE } from './guide.mjs';
import { codeBlock, html, markdown, page, raw } from './html.mjs';
import {
  badgesFor,
  CURRENT_SCRIPT,
  classLink,
  fieldCollector,
  paramField,
  promisesOf,
  REFERENCE_CSS,
  renderServers,
  responseBlock,
  responseExampleBlock,
  responseExampleBlocks,
  tryPlaceholder,
} from './node-reference.mjs';
import {
  groupPage,
  movedAnchorScript,
  operationAnchor,
  operationsOf,
  partAnchor,
  resolveRef,
  SERVICE_PAGES,
} from './operations.mjs';
import { parameterExample, restCurl, restTypeScript, restUrl, tsCall } from './samples.mjs';
import { createSchemaRenderer, SCHEMA_CSS } from './schema.mjs';

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

/**
 * The code samples of one operation: TypeScript with the project's client (and, for a paged
 * operation, every page with paginate), then curl. `name` is `data-api` or `metrics-api`.
 */
export function restSamples(doc, name, entry) {
  const client = REST_CLIENTS[name];
  const { operation, parameters, path, method } = entry;
  const { values, body } = sampleValues(entry, doc);
  const url = restUrl(doc.servers?.[0]?.url ?? '', path, parameters, values);
  const samples = [];
  if (client) {
    const tsValues = { ...values, ...(body && typeof body === 'object' ? body : {}) };
    samples.push({
      lang: 'ts',
      label: 'TypeScript',
      source: restTypeScript({ ...client, operationId: operation.operationId, values: tsValues }),
    });
    if (client.paginate && parameters.some((p) => p.name === 'pageToken')) {
      const { pageToken: _, pageSize: __, ...first } = tsValues;
      samples.push({
        lang: 'ts',
        label: 'TypeScript: every page',
        source: paginateSample(client, operation.operationId, first),
      });
    }
  }
  samples.push({ lang: 'shell', label: 'curl', source: restCurl({ method, url, body }) });
  return samples;
}

/** Operations grouped by their first tag, in the document's tag order. */
function groupByTag(doc) {
  const groups = new Map((doc.tags ?? []).map((t) => [t.name, { ...t, ops: [] }]));
  for (const entry of operationsOf(doc)) {
    const tag = entry.operation.tags?.[0] ?? 'Operations';
    if (!groups.has(tag)) groups.set(tag, { name: tag, ops: [] });
    groups.get(tag).ops.push(entry);
  }
  return [...groups.values()].filter((g) => g.ops.length > 0);
}

const tagAnchor = (name) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The API key header(s) the document declares, for the overview and each operation. */
function apiKeys(doc) {
  return Object.entries(doc.components?.securitySchemes ?? {})
    .filter(([, s]) => s.type === 'apiKey')
    .map(([id, s]) => ({ id, ...s }));
}

/**
 * Renders a REST reference as pages: the overview (`data-api.html`: the service's conventions,
 * hosts, key and every operation by group) and one page per tag (`data-api-<tag>.html`) with
 * its operations in full. `service` is `data` or `metrics`, `name` the spec file's name
 * (`data-api`); `add` receives one search entry per item rendered. Returns `{file: html}`.
 */
export function renderRestReference({ doc, service, name }, { add = () => {} } = {}) {
  const overviewFile = SERVICE_PAGES[service];
  const groups = groupByTag(doc).map((g) => ({ ...g, file: groupPage(service, g.name) }));
  const ops = groups.flatMap((g) => g.ops);
  const pageOfOp = new Map(
    groups.flatMap((g) => g.ops.map((o) => [o.operation.operationId, g.file])),
  );
  const keys = apiKeys(doc);
  const known = documentParameterNames(doc, ops);
  const entry = { service, page: overviewFile };
  for (const k of keys) {
    add({
      ...entry,
      kind: 'parameter',
      title: k.name,
      anchor: `auth-${k.id}`,
      context: `${doc.info.title} › authentication (${k.in})`,
      text: k.description,
    });
  }
  /** A link to an operation from `file`: a bare fragment on its own page. */
  const hrefFrom = (file) => (op) =>
    pageOfOp.has(op) ? `${pageOfOp.get(op) === file ? '' : pageOfOp.get(op)}#${op}` : undefined;

  const sidebar = (file) => html`<aside class="sidebar" aria-label="Operations">
<nav aria-label="Operations">
<a class="nav-top" href="${file === overviewFile ? '#overview' : overviewFile}">Overview</a>
${groups.map(
  (g) => html`<div class="nav-group">
<a class="nav-ns" href="${g.file === file ? `#${tagAnchor(g.name)}` : g.file}"${raw(g.file === file ? ' aria-current="page"' : '')}>${g.name}</a>
<ul>${g.ops.map(
    ({ operation, method }) =>
      html`<li><a href="${hrefFrom(file)(operation.operationId)}"${raw(operation.deprecated ? ' class="is-deprecated"' : '')}><span class="verb">${method.toUpperCase()}</span> ${operation.operationId}</a>${badgesFor(operation, { short: true })}</li>`,
  )}</ul></div>`,
)}
<a class="nav-top" href="${overviewFile}#downloads">Spec file</a>
</nav>
</aside>`;

  const overviewMd = (text) => markdown(text, { linkCode: hrefFrom(overviewFile) });
  const overview = html`<section id="overview" class="prose">
<h1>${doc.info.title} <span class="version">v${doc.info.version}</span></h1>
<p class="lede">${ops.length} operation${ops.length === 1 ? '' : 's'} in ${groups.length} group${groups.length === 1 ? '' : 's'}, one page per group.</p>
${raw(overviewMd(doc.info.description))}
<h2 id="servers">Hosts</h2>
<ul class="server-list">${(doc.servers ?? []).map((s) => html`<li><code class="server-url">${s.url}</code>${s.description ? html` <span class="muted">– ${s.description}</span>` : ''}</li>`)}</ul>
${
  keys.length
    ? html`<h2 id="authentication">Authentication</h2>${keys.map(
        (k) =>
          html`<div class="field" id="auth-${k.id}"><div class="field-head"><a class="field-name" href="#auth-${k.id}"><code>${k.name}</code></a> <span class="type">API key in ${k.in}</span></div><div class="field-desc">${raw(overviewMd(k.description))}</div></div>`,
      )}`
    : ''
}
${errorsSection(doc, ops, { service, overviewFile, add, md: overviewMd, linkCode: hrefFrom(overviewFile) })}
<h2 id="groups">Operations</h2>
${groups.map(
  (
    g,
  ) => html`<h3 class="group-head" id="${tagAnchor(g.name)}"><a href="${g.file}">${g.name}</a> <span class="count">${g.ops.length} operation${g.ops.length === 1 ? '' : 's'}</span></h3>
${g.description ? raw(overviewMd(g.description)) : ''}
<ul class="op-list">${g.ops.map(
    ({ operation, method, path }) =>
      html`<li><a href="${g.file}#${operationAnchor(operation)}"><code>${operation.operationId}</code></a> <span class="verb">${method.toUpperCase()}</span> <code class="path">${path}</code>${operation.summary ? html` – ${operation.summary}` : ''}${badgesFor(operation, { short: true })}</li>`,
  )}</ul>`,
)}
</section>`;

  const downloads = html`<section class="namespace prose" id="downloads">
<h2>Spec file</h2>
<p><a href="specs/${name}.json" download>${name}.json</a>: the OpenAPI ${doc.openapi} document behind these pages.</p>
</section>`;

  const common = { css: SCHEMA_CSS + REFERENCE_CSS };
  const pages = {
    [overviewFile]: page({
      ...common,
      title: `${doc.info.title} – reference`,
      description: `Reference of the ${doc.info.title}: every operation, parameter, field, error and promise.`,
      current: overviewFile,
      body: html`<div class="layout">${sidebar(overviewFile)}<main>${overview}${downloads}</main></div>`.toString(),
      script: CURRENT_SCRIPT + movedAnchorScript(pageOfOp),
    }),
  };
  for (const g of groups) {
    const md = (text) => markdown(text, { linkCode: hrefFrom(g.file) });
    const fields = fieldCollector(add, g.file);
    const schemas = createSchemaRenderer({
      document: doc,
      linkCode: hrefFrom(g.file),
      onField: fields.onField,
    });
    const section = html`<section class="namespace" id="${tagAnchor(g.name)}">
<p class="crumbs"><a href="${overviewFile}">${doc.info.title}</a></p>
<h1>${g.name} <span class="count">${g.ops.length} operation${g.ops.length === 1 ? '' : 's'}</span></h1>
${g.description ? raw(`<div class="prose">${md(g.description)}</div>`) : ''}
${g.ops.map((o) => raw(renderOperation(o, { doc, name, service, schemas, md, add, fields, keys, tag: g.name, file: g.file, overviewFile, linkOp: hrefFrom(g.file), known })))}
</section>`;
    pages[g.file] = page({
      ...common,
      title: `${g.name} – ${doc.info.title} reference`,
      description: `${doc.info.title}, ${g.name}: every operation, parameter, field, error and promise.`,
      current: overviewFile,
      body: html`<div class="layout">${sidebar(g.file)}<main>${section}</main></div>`.toString(),
      script: CURRENT_SCRIPT,
    });
  }
  return pages;
}

/**
 * The overview's Errors section: each failure body the operations share, described once (its
 * fields indexed once), and each failure status with its meaning and the class the client throws.
 */
function errorsSection(doc, ops, { service, overviewFile, add, md, linkCode }) {
  const byStatus = new Map();
  for (const { operation } of ops) {
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      if (/^[45]/.test(status) && !byStatus.has(status)) {
        byStatus.set(status, { status, ...resolveRef(doc, raw) });
      }
    }
  }
  if (byStatus.size === 0) return '';
  const statuses = [...byStatus.values()].sort((a, b) => a.status.localeCompare(b.status));
  const bodies = [...new Set(statuses.map(sharedBodyName).filter(Boolean))];
  const fields = fieldCollector(add, overviewFile);
  const schemas = createSchemaRenderer({ document: doc, linkCode, onField: fields.onField });
  return html`<h2 id="errors">Errors</h2>
<p>A failure answers with a status from the table and a JSON body; the body every operation shares is described here once, and each operation's errors link to it.</p>
${bodies.map((name) => {
  fields.at({ service, page: overviewFile, call: 'errors', part: 'error body', label: name });
  const id = errorBodyAnchor(name);
  return html`<h3 id="${id}"><code>${name}</code></h3>
${raw(schemas.block(doc.components.schemas[name], { id, stack: [name] }))}`;
})}
<div class="table-wrap"><table class="errors"><thead><tr><th>Status</th><th>Meaning</th><th>The client throws</th></tr></thead><tbody>${statuses.map(
    (r) =>
      html`<tr id="errors/${r.status}"><td><span class="status s${r.status[0]}">${r.status}</span></td><td>${raw(md(r.description).replace(/^<p>|<\/p>\s*$/g, ''))}</td><td>${thrownClass(r.status)}</td></tr>`,
  )}</tbody></table></div>`;
}

/** Parameters by where they go (path, query, header), each with its id and search entry. */
function renderParameters(parameters, { anchor, schemas }) {
  if (parameters.length === 0) return html`<p class="muted">No parameters.</p>`;
  return ['path', 'query', 'header', 'cookie'].flatMap((where) => {
    const list = parameters.filter((p) => p.in === where);
    if (list.length === 0) return [];
    return [
      html`<p class="param-group">In the ${where}</p>`,
      html`<div class="fields">${list.map((p) =>
        paramField(
          p,
          { anchor, schemas },
          p.in === 'query' && p.explode !== false && p.schema?.type === 'array'
            ? html`<span class="badge position">repeat: ?${p.name}=a&amp;${p.name}=b</span>`.toString()
            : undefined,
        ),
      )}</div>`,
    ];
  });
}

/** The responses of an operation: the answer (2xx/3xx) and the errors (4xx/5xx), each with an id. */
function renderResponses(
  operation,
  { doc, anchor, schemas, md, add, fields, entry, linkOp, overviewFile },
) {
  const responses = Object.entries(operation.responses ?? {}).map(([status, r]) => ({
    status,
    ...resolveRef(doc, r),
  }));
  const one = (r, extra = '') => {
    const failure = /^[45]/.test(r.status);
    const links = Object.entries(r.links ?? {}).map(([key, l]) => ({ key, ...resolveRef(doc, l) }));
    return responseBlock(r, {
      anchor,
      operationId: operation.operationId,
      kind: failure ? 'error' : 'field',
      open: !failure,
      more: html`${extra}
${links.length ? html`<p class="links-head">Leads to (OpenAPI <code>links</code>, followed by the contract tester):</p><ul class="links">${links.map((l) => html`<li><a href="${linkOp(l.operationId) ?? `#${l.operationId}`}"><code>${l.operationId}</code></a>${l.description ? ` – ${l.description}` : ''}${Object.entries(l.parameters ?? {}).map(([k, v]) => html` <code>${k}</code> ← <code>${String(v)}</code>`)}</li>`)}</ul>` : ''}`,
      entry,
      add,
      fields,
      md,
      schemas,
    });
  };
  const answers = responses.filter((r) => !/^[45]/.test(r.status));
  const errors = responses.filter((r) => /^[45]/.test(r.status));
  return html`<h4 id="${partAnchor(anchor, 'answer')}">Answer</h4>
${answers.length ? answers.map(one) : html`<p class="muted">No success answer is described.</p>`}
<h4 id="${partAnchor(anchor, 'errors')}">Errors</h4>
${errors.length ? errors.map((r) => errorBlock(r, { one, overviewFile })) : html`<p class="muted">No documented errors.</p>`}`;
}

/** The component schema name of a response's JSON body when it is a `$ref` (`ApiError`). */
function sharedBodyName(r) {
  const ref = r.content?.['application/json']?.schema?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/')
    ? ref.split('/').pop()
    : undefined;
}

/** The anchor of a shared error body's one description, on the service's overview page. */
const errorBodyAnchor = (name) => `errors-${name}`;

/** The class a client throws for a status, linked to the guide's table of error classes. */
const thrownClass = (status) => classLink(restErrorClass(status));

/**
 * One failure status of an operation: its meaning and the class the client throws; a body shared
 * by the whole API (`ApiError`) links to its one description instead of repeating its fields.
 */
function errorBlock(r, { one, overviewFile }) {
  const name = sharedBodyName(r);
  const meta = name
    ? html`<p class="error-meta">Body <a href="${overviewFile}#${errorBodyAnchor(name)}"><code>${name}</code></a> · the client throws ${thrownClass(r.status)}</p>`
    : html`<p class="error-meta">The client throws ${thrownClass(r.status)}</p>`;
  const { content: _, ...bodiless } = r;
  return one(name ? bodiless : r, meta);
}

/**
 * The response examples, one block per status and named example; a failure status shows only
 * the examples whose message names no parameter this operation lacks (see errors.mjs).
 */
function responseExamples(entry, doc, known) {
  return Object.entries(entry.operation.responses ?? {}).flatMap(([status, raw]) =>
    /^[45]/.test(status)
      ? errorExamplesFor(doc, entry, status, known).map(([name, value]) =>
          responseExampleBlock(status, name, value),
        )
      : responseExampleBlocks(status, resolveRef(doc, raw)?.content?.['application/json'], (ex) =>
          resolveRef(doc, ex),
        ),
  );
}

function renderOperation(
  o,
  { doc, name, service, schemas, md, add, fields, keys, tag, file, overviewFile, linkOp, known },
) {
  const { operation, method, path, parameters } = o;
  const anchor = operationAnchor(operation);
  const entry = { service, page: file };
  add({
    ...entry,
    kind: 'operation',
    title: operation.operationId,
    anchor,
    context: `${method.toUpperCase()} ${path} · ${tag}`,
    text: `${operation.summary ?? ''} ${operation.description ?? ''}`,
  });
  fields.at({ ...entry, call: operation.operationId, part: 'parameter' });
  const params = renderParameters(parameters, { anchor, schemas });
  const body = resolveRef(doc, operation.requestBody);
  const bodyJson = body?.content?.['application/json'];
  fields.at({ ...entry, call: operation.operationId, part: 'request body' });
  const bodyDoc = bodyJson?.schema
    ? html`<h4 id="${partAnchor(anchor, 'body')}">Request body</h4>
${body.description ? raw(`<div class="prose">${md(body.description)}</div>`) : ''}
${raw(schemas.block(bodyJson.schema, { id: partAnchor(anchor, 'body') }))}`
    : '';
  const security = operation.security ?? doc.security ?? [];
  const secured = security.length > 0 && keys.length > 0;
  // An empty requirement ({}) among the alternatives makes the key optional.
  const keyNote = security.some((r) => Object.keys(r).length === 0) ? 'optional' : 'required';
  const samples = restSamples(doc, name, o).map((s) =>
    codeBlock({ label: `Request · ${s.label}`, code: s.source, lang: s.lang }),
  );
  return html`<section class="method" id="${anchor}">
<div class="method-doc">
<h3><a class="anchor" href="#${anchor}">${operation.operationId}</a> ${badgesFor(operation)}</h3>
${operation.summary ? html`<p class="summary">${operation.summary}</p>` : ''}
<div class="endpoint"><span class="badge ${method}">${method.toUpperCase()}</span> <code>${path}</code></div>
${secured ? html`<dl class="facts"><dt>Key</dt><dd>${keys.map((k) => html`<a href="${overviewFile}#auth-${k.id}"><code>${k.name}</code></a> header `)}(${keyNote}) · <a href="${GUIDE_PAGE}#${API_KEYS_ANCHOR}">how to get and pass a key</a></dd></dl>` : ''}
${operation.servers ? html`<dl class="facts"><dt>Hosts</dt><dd>${renderServers(operation.servers, md)}</dd></dl>` : ''}
<div class="prose">${raw(md(operation.description))}</div>
<h4 id="${partAnchor(anchor, 'params')}">Parameters</h4>
${params}
${bodyDoc}
${renderResponses(operation, { doc, anchor, schemas, md, add, fields, entry, linkOp, overviewFile })}
${promisesOf(operation['x-promises'], md, { rest: true, anchor, add, entry: { ...entry, context: operation.operationId } })}
${tryPlaceholder(service, operation.operationId)}
</div>
<div class="method-examples"><div class="example">
<p class="example-title">Example</p>
${samples}
${responseExamples(o, doc, known)}
</div></div>
</section>`.toString();
}
