// The header search, loaded on first use (focus, typing, / or Ctrl-K): loads the prebuilt
// index script, then runs the WAI-ARIA combobox pattern over a listbox of results grouped by
// service. Bundled with MiniSearch into search.js by the docs build.
import MiniSearch from 'minisearch';
import { INDEX_CALLBACK } from './build-index.mjs';
import { INDEX_OPTIONS } from './options.mjs';
import { group, rank } from './rank.mjs';

const SERVICES = {
  data: 'Data API',
  metrics: 'Metrics API',
  node: 'Node JSON-RPC',
  health: 'Node health',
  guide: 'Guides and pages',
};
const KINDS = {
  operation: 'operation',
  method: 'method',
  health: 'health GET',
  parameter: 'parameter',
  field: 'field',
  error: 'error',
  promise: 'promise',
  section: 'section',
};

const input = document.getElementById('site-search');
const list = document.getElementById('site-search-results');
const status = document.getElementById('site-search-status');
let index;
let options = [];
let active = -1;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function setActive(n) {
  if (options[active]) options[active].setAttribute('aria-selected', 'false');
  active = n;
  const option = options[active];
  if (option) {
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  } else input.removeAttribute('aria-activedescendant');
}

function open(show) {
  list.hidden = !show;
  input.setAttribute('aria-expanded', String(show));
  if (!show) setActive(-1);
}

function render() {
  const query = input.value;
  list.replaceChildren();
  options = [];
  active = -1;
  input.removeAttribute('aria-activedescendant');
  if (!query.trim()) {
    open(false);
    status.textContent = '';
    return;
  }
  if (!index) {
    list.append(el('div', { class: 'r-empty' }, 'Loading the index…'));
    open(true);
    return;
  }
  const hits = rank(index, query);
  for (const [service, items] of group(hits)) {
    const label = `site-search-g-${service}`;
    const box = el('div', { role: 'group', 'aria-labelledby': label });
    box.append(el('div', { id: label, role: 'presentation' }, SERVICES[service] ?? service));
    for (const h of items) {
      const option = el('div', {
        role: 'option',
        id: `site-search-o-${options.length}`,
        'aria-selected': 'false',
        'data-href': h.href,
        'data-kind': h.kind,
      });
      option.append(el('span', { class: 'r-title' }, h.title));
      option.append(el('span', { class: 'r-kind' }, KINDS[h.kind] ?? h.kind));
      if (h.context) option.append(el('span', { class: 'r-context' }, h.context));
      options.push(option);
      box.append(option);
    }
    list.append(box);
  }
  if (options.length === 0) list.append(el('div', { class: 'r-empty' }, 'Nothing found.'));
  status.textContent = `${options.length} result${options.length === 1 ? '' : 's'}`;
  open(true);
}

/**
 * Goes to a result and moves focus to the item so the keyboard follows: here, or on another
 * page through a one-use note in sessionStorage that the page's load script reads (html.mjs).
 */
function go(option) {
  const href = option.getAttribute('data-href');
  const target = new URL(href, location.href);
  open(false);
  if (target.pathname === location.pathname && target.search === location.search) {
    const id = decodeURIComponent(target.hash.slice(1));
    location.hash = target.hash;
    const node = document.getElementById(id);
    if (node) {
      for (let d = node.parentElement; d; d = d.parentElement)
        if (d.tagName === 'DETAILS') d.open = true;
      if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
      node.focus({ preventScroll: true });
      node.scrollIntoView();
    }
  } else {
    try {
      sessionStorage.setItem('docs-focus', decodeURIComponent(target.hash.slice(1)));
    } catch {}
    location.href = target.href;
  }
}

input.addEventListener('input', render);
input.addEventListener('focus', () => {
  if (input.value.trim()) render();
});
input.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (list.hidden) render();
    if (options.length === 0) return;
    const step = e.key === 'ArrowDown' ? 1 : -1;
    setActive((active + step + options.length) % options.length);
  } else if (e.key === 'Enter') {
    const option = options[active] ?? options[0];
    if (option && !list.hidden) {
      e.preventDefault();
      go(option);
    }
  } else if (e.key === 'Escape') {
    if (!list.hidden) open(false);
    else input.value = '';
  }
});
input.addEventListener('blur', () => {
  // A click on an option blurs the input first: let the click land.
  setTimeout(() => {
    if (document.activeElement !== input) open(false);
  }, 150);
});
list.addEventListener('mousedown', (e) => e.preventDefault());
list.addEventListener('click', (e) => {
  const option = e.target.closest('[role=option]');
  if (option) go(option);
});

window[INDEX_CALLBACK] = (json) => {
  index = MiniSearch.loadJS(json, INDEX_OPTIONS);
  if (input.value.trim()) render();
};
const script = document.createElement('script');
// The index sits beside search.js, which sits beside the pages.
script.src = new URL('search-index.js', document.currentScript?.src ?? location.href).href;
document.head.append(script);
