#!/usr/bin/env node
// The options and errors tables of the client READMEs and the root README, from one source: the
// rows below. Each README holds its tables between `<!-- name:begin … -->` and `<!-- name:end -->`
// markers; this script rewrites what is between them (`pnpm generate` runs it after the specs are
// bundled, and CI fails when a README differs). A client's README gets the rows of that client
// only, so a REST README lists no node-only error; the root README gets every row once, with the
// clients it applies to. The lists of operations and methods come from the bundled specs.
//
//   node scripts/generate-readme-tables.mjs [--check]
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The clients: package, README, base error class, default base URL, REST or JSON-RPC. */
export const CLIENTS = {
  data: {
    label: 'Data',
    package: '@avalanche-api/data-client',
    readme: 'packages/data-client/README.md',
    base: 'DataClientError',
    url: 'https://data-api.avax.network',
    spec: 'specs/dist/data-api.json',
    rest: true,
  },
  metrics: {
    label: 'Metrics',
    package: '@avalanche-api/metrics-client',
    readme: 'packages/metrics-client/README.md',
    base: 'MetricsClientError',
    url: 'https://metrics.avax.network',
    spec: 'specs/dist/metrics-api.json',
    rest: true,
  },
  node: {
    label: 'node',
    package: '@avalanche-api/node-rpc',
    readme: 'packages/node-rpc/README.md',
    base: 'NodeClientError',
    url: 'https://api.avax.network',
    spec: 'specs/dist/node-rpc.json',
    rest: false,
  },
};
const ALL = Object.keys(CLIENTS);
const REST = ALL.filter((c) => CLIENTS[c].rest);

/**
 * A cell: text for every client, or per client (`{ data: …, metrics: …, node: … }`, a missing
 * client falling back to `rest` for Data and Metrics).
 */
const cell = (value, client) =>
  typeof value === 'function'
    ? value(CLIENTS[client], client)
    : typeof value === 'string'
      ? value
      : (value[client] ?? (CLIENTS[client].rest ? value.rest : undefined) ?? value.other);

/** [option, clients, default, meaning, the root README's meaning when it differs] */
export const OPTIONS = [
  [
    '`baseUrl`',
    ALL,
    (c) => `\`${c.url}\``,
    'Where requests go; a path prefix is kept. Keys and credential headers go to its origin only.',
  ],
  [
    '`apiKey`',
    REST,
    'none',
    "Sent as `x-glacier-api-key`, only to `baseUrl`'s origin; never in an error. Wins over one in `headers`.",
  ],
  ['`fetch`', ALL, '`globalThis.fetch`', 'Your own `fetch` (a proxy agent, a test double).'],
  [
    '`headers`',
    ALL,
    'none',
    "Added to every request (per call too: the call options' `headers`). A credential-named one (`authorization`, `x-api-key`, any name with key, token, secret, auth, cookie, pass) goes to `baseUrl`'s origin only and never appears in an error.",
  ],
  [
    '`timeoutMs`',
    ALL,
    '`30000`',
    'Per attempt, reading the body included; `0` turns it off (per call too).',
  ],
  [
    '`retry`',
    ALL,
    '`{ attempts: 3, baseDelayMs: 250, maxDelayMs: 10000 }`',
    'Tries in all, jittered backoff, `Retry-After` honoured up to `maxDelayMs` (see Retries); `false` turns retries off.',
  ],
  [
    '`maxResponseBytes`',
    ALL,
    '`33554432` (32 MiB)',
    'Largest body read, after decompression; reading stops there with a `ResponseTooLargeError`.',
  ],
  [
    '`validate`',
    ALL,
    "`'off'`",
    (c) =>
      `\`createValidator('strict')\` (or \`'warn'\`) from \`${c.package}/validate\` checks every ${c.rest ? 'success body' : 'result'} against the spec.`,
    // The root README's wording, for all clients at once.
    "`createValidator('strict')` (or `'warn'`) from the client's `/validate` entry point checks every success body (node: every result) against the spec.",
  ],
];

/**
 * [class, clients, when, fields, what to do]: the classes are @avalanche-api/rest-core's, the same
 * objects in every client; each README explains the ones its client throws under `### <class>`,
 * where an error's `docsUrl` points.
 */
