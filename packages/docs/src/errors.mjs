// What the docs say about a failure answer: the class each client throws for it, and which of a
// shared response's examples belong to one operation (an example naming a parameter the
// operation lacks, such as `pageSize` under getBlock, is not shown there).
import { judgeRpcError } from './console/verdict.mjs';
import { resolveRef } from './operations.mjs';

/**
 * The class the REST clients (data-client, metrics-client) throw per failure status, as their
 * `errors` table (scripts/client-shells/errors.ts.tmpl) maps it; `5XX` stands for every 5xx.
 * errors.test.mjs holds this table to what the data client really throws.
 */
export const REST_ERROR_CLASSES = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  429: 'RateLimitError',
  '5XX': 'ServerError',
};

/** The class a REST client throws for `status` (`'404'`, `'5XX'`, `'503'`); `HttpError` for any other. */
export function restErrorClass(status) {
  // No operation declares 501 (the clients' UnsupportedError): every 5xx shown is a ServerError.
  const key = /^5/.test(String(status)) ? '5XX' : String(status);
  return REST_ERROR_CLASSES[key] ?? 'HttpError';
}

/**
 * The class the node client throws for an HTTP status of a health GET: the REST clients' class
 * for the status (the clients share them), except 503, which is an answer there.
 */
export function healthErrorClass(status) {
  return String(status) === '503' ? undefined : restErrorClass(status);
}

const KIND_CLASSES = {
  notFound: 'NotFoundError',
  badRequest: 'BadRequestError',
  unsupported: 'UnsupportedError',
};

/**
 * The method's `x-error-kinds` entries, in the order the node client tries them: its own
 * `patterns`, then the shared table of the document it names.
 */
export function methodErrorKinds(openrpc, method) {
  const own = method['x-error-kinds'];
  const shared = own?.shared ? (openrpc['x-error-kinds']?.[own.shared] ?? []) : [];
  return [...(own?.patterns ?? []), ...shared];
}

/**
 * The class the node client throws for one of a method's JSON-RPC errors (`{code, message}`): the
 * class of the first `x-error-kinds` entry with its code whose pattern matches the message
 * (NotFoundError, BadRequestError, UnsupportedError), else `RpcError`; `code`, `message`, `data`
 * kept either way, and `instanceof RpcError` holds for all of them.
 */
export function rpcErrorClass(error, kinds = []) {
  return KIND_CLASSES[judgeRpcError([], error, kinds).kind] ?? 'RpcError';
}

/** Where the guide describes the clients' error classes. */
export const ERRORS_GUIDE_ANCHOR = 'options-and-errors';

/** The names a request of `entry` can carry: its parameters and its JSON body's top-level fields. */
export function operationParameterNames(doc, entry) {
  const names = entry.parameters.map((p) => p.name);
  const body = resolveRef(doc, entry.operation.requestBody)?.content?.['application/json'];
  const schema = resolveRef(doc, body?.schema);
  for (const part of [schema, ...(schema?.allOf ?? []), ...(schema?.oneOf ?? [])]) {
    names.push(...Object.keys(resolveRef(doc, part)?.properties ?? {}));
  }
  return new Set(names);
}

/** Every parameter name of the document: the words an error message can mention as a parameter. */
export function documentParameterNames(doc, entries) {
  return new Set(entries.flatMap((e) => [...operationParameterNames(doc, e)]));
}

/** The strings of an error body's message (a string or a list of strings). */
function messageTexts(value) {
  const message = value?.message ?? value?.error?.message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string');
  return typeof message === 'string' ? [message] : [];
}

/** The parameter names (from `known`) an example body's message mentions, as whole words. */
export function mentionedParameters(value, known) {
  const words = messageTexts(value).flatMap((m) => m.match(/[A-Za-z_$][\w$]*/g) ?? []);
  return [...new Set(words.filter((w) => known.has(w)))];
}

/** A response's examples as `[name, value]`, from `examples` or a single `example`. */
export function responseExamples(doc, response) {
  const json = resolveRef(doc, response)?.content?.['application/json'];
  if (!json) return [];
  if (json.examples) {
    return Object.entries(json.examples).map(([name, ex]) => [name, resolveRef(doc, ex)?.value]);
  }
  return json.example !== undefined ? [['example', json.example]] : [];
}

/**
 * The examples of `entry`'s failure `status` the docs show for it: those whose message mentions
 * only parameters of this operation (`known`: every parameter name of the document).
 */
export function errorExamplesFor(doc, entry, status, known) {
  const own = operationParameterNames(doc, entry);
  return responseExamples(doc, entry.operation.responses?.[status]).filter(([, value]) =>
    mentionedParameters(value, known).every((name) => own.has(name)),
  );
}
