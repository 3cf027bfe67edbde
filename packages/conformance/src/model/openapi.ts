import type { ValidateFunction } from 'ajv';
import { deref, isObject } from './json-pointer.js';
import { type Promises, readPromises } from './promises/vocabulary.js';
import {
  type Precompiled,
  pointerOf,
  type SchemaSet,
  toViolations,
  type Violation,
  violation,
} from './schema-set.js';
import { forEachOpenApiSchema } from './schema-walk.js';
import { SpecDocument, templateRegex } from './spec-document.js';

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** Pointer to the parameter's schema. */
  schema: string;
  isArray: boolean;
  example?: unknown;
  node: Record<string, unknown>;
}

/** A cross-field rule from the `x-avalanche-rules` extension of an operation. */
export interface OperationRule {
  rule: 'exactlyOne' | 'atLeastOne' | 'sumAtMost';
  in: 'body' | 'query';
  fields: string[];
  max?: number;
  description?: string;
}

export interface Operation {
  kind: 'rest';
  service: string;
  id: string;
  method: string;
  path: string;
  pointer: string;
  node: Record<string, unknown>;
  parameters: OpenApiParameter[];
  rules: OperationRule[];
  /** What its answers promise about the request (`x-promises`). */
  promises: Promises;
  /** Pointer to the JSON request body schema, when the operation takes one. */
  requestBody?: { schema: string; required: boolean };
  regex: RegExp;
  pathParams: string[];
}

export interface RestRequest {
  pathParams: Record<string, string>;
  query: Record<string, string[]>;
  body?: unknown;
}

export interface RestExample {
  name: string;
  request?: RestRequest;
  status: number;
  body: unknown;
}

/** Splits a query string into repeated values per name. */
export function parseQuery(search: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of search) {
    const list = out[k];
    if (list) list.push(v);
    else out[k] = [v];
  }
  return out;
}

/** The path parameters a template's match captured, decoded (as sent when undecodable). */
function paramsOf(operation: Operation, m: RegExpExecArray): Record<string, string> {
  const pathParams: Record<string, string> = {};
  operation.pathParams.forEach((name, i) => {
    const raw = m[i + 1] ?? '';
    try {
      pathParams[name] = decodeURIComponent(raw);
    } catch {
      pathParams[name] = raw;
    }
  });
  return pathParams;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

const places = ['path', 'query'] as const;

interface ParameterLists {
  path: OpenApiParameter[];
  query: OpenApiParameter[];
  /** The first query parameter of each name, as `find` would pick it. */
  queryByName: Map<string, OpenApiParameter>;
}

const parameterListsOf = new WeakMap<Operation, ParameterLists>();

/** An operation's path and query parameters, listed once (not filtered per exchange). */
function parameterLists(op: Operation): ParameterLists {
  let lists = parameterListsOf.get(op);
  if (!lists) {
    const query = op.parameters.filter((p) => p.in === 'query');
    const queryByName = new Map<string, OpenApiParameter>();
    for (const p of query) if (!queryByName.has(p.name)) queryByName.set(p.name, p);
    lists = { path: op.parameters.filter((p) => p.in === 'path'), query, queryByName };
    parameterListsOf.set(op, lists);
  }
  return lists;
}

/** The validator of an operation's path or query parameters, built apart from the hot path. */
function parametersValidator(
  set: SchemaSet,
  op: Operation,
  where: (typeof places)[number],
  strict: boolean,
): ValidateFunction {
  const params = parameterLists(op)[where];
  return set.compileFor(op, where, () => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, set.ref(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
    ...(strict && where === 'query' ? { additionalProperties: false } : {}),
  }));
}

/** An OpenAPI 3.1 document with its operations indexed and its schemas loaded into ajv. */
/** A path's first two segments (`/v1/chains`), or undefined for a shorter path. */
function pathStart(path: string): string | undefined {
  const second = path.indexOf('/', 1);
  if (second < 0) return undefined;
  const third = path.indexOf('/', second + 1);
  return third < 0 ? path : path.slice(0, third);
}

export class OpenApiService extends SpecDocument {
  readonly operations: Operation[] = [];

