// The shared hostile-server table (rest-core/src/test/hostile.ts) against the contract runner:
// each outcome is read from the case's result (verdict, status, violations) and must be the one
// the table documents, with the api key in neither the result nor its recorded exchange.
import { hostileSuite, KEY } from '../../../rest-core/src/test/hostile.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { runContract } from './contract.js';
import type { ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
// A GET of the Data API expecting 200: the one target the key is sent to.
const one = contractCases(specs, recordings).find(
  (c) => c.service === 'data-api' && c.method === 'GET' && c.expect.status === 200 && !c.skip,
);
if (!one) throw new Error('no data-api GET case to test with');

/** The outcome of the case as the table names it. */
function outcome(result: ContractResult): string {
  const said = result.violations.map((v) => v.message).join('\n');
  // A rate limit and no answer are not tested, never drift; the reason tells them apart.
  if (result.verdict === 'not-tested') {
    if (/^rate limited: /.test(result.unreachable ?? '')) return 'RateLimitError';
    return /no answer within/.test(result.unreachable ?? '') ? 'TimeoutError' : 'ConnectionError';
  }
  if (/larger than maxResponseBytes/.test(said)) return 'ResponseTooLargeError';
  if (/not followed while/.test(said)) return 'RedirectError';
  if (/could not be decoded/.test(said)) return 'ParseError';
  const status = result.status ?? 0;
  if (status === 429) return 'RateLimitError';
  if (status > 499) return 'ServerError';
  if (status > 399) return 'HttpError';
  if (/not JSON/.test(said) || result.exchange?.response.body === undefined) return 'ParseError';
  return 'ok';
}

hostileSuite('contract', {
  protocol: 'rest',
  call: async (baseUrl, settings) => {
    const retry = settings.retry || { attempts: 1 };
    const [result] = await runContract(specs, [{ ...one }], {
      targets: { 'data-api': baseUrl },
      apiKey: KEY,
      concurrency: 1,
      timeoutMs: settings.timeoutMs,
      retries: (retry.attempts ?? 3) - 1,
      maxRetryAfterMs: retry.maxDelayMs ?? 10_000,
      maxResponseBytes: settings.maxResponseBytes,
    });
    const name = outcome(result as ContractResult);
    if (name === 'ok') return result;
    // The whole result, exchange included, is what reports and --record files are made of.
    const error = new Error(JSON.stringify(result), {
      cause: /not JSON/.test(JSON.stringify(result?.violations))
        ? Object.assign(new Error('not JSON'), { name: 'ParseError' })
        : undefined,
    });
    error.name = name;
    throw error;
  },
  good: () => '{}',
  overrides: {
    // The runner retries 429 only: a 503 is the answer under test.
    '503 then 200': { want: 'ServerError', requests: 1 },
    // A result has no retryAfterMs; the wait itself is checked (atLeast).
    '429 with seconds': { check: () => {} },
    // Without a usable Retry-After the runner backs off from 1 s, as it always has.
    ...Object.fromEntries(
      ['later 5', '0x10', '1e3', '-1'].map((v) => [
        `429 with garbage Retry-After ${JSON.stringify(v)}`,
        { within: 8000 },
      ]),
    ),
  },
});
