// HTML building blocks shared by the pages we generate ourselves: escaping, a small safe
// Markdown subset for spec descriptions, JSON highlighting, and the page shell with its CSS.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and for double- or single-quoted attribute values. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Tagged template that escapes every interpolation unless it is wrapped with `raw()`. */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += toHtml(values[i]) + strings[i + 1];
  return raw(out);
}

class RawHtml {
  constructor(value) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

/** Marks a string as already-safe HTML. */
export function raw(value) {
  return new RawHtml(String(value));
}

function toHtml(value) {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof RawHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  return escapeHtml(value);
}

/** A slug usable in ids and URLs: lower case, runs of other characters become one `-`. */
export function slug(text) {
  return String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Only these link targets survive in Markdown: web pages, mail, and in-site anchors or pages. */
function safeHref(url) {
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  return url;
}

/**
 * Renders the Markdown the specs use (paragraphs, `-`/`1.` lists with indented continuation
 * lines, fenced code, `code`, **bold**, *emphasis*, [links](url)). The text is escaped first,
 * so spec text can never inject markup. `linkCode(text)` may return an href for a code span.
 */
export function markdown(source, { linkCode } = {}) {
  if (!source) return '';
  const lines = String(source).replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i])) code.push(lines[i++]);
      i++;
      // tabindex: a block that scrolls sideways must be reachable by keyboard to scroll it.
      blocks.push(
        `<pre class="code" tabindex="0"><code>${escapeHtml(code.join('\n'))}</code></pre>`,
      );
      continue;
    }
    const bullet = /^(\s*)([-*]|\d+[.)])\s+/;
    if (bullet.test(line)) {
      const ordered = /\d/.test(line.match(bullet)[2]);
      const items = [];
      while (i < lines.length && lines[i].trim() !== '') {
        const m = lines[i].match(bullet);
        if (m && m[1].length === 0) items.push([lines[i].slice(m[0].length)]);
        else if (items.length > 0) items[items.length - 1].push(lines[i].trim());
        else items.push([lines[i].trim()]);
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      const lis = items.map((parts) => `<li>${inline(parts.join(' '), linkCode)}</li>`).join('');
      blocks.push(`<${tag}>${lis}</${tag}>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== '' && !bullet.test(lines[i])) {
      if (/^\s*```/.test(lines[i])) break;
      para.push(lines[i].trim());
      i++;
    }
    const heading = para.length === 1 && para[0].match(/^(#{1,6})\s+(.*)$/);
    if (heading) blocks.push(`<p class="md-heading">${inline(heading[2], linkCode)}</p>`);
    else blocks.push(`<p>${inline(para.join(' '), linkCode)}</p>`);
  }
  return blocks.join('\n');
}

/** Inline Markdown on one block of text; code spans are cut out first so nothing inside them is formatted. */
export function inline(text, linkCode) {
  const spans = [];
  // Placeholders use a private-use character that spec text does not contain.
  const stash = (htmlText) => `\uE000${spans.push(htmlText) - 1}\uE000`;
  let s = String(text).replace(/`([^`]+)`/g, (_, code) => {
    const href = linkCode?.(code);
    const c = `<code>${escapeHtml(code)}</code>`;
    return stash(href ? `<a href="${escapeHtml(href)}">${c}</a>` : c);
  });
  s = s.replace(/\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g, (_, label, url) => {
    const href = safeHref(url);
    if (!href) return stash(escapeHtml(label));
    return stash(`<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`);
  });
  s = escapeHtml(s)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s).,;:!?]|$)/g, '$1<em>$2</em>');
  if (linkCode) {
    // Bare dotted names in prose (`info.getNodeID`) link like code spans do.
    s = s.replace(/\b[A-Za-z]\w*(?:\.[A-Za-z]\w*)+\b|\beth_\w+\b/g, (name) => {
      const href = linkCode(name);
      return href ? `<a href="${escapeHtml(href)}">${name}</a>` : name;
    });
  }
  return s.replace(/\uE000(\d+)\uE000/g, (_, n) => spans[Number(n)]);
}

/** Pretty-printed JSON with spans for keys, strings, numbers and literals. */
export function highlightJson(value) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const token =
    /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([^"\-\d tfn]+|[\s\S])/g;
  let out = '';
  for (const m of text.matchAll(token)) {
    if (m[1]) {
      out += m[2]
        ? `<span class="j-key">${escapeHtml(m[1])}</span>${m[2]}`
        : `<span class="j-str">${escapeHtml(m[1])}</span>`;
    } else if (m[3]) out += `<span class="j-num">${m[3]}</span>`;
    else if (m[4]) out += `<span class="j-lit">${m[4]}</span>`;
    else out += escapeHtml(m[5]);
  }
  return out;
}

/** A labelled code block. `code` is plain text unless `highlighted` is given. */
export function codeBlock({ label, code, highlighted, lang }) {
  const body = highlighted ?? escapeHtml(code);
  return html`<figure class="code-block"${raw(lang ? ` data-lang="${escapeHtml(lang)}"` : '')}>
<figcaption>${label}</figcaption><pre tabindex="0"><code>${raw(body)}</code></pre></figure>`;
}

/** The site's icon, drawn for it: a white peak on the red square of the top bar's brand. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#e84142"/><path d="M16 6.5 26.5 25h-6.2L16 17.4 11.7 25H5.5z" fill="#fff"/></svg>
`;
export const FAVICON_FILE = 'favicon.svg';
/** Every page links the icon, so no browser asks for a missing /favicon.ico. */
export const FAVICON_LINK = `<link rel="icon" href="${FAVICON_FILE}" type="image/svg+xml">`;

/** The pages of the top bar, in order. */
export const NAV_LINKS = [
  ['index.html', 'Overview'],
  ['data-api.html', 'Data API'],
  ['metrics-api.html', 'Metrics API'],
  ['node-api.html', 'Node APIs'],
  ['clients.html', 'Using the clients'],
  ['conformance.html', 'Conformance'],
  ['changes.html', 'Changes'],
];

/** The search script and its index: separate files, loaded when the reader first searches. */
export const SEARCH_SCRIPT = 'search.js';
export const SEARCH_INDEX_SCRIPT = 'search-index.js';

/**
 * The site-wide top bar: brand, pages, the search combobox (its listbox filled by search.js)
 * and the theme toggle. `current` is the file name of the page being rendered.
 */
export function siteNav(current) {
  const items = NAV_LINKS.map(
    ([href, label]) =>
      html`<a href="${href}"${raw(href === current ? ' aria-current="page"' : '')}>${label}</a>`,
  );
  return html`<header class="site-nav"><a class="brand" href="index.html">Avalanche APIs</a><nav class="pages" aria-label="Site">${items}</nav>
<div class="search" role="search"><input id="site-search" type="text" role="combobox" aria-label="Search the docs" aria-expanded="false" aria-controls="site-search-results" aria-autocomplete="list" autocomplete="off" spellcheck="false" enterkeyhint="go" placeholder="Search  ( / )"><div id="site-search-results" class="search-results" role="listbox" aria-label="Search results" hidden></div><p id="site-search-status" class="sr-only" role="status"></p></div>
<button type="button" class="theme-toggle" aria-pressed="false" title="Dark mode"><span class="sr-only">Dark mode</span><span aria-hidden="true">◐</span></button></header>`;
}

/** CSS of the top bar and the search panel. */
export const NAV_CSS = `
.site-nav{position:sticky;top:0;z-index:1000;display:grid;grid-template-columns:auto minmax(0,1fr) minmax(120px,300px) auto;align-items:center;gap:8px 18px;min-height:48px;padding:6px 16px;background:#12151c;color:#e8eaf0;font:500 14px/1 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;box-shadow:0 1px 0 rgba(0,0,0,.25)}
.site-nav a{color:#c3c8d4;text-decoration:none;padding:6px 2px;border-bottom:2px solid transparent}
.site-nav a:hover{color:#fff}
.site-nav a[aria-current=page]{color:#fff;border-bottom-color:#e84142}
.site-nav .brand{color:#fff;font-weight:700;font-size:15px;display:flex;align-items:center;gap:8px;white-space:nowrap}
.site-nav .brand::before{content:"";width:18px;height:18px;border-radius:4px;background:#e84142;display:inline-block}
.site-nav .pages{display:flex;gap:16px;overflow-x:auto;white-space:nowrap;min-width:0}
.search{position:relative;min-width:0}
.search input{width:100%;height:32px;padding:0 10px;border-radius:6px;border:1px solid #3a4150;background:#1d222c;color:#f1f3f7;font:14px system-ui,sans-serif}
.search input::placeholder{color:#aab1bf}
.search-results{position:absolute;right:0;top:38px;width:min(560px,calc(100vw - 24px));max-height:min(70vh,560px);overflow-y:auto;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:8px;box-shadow:0 10px 30px rgba(0,0,0,.25);padding:6px 0;font:14px/1.35 system-ui,sans-serif}
.search-results [role=group]>div:first-child{font:700 11.5px system-ui,sans-serif;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);padding:8px 14px 4px}
.search-results [role=option]{display:block;padding:6px 14px;cursor:pointer;border-left:3px solid transparent}
.search-results [role=option][aria-selected=true]{background:var(--soft);border-left-color:var(--accent)}
.search-results .r-title{font-family:var(--mono);font-size:13px;font-weight:600;overflow-wrap:anywhere}
.search-results .r-kind{font-size:11px;color:var(--muted);margin-left:6px}
.search-results .r-context{display:block;font-size:12.5px;color:var(--muted);overflow-wrap:anywhere}
.search-results .r-empty{padding:8px 14px;color:var(--muted)}
.theme-toggle{width:32px;height:32px;border-radius:6px;border:1px solid #3a4150;background:#1d222c;color:#f1f3f7;font-size:16px;cursor:pointer}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:900px){.search-results{position:fixed;left:8px;right:8px;top:46px;width:auto}.site-nav{grid-template-columns:auto minmax(0,1fr) auto;grid-template-areas:"brand search theme" "pages pages pages"}.site-nav .brand{grid-area:brand}.site-nav .pages{grid-area:pages}.search{grid-area:search}.theme-toggle{grid-area:theme}}
@media (max-width:420px){.site-nav .brand{font-size:0;gap:0}}
`;

/** Dark colours: used when the reader picks dark, or the system does and the reader picked nothing. */
const DARK_VARS =
  '--fg:#e4e7ee;--muted:#a3abba;--line:#2b3240;--bg:#10141b;--soft:#181d27;--link:#7fb3ff;--code-bg:#0a0d13;--code-inline:#232a36;--side-bg:#141922;--side-fg:#cfd5e0;--hover:#1f2632;--current-bg:#3a1f24;--current-fg:#ffb4ae;--notice-bg:#2a2116;--notice-line:#5c4523;--get:#7ddc9c;--post:#8ab4ff;color-scheme:dark';

const BASE_CSS = `
*{box-sizing:border-box}
:root{--fg:#1d2330;--muted:#566070;--line:#e3e6ec;--bg:#fff;--soft:#f6f7f9;--accent:#e84142;--link:#0b5fc5;--code-bg:#0f1420;--code-fg:#e6e9ef;--code-inline:#eef0f4;--side-bg:#fafbfc;--side-fg:#2b3340;--hover:#eef1f5;--current-bg:#fdecec;--current-fg:#b42318;--notice-bg:#fff7ed;--notice-line:#ffd9b8;--get:#17663a;--post:#0b4fa8;--mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;--head:48px;color-scheme:light}
:root[data-theme=dark]{${DARK_VARS}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK_VARS}}}
@media (max-width:900px){:root{--head:92px}}
html{scroll-padding-top:calc(var(--head) + 16px)}
body{margin:0;color:var(--fg);background:var(--bg);font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:break-word}
a{color:var(--link);text-decoration:none}
a:hover{text-decoration:underline}
p a,li a,dd a,td a,.field-desc a{text-decoration:underline;text-decoration-thickness:1px;text-underline-offset:2px}
.sidebar a,.guide-toc a,.toc a,.index td a{text-decoration:none}
pre:focus-visible{outline:2px solid var(--link);outline-offset:-2px}
:target{outline:2px solid var(--accent);outline-offset:3px;border-radius:4px}
code{font-family:var(--mono);font-size:.86em;background:var(--code-inline);border-radius:4px;padding:.1em .35em;overflow-wrap:anywhere}
pre{max-width:100%;overflow:auto}
pre code{background:none;padding:0;font-size:13px;overflow-wrap:normal}
h1,h2,h3,h4{line-height:1.25;margin:1.6em 0 .6em}
h1{font-size:2rem;margin-top:.4em}
h2{font-size:1.5rem;padding-bottom:.3em;border-bottom:1px solid var(--line)}
h3{font-size:1.15rem}
table{border-collapse:collapse;width:100%;margin:.6em 0 1.2em;font-size:14px}
.table-wrap{overflow-x:auto;max-width:100%}
th,td{text-align:left;vertical-align:top;padding:8px 10px;border-bottom:1px solid var(--line)}
th{font-weight:600;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em;background:var(--soft)}
.code-block{margin:0 0 14px;border-radius:8px;overflow:hidden;background:var(--code-bg);color:var(--code-fg);max-width:100%}
.code-block figcaption{font:600 12px/1 system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;color:#a9b1c2;padding:10px 14px;border-bottom:1px solid #222a3a;display:flex;justify-content:space-between}
.code-block pre{margin:0;padding:12px 14px;overflow:auto;max-height:460px;font:13px/1.55 var(--mono);white-space:pre-wrap}
.code-block pre code{overflow-wrap:anywhere}
.j-key{color:#8ab4ff}.j-str{color:#a5d6a7}.j-num{color:#ffcc80}.j-lit{color:#f48fb1}
.badge{display:inline-block;font:600 11px/1.2 system-ui,sans-serif;letter-spacing:.03em;padding:3px 7px;border-radius:999px;vertical-align:middle;white-space:nowrap;border:1px solid transparent}
.badge.deprecated{background:#fff1e6;color:#9a3b00;border-color:#ffd2b0}
.badge.node{background:#eaf2ff;color:#0b4fa8;border-color:#c5dafc}
.badge.flag{background:#f1ecff;color:#5531a8;border-color:#ddd0ff}
.badge.batch{background:#e9f7ef;color:#17663a;border-color:#bfe6cf}
.badge.get{background:#e9f7ef;color:#17663a;border-color:#bfe6cf}
.badge.post,.badge.put,.badge.patch,.badge.delete{background:#eaf2ff;color:#0b4fa8;border-color:#c5dafc}
.badge.req{background:#fdecec;color:#b42318;border-color:#f8c9c5}
.muted{color:var(--muted)}
@media (max-width:700px){table{display:block;overflow-x:auto;max-width:100%}}
`;

/**
 * Runs in the head before the first paint: the reader's saved theme, so a dark page never
 * flashes light. (localStorage holds only the theme; keys never go there.)
 */
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('docs-theme');if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)}catch(e){}})();`;

/**
 * The few lines every page runs at load: the theme toggle, the search shortcuts (/ and
 * Ctrl-K) that load search.js on first use, opening the <details> around a deep link's
 * target, and focusing it when the search sent the reader here from another page.
 * Everything heavier loads on first use.
 */
const CHROME_SCRIPT = `(function(){
var root=document.documentElement,btn=document.querySelector('.theme-toggle');
function dark(){var t=root.getAttribute('data-theme');return t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches}
function show(){btn.setAttribute('aria-pressed',String(dark()))}
btn.addEventListener('click',function(){var t=dark()?'light':'dark';root.setAttribute('data-theme',t);try{localStorage.setItem('docs-theme',t)}catch(e){}show()});
show();
var input=document.getElementById('site-search'),asked=false;
function load(){if(asked)return;asked=true;var s=document.createElement('script');s.src=${JSON.stringify(SEARCH_SCRIPT)};document.head.appendChild(s)}
input.addEventListener('focus',load);input.addEventListener('input',load);
document.addEventListener('keydown',function(e){var t=e.target,typing=t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
if((e.key==='/'&&!typing&&!e.ctrlKey&&!e.metaKey&&!e.altKey)||((e.ctrlKey||e.metaKey)&&(e.key==='k'||e.key==='K'))){e.preventDefault();input.focus();input.select()}});
function reveal(){var id;try{id=decodeURIComponent(location.hash.slice(1))}catch(e){return}var el=id&&document.getElementById(id),opened=false;if(!el)return;
for(var d=el.parentElement;d;d=d.parentElement)if(d.tagName==='DETAILS'&&!d.open){d.open=true;opened=true}if(opened)el.scrollIntoView()}
function focusAsked(){var id;try{id=sessionStorage.getItem('docs-focus');sessionStorage.removeItem('docs-focus')}catch(e){return}var el=id&&document.getElementById(id);if(!el||decodeURIComponent(location.hash.slice(1))!==id)return;if(!el.hasAttribute('tabindex'))el.setAttribute('tabindex','-1');el.focus({preventScroll:true})}
window.addEventListener('hashchange',reveal);reveal();focusAsked();
})();`;

/** A complete page: head with the inline CSS, the top bar, then `body`. */
export function page({ title, description, current, css = '', body, script = '', head = '' }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${FAVICON_LINK}
${description ? `<meta name="description" content="${escapeHtml(description)}">` : ''}
<script>${THEME_SCRIPT}</script>
<style>${NAV_CSS}${BASE_CSS}${css}</style>
${head}
</head>
<body>
${siteNav(current)}
${body}
<script>${CHROME_SCRIPT}</script>
${script ? `<script>${script}</script>` : ''}
</body>
</html>
`;
}
