// Compares two OpenAPI 3.1 documents operation by operation.
import {
  Changes,
  diffAnnotations,
  diffEchoes,
  diffReleaseMarks,
  diffSchema,
  isObject,
  type Obj,
  promisedEchoes,
  ptr,
  resolve,
  type Scope,
  same,
  show,
} from './walk.js';

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Op {
  key: string;
  name: string;
  method: string;
  path: string;
  node: Obj;
  at: string;
  /** Path-level parameters, which every operation of the path takes too. */
  shared: unknown[];
  sharedAt: string;
}

function operations(doc: Obj): Op[] {
  const out: Op[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const { node: item, at: itemAt } = resolve(doc, rawItem, ptr('paths', path));
    if (!isObject(item)) continue;
    for (const method of httpMethods) {
      const node = item[method];
      if (!isObject(node)) continue;
      const id = typeof node.operationId === 'string' ? node.operationId : undefined;
      out.push({
        key: id ?? `${method.toUpperCase()} ${path}`,
        name: id ?? `${method.toUpperCase()} ${path}`,
        method,
        path,
        node,
        at: `${itemAt}${ptr(method)}`,
        shared: Array.isArray(item.parameters) ? item.parameters : [],
        sharedAt: `${itemAt}/parameters`,
      });
    }
  }
  return out;
}

interface Param {
  key: string;
  name: string;
  in: string;
  node: Obj;
  at: string;
}

function parameters(doc: Obj, op: Op): Map<string, Param> {
  const out = new Map<string, Param>();
  const add = (list: unknown[], base: string) =>
    list.forEach((raw, i) => {
      const { node, at } = resolve(doc, raw, `${base}/${i}`);
      if (!isObject(node)) return;
      const p = { name: String(node.name), in: String(node.in), node, at };
      out.set(`${p.in}:${p.name}`, { key: `${p.in}:${p.name}`, ...p });
    });
  add(op.shared, op.sharedAt);
  add(Array.isArray(op.node.parameters) ? op.node.parameters : [], `${op.at}/parameters`);
  return out;
}

const paramSkip = new Set([
  'name',
  'in',
  'required',
  'schema',
  'style',
  'explode',
  'allowReserved',
  'content',
]);

/** All changes between two OpenAPI documents named `spec`. */
export function diffOpenApi(spec: string, oldDoc: Obj, newDoc: Obj): Changes {
  const out = new Changes(spec);
  diffDocumentLevel(out, oldDoc, newDoc);
  const olds = operations(oldDoc);
  const news = operations(newDoc);
  const matched = new Map<Op, Op>();
  // By operationId first (a moved operation keeps it), then by method and path (a renamed one).
  for (const n of news) {
    const o = olds.find((x) => x.key === n.key && ![...matched.values()].includes(x));
    if (o) matched.set(n, o);
  }
  for (const n of news) {
    if (matched.has(n)) continue;
    const o = olds.find(
      (x) => x.method === n.method && x.path === n.path && ![...matched.values()].includes(x),
    );
    if (o) matched.set(n, o);
  }
  const used = new Set(matched.values());
  for (const o of olds) {
    if (!used.has(o))
      out.add(o.name, o.at, 'operation-removed', `${o.method.toUpperCase()} ${o.path} removed`);
  }
  for (const n of news) {
    const o = matched.get(n);
    if (!o) {
      out.add(n.name, n.at, 'operation-added', `${n.method.toUpperCase()} ${n.path} added`);
      continue;
    }
    diffOperation(out, oldDoc, newDoc, o, n);
  }
  return out;
}

