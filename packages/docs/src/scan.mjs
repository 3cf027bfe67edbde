// Finds references in HTML that make a browser fetch something from another host: src, srcset,
// <link href>, CSS url()/@import and the like. Plain <a href> links are documentation, not loads.

const LOADING_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'href',
  'poster',
  'data',
  'action',
  'formaction',
  'background',
  'manifest',
  'xlink:href',
  'ping',
]);
/** Elements whose href is navigation the user chooses, not a load. */
const NAVIGATION_ELEMENTS = new Set(['a', 'area']);

const EXTERNAL = /^\s*(?:https?:)?\/\//i;

function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** External URLs in CSS text: url(...) and @import. */
export function externalCssUrls(css) {
  const out = [];
  for (const m of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (EXTERNAL.test(m[2])) out.push(m[2]);
  }
  for (const m of css.matchAll(/@import\s+(['"])([^'"]+)\1/gi)) {
    if (EXTERNAL.test(m[2])) out.push(m[2]);
  }
  return out;
}

/**
 * @returns {{element: string, attribute: string, url: string}[]} every reference to another host
 *   that the browser would load; script bodies are skipped (the browser test watches those).
 */
export function findExternalLoads(htmlText) {
  const found = [];
  let text = htmlText.replace(/<!--[\s\S]*?-->/g, '');
  text = text.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_, open, css, close) => {
    for (const url of externalCssUrls(css)) found.push({ element: 'style', attribute: 'css', url });
    return open + close;
  });
  text = text.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2');
  for (const tag of text.matchAll(
    /<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g,
  )) {
    const element = tag[1].toLowerCase();
    for (const attr of tag[2].matchAll(/([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const name = attr[1].toLowerCase();
      if (attr[2] === undefined) continue;
      const value = decodeEntities(attr[2].replace(/^["']|["']$/g, ''));
      if (name === 'style') {
        for (const url of externalCssUrls(value)) found.push({ element, attribute: 'style', url });
        continue;
      }
      if (!LOADING_ATTRIBUTES.has(name)) continue;
      if (name === 'href' && NAVIGATION_ELEMENTS.has(element)) continue;
      const urls =
        name === 'srcset' ? value.split(',').map((s) => s.trim().split(/\s+/)[0]) : [value];
      for (const url of urls) if (EXTERNAL.test(url)) found.push({ element, attribute: name, url });
    }
  }
  return found;
}
