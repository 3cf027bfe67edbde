// Which header carries an api key to a service: read from the service's spec (an `apiKey`
// security scheme sent in a header), so that no code names a service or its header.
import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';

/**
 * The header name of the first `apiKey`-in-header scheme the service's spec declares, or
 * undefined when it declares none (such a service is never sent the key).
 */
export function apiKeyHeader(specs: Pick<Specs, 'rest'>, service: string): string | undefined {
  const doc = specs.rest.find((s) => s.name === service)?.doc;
  const schemes = isObject(doc?.components) ? doc.components.securitySchemes : undefined;
  if (!isObject(schemes)) return undefined;
  for (const scheme of Object.values(schemes))
    if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header')
      if (typeof scheme.name === 'string' && scheme.name !== '') return scheme.name;
  return undefined;
}

/** Every service whose spec takes an api key, with its header. */
export function apiKeyHeaders(specs: Pick<Specs, 'rest'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of specs.rest) {
    const header = apiKeyHeader(specs, s.name);
    if (header) out[s.name] = header;
  }
  return out;
}