function diffDocumentLevel(out: Changes, oldDoc: Obj, newDoc: Obj) {
  const scope = { out, operation: '*' };
  const oi = isObject(oldDoc.info) ? oldDoc.info : {};
  const ni = isObject(newDoc.info) ? newDoc.info : {};
  diffAnnotations(scope, oi, ni, '/info', 'info', new Set());
  // Tags, externalDocs and x- annotations of the document itself.
  diffAnnotations(scope, oldDoc, newDoc, '', 'document');
  if (!same(oi.version, ni.version))
    out.add(
      '*',
      '/info/version',
      'description-changed',
      `info.version ${show(oi.version)} → ${show(ni.version)}`,
    );
  if (!same(oldDoc.servers, newDoc.servers))
    out.add('*', '/servers', 'servers-changed', 'servers changed');
  if (!same(oldDoc.security, newDoc.security))
    out.add(
      '*',
      '/security',
      securityRule(oldDoc.security, newDoc.security),
      `security ${show(oldDoc.security ?? null)} → ${show(newDoc.security ?? null)}`,
    );
  const osch = isObject(oldDoc.components) ? oldDoc.components.securitySchemes : undefined;
  const nsch = isObject(newDoc.components) ? newDoc.components.securitySchemes : undefined;
  if (!same(osch, nsch))
    out.add('*', '/components/securitySchemes', 'security-changed', 'security schemes changed');
}

/**
 * Whether a security requirement list lets a call without credentials through: no list, an empty
 * one, or an empty alternative (`{}`) among its alternatives.
 */
function allowsAnonymous(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return true;
  return security.some((alt) => isObject(alt) && Object.keys(alt).length === 0);
}

/**
 * The rule for a changed security requirement: a key that becomes required breaks the callers
 * that send none; one that becomes optional breaks no caller; any other change asks for a read.
 */
export function securityRule(
  before: unknown,
  after: unknown,
): 'security-required' | 'security-relaxed' | 'security-changed' {
  const was = allowsAnonymous(before);
  const now = allowsAnonymous(after);
  if (was && !now) return 'security-required';
  if (!was && now) return 'security-relaxed';
  return 'security-changed';
}

function diffOperation(out: Changes, oldDoc: Obj, newDoc: Obj, o: Op, n: Op) {
  const op = n.name;
  if (o.method !== n.method || o.path !== n.path)
    out.add(
      op,
      n.at,
      'path-changed',
      `${o.method.toUpperCase()} ${o.path} → ${n.method.toUpperCase()} ${n.path}`,
    );
  if (o.node.operationId !== n.node.operationId)
    out.add(
      op,
      `${n.at}/operationId`,
      'operation-id-changed',
      `operationId ${show(o.node.operationId ?? null)} → ${show(n.node.operationId ?? null)}`,
    );
  const scope = (side: Scope['side']): Scope => ({
    out,
    oldDoc,
    newDoc,
    operation: op,
    side,
    visited: new Set(),
  });
  const request = scope('request');
  const response = scope('response');
  const pair: OperationPair = { out, oldDoc, newDoc, o, n, op, request, response };
  diffAnnotations(request, o.node, n.node, n.at, op);
  diffReleaseMarks(request, o.node, n.node, n.at, op, false);
  if (!same(o.node.security, n.node.security)) {
    // What a call must carry is the operation's requirement, or the document's where it has none.
    const before = o.node.security ?? oldDoc.security;
    const after = n.node.security ?? newDoc.security;
    out.add(
      op,
      `${n.at}/security`,
      securityRule(before, after),
      `security ${show(o.node.security ?? null)} → ${show(n.node.security ?? null)}`,
    );
  }
  if (!same(o.node.servers, n.node.servers))
    out.add(op, `${n.at}/servers`, 'servers-changed', 'servers changed');
  if (!same(o.node.callbacks, n.node.callbacks))
    out.add(op, `${n.at}/callbacks`, 'schema-keyword-changed', 'callbacks changed');

  diffParameters(pair);
  diffRequestBody(pair);
  diffResponses(pair);
}

/** One operation in both documents, and the scopes its request and responses are compared in. */
interface OperationPair {
  out: Changes;
  oldDoc: Obj;
  newDoc: Obj;
  o: Op;
  n: Op;
  /** The operation's name, as changes are reported under. */
  op: string;
  request: Scope;
  response: Scope;
}

