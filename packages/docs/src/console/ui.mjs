// The console: the entry of the browser bundle console.js, which the page's loader fetches
// when a reader first opens a console. Each service's document and precompiled validators
// arrive in their own bundle (validators-<service>.js), fetched on that service's first use.
import { browserSpecs } from '@avalanche-api/conformance/browser';
import { answerView, explainFailure, refusedView } from './answer.mjs';
import { h, slug } from './dom.mjs';
import { buildRequest, DEFAULT_REPLAY_URL, describeOperation } from './operations.mjs';
import { snippets } from './snippets.mjs';
import { CONSOLE_CSS } from './style.mjs';
import {
  declaredErrors,
  errorKinds,
  judgeRpcError,
  refusals,
  requestViolations,
  rpcErrorOf,
  splitViolations,
  verdictOf,
} from './verdict.mjs';

const SESSION_KEY = 'avalanche-console:api-key';
const targetKey = (service) => `avalanche-console:target:${service}`;

const registered = {};
const checkers = {};
/** Per service: the load under way, `{ promise, resolve, reject }`. */
const loading = {};
/** The Data API key: in this page's memory, in sessionStorage only when the reader opts in. */
let apiKey = readSession();

function readSession() {
  try {
    return sessionStorage.getItem(SESSION_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Called by a validators-<service>.js bundle once it has run. */
function register(service, bundle) {
  registered[service] = bundle;
  loading[service]?.resolve();
}

/**
 * Loads a service's validators once for every console that waits on them. A script that does not
 * load, or loads without registering (it threw), fails every waiting console with the reason, and
 * the next open tries again: nothing waits for ever.
 */
function loadService(service, root) {
  if (registered[service]) return Promise.resolve();
  if (!loading[service]) {
    const load = {};
    load.promise = new Promise((resolve, reject) => Object.assign(load, { resolve, reject }));
    loading[service] = load;
    const script = h('script', { src: `${root}console/validators-${service}.js` });
    const fail = (why) => {
      if (registered[service]) return;
      delete loading[service];
      script.remove();
      load.reject(new Error(`${why} ${script.src}`));
    };
    script.addEventListener('error', () => fail('could not load'));
    // `load` fires after the script ran: not registered by then means it threw.
    script.addEventListener('load', () => fail('nothing registered by'));
    document.head.append(script);
  }
  return loading[service].promise;
}

function checkerFor(service) {
  checkers[service] ??= browserSpecs(
    registered[service].documents,
    registered[service].precompiled,
  );
  return checkers[service];
}

function storedTarget(service) {
  try {
    return localStorage.getItem(targetKey(service)) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeTarget(service, url) {
  try {
    localStorage.setItem(targetKey(service), url);
  } catch {
    // Storage refused (private mode, file:// policies): the choice lasts for this page only.
  }
}

/** A form value as the parameter's type: numbers, booleans and comma lists from text. */
function typed(param, text) {
  const one = (s) => {
    if (
      (param.type === 'integer' || param.type === 'number') &&
      s.trim() !== '' &&
      !Number.isNaN(Number(s))
    )
      return Number(s);
    if (param.type === 'boolean' && (s === 'true' || s === 'false')) return s === 'true';
    return s;
  };
  return param.isArray ? text.split(',').map((s) => one(s.trim())) : one(text);
}

const shown = (v) =>
  Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * The "Send to" choice. An option shows the bare URL, and what the spec says of that server
 * goes in a note under it, so a long description never gets cut off inside the selector.
 */
function targetField(ids, op, service) {
  const replay = globalThis.AvalancheReplayUrl ?? DEFAULT_REPLAY_URL;
  const options = [
    ...op.servers.map((s) => ({ url: s.url, about: s.description })),
    { url: replay, about: 'The local replay server: start it with pnpm docs:preview.' },
  ];
  const stored = storedTarget(service);
  const known = options.find((o) => o.url === stored);
  const select = h(
    'select',
    { id: ids.target, 'aria-describedby': `${ids.target}-about` },
    options.map((o) => h('option', { value: o.url }, o.url)),
    h('option', { value: '' }, 'Another URL…'),
  );
  select.value = stored === undefined ? (op.servers[0]?.url ?? replay) : known ? known.url : '';
  const about = h('p', { class: 'try-note try-about', id: `${ids.target}-about` });
  const custom = h('input', {
    id: ids.custom,
    type: 'url',
    value: known || stored === undefined ? '' : stored,
    placeholder: 'https://your-node:9650',
    spellcheck: 'false',
  });
  const customLabel = h('label', { for: ids.custom }, 'Target URL');
  const sync = () => {
    custom.hidden = customLabel.hidden = select.value !== '';
    about.textContent = options.find((o) => o.url === select.value)?.about ?? '';
  };
  select.addEventListener('change', sync);
  sync();
  return {
    node: h(
      'div',
      { class: 'try-row' },
      h('label', { for: ids.target }, 'Send to'),
      select,
      about,
      customLabel,
      custom,
    ),
    value: () => (select.value || custom.value).trim(),
  };
}

function keyField(ids, op) {
  if (!op.apiKeyHeader) return { node: undefined };
  const input = h('input', {
    id: ids.key,
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    value: apiKey,
    'aria-describedby': `${ids.key}-note`,
  });
  const remember = h('input', { id: ids.remember, type: 'checkbox' });
  remember.checked = readSession() !== '';
  const save = () => {
    apiKey = input.value;
    try {
      if (remember.checked && apiKey) sessionStorage.setItem(SESSION_KEY, apiKey);
      else sessionStorage.removeItem(SESSION_KEY);
    } catch {
      // No sessionStorage: the key stays in memory only.
    }
  };
  input.addEventListener('input', save);
  remember.addEventListener('change', save);
  return {
    node: h(
      'div',
      { class: 'try-row' },
      h('label', { for: ids.key }, `API key (${op.apiKeyHeader}, optional)`),
      input,
      h(
        'span',
        { class: 'try-check' },
        remember,
        h('label', { for: ids.remember }, 'Remember in this tab'),
      ),
      h(
        'p',
        { class: 'try-note', id: `${ids.key}-note` },
        'Kept in this page only and sent only to the target; never stored on disk, in the URL or in the snippets.',
      ),
    ),
  };
}

/** One input per parameter (JSON text for JSON-RPC params and bodies); reads the values back. */
function paramFields(ids, op, values) {
  const rows = [];
  const readers = [];
  for (const p of op.params) {
    const id = `${ids.base}-p-${slug(p.name)}`;
    const rpc = op.kind === 'rpc';
    const initial =
      values[p.name] === undefined
        ? ''
        : rpc
          ? JSON.stringify(values[p.name])
          : shown(values[p.name]);
    const input = rpc
      ? h('textarea', {
          id,
          rows: initial.length > 60 ? 3 : 1,
          spellcheck: 'false',
          value: initial,
        })
      : h('input', {
          id,
          type: 'text',
          spellcheck: 'false',
          value: initial,
          required: p.required && p.in === 'path',
        });
    const where = rpc ? 'param, JSON' : p.in;
    rows.push(
      h(
        'div',
        { class: 'try-row' },
        h(
          'label',
          { for: id },
          h('code', {}, p.name),
          ` (${where}${p.required ? ', required' : ''})`,
        ),
        input,
      ),
    );
    readers.push(() => {
      const text = input.value.trim();
      if (text === '') return [p.name, undefined];
      if (!rpc) return [p.name, typed(p, text)];
      try {
        return [p.name, JSON.parse(text)];
      } catch {
        throw new Error(`${p.name} is not valid JSON: ${text.slice(0, 40)}`);
      }
    });
  }
  if (op.body) {
    const id = `${ids.base}-body`;
    const input = h('textarea', {
      id,
      rows: 6,
      spellcheck: 'false',
      value: values.body === undefined ? '' : JSON.stringify(values.body, null, 2),
    });
    rows.push(
      h('div', { class: 'try-row' }, h('label', { for: id }, 'Request body (JSON)'), input),
    );
    readers.push(() => {
      if (input.value.trim() === '') return ['body', undefined];
      try {
        return ['body', JSON.parse(input.value)];
      } catch {
        throw new Error('the request body is not valid JSON');
      }
    });
  }
  return {
    rows,
    read: () => Object.fromEntries(readers.map((r) => r()).filter(([, v]) => v !== undefined)),
  };
}

function snippetView(list) {
  return list.map((s) =>
    h(
      'div',
      { class: 'try-snippet' },
      h('p', {}, s.label),
      h('pre', { tabindex: '0', 'aria-label': `${s.label} snippet` }, h('code', {}, s.code)),
    ),
  );
}

/** The fetch options: the key only to the target, and then no redirect followed. */
function requestInit(op, request, withKey) {
  const headers = { ...request.headers };
  if (withKey) headers[op.apiKeyHeader] = apiKey;
  const init = {
    method: request.method,
    headers,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  };
  // A redirect would carry the key's header to wherever it points: not followed with a key.
  if (withKey) init.redirect = 'manual';
  if (request.body !== undefined) init.body = JSON.stringify(request.body);
  return init;
}

async function failureView(op, request, withKey, error) {
  const curl = snippets(op, request.values, { target: request.target, withKey }).find(
    (s) => s.id === 'curl',
  );
  return [
    h('p', { class: 'try-verdict try-bad' }, await explainFailure(request.url, error)),
    h('p', {}, 'Run it from a terminal instead:'),
    h('pre', { tabindex: '0', 'aria-label': 'curl command' }, h('code', {}, curl.code)),
  ];
}

/** The answer checked with `check --strict`'s rules, request and answer judged apart. */
function judge({ op, service, request }, res, body) {
  const checker = checkerFor(service);
  const contentType = res.headers.get('content-type');
  const result = checker.checkExchange(
    {
      file: 'console',
      request: {
        method: request.method,
        url: `http://console.invalid${request.path}`,
        headers: request.headers,
        body: request.body,
      },
      response: {
        status: res.status,
        headers: contentType ? { 'content-type': contentType } : {},
        body,
      },
    },
    { strict: true },
  );
  const split = splitViolations(result.errors);
  const rpcError = op.kind === 'rpc' ? rpcErrorOf(body) : undefined;
  return verdictOf({
    sent: true,
    requestProblems: refusals(op, request.values, split.request),
    responseViolations: split.response,
    rpcError,
    rpcJudged:
      rpcError && judgeRpcError(declaredErrors(checker, op), rpcError, errorKinds(checker, op)),
  });
}

/** Sends the request from this browser and shows the answer with its verdict. */
async function send({ op, service, request, out }) {
  const withKey = Boolean(op.apiKeyHeader && apiKey);
  const started = performance.now();
  let res;
  try {
    res = await fetch(request.url, requestInit(op, request, withKey));
  } catch (error) {
    out.replaceChildren(...(await failureView(op, request, withKey, error)));
    return;
  }
  if (res.type === 'opaqueredirect') {
    out.replaceChildren(
      h(
        'p',
        { class: 'try-verdict try-bad' },
        'The target answered with a redirect, not followed so that the key stays at its origin.',
      ),
    );
    return;
  }
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  let body = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: checked as the text it is (the schema and content-type rules say what is wrong).
  }
  out.replaceChildren(
    ...answerView({
      status: res.status,
      statusText: res.statusText,
      ms,
      headers: [...res.headers],
      text,
      verdict: judge({ op, service, request }, res, body),
      method: op.id,
    }),
  );
}

function renderConsole(div, service, id) {
  const { op, values } = describeOperation(checkerFor(service), service, id);
  const base = `try-${service}-${slug(id)}`;
  const ids = {
    base,
    target: `${base}-target`,
    custom: `${base}-url`,
    key: `${base}-key`,
    remember: `${base}-remember`,
  };
  const target = targetField(ids, op, service);
  const key = keyField(ids, op);
  const params = paramFields(ids, op, values);
  const out = h('div', { class: 'try-answer', role: 'status', 'aria-live': 'polite' });
  const snippetBox = h('div', { class: 'try-snippets' }, snippetView(snippets(op, values)));
  const problem = h('p', { class: 'try-problem', role: 'alert' });
  const current = () => {
    const formValues = params.read();
    const url = target.value();
    if (!/^https?:\/\/[^/]/.test(url)) throw new Error(`the target "${url}" is not an http(s) URL`);
    const request = buildRequest(op, formValues, url);
    const path = request.url.slice(url.replace(/\/$/, '').length);
    return { ...request, path, values: formValues, target: url };
  };
  const redraw = () => {
    try {
      const r = current();
      problem.textContent = '';
      snippetBox.replaceChildren(
        ...snippetView(
          snippets(op, r.values, { target: r.target, withKey: Boolean(op.apiKeyHeader && apiKey) }),
        ),
      );
      return r;
    } catch (error) {
      problem.textContent = error.message;
      // The answer on screen was for a request the form no longer says: not left as current.
      out.replaceChildren();
      return undefined;
    }
  };
  /** Sends the form's request; one the spec's rules refuse is sent only when `anyway`. */
  const submit = async (anyway) => {
    const request = redraw();
    if (!request) return;
    storeTarget(service, request.target);
    if (!anyway) {
      const broken = requestViolations(checkerFor(service), op, request);
      if (broken.length > 0) {
        const verdict = verdictOf({
          sent: false,
          requestProblems: refusals(op, request.values, broken),
        });
        out.replaceChildren(...refusedView(verdict, () => submit(true)));
        return;
      }
    }
    out.replaceChildren(h('p', {}, `Sending ${request.method} ${request.url} …`));
    await send({ op, service, request, out });
  };
  const form = h(
    'form',
    {
      class: 'try-form',
      'aria-label': `Try ${id}`,
      oninput: () => redraw(),
      onchange: () => redraw(),
      onsubmit: (event) => {
        event.preventDefault();
        return submit(false);
      },
    },
    target.node,
    key.node,
    params.rows,
    problem,
    h('button', { type: 'submit' }, `Send ${op.kind === 'rpc' ? id : `${op.method} request`}`),
  );
  const section = h(
    'section',
    { class: 'try-console', id: `${base}-console`, 'aria-label': `Console: ${id}` },
    h(
      'p',
      { class: 'try-note' },
      'The request goes straight from this browser; the answer is checked against the spec with the rules of check --strict.',
    ),
    form,
    out,
    h('h4', {}, 'Snippets'),
    snippetBox,
  );
  div.append(section);
  redraw();
  return section;
}

let styled = false;

/** Opens (or toggles) the console in a `div.try` placeholder; `button` is the loader's. */
async function open(div, root, button) {
  if (!styled) {
    document.head.append(h('style', {}, CONSOLE_CSS));
    styled = true;
  }
  const existing = div.querySelector('.try-console');
  if (existing) {
    existing.hidden = !existing.hidden;
    button.setAttribute('aria-expanded', String(!existing.hidden));
    return;
  }
  const { service, op } = div.dataset;
  try {
    await loadService(service, root);
    const section = renderConsole(div, service, op);
    button.setAttribute('aria-controls', section.id);
    button.setAttribute('aria-expanded', 'true');
    section.querySelector('select, input, textarea')?.focus();
  } catch (error) {
    div.append(
      h(
        'p',
        { class: 'try-problem', role: 'alert' },
        `The console could not start: ${error.message}`,
      ),
    );
  }
}

globalThis.AvalancheConsole = { open, register };
