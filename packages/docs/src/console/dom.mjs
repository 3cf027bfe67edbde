// A small element builder for the console: text goes in as text nodes, never as HTML, so an
// answer from any server cannot inject markup.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false || v === null) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}

/** An id-safe slug of an operation name (`avm.getUTXOs` → `avm-getUTXOs`). */
export const slug = (s) => s.replace(/[^A-Za-z0-9_-]+/g, '-');
