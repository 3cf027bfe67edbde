// Where a run sends each service's cases, from `--target`, and how a target URL is shown.
import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';

/** Base URL per service name (`data-api`, `metrics-api`, `node-health`, `node-rpc`). */
export type Targets = Record<string, string>;

/** The public hosts the specs declare, for `--target live`. */
export function liveTargets(specs: Specs): Targets {
  const out: Targets = {};
  for (const s of [...specs.rest, ...specs.rpc]) {
    const servers = Array.isArray(s.doc.servers) ? s.doc.servers : [];
    const first = servers.find((v) => isObject(v) && typeof v.url === 'string');
    if (!isObject(first)) continue;
    let url = String(first.url);
    if (isObject(first.variables)) {
      for (const [name, v] of Object.entries(first.variables)) {
        if (isObject(v)) url = url.replaceAll(`{${name}}`, String(v.default));
      }
    }
    out[s.name] = new URL(url).origin;
  }
  return out;
}

/** Parses `--target`: `replay`, `live`, one URL for every service, or `name=url,…`. */
export function parseTargets(value: string, specs: Specs): Targets | 'replay' {
  if (value === 'replay') return 'replay';
  if (value === 'live') return liveTargets(specs);
  const names = [...specs.rest, ...specs.rpc].map((s) => s.name);
  const out: Targets = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const [name, url] =
      eq > 0 && !part.slice(0, eq).includes(':')
        ? [part.slice(0, eq), part.slice(eq + 1)]
        : [undefined, part];
    if (!URL.canParse(url))
      throw new Error(
        `--target: ${JSON.stringify(url)} is not a URL (expected replay, live, a URL or name=url,…)`,
      );
    if (name && !names.includes(name))
      throw new Error(
        `--target: unknown service ${JSON.stringify(name)}; services are ${names.join(', ')}`,
      );
    for (const n of name ? [name] : names) out[n] = new URL(url).href.replace(/\/$/, '');
  }
  return out;
}

/** A URL as it may be shown: without user:password@. */
export const shown = (url: string) => url.replace(/\/\/[^/@]*@/, '//');
