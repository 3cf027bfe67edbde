import { describe, expect, it } from 'vitest';
import { findExternalLoads } from './scan.mjs';

describe('findExternalLoads', () => {
  it.each([
    ['script src', '<script src="https://cdn.example/x.js"></script>', 'https://cdn.example/x.js'],
    [
      'stylesheet',
      "<link rel=stylesheet href='https://fonts.googleapis.com/css?family=Roboto'>",
      'https://fonts.googleapis.com/css?family=Roboto',
    ],
    ['protocol-relative img', '<img src=//img.example/a.png>', '//img.example/a.png'],
    ['srcset', '<img srcset="a.png 1x, https://x.example/b.png 2x">', 'https://x.example/b.png'],
    [
      'css url()',
      '<style>body{background:url("https://x.example/bg.png")}</style>',
      'https://x.example/bg.png',
    ],
    ['css @import', "<style>@import 'https://x.example/a.css';</style>", 'https://x.example/a.css'],
    [
      'style attribute',
      '<div style="background:url(https://x.example/c.png)"></div>',
      'https://x.example/c.png',
    ],
    ['entity-encoded', '<iframe src="&#104;ttps://x.example/"></iframe>', 'https://x.example/'],
  ])('finds %s', (_, html, url) => {
    expect(findExternalLoads(html).map((l) => l.url)).toEqual([url]);
  });

  it.each([
    ['documentation link', '<a href="https://www.npmjs.com/package/x">npm</a>'],
    [
      'relative and data URLs',
      '<img src="specs/a.png"><link href="#x"><img src="data:image/png;base64,AA">',
    ],
    ['URLs inside scripts', '<script>const u = `<img src="https://x.example/a.png">`;</script>'],
    ['URLs in text', '<pre>curl https://api.avax.network/ext/info</pre>'],
    ['comments', '<!-- <script src="https://x.example/a.js"></script> -->'],
  ])('ignores %s', (_, html) => {
    expect(findExternalLoads(html)).toEqual([]);
  });
});