export const ERRORS = [
  [
    (c) => `\`${c.base}\``,
    ALL,
    'Matches every error this client threw (`error.client` is its package name), whatever its class; not a base class, since the classes are shared by the clients.',
    '`client`',
    (c) =>
      `\`catch (e) { if (e instanceof ${c.base}) … }\` tells this client's errors from another's; match a class below for what happened.`,
  ],
  [
    '`ClientError`',
    ALL,
    'Base class of every error of every client: a one-line `message`, `details`, `client` (the package that threw), `docsUrl` (its section here) and, where there is one, `cause`.',
    '`message`, `details`, `client`, `docsUrl`, `cause`',
    'Log `message` and `details`; `docsUrl` leads here.',
  ],
  [
    '`ParameterError`',
    ALL,
    {
      rest: "A parameter breaks the spec's rules, or a setting is invalid; nothing was sent. `name: value is … (operation)`, e.g. `pageSize: 101 is above the maximum 100 (listValidators)`, `network is required (listValidators)`.",
      metrics:
        'A parameter breaks the spec\'s rules, or a setting is invalid; nothing was sent. `name: value is … (operation)`, e.g. `chainId: "x" does not match ^[1-9][0-9]*$ (getAvgTps)`, `chainId is required (getAvgTps)`.',
      node: 'A parameter breaks the spec\'s rules, or a setting is invalid; nothing was sent. `name: value is … (method)`, e.g. `encoding: "xml" is not one of hex, hexc, hexnc (avm.getUTXOs)`, `txID is required (avm.getTx)`; at creation, a `baseUrl` ending in an endpoint path (`baseUrl: "http://host:9650/ext/bc/X" ends in the endpoint path /ext/bc/X; pass the node\'s base url, http://host:9650 (createNodeClient)`).',
    },
    '`operation`, `parameter`, `value`, `rule` (one of `PARAMETER_RULES`)',
    'Fix the value the message names; `validate: "strict"` is one too: pass `createValidator(\'strict\')` from the `/validate` entry point.',
  ],
  [
    '`HttpError`',
    ALL,
    {
      rest: 'Any failure status; base of every status class below (`BadRequestError` … `ParseError`); a status without a class of its own (409, 418) is this class.',
      node: "An HTTP status outside 2xx (for `health.get`: other than 200 and 503), or an error the node reported by kind; base of every status class below. The message ends with the server's first line of text: `HTTP 404 from http://host:9650/ext/info: 404 page not found`.",
    },
    {
      rest: "`status`, `error`, `message`, `body` (the spec's `ErrorBody`, or the text of a non-JSON answer), `url`",
      node: "`status`, `error`, `body` (the spec's `ErrorBody`, or the text of a non-JSON answer), `url`",
    },
    'Read `status` and `message`; the subclasses below say more.',
  ],
  [
    '`BadRequestError`',
    ALL,
    {
      rest: '400: the server rejected a parameter; `message` says which.',
      node: "The node refused an argument: a JSON-RPC error (HTTP 200) the spec's `x-error-kinds` call a bad request, e.g. -32000 `couldn't unmarshal an argument. …`, `numToFetch must be in [1,1024] but is 0`, EVM -32602; `code`, `data`, `method` as on `RpcError`, which it matches too.",
    },
    'as `HttpError`',
    'Fix the parameter the message names; the client checked what the spec says, the server knows more.',
  ],
  [
    '`UnauthorizedError`',
    ALL,
    {
      rest: '401: the api key is missing or invalid.',
      node: 'HTTP 401: a gateway in front of the node wants credentials.',
    },
    'as `HttpError`',
    { rest: 'Pass a valid `apiKey`.', node: "Pass the gateway's credentials in `headers`." },
  ],
  [
    '`ForbiddenError`',
    ALL,
    {
      rest: '403: the api key may not access this.',
      node: 'HTTP 403: a gateway in front of the node refuses these credentials.',
    },
    'as `HttpError`',
    { rest: 'Use a key that may.', node: 'Use credentials the gateway accepts.' },
  ],
  [
    '`NotFoundError`',
    ALL,
    {
      rest: '404: unknown path, chain, block, transaction, address, …',
      node: "The node does not have the block, transaction, …: a JSON-RPC error (HTTP 200) the spec's `x-error-kinds` call not found, e.g. -32000 `couldn't get block at height 1: not found` (avm.getBlockByHeight), EVM `header not found`; `code`, `data`, `method` as on `RpcError`, which it matches too. Or HTTP 404.",
    },
    'as `HttpError`',
    'Treat as "none": check the id and the network.',
  ],
  [
    '`RateLimitError`',
    ALL,
    '429, once the retries are used up (or at once when `Retry-After` asks for more than `maxDelayMs`).',
    '`retryAfterMs` (from `Retry-After`)',
    'Wait `retryAfterMs`, then try again; send fewer requests (or a key rated higher).',
  ],
  [
    '`ServerError`',
    ALL,
    '5xx but 501; an HTML page from a gateway has its `ParseError` as `cause`.',
    'as `HttpError`',
    'Try again later; the client has retried 502 and 503 already where that is safe.',
  ],
  [
    '`UnsupportedError`',
    ALL,
    {
      rest: '501: the service does not offer this operation.',
      node: "The node does not offer the method or API (`rpc: can't find method` on its own endpoints, -32601 on the EVM one, an API not enabled, HTTP 501); `code`, `data`, `method` as on `RpcError`, which it matches too.",
    },
    'as `HttpError`',
    {
      rest: 'Use another operation or service.',
      node: 'Call a node that enables the API (or the method), or use another method.',
    },
  ],
  [
    '`ParseError`',
    ALL,
    {
      rest: 'A 2xx body that is not JSON, empty, or cannot be decompressed; not retried.',
      node: 'An answer that is not JSON-RPC 2.0 (not JSON, both or neither of `result` and `error`, a malformed error object) or cannot be decompressed; not retried.',
    },
    '`status`, `url`, `body` (first 1000 characters)',
    'Look at `body`: usually a proxy or gateway in between answered.',
  ],
  [
    '`TimeoutError`',
    ALL,
    'No complete answer within `timeoutMs`; not retried.',
    '`timeoutMs`, `url`',
    'Raise `timeoutMs` (per call too) or ask for less (a smaller `pageSize`).',
  ],
  [
    '`ConnectionError`',
    ALL,
    'No complete answer, and the message says why: `could not reach <url> (ECONNREFUSED)` (never reached: DNS, refused, CORS), `<url> closed the connection (UND_ERR_SOCKET)` (reached, closed before answering), `<url> broke off mid-answer (…)`, or on Deno `<url>: Requires net access to "host:port", run again with the --allow-net flag (NotCapable)`. Retried, except an answer to a POST that broke off.',
    '`url`, `code`, `cause`',
    'Check `baseUrl`, the network and, in a browser, CORS.',
  ],
  [
    '`RedirectError`',
    ALL,
    'A redirect answered while a key or credential header was attached; not followed.',
    '`status`, `location`, `url`',
    'Set `baseUrl` to where it redirects, if you trust it with the key.',
  ],
  [
    '`ResponseTooLargeError`',
    ALL,
    'The body passed `maxResponseBytes`; reading stopped there.',
    '`maxResponseBytes`, `url`',
    'Ask for less, or raise `maxResponseBytes`.',
  ],
  [
    '`PaginationError`',
    ALL,
    {
      rest: '`paginate` was handed a page token it had followed before (A, B, A too). `paginate` is the one function every client shares, so its `client` is `@avalanche-api/rest-core`.',
      node: 'An iterator (`avm.utxos`, `index(path).containers`) was handed a cursor it had followed before.',
    },
    '`pageToken`, `page`',
    'The pages read so far were yielded; report the service bug, or start again.',
  ],
  [
    '`ResponseValidationError`',
    ALL,
    (c) =>
      `\`validate: createValidator('strict')\` and a ${c.rest ? 'success body' : 'result'} that does not match the spec; the message lists the first mismatches (10 by default), \`issues\` all of them.`,
    '`operationId`, `issues`, `url`',
    "Report the mismatch (the spec or the service is wrong); `createValidator('warn')` lets such answers through.",
  ],
  [
    '`RpcError`',
    ['node'],
    'A JSON-RPC `error` object in the answer (HTTP 200); never retried. `instanceof RpcError` also holds for the `BadRequestError`, `NotFoundError` and `UnsupportedError` the node reported.',
    '`code`, `message`, `data`, `method`, `url`',
    "Read `message` (the node's own words) and `code`.",
  ],
  [
    '`IdMismatchError`',
    ['node'],
    "An answer's id, or a batch's set of ids, is not the request's.",
    '`expected`, `received`, `url`',
    'A proxy in between mixed answers up; call the node directly.',
  ],
];

