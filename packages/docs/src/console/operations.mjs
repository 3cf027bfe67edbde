// What the console and the snippets know of one operation or method: a plain descriptor made
// from conformance's own reading of the spec (OpenApiService / OpenRpcService), so the page at
// build time and the console in the browser describe it the same way.
import { expandServerUrl } from '../samples.mjs';

/** Where `pnpm docs:preview` starts the replay server: the consoles' "local replay server". */
export const DEFAULT_REPLAY_URL = 'http://127.0.0.1:9660';

/** The `data-service` names of the page's placeholders, and the bundled document of each. */
export const SERVICES = {
  data: { doc: 'data-api', kind: 'rest' },
  metrics: { doc: 'metrics-api', kind: 'rest' },
  health: { doc: 'node-health', kind: 'rest' },
  node: { doc: 'node-rpc', kind: 'rpc' },
};

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node at a JSON Pointer, following `$ref`s inside the document (the tests read schemas with it). */
export function at(doc, pointer) {
  let node = doc;
  for (const token of pointer.split('/').slice(1)) {
    node = node?.[token.replaceAll('~1', '/').replaceAll('~0', '~')];
    for (let hops = 0; typeof node?.$ref === 'string' && hops < 8; hops++)
      node = at(doc, node.$ref.slice(1));
  }
  return node;
}

/** The JSON type a parameter's value has (`integer`, `boolean`, ...), items' type for an array. */
function valueType(doc, pointer) {
  const schema = at(doc, pointer) ?? {};
  const typed = (s) => (Array.isArray(s?.type) ? s.type.find((t) => t !== 'null') : s?.type);
  return schema.type === 'array' ? typed(at(doc, `${pointer}/items`)) : typed(schema);
}

/** The header an `apiKey` security scheme of the document names, when the operation may use it. */
function apiKeyHeader(doc, opNode) {
  const schemes = doc.components?.securitySchemes ?? {};
  const security = opNode.security ?? doc.security ?? [];
  for (const requirement of security) {
    for (const name of Object.keys(requirement ?? {})) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey' && scheme.in === 'header') return scheme.name;
    }
  }
  return undefined;
}

function describeRest(service, name, doc, op) {
  const example = service.examples(op).find((e) => e.request) ?? {};
  const values = {};
  const params = op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => {
      const given =
        p.in === 'path' ? example.request?.pathParams?.[p.name] : example.request?.query?.[p.name];
      const value = p.example ?? (Array.isArray(given) ? (p.isArray ? given : given[0]) : given);
      if (value !== undefined) values[p.name] = value;
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        isArray: p.isArray,
        type: valueType(doc, p.schema) ?? 'string',
        explode: p.node.explode !== false,
        description: typeof p.node.description === 'string' ? p.node.description : '',
      };
    });
  if (op.requestBody && example.request?.body !== undefined) values.body = example.request.body;
  const servers = (Array.isArray(doc.servers) ? doc.servers : []).map((s) => ({
    url: expandServerUrl(s),
    description: s.description ?? '',
  }));
  return {
    op: {
      service: name,
      kind: 'rest',
      id: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      params,
      body: op.requestBody ? { required: op.requestBody.required } : undefined,
      servers,
      apiKeyHeader: apiKeyHeader(doc, op.node),
    },
    values,
  };
}

/** The endpoint path with its variables' defaults: `/ext/bc/X`. */
function endpointPath(endpoint) {
  return endpoint.path.replace(/\{([^}]+)\}/g, (w, v) => endpoint.variables[v]?.default ?? w);
}

function describeRpc(service, name, method) {
  const example = service.examples(method)[0];
  const values = {};
  if (Array.isArray(example?.params))
    example.params.forEach((v, i) => {
      const param = method.params[i];
      if (param) values[param.name] = v;
    });
  else if (isObject(example?.params)) Object.assign(values, example.params);
  const origins = [
    ...new Set(
      method.endpoints.map(
        (e) => new URL(expandServerUrl({ url: e.template, variables: e.variables })).origin,
      ),
    ),
  ];
  const endpoint = method.endpoints[0];
  return {
    op: {
      service: name,
      kind: 'rpc',
      id: method.id,
      method: 'POST',
      path: endpoint ? endpointPath(endpoint) : '/',
      paramStructure: method.paramStructure,
      params: method.params.map((p) => ({ name: p.name, required: p.required })),
      servers: origins.map((url) => ({ url, description: '' })),
      // The endpoint as samples.mjs reads it (rpcClientCall): template and variable defaults.
      endpoint: endpoint ? { url: endpoint.template, variables: endpoint.variables } : undefined,
    },
    values,
  };
}

/**
 * The descriptor of one operation (REST operationId, JSON-RPC method name) of a service of
 * `checker` (a conformance `SpecsCore`), with values prefilled from the spec's examples.
 */
export function describeOperation(checker, name, id) {
  const kind = SERVICES[name];
  if (!kind)
    throw new Error(
      `unknown console service "${name}"; expected one of ${Object.keys(SERVICES).join(', ')}`,
    );
  if (kind.kind === 'rpc') {
    const service = checker.rpc.find((s) => s.name === kind.doc);
    const method = service?.getMethod(id);
    if (!method) throw new Error(`${kind.doc} has no method "${id}"`);
    return describeRpc(service, name, method);
  }
  const service = checker.rest.find((s) => s.name === kind.doc);
  const op = service?.getOperation(id);
  if (!op) throw new Error(`${kind.doc} has no operation "${id}"`);
  return describeRest(service, name, service.doc, op);
}

/** Every operation and method of the checker's documents, with its prefilled values. */
export function describeAll(checker) {
  return Object.entries(SERVICES).flatMap(([name, { doc, kind }]) => {
    const list =
      kind === 'rpc'
        ? checker.rpc.find((s) => s.name === doc)?.methods
        : checker.rest.find((s) => s.name === doc)?.operations;
    return (list ?? []).map((o) => describeOperation(checker, name, o.id));
  });
}

/** JSON-RPC params as the method takes them: by position, trimmed after the last given. */
export function rpcParamsOf(op, values) {
  if (op.paramStructure === 'by-position') {
    const names = op.params.map((p) => p.name);
    const last = names.findLastIndex((n) => values[n] !== undefined);
    return names.slice(0, last + 1).map((n) => values[n] ?? null);
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

function encodeQuery(v) {
  return encodeURIComponent(String(v)).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/**
 * The HTTP request for the form's values against `target` (a base URL): method, url, the
 * JSON body and its headers. The api key is not here: the caller adds it for the one fetch.
 */
export function buildRequest(op, values, target = op.servers[0]?.url ?? '') {
  const base = target.replace(/\/$/, '');
  if (op.kind === 'rpc') {
    const body = { jsonrpc: '2.0', id: 1, method: op.id, params: rpcParamsOf(op, values) };
    return {
      method: 'POST',
      url: base + op.path,
      headers: { 'content-type': 'application/json' },
      body,
    };
  }
  let path = op.path;
  const query = [];
  for (const p of op.params) {
    const value = values[p.name];
    if (value === undefined || value === '') continue;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else {
      const list = Array.isArray(value) ? (p.explode ? value : [value.join(',')]) : [value];
      for (const v of list) query.push(`${encodeURIComponent(p.name)}=${encodeQuery(v)}`);
    }
  }
  const url = `${base}${path}${query.length ? `?${query.join('&')}` : ''}`;
  if (op.body && values.body !== undefined)
    return {
      method: op.method,
      url,
      headers: { 'content-type': 'application/json' },
      body: values.body,
    };
  return { method: op.method, url, headers: {} };
}
