// The rules a ParameterError can name, in one list: `ParameterError.rule` is typed from it, and the
// README and the tests read it (a test asserts every name a checker emits is listed here). Add a
// rule here when a check starts reporting it.

/** Every value `ParameterError.rule` takes. */
export const PARAMETER_RULES = [
  // One parameter's rules, from its schema in the spec (JSON Schema keywords).
  'required',
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'oneOf',
  'anyOf',
  'commaSeparated',
  // What cannot be sent whatever the spec says.
  'pathSegment',
  'wellFormedUnicode',
  // A client setting: a node `baseUrl` that already ends in an endpoint path (`/ext/bc/X`).
  'endpointPath',
  // A name the operation does not have (a parameter, a member, or a JSON-RPC method).
  'unknown',
  // The cross-field rules of an operation's `x-avalanche-rules`.
  'exactlyOne',
  'atLeastOne',
  'sumAtMost',
  // A JSON-RPC method the spec does not let into a batch (`x-jsonrpc-batch`).
  'x-jsonrpc-batch',
] as const;

/** A rule a parameter broke: `ParameterError.rule`. */
export type ParameterRule = (typeof PARAMETER_RULES)[number];