/** Parameters: removed, moved, added, made required or optional, and each compared. */
function diffParameters(p: OperationPair) {
  const { out, oldDoc, newDoc, o, n, op, request, response } = p;
  const echoes = {
    old: promisedEchoes(o.node['x-promises']),
    new: promisedEchoes(n.node['x-promises']),
  };
  const ops = parameters(oldDoc, o);
  const nps = parameters(newDoc, n);
  const moved = new Set<string>();
  for (const [key, p] of ops) {
    if (nps.has(key)) continue;
    const elsewhere = [...nps.values()].find((x) => x.name === p.name && !ops.has(x.key));
    if (elsewhere) {
      moved.add(elsewhere.key);
      out.add(
        op,
        elsewhere.at,
        'parameter-location-changed',
        `parameter ${p.name}: in ${p.in} → ${elsewhere.in}`,
        { side: 'request', path: [p.in, p.name] },
      );
    } else
      out.add(op, p.at, 'parameter-removed', `${p.in} parameter ${p.name} removed`, {
        side: 'request',
        path: [p.in, p.name],
      });
  }
  for (const [key, p] of nps) {
    const m = { side: 'request' as const, path: [p.in, p.name] };
    const old = ops.get(key);
    if (!old) {
      if (moved.has(key)) continue;
      const required = p.node.required === true;
      out.add(
        op,
        p.at,
        required ? 'parameter-added-required' : 'parameter-added-optional',
        `${p.in} parameter ${p.name} added${required ? ' as required' : ''}`,
        m,
      );
      continue;
    }
    const [was, is] = [old.node.required === true, p.node.required === true];
    if (was !== is)
      out.add(
        op,
        `${p.at}/required`,
        is ? 'parameter-made-required' : 'parameter-made-optional',
        `${p.in} parameter ${p.name} made ${is ? 'required' : 'optional'}`,
        m,
      );
    for (const k of ['style', 'explode', 'allowReserved']) {
      if (!same(old.node[k], p.node[k]))
        out.add(
          op,
          `${p.at}/${k}`,
          'parameter-location-changed',
          `parameter ${p.name}: ${k} ${show(old.node[k] ?? null)} → ${show(p.node[k] ?? null)}`,
          m,
        );
    }
    diffAnnotations(request, old.node, p.node, p.at, `${p.in} parameter ${p.name}`, paramSkip);
    diffReleaseMarks(request, old.node, p.node, p.at, `${p.in} parameter ${p.name}`, false, m.path);
    diffSchema(
      request,
      old.node.schema,
      p.node.schema,
      `${old.at}/schema`,
      `${p.at}/schema`,
      m.path,
    );
    const schemas = {
      old: old.node.schema,
      new: p.node.schema,
      oldAt: `${old.at}/schema`,
      newAt: `${p.at}/schema`,
    };
    diffEchoes(response, echoes, p.name, schemas, 'body');
    diffContent(
      request,
      old.node.content,
      p.node.content,
      `${old.at}/content`,
      `${p.at}/content`,
      m.path,
    );
  }
}

/** The request body: removed, added, made required or optional, and its content compared. */
function diffRequestBody(p: OperationPair) {
  const { out, oldDoc, newDoc, o, n, op, request } = p;
  const ob = resolve(oldDoc, o.node.requestBody, `${o.at}/requestBody`);
  const nb = resolve(newDoc, n.node.requestBody, `${n.at}/requestBody`);
  const body = { side: 'request' as const, path: ['body'] };
  if (isObject(ob.node) && !isObject(nb.node))
    out.add(op, ob.at, 'parameter-removed', 'request body removed', body);
  else if (!isObject(ob.node) && isObject(nb.node)) {
    const required = nb.node.required === true;
    out.add(
      op,
      nb.at,
      required ? 'parameter-added-required' : 'parameter-added-optional',
      `request body added${required ? ' as required' : ''}`,
      body,
    );
  } else if (isObject(ob.node) && isObject(nb.node)) {
    const [was, is] = [ob.node.required === true, nb.node.required === true];
    if (was !== is)
      out.add(
        op,
        `${nb.at}/required`,
        is ? 'parameter-made-required' : 'parameter-made-optional',
        `request body made ${is ? 'required' : 'optional'}`,
        body,
      );
    diffAnnotations(
      request,
      ob.node,
      nb.node,
      nb.at,
      'request body',
      new Set(['content', 'required']),
    );
    diffContent(request, ob.node.content, nb.node.content, `${ob.at}/content`, `${nb.at}/content`, [
      'body',
    ]);
  }
}

