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

/** The verdict of `check`'s rules on this exchange: *conforms*, or each violation with its path. */
export function verdictView(result) {
  if (result.ok)
    return h(
      'p',
      { class: 'try-verdict try-ok' },
      'Conforms: ',
      h('span', {}, 'conforms to the spec (schema, strict, promises)'),
    );
  return h(
    'div',
    { class: 'try-verdict try-bad' },
    h(
      'p',
      {},
      `Does not conform: ${result.errors.length} violation${result.errors.length === 1 ? '' : 's'}`,
    ),
    h(
      'ul',
      {},
      result.errors.map((v) =>
        h(
          'li',
          {},
          h('code', {}, `${v.where}${v.path}`),
          ` ${v.message} `,
          h('span', { class: 'try-kind' }, `(${v.kind})`),
        ),
      ),
    ),
  );
}

export function answerView({ status, statusText, ms, headers, text, result, note }) {
  return [
    h(
      'p',
      { class: 'try-status' },
      h('strong', {}, `${status} ${statusText}`.trim()),
      ` · ${ms} ms`,
    ),
    note ? h('p', {}, note) : undefined,
    result ? verdictView(result) : undefined,
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