  constructor(name: string, doc: Record<string, unknown>, precompiled: Precompiled = {}) {
    super(name, doc, precompiled, forEachOpenApiSchema);
    const paths = isObject(doc.paths) ? doc.paths : {};
    for (const [path, rawItem] of Object.entries(paths)) {
      const { node: item, pointer: itemPtr } = deref(doc, rawItem, pointerOf('paths', path));
      for (const method of httpMethods) {
        const op = item[method];
        if (!isObject(op)) continue;
        this.operations.push(
          this.indexOperation(path, method, op, `${itemPtr}${pointerOf(method)}`, item),
        );
      }
    }
    // Literal segments win over templated ones when both match.
    this.operations.sort((a, b) => a.pathParams.length - b.pathParams.length);
  }

  private indexOperation(
    path: string,
    method: string,
    op: Record<string, unknown>,
    pointer: string,
    item: Record<string, unknown>,
  ): Operation {
    const id =
      typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`;
    const parameters: OpenApiParameter[] = [];
    const lists: [unknown, string][] = [
      [item.parameters, pointer.replace(/\/[^/]+$/, '/parameters')],
      [op.parameters, `${pointer}/parameters`],
    ];
    for (const [list, listPtr] of lists) {
      if (!Array.isArray(list)) continue;
      list.forEach((raw, i) => {
        const { node: p, pointer: pPtr } = deref(this.doc, raw, `${listPtr}/${i}`);
        const { node: schema } = deref(this.doc, p.schema, `${pPtr}/schema`);
        const param: OpenApiParameter = {
          name: String(p.name),
          in: p.in as OpenApiParameter['in'],
          required: p.required === true,
          schema: `${pPtr}/schema`,
          isArray: schema.type === 'array',
          node: p,
        };
        if ('example' in p) param.example = p.example;
        else if (isObject(p.examples)) {
          const first = deref(this.doc, Object.values(p.examples)[0], '').node;
          if (isObject(first) && 'value' in first) param.example = first.value;
        }
        const existing = parameters.findIndex((q) => q.name === param.name && q.in === param.in);
        if (existing >= 0) parameters[existing] = param;
        else parameters.push(param);
      });
    }
    let requestBody: Operation['requestBody'];
    if (op.requestBody) {
      const { node: body, pointer: bodyPtr } = deref(
        this.doc,
        op.requestBody,
        `${pointer}/requestBody`,
      );
      const content = isObject(body.content) ? body.content : {};
      if (isObject(content['application/json'])) {
        requestBody = {
          schema: `${bodyPtr}/content${pointerOf('application/json')}/schema`,
          required: body.required === true,
        };
      }
    }
    const { regex, names } = templateRegex(path);
    const rules = Array.isArray(op['x-avalanche-rules'])
      ? (op['x-avalanche-rules'] as OperationRule[])
      : [];
    const operation: Operation = {
      kind: 'rest',
      service: this.name,
      id,
      method: method.toUpperCase(),
      path,
      pointer,
      node: op,
      parameters,
      rules,
      // The document's own x-promises (what every operation's error body restates) under the op's.
      promises: readPromises(op, this.doc['x-promises']),
      regex,
      pathParams: names,
    };
    if (requestBody) operation.requestBody = requestBody;
    return operation;
  }

  /** Operations whose path template matches `pathname` (any method). */
  matchPath(pathname: string): { operation: Operation; pathParams: Record<string, string> }[] {
    const out: { operation: Operation; pathParams: Record<string, string> }[] = [];
    for (const operation of this.operations) {
      const m = operation.regex.exec(pathname);
      if (m) out.push({ operation, pathParams: paramsOf(operation, m) });
    }
    return out;
  }

  match(method: string, pathname: string) {
    const upper = method.toUpperCase();
    // The first operation of this method whose template matches, as matchPath orders them;
    // without building the matches of the other methods, and only among the operations whose
    // path starts with the request's first two segments (this runs once per exchange, and a
    // spec of a hundred operations would otherwise try every template on every request).
    for (const operation of this.#candidates(upper, pathname)) {
      const m = operation.regex.exec(pathname);
      if (m) return { operation, pathParams: paramsOf(operation, m) };
    }
    return undefined;
  }

  /** Operations by `METHOD /seg1/seg2` of their literal path start, in `operations` order. */
  #byStart?: Map<string, Operation[]>;
  /** Per method, the operations whose first two segments hold a template: tried for any path. */
  #anyStart?: Map<string, Operation[]>;

  #candidates(method: string, pathname: string): Operation[] {
    if (!this.#byStart || !this.#anyStart) {
      const byStart = new Map<string, Operation[]>();
      const anyStart = new Map<string, Operation[]>();
      for (const op of this.operations) {
        const start = pathStart(op.path);
        const key =
          start === undefined || start.includes('{') ? undefined : `${op.method} ${start}`;
        if (!anyStart.has(op.method)) anyStart.set(op.method, []);
        if (key === undefined) {
          // A templated start can be any request's: it joins every list of its method.
          anyStart.get(op.method)?.push(op);
          for (const [k, list] of byStart) if (k.startsWith(`${op.method} `)) list.push(op);
        } else {
          if (!byStart.has(key)) byStart.set(key, [...(anyStart.get(op.method) ?? [])]);
          byStart.get(key)?.push(op);
        }
      }
      this.#byStart = byStart;
      this.#anyStart = anyStart;
    }
    const start = pathStart(pathname);
    // Keys come from the spec only, so unknown request paths add nothing to remember.
    return (
      (start !== undefined && this.#byStart.get(`${method} ${start}`)) ||
      this.#anyStart.get(method) ||
      []
    );
  }

  getOperation(id: string): Operation | undefined {
    return this.operations.find((op) => op.id === id);
  }

  /** Validates path and query parameters, the JSON body and the cross-field rules. */
  validateRequest(op: Operation, request: RestRequest, options: { strict: boolean }): Violation[] {
    const set = this.schemas({ strict: options.strict, coerce: true });
    const out: Violation[] = [];
    const lists = parameterLists(op);
    for (const where of places) {
      const fn = set.knownFor(op, where) ?? parametersValidator(set, op, where, options.strict);
      const values: Record<string, unknown> = {};
      if (where === 'path') Object.assign(values, request.pathParams);
      else {
        for (const [name, list] of Object.entries(request.query)) {
          const param = lists.queryByName.get(name);
          if (param && !param.isArray && list.length > 1) {
            out.push(
              violation(
                'invalid',
                'request.query',
                pointerOf(name),
                'is repeated but takes one value',
              ),
            );
          }
          values[name] = param?.isArray ? [...list] : list[0];
        }
      }
      if (!fn(values)) {
        for (const v of toViolations(fn.errors, `request.${where}`, values)) {
          if (v.kind === 'undeclared-property') v.message = 'is not a parameter of this operation';
          out.push(v);
        }
      }
    }
    if (op.requestBody) {
      if (request.body === undefined) {
        if (op.requestBody.required)
          out.push(violation('missing-required', 'request.body', '', 'a JSON body is required'));
      } else {
        out.push(
          ...this.schemas({ strict: options.strict }).validate(
            op.requestBody.schema,
            request.body,
            'request.body',
          ),
        );
      }
    } else if (request.body !== undefined && options.strict) {
      out.push(violation('invalid', 'request.body', '', 'this operation takes no body'));
    }
    if (op.rules.length > 0) out.push(...checkRules(op, request, this.doc));
    return out;
  }

  /** Validates a response status and JSON body against the operation's declared responses. */
  validateResponse(
    op: Operation,
    status: number,
    body: unknown,
    options: { strict: boolean },
  ): Violation[] {
    const found = this.#responseSchemaOf(op, status);
    if (!found) {
      return [
        violation(
          'undeclared-status',
          'response.status',
          '',
          `${status} is not a declared response of ${op.id}`,
        ),
      ];
    }
    if (!found.schema) return [];
    return this.schemas(options).validate(found.schema, body, 'response.body');
  }

  /**
   * `responseSchema`, remembered per operation and HTTP status code (100-599: at most 500 a
   * operation), so that an exchange builds no keys or pointers to find its schema.
   */
  #responseSchemaOf(op: Operation, status: number): { key: string; schema?: string } | undefined {
    if (!Number.isInteger(status) || status < 100 || status > 599)
      return this.responseSchema(op, status);
    let byStatus = this.#responses.get(op);
    if (!byStatus) {
      byStatus = new Map();
      this.#responses.set(op, byStatus);
    }
    if (byStatus.has(status)) return byStatus.get(status);
    const found = this.responseSchema(op, status);
    byStatus.set(status, found);
    return found;
  }

  readonly #responses = new WeakMap<
    Operation,
    Map<number, { key: string; schema?: string } | undefined>
  >();

  /** Pointer to the JSON schema of the response for `status` (exact, then `4XX`, then `default`). */
  responseSchema(op: Operation, status: number): { key: string; schema?: string } | undefined {
    const responses = isObject(op.node.responses) ? op.node.responses : {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return undefined;
    const { node, pointer } = deref(
      this.doc,
      responses[key],
      `${op.pointer}/responses${pointerOf(key)}`,
    );
    const content = isObject(node.content) ? node.content : {};
    const media = Object.keys(content).find((t) => t.includes('json'));
    if (!media) return { key };
    return { key, schema: `${pointer}/content${pointerOf(media)}/schema` };
  }

  /** The examples the spec gives for an operation: one request, and every response example. */
  examples(op: Operation): RestExample[] {
    const request: RestRequest = { pathParams: {}, query: {} };
    for (const p of op.parameters) {
      if (p.example === undefined) continue;
      if (p.in === 'path') request.pathParams[p.name] = String(p.example);
      if (p.in === 'query')
        request.query[p.name] = (Array.isArray(p.example) ? p.example : [p.example]).map(String);
    }
    const bodies: { name: string; value: unknown }[] = [];
    if (op.requestBody) {
      const media = deref(
        this.doc,
        { $ref: `#${op.requestBody.schema.replace(/\/schema$/, '')}` },
        '',
      ).node;
      bodies.push(...namedExamples(this.doc, media));
    }
    const out: RestExample[] = [];
    const responses = isObject(op.node.responses) ? op.node.responses : {};
    for (const [key, raw] of Object.entries(responses)) {
      const status = Number(key);
      if (!Number.isInteger(status)) continue;
      const { node } = deref(this.doc, raw, '');
      // A success the spec answers without a body (reindexNft's 201) is an example of its own:
      // the parameters' examples, that status and no body.
      if (status >= 200 && status < 300 && !isObject(node.content)) {
        out.push({ name: `${status} no body`, request: { ...request }, status, body: undefined });
        continue;
      }
      const content = isObject(node.content) ? node.content : {};
      for (const media of Object.values(content)) {
        if (!isObject(media)) continue;
        for (const ex of namedExamples(this.doc, media)) {
          const req: RestRequest = { ...request };
          const body = bodies.find((b) => b.name === ex.name) ?? bodies[0];
          if (body) req.body = body.value;
          out.push({ name: `${status} ${ex.name}`, request: req, status, body: ex.value });
        }
      }
    }
    return out;
  }
}

