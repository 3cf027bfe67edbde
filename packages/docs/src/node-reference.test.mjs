import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSpecsDir } from './build.mjs';
import { healthAnchor, healthEndpoints, renderNodeReference } from './node-reference.mjs';

const load = (file) => JSON.parse(readFileSync(join(defaultSpecsDir, file), 'utf8'));
const openrpc = load('node-rpc.json');
const health = load('node-health.json');
const pages = renderNodeReference({ openrpc, health });
const out = Object.values(pages).join('\n');
const ids = [...out.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

/** The HTML of the section with this id. */
function section(id) {
  const start = out.indexOf(`<section class="method" id="${id}">`);
  expect(start, `section ${id}`).toBeGreaterThan(-1);
  return out.slice(start, out.indexOf('</section>', start));
}

describe('node reference', () => {
  it("shows a method's links: the linked method, its params and any server", () => {
    const at = out.indexOf('id="avm.getHeight"');
    const section = out.slice(at, out.indexOf('</section>', at));
    expect(section).toContain('<h4>Links</h4>');
    expect(section).toContain('href="#avm.getBlockByHeight"');
    expect(section).toContain('<code>height</code> ← <code>$result.height</code>');
    const info = out.slice(out.indexOf('id="info.getBlockchainID"'));
    expect(info).toContain('<code>{blockchainId}</code> ← <code>$result.blockchainID</code>');
  });

  it('has one anchor per method, named after the method', () => {
    expect(openrpc.methods.length).toBeGreaterThan(30);
    for (const m of openrpc.methods) expect(ids).toContain(m.name);
    // Exactly one section per method, no more.
    const sections = [...out.matchAll(/<section[^>]* id="([^"]+)"/g)].map((m) => m[1]);
    const methodSections = sections.filter((id) => openrpc.methods.some((m) => m.name === id));
    expect(methodSections).toHaveLength(openrpc.methods.length);
  });

  it('has the four health endpoints as slug anchors', () => {
    expect(healthEndpoints(health).map((e) => e.anchor)).toEqual([
      'get-ext-health',
      'get-ext-health-health',
      'get-ext-health-readiness',
      'get-ext-health-liveness',
    ]);
    for (const e of healthEndpoints(health)) expect(ids).toContain(e.anchor);
    expect(healthAnchor('get', '/ext/health')).toBe('get-ext-health');
  });

  it.each(Object.keys(pages))('%s never repeats an id', (file) => {
    const own = [...pages[file].matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(own.length).toBe(new Set(own).size);
  });

  it('resolves every link between its pages', () => {
    const idsOf = (file) => [...pages[file].matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    let count = 0;
    for (const [file, text] of Object.entries(pages)) {
      for (const [, target, anchor] of text.matchAll(/href="([a-z-]*\.html)?#([^"]*)"/g)) {
        if (target && !(target in pages)) continue;
        count++;
        expect(idsOf(target ?? file), `${file}: ${target ?? ''}#${anchor}`).toContain(anchor);
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('groups methods by namespace', () => {
    for (const ns of ['avm', 'evm', 'health', 'index', 'info', 'validators'])
      expect(ids).toContain(`namespace-${ns}`);
  });

  it('shows endpoint, parameter structure, examples and errors of avm.getUTXOs', () => {
    const s = section('avm.getUTXOs');
    expect(s).toContain('<code>/ext/bc/{blockchainId}</code>');
    expect(s).toContain('<strong>by-name</strong>');
    expect(s).toContain('curl -X POST &#39;https://api.avax.network/ext/bc/X&#39;');
    expect(s).toContain('const utxos = await client.avm.getUTXOs({');
    expect(s).toContain('pattern <code>^[^\\s-]+-[a-z0-9]+1[02-9ac-hj-np-z]+$</code>');
    expect(s).toContain('<code>-32000</code>');
    expect(s).toContain('Example 2: example-atomic');
  });

  it('marks positional methods and deprecations with their version and replacement', () => {
    const s = section('eth_getActivePrecompilesAt');
    expect(s).toContain('<strong>by-position</strong>');
    expect(s).toContain('position 0');
    // A Subnet-EVM-only method: the sample reaches the spec's example Subnet-EVM chain.
    expect(s).toContain('client.evm(&#39;2ebCneCbwthjQ1rYT41nhd7M76Hc6YmosMAQrTFhBq8qeqh6tt&#39;)');
    expect(s).toContain('api.getActivePrecompilesAt([1735689600])');
    expect(s).toContain('href="#eth_getActiveRulesAt"');
    expect(section('avm.getAllBalances')).toContain('Deprecated since v1.9.12');
    expect(section('info.getTxFee')).toContain('Deprecated since v1.12.2');
  });

  it('marks node-specific methods and required node flags', () => {
    expect(section('info.getNodeID')).toContain('Node-specific');
    expect(section('index.getContainerRange')).toContain('needs --index-enabled');
    expect(section('index.getContainerRange')).toContain('<code>X/vtx</code>');
    expect(section('index.getContainerRange')).toContain(
      'client.index(&#39;X/block&#39;).getContainerRange(',
    );
  });

  it('documents the health GET endpoints with curl, TypeScript and responses', () => {
    const s = section('get-ext-health');
    expect(s).toContain(
      'curl &#39;http://127.0.0.1:9650/ext/health?tag=11111111111111111111111111111111LpoYY&#39;',
    );
    expect(s).toContain(
      'client.health.get({\n  tags: [&#39;11111111111111111111111111111111LpoYY&#39;],\n});',
    );
    expect(section('get-ext-health-readiness')).toContain(
      'client.health.get({\n  path: &#39;readiness&#39;,',
    );
    expect(section('get-ext-health-liveness')).toContain(
      'client.health.get({\n  path: &#39;liveness&#39;,',
    );
    expect(s).toContain('class="status s5">503');
    expect(section('get-ext-health-readiness')).toContain('href="#health.readiness"');
  });

  it('escapes markup from spec text', () => {
    const evil = structuredClone(openrpc);
    const m = evil.methods[0];
    m.summary = '<img src=x onerror=alert(1)>';
    m.description = '<script>alert(1)</script> [x](javascript:alert(1))';
    m.params[0].name = '"><svg onload=alert(1)>';
    m.params[0].description = '</div><iframe>';
    m.examples[0].result.value = { note: '</code></pre><script>alert(2)</script>' };
    m.servers[0].description = '<b onmouseover=alert(3)>';
    evil.components.schemas.Bech32Address.pattern = '<style id=evil>';
    const text = Object.values(renderNodeReference({ openrpc: evil, health })).join('\n');
    expect(text).not.toMatch(
      /<img src=x|<script>alert|javascript:alert|<svg onload|<iframe>|<b onmouseover|<style id=evil>/,
    );
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('shared types', () => {
  it('show their own fields, not just a link to themselves', () => {
    const start = out.indexOf('<div class="type-def" id="schema-UtxoIndex">');
    const def = out.slice(start, out.indexOf('<div class="type-def"', start + 10));
    expect(def).toContain('<code class="field-name">address</code>');
    expect(def).toContain('<code class="field-name">utxo</code>');
  });
});
