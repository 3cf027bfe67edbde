// The Changes page: rendered from the classified spec changes, one row per change.
import { describe, expect, it } from 'vitest';
import { CHANGES_PAGE, readChanges, renderChanges } from './changes.mjs';

const change = (over) => ({
  spec: 'data-api',
  operation: 'getBlock',
  location: '/components/schemas/EvmBlock/properties/txCount/type',
  rule: 'type-changed',
  client: 'breaking',
  server: 'breaking',
  message: 'body.txCount: type "integer" → "string"',
  ...over,
});

describe('changes page', () => {
  it('shows each change under its spec and operation, with both levels, escaped', () => {
    const changes = [
      change(),
      change({
        spec: 'node-rpc',
        operation: 'info.peers',
        rule: 'description-changed',
        client: 'docs',
        server: 'docs',
        message: 'description <changed>',
      }),
    ];
    const out = renderChanges({
      base: 'a'.repeat(40),
      released: true,
      changes,
      summary: { client: 'breaking', server: 'breaking' },
    });
    expect(out).toContain('<a href="changes.html" aria-current="page">Changes</a>');
    expect(out).toContain('the last release (commit <code>aaaaaaaaaaaa</code>)');
    expect(out.match(/<tr data-client=/g)).toHaveLength(2);
    expect(out).toContain('<section id="data-api"><h2>Data API');
    expect(out).toContain('<section id="node-rpc"><h2>Node JSON-RPC');
    expect(out).toContain('description &lt;changed&gt;');
    expect(out).toContain('<tr data-client="breaking"><td><code>getBlock</code>');
  });

  it('says so when nothing changed and nothing was released', () => {
    const out = renderChanges({
      base: 'b'.repeat(40),
      released: false,
      changes: [],
      summary: { client: 'none', server: 'none' },
    });
    expect(out).toContain('nothing has been released yet');
    expect(out).toContain('<p>No spec changes.</p>');
  });

  it(`${CHANGES_PAGE} lists every change pnpm spec:diff finds in this repository`, async () => {
    const real = await readChanges();
    const out = renderChanges(real);
    expect(out.match(/<tr data-client=/g) ?? []).toHaveLength(real.changes.length);
    for (const spec of new Set(real.changes.map((c) => c.spec)))
      expect(out).toContain(`<section id="${spec}">`);
  });
});