function namedExamples(
  doc: Record<string, unknown>,
  media: Record<string, unknown>,
): { name: string; value: unknown }[] {
  if (isObject(media.examples)) {
    return Object.entries(media.examples)
      .map(([name, raw]) => [name, deref(doc, raw, '').node] as const)
      .filter(([, ex]) => isObject(ex) && 'value' in ex)
      .map(([name, ex]) => ({ name, value: (ex as Record<string, unknown>).value }));
  }
  if ('example' in media) return [{ name: 'example', value: media.example }];
  return [];
}

/** Checks the `x-avalanche-rules` an operation declares (rules JSON Schema cannot state). */
export function checkRules(
  op: Operation,
  request: RestRequest,
  doc: Record<string, unknown>,
): Violation[] {
  const out: Violation[] = [];
  const bodySchema = op.requestBody
    ? deref(doc, { $ref: `#${op.requestBody.schema}` }, '').node
    : {};
  // The query's first values, read once for all the query rules.
  let query: Record<string, unknown> | undefined;
  for (const rule of op.rules) {
    if (rule.in !== 'body' && !query)
      query = Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, v[0]]));
    const source: Record<string, unknown> =
      rule.in === 'body' ? (isObject(request.body) ? request.body : {}) : (query ?? {});
    let present = 0;
    for (const f of rule.fields) if (source[f] !== undefined && source[f] !== '') present++;
    const where = `request.${rule.in}`;
    const names = rule.fields.join(', ');
    if (rule.rule === 'exactlyOne' && present !== 1) {
      out.push(
        violation('rule', where, '', `exactly one of ${names} must be given (got ${present})`),
      );
    } else if (rule.rule === 'atLeastOne' && present === 0) {
      out.push(violation('rule', where, '', `at least one of ${names} must be given`));
    } else if (rule.rule === 'sumAtMost' && rule.max !== undefined) {
      const props = isObject(bodySchema.properties) ? bodySchema.properties : {};
      let sum = 0;
      for (const f of rule.fields) {
        const fieldSchema = isObject(props[f]) ? deref(doc, props[f], '').node : {};
        sum += asNumber(source[f]) ?? asNumber(fieldSchema.default) ?? 0;
      }
      if (sum > rule.max) {
        out.push(
          violation(
            'rule',
            where,
            '',
            `${rule.fields.join(' + ')} must be at most ${rule.max} (is ${sum})`,
          ),
        );
      }
    }
  }
  return out;
}
