// The snippets under every operation and method: curl, fetch and the project's own client, for
// the form's values. Pure, so the page renders them at build time and the console redraws them.
// A key never appears: the environment variable the READMEs use stands in for it.
import { rpcClientCall, shellQuote, tsCall } from '../samples.mjs';
import { buildRequest, rpcParamsOf } from './operations.mjs';

/** The one api-key variable of every example in the project (the READMEs' too). */
export const KEY_VARIABLE = 'GLACIER_API_KEY';

/** The client package and core factory of each REST service. */
const REST_CLIENTS = {
  data: { pkg: '@avalanche-api/data-client', core: 'createDataCore' },
  metrics: { pkg: '@avalanche-api/metrics-client', core: 'createMetricsCore' },
};

function curl(request, keyHeader) {
  const lines = [
    `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(request.url)}`,
  ];
  // Double quotes so the shell fills in the variable.
  if (keyHeader) lines.push(`  -H "${keyHeader}: $${KEY_VARIABLE}"`);
  for (const [k, v] of Object.entries(request.headers))
    lines.push(`  -H ${shellQuote(`${k}: ${v}`)}`);
  if (request.body !== undefined)
    lines.push(`  --data ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n');
}

function fetchCode(request, keyHeader) {
  const headers = Object.entries(request.headers).map(
    ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
  );
  if (keyHeader) headers.push(`${JSON.stringify(keyHeader)}: process.env.${KEY_VARIABLE} ?? ''`);
  const init = [];
  if (request.method !== 'GET') init.push(`  method: '${request.method}',`);
  if (headers.length) init.push(`  headers: { ${headers.join(', ')} },`);
  if (request.body !== undefined)
    init.push(`  body: JSON.stringify(${JSON.stringify(request.body)}),`);
  const call = init.length
    ? `fetch(${JSON.stringify(request.url)}, {\n${init.join('\n')}\n})`
    : `fetch(${JSON.stringify(request.url)})`;
  // Read as text first: an answer the spec gives no body (reindexNft's 201) is empty.
  return `const res = await ${call};\nconst text = await res.text();\nconsole.log(res.status, text && JSON.parse(text));`;
}

/** `{ baseUrl, apiKey }` options as TypeScript, only those that differ from the defaults. */
function options(entries) {
  const given = entries.filter(([, v]) => v !== undefined);
  return given.length ? `{ ${given.map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '';
}

function restClient(op, values, target, withKey) {
  const client = REST_CLIENTS[op.service];
  const baseUrl =
    target !== op.servers[0]?.url ? JSON.stringify(target).replaceAll('"', "'") : undefined;
  const { body, ...params } = values;
  const args = { ...params, ...(op.body && body && typeof body === 'object' ? body : {}) };
  return [
    `import { ${client.core}, ${op.id} } from '${client.pkg}';`,
    '',
    `const core = ${client.core}(${options([
      ['baseUrl', baseUrl],
      ['apiKey', withKey ? `process.env.${KEY_VARIABLE}` : undefined],
    ])});`,
    tsCall(`const result = await ${op.id}(core, `, Object.keys(args).length ? args : undefined),
  ].join('\n');
}

function nodeClient(op, values, target) {
  const head = [`import { createNodeClient } from '@avalanche-api/node-rpc';`, ''];
  const client = `const client = createNodeClient({ baseUrl: '${new URL(target).origin}' });`;
  if (op.kind === 'rest') {
    // The health GETs: `health.get({ path, tags })`, path being what follows /ext/health/.
    const path = op.path.replace(/^\/ext\/health\/?/, '');
    const tags = values.tag === undefined ? undefined : [values.tag].flat();
    const args = { ...(path ? { path } : {}), ...(tags ? { tags } : {}) };
    return [
      ...head,
      client,
      tsCall(
        'const result = await client.health.get(',
        Object.keys(args).length ? args : undefined,
      ),
    ].join('\n');
  }
  const params = rpcParamsOf(op, values);
  const empty = Array.isArray(params) ? params.length === 0 : Object.keys(params).length === 0;
  const call = op.endpoint ? rpcClientCall({ name: op.id, servers: [op.endpoint] }) : undefined;
  const line = call
    ? tsCall(`const result = await ${call}(`, empty ? undefined : params)
    : tsCall(`const result = await client.request('${op.id}', `, params);
  return [...head, client, line].join('\n');
}

/**
 * curl, fetch and client snippets for one operation (a descriptor from `describeOperation`) and
 * the form's values. `target` is the base URL the request goes to; `withKey` adds the api-key
 * header the spec declares, as `$GLACIER_API_KEY`.
 */
export function snippets(op, values, { target = op.servers[0]?.url ?? '', withKey = false } = {}) {
  const request = buildRequest(op, values, target);
  const keyHeader = withKey ? op.apiKeyHeader : undefined;
  const client =
    op.service in REST_CLIENTS
      ? restClient(op, values, target, Boolean(keyHeader))
      : nodeClient(op, values, target);
  return [
    { id: 'curl', label: 'curl', lang: 'shell', code: curl(request, keyHeader) },
    { id: 'fetch', label: 'fetch', lang: 'js', code: fetchCode(request, keyHeader) },
    {
      id: 'client',
      label: op.service in REST_CLIENTS ? REST_CLIENTS[op.service].pkg : '@avalanche-api/node-rpc',
      lang: 'ts',
      code: client,
    },
  ];
}
