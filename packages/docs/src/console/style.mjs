// The console's CSS, added to the page when the first console opens. Colours are inherited,
// so the page's light and dark themes both apply; only borders and marks are the console's.
// Long lines wrap (URLs, hashes, JSON): nothing in the console is cut off at its edge.
export const CONSOLE_CSS = `
.try-open{font:inherit;margin:.5rem 0;padding:.3rem .8rem;cursor:pointer}
.try-console{border:1px solid color-mix(in srgb,currentColor 30%,transparent);border-radius:6px;padding:.75rem;margin:.5rem 0;max-width:100%;box-sizing:border-box;overflow-wrap:anywhere}
.try-row{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center;margin:.35rem 0}
.try-row>label{min-width:10rem}
.try-row input[type=text],.try-row input[type=url],.try-row input[type=password],.try-row textarea,.try-row select{font:inherit;flex:1 1 14rem;min-width:0;max-width:100%;box-sizing:border-box}
.try-row select,.try-row>.try-note{flex-basis:100%}
.try-row textarea{font-family:ui-monospace,monospace;width:100%}
.try-check{display:inline-flex;gap:.25rem;align-items:center}
.try-note{font-size:.9em;margin:.25rem 0}
.try-note:empty{display:none}
.try-console pre{overflow:auto;max-height:24rem;max-width:100%;padding:.5rem;border:1px solid color-mix(in srgb,currentColor 20%,transparent);white-space:pre-wrap}
.try-console pre code{overflow-wrap:anywhere}
.try-ok,.try-warn,.try-bad{border-left:4px solid;padding:.25rem .6rem;margin:.4rem 0}
.try-ok{border-color:#2e8540}
.try-warn{border-color:#c77700}
.try-bad{border-color:#d83933}
.try-part p{margin:.25rem 0}
.try-tag{margin-right:.25rem}
.try-verdict code{overflow-wrap:anywhere}
.try-console dl{display:grid;grid-template-columns:auto 1fr;gap:0 .75rem;overflow-wrap:anywhere}
.try-console dd{margin:0}
.try-problem:empty{display:none}
`;
