// The shapes of the tables a client's generator emits (`src/generated/operations.ts` and
// `schemas.ts` import these types), which the runtime reads.
import type { ParameterRule } from './parameterRules.js';

/** What the client checks about one parameter before sending anything. */
export interface ParameterSpec {
  /** Absent for strings, the most common type; `object` only for a structured body field. */
  type?: 'integer' | 'number' | 'boolean' | 'array' | 'object';
  /** Path parameters are required without saying so. */
  required?: true;
  /** Inclusive bounds; a string bound belongs to a digits-only big integer and is compared as BigInt. */
  min?: number | string;
  max?: number | string;
  minLength?: number;
  enum?: readonly (string | number | boolean)[];
  /** ECMAScript source of a regular expression the value must match. */
  pattern?: string;
  /** The value is a comma-separated list in one string (`x-comma-separated`). */
  commaSeparated?: true;
  items?: Omit<ParameterSpec, 'items'>;
  /** The whole schema, for a value the keys above cannot describe (an object, a union); see `checkRule`. */
  rule?: SchemaRule;
  /** Only kept where a cross-field rule needs it (sumAtMost counts absent fields with their default). */
  default?: number;
}

/**
 * Why `value` breaks one kind of rule of `spec`, as `[rule, text]`, or a falsy value when it does
 * not; a check that looks inside the value adds the offending member's path and value.
 */
export type ParameterCheck = (
  spec: ParameterSpec,
  value: unknown,
) => [ParameterRule, string] | [ParameterRule, string, string, unknown] | false | '' | undefined;

/**
 * A parameter's schema as the client checks it (`checkRule`): JSON Schema's keywords for a value's
 * type, values, bounds, lengths, pattern, items, members and unions. A sub-schema the spec uses in
 * several places is one shared object.
 */
export interface SchemaRule {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: SchemaRule;
  minItems?: number;
  maxItems?: number;
  properties?: Readonly<Record<string, SchemaRule>>;
  required?: readonly string[];
  /** `false`: a member the properties do not name is refused (rule `unknown`). */
  additionalProperties?: false | SchemaRule;
  oneOf?: readonly SchemaRule[];
  anyOf?: readonly SchemaRule[];
  allOf?: readonly SchemaRule[];
}

/** A cross-field rule from the operation's `x-avalanche-rules`. */
export interface CrossFieldRule {
  rule: Extract<ParameterRule, 'exactlyOne' | 'sumAtMost' | 'atLeastOne'>;
  fields: readonly string[];
  max?: number;
}

/** One operation. Parameters not listed in pathParams, query or body are rejected. */
export interface OperationSpec {
  /** Absent for GET. */
  method?: 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  /** Path template; `{name}` is replaced by the percent-encoded parameter. */
  path: string;
  pathParams?: Readonly<Record<string, ParameterSpec>>;
  query?: Readonly<Record<string, ParameterSpec>>;
  /** Top-level properties of the JSON body; an operation with this key always sends a body. */
  body?: Readonly<Record<string, ParameterSpec>>;
  rules?: readonly CrossFieldRule[];
}

/** A JSON-schema subset: the keywords that decide a value’s shape, not its format. */
export interface StructuralSchema {
  $ref?: string;
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  required?: readonly string[];
  properties?: Readonly<Record<string, StructuralSchema>>;
  additionalProperties?: StructuralSchema | boolean;
  items?: StructuralSchema;
  oneOf?: readonly StructuralSchema[];
  anyOf?: readonly StructuralSchema[];
  allOf?: readonly StructuralSchema[];
}

/**
 * One operation in the form a call reads, worked out from its {@link OperationSpec} when the
 * client is generated: parameters by position (path, then query, then body, in spec order), so
 * a call looks up only the names it was given and builds the URL by position. Its keys are one
 * letter: every generated operation repeats them and no minifier shortens them (issue 31).
 */
export interface OperationPlan {
  id: string;
  /** The method; absent for GET. */
  m?: string;
  /** The path template as its literal parts and the positions of the parameters between them. */
  p: readonly (string | number)[];
  /** The parameters' names. */
  n: readonly string[];
  /** The specs: the rules of `n[i]` at `s[i]`. */
  s: readonly ParameterSpec[];
  /** The kinds of rule checked, in `ALL_CHECKS` order: those the specs use, `checkType` always. */
  c: readonly ParameterCheck[];
  /** Position of the first query parameter (the number of path parameters). */
  q: number;
  /** Position of the first body field; absent when no JSON body is sent, `n.length` for a body with no field set. */
  b?: number;
  /** Builds the JSON body (`jsonBody`); present exactly when `b` is. */
  j?: (values: readonly unknown[], plan: OperationPlan) => Record<string, unknown>;
  /** Positions of the required parameters, path parameters included, ascending. */
  r?: readonly number[];
  /** The `x-avalanche-rules`, as made by `crossFieldRules`. */
  x?: CrossFieldCheck;
  /** Present when the success answer has no body (a 201 or 204 the spec gives no content). */
  e?: 1;
}

/** Checks an operation's cross-field rules over the values by position; throws what `fail` makes. */
export type CrossFieldCheck = (
  values: readonly unknown[],
  plan: OperationPlan,
  fail: (
    parameter: string,
    value: unknown,
    rule: ParameterRule,
    text: string,
    details?: string,
    subject?: string,
  ) => Error,
) => void;
