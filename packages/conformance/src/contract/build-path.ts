import type { RestRequest } from '../model/openapi.js';

/** A REST request's path and query, its path parameters filled in from the operation's template. */
export function buildPath(template: string, request: RestRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParams[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [k, values] of Object.entries(request.query))
    for (const v of values) query.append(k, v);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
