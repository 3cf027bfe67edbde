// Hand-written guides in Markdown (src/guide/*.md) rendered into pages of the site.
import { readFile } from 'node:fs/promises';
import MarkdownIt from 'markdown-it';
import { html, page, raw, slug } from './html.mjs';

export const GUIDE_PAGE = 'clients.html';
export const GUIDE_SOURCE = new URL('./guide/clients.md', import.meta.url);
/** The testing guide: a Markdown file of the repository that the READMEs link and the site renders. */
export const TESTING_PAGE = 'testing.html';
export const TESTING_SOURCE = new URL('./guide/testing.md', import.meta.url);
/** Each guide's page, by its Markdown file's name (a link between the sources becomes one between the pages). */
export const GUIDES = [
  { page: GUIDE_PAGE, source: GUIDE_SOURCE },
  { page: TESTING_PAGE, source: TESTING_SOURCE },
];
/** The sections other pages link to (ids are the headings' slugs). */
export const API_KEYS_ANCHOR = 'api-keys';

/** Markdown as the guide uses it; raw HTML in the source stays text. */
function markdownRenderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  // Headings get ids from their text, so each section has a link of its own.
  md.core.ruler.push('heading_ids', (state) => {
    const seen = new Map();
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const base = slug(state.tokens[i + 1].content) || 'section';
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      token.attrSet('id', n ? `${base}-${n}` : base);
    });
  });
  // A link to another guide's Markdown file (`testing.md#x`) goes to that guide's page.
  const pages = new Map(GUIDES.map((g) => [g.source.pathname.split('/').pop(), g.page]));
  md.core.ruler.push('guide_links', (state) => {
    for (const token of state.tokens.flatMap((t) => t.children ?? [])) {
      if (token.type !== 'link_open') continue;
      const [file, fragment] = token.attrGet('href').replace(/^\.\//, '').split('#');
      if (pages.has(file))
        token.attrSet('href', pages.get(file) + (fragment ? `#${fragment}` : ''));
    }
  });
  return md;
}

/** Renders one guide page from its Markdown. */
export function renderGuide(source, { file = GUIDE_PAGE } = {}) {
  const md = markdownRenderer();
  const env = {};
  // The generated tables' markers (scripts/generate-readme-tables.mjs) are for the generator only.
  const tokens = md.parse(source.replace(/^<!-- [a-z]+:(?:begin|end)[^\n]*-->\n/gm, ''), env);
  const title = tokens.find((t, i) => t.type === 'inline' && tokens[i - 1]?.tag === 'h1')?.content;
  if (!title) throw new Error(`${file}: the guide must start with a "# Title" heading`);
  const sections = tokens
    .map((t, i) => [t, tokens[i + 1]])
    .filter(([t]) => t.type === 'heading_open' && t.tag === 'h2')
    .map(([t, inline]) => ({ id: t.attrGet('id'), title: inline.content }));
  const toc = sections.length
    ? html`<nav class="guide-toc" aria-label="On this page"><p>On this page</p><ul>${sections.map(
        (s) => html`<li><a href="#${s.id}">${s.title}</a></li>`,
      )}</ul></nav>`
    : '';
  const body = html`<div class="guide-layout">${toc}<main class="guide">${raw(md.renderer.render(tokens, md.options, env).replaceAll('<pre>', '<pre tabindex="0">'))}</main></div>`;
  return page({
    title: `${title} – Avalanche APIs`,
    description: title,
    current: file,
    css: GUIDE_CSS,
    body: body.toString(),
  });
}

export async function readGuide(source = GUIDE_SOURCE) {
  return readFile(source, 'utf8');
}

/** Every guide's page, `{file: html}`. */
export async function renderGuides() {
  const out = {};
  for (const { page, source } of GUIDES)
    out[page] = renderGuide(await readGuide(source), { file: page });
  return out;
}

const GUIDE_CSS = `
.guide-layout{display:grid;grid-template-columns:240px minmax(0,1fr);gap:40px;max-width:1180px;margin:0 auto;padding:10px 32px 80px}
.guide-toc{position:sticky;top:64px;align-self:start;font-size:14px}
.guide-toc p{font-weight:700;text-transform:uppercase;font-size:11.5px;letter-spacing:.06em;color:var(--muted);margin:24px 0 8px}
.guide-toc ul{list-style:none;margin:0;padding:0}
.guide-toc li{margin:0 0 6px}
.guide{max-width:820px}
.guide pre{background:var(--code-bg);color:var(--code-fg);border-radius:8px;padding:12px 14px;overflow:auto;font:13px/1.55 var(--mono)}
.guide li{margin-bottom:4px}
@media (max-width:900px){.guide-layout{grid-template-columns:minmax(0,1fr);padding:10px 14px 60px;gap:0}.guide-toc{position:static}}
`;
