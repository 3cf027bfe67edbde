// The rules a ParameterError can name, in one list: `ParameterError.rule` is typed from it, and the
// README and the tests read it. Add a rule here when a check starts reporting it.

/** Every value `ParameterError.rule` takes. */
export const PARAMETER_RULES = [
  // One parameter's rules, from its schema in the spec.
  'required',
  'type',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'pattern',
  'commaSeparated',
  // What cannot be sent whatever the spec says.
  'pathSegment',
  'wellFormedUnicode',
  // A name the operation does not have (a parameter, or a JSON-RPC method).
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