/** A Markdown table with padded columns (the style of the hand-written ones). */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** A client's options table: its rows only. */
export function optionsTable(client) {
  return table(
    ['Option', 'Default', 'Meaning'],
    OPTIONS.filter(([, clients]) => clients.includes(client)).map(([name, , def, meaning]) => [
      cell(name, client),
      cell(def, client),
      cell(meaning, client),
    ]),
  );
}

/** A client's errors table: its classes only. */
export function errorsTable(client) {
  return table(
    ['Error', 'When', 'Fields'],
    ERRORS.filter(([, clients]) => clients.includes(client)).map(([name, , when, fields]) => [
      cell(name, client),
      cell(when, client),
      cell(fields, client),
    ]),
  );
}

/**
 * A client's error sections: one `### <class>` heading per class it throws, the anchor its errors'
 * `docsUrl` points at, with what happened, the fields and what to do.
 */
export function errorSections(client) {
  return ERRORS.filter(([, clients]) => clients.includes(client))
    .map(([name, , when, fields, todo]) =>
      [
        `### ${cell(name, client).replaceAll('`', '')}`,
        '',
        cell(when, client),
        '',
        `Fields: ${cell(fields, client)}. ${cell(todo, client)}`,
      ].join('\n'),
    )
    .join('\n\n');
}

