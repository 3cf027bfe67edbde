// The console's verdict on one try, as plain data (answer.mjs draws it): whether the request
// breaks the spec (refused before sending, or sent anyway), whether the server's answer drifts
// from the spec, and, for a JSON-RPC error answer, whether the spec declares that error for
// the method. Request and answer are judged apart, so a request the reader got wrong is never
// shown as the server's fault.
import { at, SERVICES } from './operations.mjs';

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The violations of `check`'s result on the request's side (`request.*`) and on the answer's. */
export function splitViolations(errors) {
  const request = [];
  const response = [];
  for (const v of errors) {
    if (v.where.startsWith('request')) request.push(v);
    else response.push(v);
  }
  return { request, response };
}

/** The conformance model of the console's operation or method (OpenApiService / OpenRpcService). */
function modelOf(checker, op) {
  const { doc } = SERVICES[op.service];
  const service = (op.kind === 'rpc' ? checker.rpc : checker.rest).find((s) => s.name === doc);
  const target = op.kind === 'rpc' ? service.getMethod(op.id) : service.getOperation(op.id);
  return { service, target };
}

/**
 * What the spec's request rules (those `check --strict` applies, the clients' own checks)
 * find wrong in the request the form built, before anything is sent. `request.url` is the
 * target and `request.path` the part after it.
 */
export function requestViolations(checker, op, request) {
  const { service, target } = modelOf(checker, op);
  const url = new URL(`http://console.invalid${request.path}`);
  if (op.kind === 'rpc')
    return service.validateCall(target, url.pathname, request.body, { strict: true });
  const pathParams = {};
  for (const p of op.params)
    if (p.in === 'path' && request.values[p.name] !== undefined)
      pathParams[p.name] = String(request.values[p.name]);
  const query = {};
  for (const [k, v] of url.searchParams) query[k] = [...(query[k] ?? []), v];
  return service.validateRequest(
    target,
    { pathParams, query, body: request.body },
    { strict: true },
  );
}

/** The parameter a request violation is about: its name and the value the form holds. */
function parameterOf(op, values, v) {
  if (v.where === 'request.body' && op.kind === 'rest')
    return { name: 'request body', value: values.body, inside: v.path };
  const [first = '', ...rest] = v.path.split('/').slice(1);
  const byIndex = /^\d+$/.test(first) && op.kind === 'rpc' ? op.params[Number(first)] : undefined;
  const name = byIndex?.name ?? first;
  // A violation of the whole (params that are not an object, say) is named by its place.
  if (name === '') return { name: v.where.replace(/^request\.?/, '') || 'request', inside: '' };
  return { name, value: values[name], inside: rest.length ? `/${rest.join('/')}` : '' };
}

/** Request violations grouped by parameter: `{ name, value, rules: [text] }`. */
export function refusals(op, values, violations) {
  const byName = new Map();
  for (const v of violations) {
    const { name, value, inside } = parameterOf(op, values, v);
    if (!byName.has(name)) byName.set(name, { name, value, rules: [] });
    byName.get(name).rules.push(`${inside ? `${inside} ` : ''}${v.message} (${v.kind})`);
  }
  return [...byName.values()];
}

/** The `error` member of a JSON-RPC answer, when it carries one. */
export function rpcErrorOf(body) {
  return isObject(body) && isObject(body.error) ? body.error : undefined;
}

/**
 * The method's `x-error-kinds` entries (`{ kind, code, pattern?, example }`), in the order the
 * node spec says they are tried: the method's own `patterns`, then the shared table it names
 * at the document's root (see specs/x-error-kinds.schema.json).
 */
export function errorKinds(checker, op) {
  const { service, target } = modelOf(checker, op);
  const own = target.node['x-error-kinds'];
  if (!isObject(own)) return [];
  const shared = service.doc['x-error-kinds']?.[own.shared];
  return [...(Array.isArray(own.patterns) ? own.patterns : []), ...(shared ?? [])];
}

/** The errors the spec declares for a method (`errors`): `{ name, code, message }` each. */
export function declaredErrors(checker, op) {
  const { service, target } = modelOf(checker, op);
  const list = Array.isArray(target.node.errors) ? target.node.errors : [];
  return list.map((raw) => {
    const ref = typeof raw?.$ref === 'string' ? raw.$ref : undefined;
    const node = (ref ? at(service.doc, ref.slice(1)) : raw) ?? {};
    return {
      name: ref?.split('/').at(-1) ?? String(node.code),
      code: node.code,
      message: node.message,
    };
  });
}

function matches(pattern, text) {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/**
 * Whether the spec declares a JSON-RPC error answer for the method: by its `errors` codes, or
 * by an `x-error-kinds` entry, which also gives the kind (the first entry whose code is the
 * error's and whose pattern, when it has one, matches the message).
 */
export function judgeRpcError(declared, error, kinds = []) {
  const message = typeof error.message === 'string' ? error.message : '';
  const kind = kinds.find(
    (k) => k.code === error.code && (k.pattern === undefined || matches(k.pattern, message)),
  )?.kind;
  const names = declared.filter((d) => d.code === error.code).map((d) => d.name);
  return {
    declared: names.length > 0 || kind !== undefined,
    names,
    kind,
    codes: [...new Set(declared.map((d) => d.code))],
  };
}

/**
 * The verdict of a try: `case` is `refused` (nothing sent), `drift` (the answer breaks the
 * spec), `rpc-error` (a JSON-RPC error the spec declares), `rpc-error-undeclared` or
 * `conforms`; `request` holds the request's own problems, shown apart whatever the case.
 */
export function verdictOf({ sent, requestProblems, responseViolations = [], rpcError, rpcJudged }) {
  if (!sent) return { case: 'refused', request: requestProblems };
  const base = { request: requestProblems, response: responseViolations, rpcError, rpcJudged };
  if (rpcError && !rpcJudged.declared) return { ...base, case: 'rpc-error-undeclared' };
  if (responseViolations.length > 0) return { ...base, case: 'drift' };
  if (rpcError) return { ...base, case: 'rpc-error' };
  return { ...base, case: 'conforms' };
}
