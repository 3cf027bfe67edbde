import type { RequestOptions, Vars } from './call.js';
import type { EndpointEntry } from './entries.js';
import { parameterError } from './errors.js';

/** encodeURIComponent, with a ParameterError instead of a bare URIError for a lone UTF-16 surrogate. */
export const encode = (method: string, parameter: string, value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    throw parameterError(
      method,
      parameter,
      value,
      'wellFormedUnicode',
      'holds a lone UTF-16 surrogate, which cannot be sent',
    );
  }
};

/**
 * The url of an endpoint with variables: each from the options, then the namespace's `vars`,
 * then the spec's defaults (an index path, `chain/kind`, names both: the options' or the
 * namespace's `index`). Only the entries of such endpoints carry it, so an app calling
 * info methods only does not ship it.
 */
export function fill(
  url: string,
  method: string,
  [path, defaults]: EndpointEntry,
  o: RequestOptions,
  vars?: Vars,
): string {
  const [chain, kind] = (o.index ?? vars?.index)?.split('/') ?? [];
  const given: Vars = { chain, kind, blockchainId: o.blockchainId };
  return (
    url +
    path.replace(/\{(\w+)\}/g, (_, k: string) => {
      const value = given[k] || vars?.[k] || defaults[k] || '';
      // One path segment: `.`, `..` and `/` would reach another endpoint (evm('..') -> /ext/rpc).
      if (/^\.{0,2}$|\//.test(value))
        throw parameterError(method, k, value, 'pathSegment', 'cannot be sent as a path segment');
      return encode(method, k, value);
    })
  );
}