/** One cell for several clients: the text once when they agree, else `Data: a; node: b`. */
function joined(value, clients) {
  const texts = clients.map((c) => cell(value, c));
  if (texts.every((t) => t === texts[0])) return texts[0];
  const groups = new Map();
  clients.forEach((c, i) => {
    groups.set(texts[i], [...(groups.get(texts[i]) ?? []), CLIENTS[c].label]);
  });
  return [...groups].map(([text, labels]) => `**${labels.join(', ')}:** ${text}`).join(' ');
}

const clientsCell = (clients) =>
  clients.length === ALL.length ? 'all' : clients.map((c) => CLIENTS[c].label).join(', ');

/** The root README's tables: every row once, with the clients it applies to. */
export function rootOptionsTable() {
  return table(
    ['Option', 'Clients', 'Default', 'Meaning'],
    OPTIONS.map(([name, clients, def, meaning, rootMeaning]) => [
      joined(name, clients),
      clientsCell(clients),
      joined(def, clients),
      rootMeaning ?? joined(meaning, clients),
    ]),
  );
}

export function rootErrorsTable() {
  return table(
    ['Error', 'Clients', 'When', 'Fields'],
    ERRORS.map(([name, clients, when, fields]) => [
      clients
        .map((c) => cell(name, c))
        .filter((n, i, all) => all.indexOf(n) === i)
        .join(' / '),
      clientsCell(clients),
      joined(when, clients),
      joined(fields, clients),
    ]),
  );
}

/** A REST client's operations, as the README's sentence counts them: from the bundled spec. */
export function operationsSentence(spec) {
  const ids = Object.values(spec.paths).flatMap((item) =>
    Object.values(item).filter((op) => op && typeof op === 'object' && op.operationId),
  );
  return `The spec's ${ids.length} operations are the client's methods, each named by its \`operationId\`, by tag:`;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of a REST document with its first tag, in the document's tag order. */
function operationsByTag(spec) {
  const groups = new Map((spec.tags ?? []).map((t) => [t.name, []]));
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const tag = op.tags?.[0] ?? 'Operations';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(op);
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0);
}

