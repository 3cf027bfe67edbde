/**
 * Every rule a `ParameterError` can name, in every client: the JSON Schema keywords the checks
 * enforce, the transport's own limits, the `x-avalanche-rules` cross-field rules and the node
 * client's method lookups. A test asserts that every name a checker emits is listed here.
 */
export const PARAMETER_RULES = [
  'required',
  'unknown',
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
  'pathSegment',
  'wellFormedUnicode',
  'exactlyOne',
  'sumAtMost',
  'atLeastOne',
  'x-jsonrpc-batch',
] as const;

/** The rule a `ParameterError` names. */
export type ParameterRule = (typeof PARAMETER_RULES)[number];
