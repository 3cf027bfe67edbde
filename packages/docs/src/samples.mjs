// Code samples (curl and TypeScript with the project's clients) built from spec examples.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a TypeScript literal: single quotes, bare keys, one line when it fits. */
export function tsLiteral(value, indent = '', width = 72, breakTop = false) {
  const flat = tsFlat(value);
  if (value === null || typeof value !== 'object') return flat;
  if (!breakTop && flat.length + indent.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner, width)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${inner}${tsKey(k)}: ${tsLiteral(v, inner, width)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** `prefix + value + suffix` on one line when it fits in `max` columns, else the value broken over lines. */
export function tsCall(prefix, value, suffix = ');', max = 88) {
  if (value === undefined) return `${prefix}${suffix}`;
  const flat = tsFlat(value);
  if (prefix.length + flat.length + suffix.length <= max) return `${prefix}${flat}${suffix}`;
  return `${prefix}${tsLiteral(value, '', 72, true)}${suffix}`;
}

function tsFlat(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return tsString(value);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(tsFlat).join(', ')}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${tsFlat(v)}`).join(', ')} }`;
}

function tsKey(key) {
  return IDENTIFIER.test(key) ? key : tsString(key);
}

function tsString(s) {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Quotes a string for a POSIX shell with single quotes. */
export function shellQuote(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

/** Fills `{name}` in a server URL template with the variables' defaults. */
export function expandServerUrl(server) {
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name) => server.variables?.[name]?.default ?? whole,
  );
}

/** `https://host:port` of an expanded URL: what createNodeClient takes as `baseUrl`. */
export function originOf(url) {
  return new URL(url).origin;
}

// ---------------------------------------------------------------------------- JSON-RPC

/** The `params` of a JSON-RPC request for one example: an object (by-name) or an array (by-position). */
export function rpcParams(method, example) {
  const given = new Map((example?.params ?? []).map((p) => [p.name, p.value]));
  if (method.paramStructure === 'by-position') {
    const order = method.params.map((p) => p.name);
    let last = -1;
    order.forEach((name, i) => {
      if (given.has(name)) last = i;
    });
    return order.slice(0, last + 1).map((name) => (given.has(name) ? given.get(name) : null));
  }
  return Object.fromEntries(given);
}

export function rpcRequestBody(method, example) {
  return { jsonrpc: '2.0', id: 1, method: method.name, params: rpcParams(method, example) };
}

export function rpcCurl(method, example) {
  const url = expandServerUrl(method.servers[0]);
  const body = JSON.stringify(rpcRequestBody(method, example), null, 2);
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'content-type: application/json' \\`,
    `  --data ${shellQuote(body)}`,
  ].join('\n');
}

/** How our client reaches a method: `client.avm.getUTXOs`, `client.index('X/block').getIndex`, ... */
export function rpcClientCall(method) {
  const server = method.servers[0];
  const vars = Object.fromEntries(
    Object.entries(server.variables ?? {}).map(([k, v]) => [k, v.default]),
  );
  const [ns, fn] = method.name.includes('.') ? method.name.split('.') : [undefined, undefined];
  if (method.name.startsWith('eth_')) {
    const name = method.name.slice(4);
    return `client.evm(${tsString(vars.blockchainId ?? 'C')}).${name[0].toLowerCase()}${name.slice(1)}`;
  }
  if (ns === 'index') return `client.index(${tsString(`${vars.chain}/${vars.kind}`)}).${fn}`;
  if (ns === 'validators') return `client.validators(${tsString(vars.blockchainId)}).${fn}`;
  if (ns && IDENTIFIER.test(ns) && IDENTIFIER.test(fn)) return `client.${ns}.${fn}`;
  return undefined;
}

export function rpcTypeScript(method, example) {
  const url = originOf(expandServerUrl(method.servers[0]));
  const params = rpcParams(method, example);
  const call = rpcClientCall(method);
  const result =
    method.result?.name && IDENTIFIER.test(method.result.name) ? method.result.name : 'result';
  const prefix = `const ${result} = await `;
  const lines = [];
  if (!call) {
    lines.push(tsCall(`${prefix}client.request(${tsString(method.name)}, `, params));
  } else {
    let target = call;
    const dot = call.lastIndexOf('.');
    // A long endpoint selector (`client.validators('<id>')`) gets its own line.
    if (call.slice(0, dot).includes('(') && call.length > 48) {
      lines.push(`const api = ${call.slice(0, dot)};`);
      target = `api${call.slice(dot)}`;
    }
    // By-position methods take their params as one tuple: `feeConfig(['0x1b4'])`.
    const empty = Array.isArray(params) ? params.length === 0 : Object.keys(params).length === 0;
    lines.push(tsCall(`${prefix}${target}(`, empty ? undefined : params));
  }
  return [
    `import { createNodeClient } from '@avalanche-api/node-rpc';`,
    '',
    `const client = createNodeClient({ baseUrl: ${tsString(url)} });`,
    ...lines,
  ].join('\n');
}

export function rpcResponseBody(example) {
  return { jsonrpc: '2.0', id: 1, result: example?.result?.value ?? null };
}

// ---------------------------------------------------------------------------- REST

/** Example value of an OpenAPI parameter (resolved), or undefined. */
export function parameterExample(param) {
  if (param.example !== undefined) return param.example;
  const first = param.examples && Object.values(param.examples)[0];
  if (first && 'value' in first) return first.value;
  return undefined;
}

/** Path and query of a REST call, `{name}` filled in; arrays with `explode` repeat the key. */
export function restUrl(base, path, params, values) {
  let url = base.replace(/\/$/, '') + path;
  const query = [];
  for (const p of params) {
    if (!(p.name in values)) continue;
    const value = values[p.name];
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') {
      const list = Array.isArray(value) && p.explode !== false ? value : [value];
      for (const v of list) query.push(`${encodeURIComponent(p.name)}=${encodeQuery(v)}`);
    }
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}

function encodeQuery(value) {
  const s = Array.isArray(value) ? value.join(',') : String(value);
  return encodeURIComponent(s).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

export function restCurl({ method, url, body }) {
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuote(url)}`];
  if (body !== undefined) {
    lines.push(`  -H 'content-type: application/json'`);
    lines.push(`  --data ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

/** `const x = await client.op({...})` with the client's flat parameter object. */
export function restTypeScript({
  pkg,
  factory,
  factoryArgs = '',
  operationId,
  values,
  resultName = 'result',
}) {
  return [
    `import { ${factory} } from '${pkg}';`,
    '',
    `const client = ${factory}(${factoryArgs});`,
    tsCall(
      `const ${resultName} = await client.${operationId}(`,
      Object.keys(values).length ? values : undefined,
    ),
  ].join('\n');
}
