import { describe, expect, it } from 'vitest';
import { escapeHtml, highlightJson, html, inline, markdown, raw, slug } from './html.mjs';

describe('escapeHtml', () => {
  it.each([
    ['<script>', '&lt;script&gt;'],
    ['a & b', 'a &amp; b'],
    [`"quoted" 'single'`, '&quot;quoted&quot; &#39;single&#39;'],
    [42, '42'],
  ])('%s', (given, want) => expect(escapeHtml(given)).toBe(want));
});

describe('html``', () => {
  it('escapes interpolations unless raw', () => {
    const out = html`<p title="${'"x"'}">${'<b>'}${raw('<i>ok</i>')}${['<a>', raw('<br>')]}${undefined}${false}</p>`;
    expect(String(out)).toBe('<p title="&quot;x&quot;">&lt;b&gt;<i>ok</i>&lt;a&gt;<br></p>');
  });
});

describe('markdown', () => {
  const cases = [
    ['paragraphs', 'one\nline\n\ntwo', '<p>one line</p>\n<p>two</p>'],
    [
      'code and bold',
      '**Numbers.** use `"1"`',
      '<p><strong>Numbers.</strong> use <code>&quot;1&quot;</code></p>',
    ],
    [
      'list with continuation lines',
      'Intro:\n\n- first\n  continued\n- second',
      '<p>Intro:</p>\n<ul><li>first continued</li><li>second</li></ul>',
    ],
    ['ordered list', '1. a\n2. b', '<ol><li>a</li><li>b</li></ol>'],
    ['fenced code', '```\n<x>\n```', '<pre class="code" tabindex="0"><code>&lt;x&gt;</code></pre>'],
    [
      'links',
      '[docs](https://example.org/a?b=1&c=2)',
      '<p><a href="https://example.org/a?b=1&amp;c=2">docs</a></p>',
    ],
    ['no markup inside code', '`**not bold**`', '<p><code>**not bold**</code></p>'],
  ];
  it.each(cases)('%s', (_, given, want) => expect(markdown(given)).toBe(want));

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[x](javascript:alert(1))', '<p>x</p>'],
    ['[x](data:text/html,hi)', '<p>x</p>'],
    ['`<b>` & "q"', '<code>&lt;b&gt;</code> &amp; &quot;q&quot;'],
  ])('never lets markup through: %s', (given, want) => {
    const out = markdown(given);
    expect(out).toContain(want);
    expect(out).not.toMatch(/<(script|img)|javascript:|data:text/);
  });

  it('links code spans through linkCode', () => {
    expect(inline('see `avm.getTx`', (c) => (c === 'avm.getTx' ? '#avm.getTx' : undefined))).toBe(
      'see <a href="#avm.getTx"><code>avm.getTx</code></a>',
    );
  });
});

describe('highlightJson', () => {
  it('wraps tokens and escapes strings', () => {
    const out = highlightJson({ a: '<b>', n: -1.5, t: true, z: null });
    expect(out).toContain('<span class="j-key">&quot;a&quot;</span>:');
    expect(out).toContain('<span class="j-str">&quot;&lt;b&gt;&quot;</span>');
    expect(out).toContain('<span class="j-num">-1.5</span>');
    expect(out).toContain('<span class="j-lit">true</span>');
    expect(out).toContain('<span class="j-lit">null</span>');
    expect(out).not.toContain('<b>');
  });
});

describe('slug', () => {
  it.each([
    ['EVM Balances and NFTs', 'evm-balances-and-nfts'],
    ['GET /ext/health/readiness', 'get-ext-health-readiness'],
    ['  Primary Network UTXOs ', 'primary-network-utxos'],
  ])('%s', (given, want) => expect(slug(given)).toBe(want));
});

describe('inline autolinks', () => {
  const link = (c) => (c === 'info.getNodeID' ? '#info.getNodeID' : undefined);
  it('links known bare names and leaves others', () => {
    expect(inline('call info.getNodeID on api.avax.network', link)).toBe(
      'call <a href="#info.getNodeID">info.getNodeID</a> on api.avax.network',
    );
  });
});