/** Responses: success statuses, error statuses added or removed, and each one compared. */
function diffResponses(p: OperationPair) {
  const { out, oldDoc, newDoc, o, n, op, response } = p;
  const ors = isObject(o.node.responses) ? o.node.responses : {};
  const nrs = isObject(n.node.responses) ? n.node.responses : {};
  const success = (codes: string[]) => codes.filter((c) => c.startsWith('2')).sort();
  const [os, ns] = [success(Object.keys(ors)), success(Object.keys(nrs))];
  if (!same(os, ns))
    out.add(
      op,
      `${n.at}/responses`,
      'success-status-changed',
      `success status ${os.join(', ') || 'none'} → ${ns.join(', ') || 'none'}`,
    );
  for (const code of Object.keys(ors)) {
    if (!(code in nrs) && !code.startsWith('2'))
      out.add(
        op,
        `${o.at}${ptr('responses', code)}`,
        'error-status-removed',
        `response ${code} removed`,
      );
  }
  for (const code of Object.keys(nrs)) {
    const nAt = `${n.at}${ptr('responses', code)}`;
    if (!(code in ors)) {
      if (!code.startsWith('2')) out.add(op, nAt, 'error-status-added', `response ${code} added`);
      continue;
    }
    const or = resolve(oldDoc, ors[code], `${o.at}${ptr('responses', code)}`);
    const nr = resolve(newDoc, nrs[code], nAt);
    if (!isObject(or.node) || !isObject(nr.node)) continue;
    diffAnnotations(
      response,
      or.node,
      nr.node,
      nr.at,
      `response ${code}`,
      new Set(['content', 'headers', 'links']),
    );
    if (!same(or.node.headers, nr.node.headers))
      out.add(
        op,
        `${nr.at}/headers`,
        'schema-keyword-changed',
        `response ${code}: headers changed`,
      );
    if (!same(or.node.links, nr.node.links))
      out.add(op, `${nr.at}/links`, 'schema-keyword-changed', `response ${code}: links changed`);
    diffContent(
      response,
      or.node.content,
      nr.node.content,
      `${or.at}/content`,
      `${nr.at}/content`,
      code.startsWith('2') ? ['body'] : [`error ${code}`],
    );
  }
}

function diffContent(
  scope: Scope,
  oldContent: unknown,
  newContent: unknown,
  oldAt: string,
  newAt: string,
  member: string[],
) {
  const oc = isObject(oldContent) ? oldContent : {};
  const nc = isObject(newContent) ? newContent : {};
  for (const type of new Set([...Object.keys(oc), ...Object.keys(nc)])) {
    const [o, n] = [oc[type], nc[type]];
    if (!isObject(o) || !isObject(n)) {
      scope.out.add(
        scope.operation,
        `${isObject(n) ? newAt : oldAt}${ptr(type)}`,
        'media-type-changed',
        `${scope.side} media type ${type} ${isObject(n) ? 'added' : 'removed'}`,
      );
      continue;
    }
    diffAnnotations(
      scope,
      o,
      n,
      `${newAt}${ptr(type)}`,
      `${scope.side} ${type}`,
      new Set(['schema']),
    );
    diffSchema(
      scope,
      o.schema,
      n.schema,
      `${oldAt}${ptr(type, 'schema')}`,
      `${newAt}${ptr(type, 'schema')}`,
      member,
    );
  }
}