/** The node spec's methods by their first tag (the namespace), in spec order. */
function methodsByTag(spec) {
  const tagOf = (m) => (m.tags?.[0]?.$ref ?? m.tags?.[0]?.name ?? '').split('/').pop();
  const byTag = new Map();
  for (const m of spec.methods) byTag.set(tagOf(m), [...(byTag.get(tagOf(m)) ?? []), m]);
  return byTag;
}

/** An operation or method name in a table cell, marked † when deprecated. */
const named = (name, op) => `\`${name}\`${op.deprecated ? '†' : ''}`;

/** One REST client's table: a row per tag of its spec, with every operationId. */
export function restOperationsTable(spec) {
  return table(
    ['Tag', 'Operations', 'operationIds'],
    operationsByTag(spec).map(([tag, ops]) => [
      tag,
      String(ops.length),
      ops.map((op) => named(op.operationId, op)).join(', '),
    ]),
  );
}

/**
 * The root README's coverage table: per service and group (a REST tag, a node namespace), how
 * many operations or methods the specs hold and which. † marks a deprecated one.
 */
export function coverageTable({ data, metrics, node, health }) {
  const rows = [];
  const add = (group, list, nameOf) =>
    rows.push([group, String(list.length), list.map((x) => named(nameOf(x), x)).join(', ')]);
  for (const [service, spec] of [
    ['Data API', data],
    ['Metrics API', metrics],
  ]) {
    for (const [tag, ops] of operationsByTag(spec))
      add(`${service} · ${tag}`, ops, (op) => op.operationId);
  }
  for (const [tag, methods] of [...methodsByTag(node)].sort(([a], [b]) => a.localeCompare(b)))
    add(`Node JSON-RPC · ${tag}`, methods, (m) => m.name);
  for (const [tag, ops] of operationsByTag(health))
    add(`Node health (GET) · ${tag}`, ops, (op) => op.operationId);
  const total = (service) =>
    rows.filter((r) => r[0].startsWith(`${service} · `)).reduce((sum, r) => sum + Number(r[1]), 0);
  const totals = ['Data API', 'Metrics API', 'Node JSON-RPC', 'Node health (GET)']
    .map((service) => `${service} ${total(service)}`)
    .join(', ');
  return `${table(['Service · group', 'Count', 'Operations and methods'], rows)}\n\nIn all: ${totals}. † deprecated.`;
}

/**
 * How the node client reaches the namespaces it shapes by hand (packages/node-rpc/src/
 * createNodeClient.ts): the selector, the endpoint's words and the extras. Every other
 * namespace of the spec is a plain `client.<namespace>` at its methods' endpoint.
 */
export const SHAPED_NAMESPACES = {
  avm: {
    call: '`client.avm`',
    endpoint: '`/ext/bc/X` (another AVM chain: `{ blockchainId }` in the call options)',
    extras: ', and the iterator `utxos`',
  },
  health: { call: '`client.health`', extras: ' (JSON-RPC), and `get` (HTTP GET)' },
  index: {
    call: '`client.index(path)`',
    endpoint: (paths) =>
      `\`/ext/index/<path>\`, path one of ${paths.map((p) => `\`${p}\``).join(', ')}`,
    extras: ', and the iterator `containers`; needs a node started with `--index-enabled`',
  },
  evm: {
    call: "`client.evm(id = 'C')`",
    endpoint: '`/ext/bc/<id>/rpc`',
    extras: ' (the `eth_*` extras), and `batch`',
  },
  validators: { call: '`client.validators(id)`', endpoint: '`/ext/bc/<id>/validators`' },
};

/** A method's first server path, its variables at their defaults (`/ext/info`). */
function endpointPath(method) {
  const server = method.servers?.[0];
  if (!server) return 'the default endpoint';
  const url = server.url.replace(/\{(\w+)\}/g, (_, v) => server.variables?.[v]?.default ?? v);
  return new URL(url).pathname;
}

/** The node README's namespace table: one row per namespace (spec tag) of the bundled spec. */
export function namespacesTable(spec) {
  const byTag = methodsByTag(spec);
  // The spec's order of tags; the shaped namespaces keep the order the README always had.
  const order = ['avm', 'info', 'health', 'index', 'evm', 'validators'];
  const tags = [...byTag.keys()].sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99),
  );
  const rows = tags.map((tag) => {
    const methods = byTag.get(tag);
    const shaped = SHAPED_NAMESPACES[tag] ?? {};
    const allNodeSpecific = methods.every((m) => m['x-node-specific'] === true);
    const paths = [
      ...new Set(
        methods.flatMap((m) => (m.servers ?? []).flatMap((s) => s['x-index-paths'] ?? [])),
      ),
    ];
    let endpoint = shaped.endpoint ?? `\`${endpointPath(methods[0])}\``;
    if (typeof endpoint === 'function') endpoint = endpoint(paths);
    if (allNodeSpecific) endpoint += ' ‡';
    const words = methods.map(
      (m) =>
        m.name.replace(/^[a-z]+[._]/, '') +
        (m.deprecated ? '†' : '') +
        (m['x-node-specific'] && !allNodeSpecific ? '‡' : ''),
    );
    return [shaped.call ?? `\`client.${tag}\``, endpoint, words.join(', ') + (shaped.extras ?? '')];
  });
  rows.push([
    '`client.request(method, params, options?)`',
    "the method's endpoint",
    'any method by its spec name; `options.blockchainId` and `options.index` fill the endpoint',
  ]);
  return table(['Namespace', 'Endpoint', 'Methods'], rows);
}

