// Showing an answer and its verdict, and explaining a request that never got one.
import { h } from './dom.mjs';

/** The body as pretty JSON when it parses, else the text as it came. */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const TONE = { ok: 'try-ok', warn: 'try-warn', bad: 'try-bad' };
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const json = (v) => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? 'nothing'));

/** One part of a verdict: a tag in words (colour is never the only sign), a line, a list. */
function part(tone, tag, line, items = [], extra = []) {
  return h(
    'div',
    { class: `try-part ${TONE[tone]}`, 'data-part': tag },
    h('p', {}, h('strong', { class: 'try-tag' }, `${tag}:`), ' ', line),
    items.length ? h('ul', {}, items) : undefined,
    extra,
  );
}

/** The request's problems, one item per parameter: its name, the value and each rule it breaks. */
function requestPart(problems, sent, sendAnyway) {
  const items = problems.map((p) =>
    h(
      'li',
      {},
      h('code', {}, p.name),
      p.value === undefined ? ' (not given)' : [' = ', h('code', {}, json(p.value))],
      ': ',
      p.rules.join('; '),
    ),
  );
  if (sent)
    return part(
      'warn',
      'Request breaks the spec',
      `sent anyway; ${plural(problems.length, 'parameter')} the client would refuse. The answer below is judged on its own.`,
      items,
    );
  return part(
    'warn',
    'Refused before sending',
    `the request breaks the spec in ${plural(problems.length, 'parameter')}, so the clients would not send it, and nothing was sent. This is about the request, not the server.`,
    items,
    sendAnyway
      ? h('button', { type: 'button', class: 'try-anyway', onclick: sendAnyway }, 'Send anyway')
      : [],
  );
}

function violationItems(violations) {
  return violations.map((v) =>
    h(
      'li',
      {},
      h('code', {}, `${v.where}${v.path}`),
      ` ${v.message} `,
      h('span', { class: 'try-kind' }, `(${v.kind})`),
    ),
  );
}

/** A JSON-RPC error answer: its code and message, and whether the spec declares it. */
function rpcErrorPart(verdict, method) {
  const { rpcError: e, rpcJudged: j } = verdict;
  const head = `${e.code}: ${typeof e.message === 'string' ? e.message : json(e.message)}`;
  if (!j.declared)
    return part(
      'bad',
      'Undeclared JSON-RPC error',
      `${head}. The spec does not declare code ${e.code} for ${method}${j.codes.length ? ` (it declares ${j.codes.join(', ')})` : ' (it declares no errors)'}: the server drifts from the spec.`,
    );
  const as = j.names.length ? `${j.names.join(' or ')}, ` : '';
  // x-error-kinds' kinds name the node client's classes: notFound is NotFoundError.
  const kind = j.kind
    ? ` Its kind is ${j.kind}: the node client throws ${j.kind[0].toUpperCase()}${j.kind.slice(1)}Error.`
    : '';
  return part(
    'warn',
    'JSON-RPC error',
    `${head}. The call failed; the spec declares this error for ${method} (${as}code ${e.code}).${kind}`,
  );
}

/** The verdict, as verdict.mjs gives it; `sendAnyway` is offered on a refused request. */
export function verdictView(verdict, { method, sendAnyway } = {}) {
  const sent = verdict.case !== 'refused';
  const parts = [];
  if (verdict.request?.length) parts.push(requestPart(verdict.request, sent, sendAnyway));
  if (verdict.rpcError) parts.push(rpcErrorPart(verdict, method));
  if (verdict.response?.length)
    parts.push(
      part(
        'bad',
        'Server drift',
        `the server's answer does not conform to the spec: ${plural(verdict.response.length, 'violation')}.`,
        violationItems(verdict.response),
      ),
    );
  else if (verdict.case === 'conforms')
    parts.push(
      part(
        'ok',
        'Conforms',
        `the server's answer conforms to the spec (schema, strict, promises)${verdict.request?.length ? ', for a request that does not' : ''}.`,
      ),
    );
  return h('div', { class: 'try-verdict', 'data-verdict': verdict.case }, parts);
}

/** The answer as received: status line, verdict, headers and body (nothing left undefined). */
export function answerView({ status, statusText, ms, headers, text, verdict, method }) {
  const rpc = verdict.rpcError ? ` · JSON-RPC error ${verdict.rpcError.code}` : '';
  return [
    h(
      'p',
      { class: 'try-status' },
      h('strong', {}, `${status} ${statusText ?? ''}`.trim()),
      `${rpc} · ${ms} ms`,
    ),
    verdictView(verdict, { method }),
    h(
      'details',
      {},
      h('summary', {}, `Headers (${headers.length})`),
      h(
        'p',
        { class: 'try-note' },
        'Only the headers the server exposes to pages (CORS) are readable here.',
      ),
      h(
        'dl',
        {},
        headers.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
      ),
    ),
    h(
      'pre',
      { class: 'try-body', tabindex: '0', 'aria-label': 'Answer body' },
      h('code', {}, pretty(text)),
    ),
  ];
}

/** The answer box when nothing was sent because the request breaks the spec. */
export function refusedView(verdict, sendAnyway) {
  return [
    h('p', { class: 'try-status' }, h('strong', {}, 'Not sent'), ' · the request breaks the spec'),
    verdictView(verdict, { sendAnyway }),
  ];
}

const loopback = (host) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);

/**
 * Why a fetch got no answer: mixed content, offline, CORS refused (a no-cors probe without
 * the key reaches the host) or nothing answering at all.
 */
export async function explainFailure(url, error) {
  const target = new URL(url);
  if (location.protocol === 'https:' && target.protocol === 'http:' && !loopback(target.hostname))
    return `Mixed content: this page is served over https, and the browser blocks its requests to ${target.origin} (http).`;
  if (navigator.onLine === false)
    return 'Offline: the browser has no network. Preview the docs with pnpm docs:preview to use the local replay server.';
  try {
    await fetch(target.origin + target.pathname, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    return `CORS refused: ${target.origin} answered, but does not allow this page (${location.origin === 'null' ? 'a file:// page' : location.origin}) to read its answers.`;
  } catch {
    return `Unreachable: nothing answered at ${target.origin} (${error.message}). Is the server running? The local replay server starts with pnpm docs:preview.`;
  }
}
