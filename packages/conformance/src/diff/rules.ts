// The one table of spec-change rules: rule id → how the change affects each audience, and why.
// `client` is the user of a client generated from the spec; `server` is an implementation
// judged by `avalanche-conformance contract`. The differs only pick a rule id; the levels
// come from here, so the table is the policy.

export type Level = 'breaking' | 'warning' | 'non-breaking' | 'docs';
export type Severity = Level | 'none';

/** Least to most severe. */
export const severities: readonly Severity[] = [
  'none',
  'docs',
  'non-breaking',
  'warning',
  'breaking',
];

export function mostSevere(levels: Iterable<Severity>): Severity {
  let worst = 0;
  for (const level of levels) worst = Math.max(worst, severities.indexOf(level));
  return severities[worst] ?? 'none';
}

export interface Rule {
  client: Level;
  server: Level;
  /** One line: why the levels are what they are. */
  why: string;
  /** Which spec kinds can show the change. */
  kinds: readonly ('openapi' | 'openrpc')[];
}

const both = ['openapi', 'openrpc'] as const;
const rest = ['openapi'] as const;
const rpc = ['openrpc'] as const;

function rule(client: Level, server: Level, kinds: Rule['kinds'], why: string): Rule {
  return { client, server, kinds, why };
}

export const rules = {
  // Operations and methods.
  'operation-removed': rule(
    'breaking',
    'non-breaking',
    rest,
    'the generated method is gone; a server may keep serving it',
  ),
  'operation-added': rule(
    'non-breaking',
    'breaking',
    rest,
    'clients gain a method; servers must now implement it',
  ),
  'operation-id-changed': rule(
    'breaking',
    'non-breaking',
    rest,
    "the operationId is the generated method's name; the wire is the same",
  ),
  'path-changed': rule(
    'breaking',
    'breaking',
    rest,
    'same operation at another method or path: old calls and old servers miss each other',
  ),
  'method-removed': rule(
    'breaking',
    'non-breaking',
    rpc,
    'the generated method is gone; a node may keep answering it',
  ),
  'method-added': rule(
    'non-breaking',
    'breaking',
    rpc,
    'clients gain a method; nodes must now answer it',
  ),
  'endpoint-changed': rule(
    'breaking',
    'breaking',
    rpc,
    'the method is posted to another endpoint or batching changed',
  ),
  'param-structure-changed': rule(
    'breaking',
    'breaking',
    rpc,
    'params sent by name vs by position no longer match',
  ),
  'param-order-changed': rule(
    'breaking',
    'breaking',
    rpc,
    'by-position params land in other slots',
  ),
  'result-changed': rule(
    'breaking',
    'breaking',
    rpc,
    'the method gained or lost its result (a notification or not)',
  ),
  // Parameters (OpenAPI parameters and request body, OpenRPC params).
  'parameter-removed': rule(
    'breaking',
    'non-breaking',
    both,
    'code passing it no longer compiles; servers may ignore it',
  ),
  'parameter-added-required': rule(
    'breaking',
    'non-breaking',
    both,
    'existing calls lack it; servers simply receive more',
  ),
  'parameter-added-optional': rule(
    'non-breaking',
    'warning',
    both,
    'existing calls still work; servers are now sent it',
  ),
  'parameter-made-required': rule(
    'breaking',
    'non-breaking',
    both,
    'calls that leave it out are now invalid',
  ),
  'parameter-made-optional': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must now cope with its absence',
  ),
  'parameter-location-changed': rule(
    'breaking',
    'breaking',
    rest,
    'in, style or explode changed: the value travels differently',
  ),
  'media-type-changed': rule(
    'breaking',
    'breaking',
    rest,
    'a request or response content type was added or removed',
  ),
  // Responses and errors.
  'success-status-changed': rule(
    'breaking',
    'breaking',
    rest,
    'code checking the success status sees another one',
  ),
  'error-status-added': rule(
    'warning',
    'warning',
    rest,
    'a new documented failure; callers may not handle it',
  ),
  'error-status-removed': rule(
    'non-breaking',
    'warning',
    rest,
    'callers handle a failure that no longer comes; servers that send it drift',
  ),
  'error-code-added': rule(
    'warning',
    'warning',
    rpc,
    'a new documented JSON-RPC error; callers may not handle it',
  ),
  'error-code-removed': rule(
    'non-breaking',
    'warning',
    rpc,
    'callers handle an error that no longer comes; nodes that send it drift',
  ),
  // Values a client sends (parameters, request bodies, params).
  'request-type-narrowed': rule(
    'breaking',
    'non-breaking',
    both,
    'values of the dropped type no longer compile or validate',
  ),
  'request-type-widened': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must accept values of the new type',
  ),
  'request-enum-narrowed': rule(
    'breaking',
    'non-breaking',
    both,
    'a value callers may send is no longer accepted',
  ),
  'request-enum-widened': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must accept the new value',
  ),
  'request-range-narrowed': rule(
    'breaking',
    'non-breaking',
    both,
    'a bound or length limit now rejects values callers sent',
  ),
  'request-range-widened': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must accept values beyond the old bound',
  ),
  'request-pattern-narrowed': rule(
    'breaking',
    'non-breaking',
    both,
    'a pattern or format added or changed may reject values callers sent (patterns are not compared)',
  ),
  'request-pattern-widened': rule(
    'non-breaking',
    'breaking',
    both,
    'a pattern or format removed: servers must accept any string',
  ),
  'request-property-removed': rule(
    'breaking',
    'non-breaking',
    both,
    'code setting the member no longer compiles',
  ),
  'request-property-added-required': rule(
    'breaking',
    'non-breaking',
    both,
    'existing request bodies lack it',
  ),
  'request-property-added-optional': rule(
    'non-breaking',
    'warning',
    both,
    'existing bodies still valid; servers are now sent it',
  ),
  'request-property-made-required': rule(
    'breaking',
    'non-breaking',
    both,
    'bodies that leave it out are now invalid',
  ),
  'request-property-made-optional': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must now cope with its absence',
  ),
  'request-union-narrowed': rule(
    'breaking',
    'non-breaking',
    both,
    'an accepted alternative shape was removed',
  ),
  'request-union-widened': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must accept another alternative shape',
  ),
  // Values a client reads (responses, results, error data).
  'response-type-widened': rule(
    'breaking',
    'non-breaking',
    both,
    'readers typed for the old type get another one',
  ),
  'response-type-narrowed': rule(
    'non-breaking',
    'breaking',
    both,
    'readers still cope; servers may no longer send the dropped type',
  ),
  'response-enum-widened': rule(
    'breaking',
    'non-breaking',
    both,
    "readers' switch statements no longer cover every value",
  ),
  'response-enum-narrowed': rule(
    'non-breaking',
    'breaking',
    both,
    'servers may no longer send the removed value',
  ),
  'response-range-widened': rule(
    'warning',
    'non-breaking',
    both,
    'readers may meet values beyond the old bound',
  ),
  'response-range-narrowed': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must stay within the new bound',
  ),
  'response-pattern-widened': rule(
    'warning',
    'non-breaking',
    both,
    'readers may meet strings the old pattern or format excluded',
  ),
  'response-pattern-narrowed': rule(
    'non-breaking',
    'breaking',
    both,
    "servers' strings must match the new pattern or format",
  ),
  'response-property-removed': rule(
    'breaking',
    'warning',
    both,
    'code reading the member no longer compiles; a strict check flags servers still sending it',
  ),
  'response-property-added-optional': rule(
    'non-breaking',
    'non-breaking',
    both,
    'readers ignore it; servers need not send it',
  ),
  'response-property-added-required': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must now send it',
  ),
  'response-property-made-optional': rule(
    'breaking',
    'non-breaking',
    both,
    'readers assuming it present meet undefined',
  ),
  'response-property-made-required': rule(
    'non-breaking',
    'breaking',
    both,
    'servers must now always send it',
  ),
  'response-union-widened': rule(
    'breaking',
    'non-breaking',
    both,
    'readers meet an alternative shape they do not handle',
  ),
  'response-union-narrowed': rule(
    'non-breaking',
    'breaking',
    both,
    'servers may no longer send the removed alternative',
  ),
  // Either side.
  'type-changed': rule(
    'breaking',
    'breaking',
    both,
    'the type was replaced, neither wider nor narrower',
  ),
  'default-changed': rule(
    'warning',
    'warning',
    both,
    'behaviour when the value is left out changes',
  ),
  'deprecated-changed': rule(
    'warning',
    'docs',
    both,
    'callers are told to move off it (or no longer)',
  ),
  'schema-keyword-changed': rule(
    'warning',
    'warning',
    both,
    'another schema keyword changed; read it',
  ),
  'extension-changed': rule(
    'docs',
    'warning',
    both,
    'an x- annotation (e.g. x-promises) changed: nothing generated reads it, the contract tester may',
  ),
  'description-changed': rule(
    'docs',
    'docs',
    both,
    'prose only: descriptions, summaries, titles, tags',
  ),
  'example-changed': rule('docs', 'docs', both, 'examples only'),
  'servers-changed': rule('warning', 'docs', both, 'the default base URL of clients changes'),
  'security-changed': rule('warning', 'warning', rest, 'the credentials asked for changed'),
  'security-required': rule(
    'breaking',
    'warning',
    rest,
    'a key or credential is now required: calls without one are refused',
  ),
  'security-relaxed': rule(
    'non-breaking',
    'warning',
    rest,
    'a credential is no longer required: servers must now answer calls without one',
  ),
  // Node release annotations.
  'since-changed': rule(
    'non-breaking',
    'warning',
    both,
    'x-since added, moved or removed: which releases carry it; nodes of other releases are judged differently',
  ),
  'since-on-required-member': rule(
    'breaking',
    'non-breaking',
    both,
    'a required response member now missing from older releases: readers meet undefined',
  ),
  'until-added': rule(
    'breaking',
    'non-breaking',
    both,
    'x-until added or lowered: newer releases no longer carry it',
  ),
  'until-removed': rule(
    'non-breaking',
    'warning',
    both,
    'x-until removed or raised: newer releases keep it',
  ),
  'required-since-changed': rule(
    'non-breaking',
    'breaking',
    both,
    'x-required(-since) changed: releases that must always send it',
  ),
  'node-releases-changed': rule(
    'warning',
    'warning',
    rpc,
    'the supported or pinned AvalancheGo releases changed',
  ),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof rules;

/** One classified change between two spec documents. */
export interface Change {
  /** The document's name (file name without extension). */
  spec: string;
  /** operationId, `METHOD /path`, or the JSON-RPC method name; `*` for the whole document. */
  operation: string;
  /** JSON Pointer into the new document (the old one when the thing was removed). */
  location: string;
  rule: RuleId;
  client: Level;
  server: Level;
  message: string;
  /** Set by `--usage`: the member was never seen in the given traffic. */
  usage?: 'unseen';
}
