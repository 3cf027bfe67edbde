import type { ContractCase } from './contract-case.js';
import type { RunHeader } from './contract-controls.js';

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * A curl command for the case's request; the api key is written as its variable, a --header
 * value as written on the command line (`$VAR`) or `[redacted]`, never the value itself.
 */
export function curlFor(
  c: ContractCase,
  url: string,
  key?: { header: string; variable: string },
  headers: readonly RunHeader[] = [],
): string {
  const parts = ['curl', '-sS'];
  if (c.method !== 'GET') parts.push('-X', c.method);
  parts.push(shellQuote(url));
  if (key) parts.push('-H', `"${key.header}: $${key.variable}"`);
  for (const h of headers)
    if (h.service === undefined || h.service === c.service)
      // Double quotes, so that a shell expands $VAR as the run did.
      parts.push('-H', `"${h.name}: ${h.shown.replace(/["\\`]/g, '\\$&')}"`);
  if (c.body !== undefined)
    parts.push(
      '-H',
      shellQuote('content-type: application/json'),
      '--data',
      shellQuote(JSON.stringify(c.body)),
    );
  return parts.join(' ');
}
