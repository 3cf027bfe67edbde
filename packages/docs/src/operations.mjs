// Every call the site documents, as one flat list read from the bundled specs: the REST
// operations of the Data and Metrics APIs, the node's JSON-RPC methods and its health GETs.
// The renderer, the search index and the console all walk this list, so no page names an
// operation of its own.

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The overview page of each service's reference (its operations live on one page per group). */
export const SERVICE_PAGES = {
  data: 'data-api.html',
  metrics: 'metrics-api.html',
  node: 'node-api.html',
  health: 'node-api.html',
};

/** A name as it appears in a file name or an anchor: `Primary Network` → `primary-network`. */
export function slug(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The page of one group of calls: a tag of a REST spec (`data-api-primary-network.html`) or a
 * namespace of the node's (`node-api-platform.html`). One page per group keeps every page's first
 * load small however many operations a spec holds.
 */
export function groupPage(service, group) {
  return `${SERVICE_PAGES[service].replace(/\.html$/, '')}-${slug(group)}.html`;
}

/** The group a REST operation is listed under: its first tag. */
export function restGroup(operation) {
  return operation.tags?.[0] ?? 'Operations';
}

/** The namespace a JSON-RPC method is listed under: its first tag, or its name's prefix. */
export function methodGroup(openrpc, method) {
  return resolveRef(openrpc, method.tags?.[0])?.name ?? method.name.split(/[._]/)[0];
}

/** The page of the node's shared types, and of the health GETs (beside the health methods). */
export const NODE_TYPES_PAGE = 'node-api-types.html';
export const HEALTH_PAGE = groupPage('node', 'health');

/** What a reader calls each service (search groups, headings). */
export const SERVICE_TITLES = {
  data: 'Data API',
  metrics: 'Metrics API',
  node: 'Node JSON-RPC',
  health: 'Node health',
  guide: 'Guides',
};

/** Follows local `$ref`s (`#/components/...`) inside `doc` until a value without one. */
export function resolveRef(doc, value) {
  let node = value;
  const seen = new Set();
  while (node && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`circular $ref ${node.$ref}`);
    seen.add(node.$ref);
    if (!node.$ref.startsWith('#/')) throw new Error(`external $ref not supported: ${node.$ref}`);
    node = node.$ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((n, key) => n?.[key], doc);
  }
  return node;
}

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

/** The anchor of a REST operation on its page: its operationId (`data-api.html#listValidators`). */
export function operationAnchor(operation) {
  return operation.operationId;
}

/** The anchor of a health endpoint: a slug of method and path, e.g. `get-ext-health-readiness`. */
export function healthAnchor(method, path) {
  return `${method} ${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The anchor of a part of a call's section: `listValidators/params/pageToken`. */
export function partAnchor(anchor, ...parts) {
  return [anchor, ...parts].join('/');
}

function restDescriptor(service, doc, { path, method, operation, parameters }, anchor) {
  const body = resolveRef(doc, operation.requestBody);
  return {
    service,
    op: operation.operationId,
    kind: service === 'health' ? 'health' : 'operation',
    method,
    path,
    page: service === 'health' ? HEALTH_PAGE : groupPage(service, restGroup(operation)),
    anchor,
    summary: operation.summary,
    params: parameters.map((p) => ({
      name: p.name,
      in: p.in,
      required: Boolean(p.required),
      schema: p.schema,
      description: p.description,
      example: p.example ?? Object.values(p.examples ?? {})[0]?.value,
    })),
    body: body?.content?.['application/json'],
    responses: operation.responses ?? {},
    promises: operation['x-promises'],
    servers: operation.servers ?? doc.servers ?? [],
    security: operation.security ?? doc.security ?? [],
    operation,
  };
}

/**
 * The descriptor list of every call: `{service, op, kind, method, path, page, anchor,
 * summary, params, ...}`. `service` is `data`, `metrics`, `node` (JSON-RPC) or `health`;
 * `op` the operationId or the JSON-RPC method name. `specs` holds the four bundled documents
 * as `{data, metrics, openrpc, health}`.
 */
export function listOperations(specs) {
  const out = [];
  for (const service of ['data', 'metrics']) {
    for (const entry of operationsOf(specs[service])) {
      out.push(restDescriptor(service, specs[service], entry, operationAnchor(entry.operation)));
    }
  }
  for (const method of specs.openrpc.methods) {
    const server = method.servers?.[0];
    out.push({
      service: 'node',
      op: method.name,
      kind: 'method',
      method: 'post',
      path: server ? server.url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/' : '/',
      page: groupPage('node', methodGroup(specs.openrpc, method)),
      anchor: method.name,
      summary: method.summary,
      paramStructure: method.paramStructure ?? 'by-name',
      params: method.params.map((p) => ({
        name: p.name,
        in: 'params',
        required: Boolean(p.required),
        schema: p.schema,
        description: p.description,
        example: method.examples?.[0]?.params?.find((e) => e.name === p.name)?.value,
      })),
      result: method.result,
      errors: (method.errors ?? []).map((e) => resolveRef(specs.openrpc, e)),
      examples: method.examples ?? [],
      servers: method.servers ?? [],
      rpc: method,
    });
  }
  for (const entry of operationsOf(specs.health)) {
    out.push(restDescriptor('health', specs.health, entry, healthAnchor(entry.method, entry.path)));
  }
  return out;
}

/**
 * The overview page's answer to a link from before the reference was split into one page per
 * group (`data-api.html#listValidators/params/pageToken`): it moves to the call's page, same anchor.
 */
export function movedAnchorScript(pageOfAnchor) {
  const map = JSON.stringify(Object.fromEntries(pageOfAnchor)).replace(/</g, '\\u003c');
  return `
(function () {
  var pages = ${map};
  function follow() {
    var hash = decodeURIComponent(location.hash.slice(1));
    var page = pages[hash.split('/')[0]];
    if (page) location.replace(page + location.hash);
  }
  follow();
  window.addEventListener('hashchange', follow);
})();`;
}
