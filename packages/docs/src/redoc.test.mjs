import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSpecsDir } from './build.mjs';
import {
  escapeMarkdownHtml,
  makeOffline,
  operationsOf,
  REDOC_SCRIPT,
  redocAnchor,
  useSharedScript,
  withCodeSamples,
} from './redoc.mjs';

const data = JSON.parse(readFileSync(join(defaultSpecsDir, 'data-api.json'), 'utf8'));

describe('redocAnchor', () => {
  it.each([
    [
      { operationId: 'listValidators', tags: ['Primary Network'] },
      '/primary-network/listvalidators',
    ],
    [
      { operationId: 'listErc721Balances', tags: ['EVM Balances and NFTs'] },
      '/evm-balances-and-nfts/listerc721balances',
    ],
    [{ operationId: 'getAvgTps', tags: ['Metrics'] }, '/metrics/getavgtps'],
  ])('%o', (operation, want) => expect(redocAnchor(operation)).toBe(want));
});

describe('escapeMarkdownHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)>'],
    ['keep `<code>` as is', 'keep `<code>` as is'],
    ['```\n<pre>\n```\n<b>', '```\n<pre>\n```\n&lt;b>'],
  ])('%s', (given, want) => expect(escapeMarkdownHtml(given)).toBe(want));
});

describe('withCodeSamples', () => {
  const copy = withCodeSamples(data, 'data-api');
  const byId = Object.fromEntries(
    operationsOf(copy).map((o) => [o.operation.operationId, o.operation]),
  );

  it("says each response's links in its description (Redoc does not render links)", () => {
    const text = byId.getLatestBlocks.responses['200'].description;
    expect(text).toContain('**Links**');
    expect(text).toContain('**getBlock**');
    expect(text).toContain('`blockId` ← `$response.body#/blocks/0/blockNumber`');
  });

  it('leaves the input untouched', () => {
    expect(operationsOf(data)[0].operation['x-codeSamples']).toBeUndefined();
  });

  it('adds TypeScript samples first, then curl, built from the examples', () => {
    const samples = byId.listValidators['x-codeSamples'];
    expect(samples.map((s) => s.label)).toEqual(['TypeScript', 'TypeScript: every page', 'curl']);
    const [ts, all, curl] = samples;
    expect(curl.source).toBe(
      "curl 'https://data-api.avax.network/v1/networks/mainnet/validators?pageSize=4'",
    );
    expect(ts.source).toContain(
      "const result = await client.listValidators({ network: 'mainnet', pageSize: 4 });",
    );
    expect(all.label).toBe('TypeScript: every page');
    expect(all.source).toContain("paginate(client.listValidators, { network: 'mainnet' })");
  });

  it('sends the request body example of POST operations', () => {
    const [ts, curl] = byId.aggregateSignatures['x-codeSamples'];
    expect(curl.source).toMatch(
      /^curl -X POST 'https:\/\/data-api\.avax\.network\/v1\/signatureAggregator\/mainnet\/aggregateSignatures'/,
    );
    expect(curl.source).toContain('"quorumPercentage": 67');
    expect(ts.source).toContain('quorumPercentage: 67');
  });

  it('escapes HTML in descriptions but not in examples', () => {
    const evil = structuredClone(data);
    evil.info.description = '<script>alert(1)</script>';
    const op = operationsOf(evil)[0].operation;
    op.description = '<img src=x onerror=alert(1)>';
    const out = withCodeSamples(evil, 'data-api');
    expect(out.info.description).toBe('&lt;script>alert(1)&lt;/script>');
    // The docs copy adds the promises after the spec's own text.
    const [own] = operationsOf(out)[0].operation.description.split('\n\n');
    expect(own).toBe('&lt;img src=x onerror=alert(1)>');
  });
});

describe('makeOffline', () => {
  const redocLike =
    'src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`;';
  it('inlines the logo', () => {
    const out = makeOffline(redocLike);
    expect(out).not.toContain('cdn.redoc.ly');
    expect(out).toContain('data:image/svg+xml,');
  });
  it('fails loudly when Redoc changes', () => {
    expect(() => makeOffline('nothing to replace')).toThrow(/no longer contains/);
    expect(() => makeOffline(`${redocLike} https://fonts.googleapis.com/css`)).toThrow(
      /CDN or web fonts/,
    );
  });
});

describe('useSharedScript', () => {
  const cdn = 'https://cdn.redocly.com/redoc/v3.0.1/bundles/redoc.standalone.js';
  const page = `<head><link rel="modulepreload" href="${cdn}" integrity="sha384-x" crossorigin="anonymous" /><style></style></head>
<body><div id="redoc"></div>
<script type="module">
      import { hydrate } from "${cdn}";

      const __redoc_definition = {};
      const __redoc_options = {"disableTelemetry":true};

      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));
</script></body>`;

  it('loads the site copy of the script, as a classic script, and hydrates once the page is parsed', () => {
    const out = useSharedScript(page);
    expect(out).not.toContain('cdn.redocly.com');
    expect(out).not.toContain('type="module"');
    expect(out).toContain(`<script src="${REDOC_SCRIPT}" defer></script>`);
    expect(out).toContain(
      "document.addEventListener('DOMContentLoaded', function () { RedocBundle.hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc')); });",
    );
  });

  it.each([
    ['the preload link is gone', page.replace(/<link[^>]*>/, '')],
    ['the import changed', page.replace('import { hydrate }', 'import { hydrate as h }')],
    ['the call changed', page.replace("getElementById('redoc'))", "getElementById('root'))")],
    ['telemetry is on', page.replace('"disableTelemetry":true', '"disableTelemetry":false')],
  ])('fails loudly when %s', (_, changed) => {
    expect(() => useSharedScript(changed)).toThrow(/recheck useSharedScript|telemetry/);
  });
});