/** What each README gets, by marker name. */
export async function blocks(readSpec) {
  const data = await readSpec(CLIENTS.data.spec);
  const out = {
    'README.md': { options: rootOptionsTable(), errors: rootErrorsTable() },
    // The docs site's client guide carries the same tables as the root README.
    'packages/docs/src/guide/clients.md': {
      options: rootOptionsTable(),
      errors: rootErrorsTable(),
    },
  };
  for (const client of ALL) {
    out[CLIENTS[client].readme] = {
      options: optionsTable(client),
      errors: errorsTable(client),
      'error-classes': errorSections(client),
    };
  }
  const metrics = await readSpec(CLIENTS.metrics.spec);
  const node = await readSpec(CLIENTS.node.spec);
  const health = await readSpec('specs/dist/node-health.json');
  out['README.md'].coverage = coverageTable({ data, metrics, node, health });
  out[CLIENTS.data.readme].operations =
    `${operationsSentence(data)}\n\n${restOperationsTable(data)}`;
  out[CLIENTS.metrics.readme].operations =
    `${operationsSentence(metrics)}\n\n${restOperationsTable(metrics)}`;
  out[CLIENTS.node.readme].namespaces = namespacesTable(await readSpec(CLIENTS.node.spec));
  return out;
}

const begin = (name) =>
  new RegExp(`<!-- ${name}:begin[^>]*-->\\n(?:[\\s\\S]*?\\n)?<!-- ${name}:end -->`);

/** `text` with each named block replaced; throws when a README lacks a marker pair. */
export function fill(text, file, named) {
  for (const [name, content] of Object.entries(named)) {
    if (!begin(name).test(text))
      throw new Error(`${file}: no <!-- ${name}:begin --> … <!-- ${name}:end --> markers`);
    text = text.replace(
      begin(name),
      `<!-- ${name}:begin: generated by scripts/generate-readme-tables.mjs; run pnpm generate -->\n${content}\n<!-- ${name}:end -->`,
    );
  }
  return text;
}

/** Rewrites (or with `check`, compares) every README; returns the files that differ. */
export async function main({ check = false, dir = root } = {}) {
  const readSpec = async (file) => JSON.parse(await readFile(join(dir, file), 'utf8'));
  const stale = [];
  for (const [file, named] of Object.entries(await blocks(readSpec))) {
    const path = join(dir, file);
    const text = await readFile(path, 'utf8');
    const next = fill(text, file, named);
    if (next === text) continue;
    stale.push(file);
    if (!check) await writeFile(path, next);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await main({ check });
  if (check && stale.length) {
    console.error(`README tables are stale; run pnpm generate: ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(stale.length ? `wrote ${stale.join(', ')}` : 'README tables are up to date');
}
