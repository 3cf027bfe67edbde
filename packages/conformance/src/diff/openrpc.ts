// Compares two OpenRPC documents method by method.
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

interface Method {
  name: string;
  node: Obj;
  at: string;
}

function methods(doc: Obj): Map<string, Method> {
  const out = new Map<string, Method>();
  (Array.isArray(doc.methods) ? doc.methods : []).forEach((raw, i) => {
    const { node, at } = resolve(doc, raw, ptr('methods', i));
    if (isObject(node)) out.set(String(node.name), { name: String(node.name), node, at });
  });
  return out;
}

/** What decides where a call goes: each server's url, variable defaults and batching. */
function endpoints(doc: Obj, method: Obj): unknown {
  const servers = Array.isArray(method.servers) ? method.servers : doc.servers;
  if (!Array.isArray(servers)) return [];
  return servers.map((s) =>
    isObject(s)
      ? {
          url: s.url,
          batch: s['x-jsonrpc-batch'],
          variables: Object.fromEntries(
            Object.entries(isObject(s.variables) ? s.variables : {}).map(([k, v]) => [
              k,
              isObject(v) ? (v.default ?? null) : null,
            ]),
          ),
        }
      : s,
  );
}

function endpointText(list: unknown): string {
  if (!Array.isArray(list)) return show(list);
  return list
    .map((e) =>
      isObject(e)
        ? `${String(e.url)}${e.batch === undefined ? '' : ` (batch ${String(e.batch)})`}`
        : show(e),
    )
    .join(', ');
}

/** All changes between two OpenRPC documents named `spec`. */
export function diffOpenRpc(spec: string, oldDoc: Obj, newDoc: Obj): Changes {
  const out = new Changes(spec);
  const oi = isObject(oldDoc.info) ? oldDoc.info : {};
  const ni = isObject(newDoc.info) ? newDoc.info : {};
  const releases = ['x-avalanchego-release', 'x-supported-releases'];
  diffAnnotations({ out, operation: '*' }, oi, ni, '/info', 'info', new Set(releases));
  diffAnnotations({ out, operation: '*' }, oldDoc, newDoc, '', 'document', new Set(releases));
  for (const key of releases) {
    const [a, b] = [oi[key] ?? oldDoc[key], ni[key] ?? newDoc[key]];
    if (!same(a, b))
      out.add(
        '*',
        ni[key] !== undefined ? `/info/${key}` : `/${key}`,
        'node-releases-changed',
        `${key} ${show(a ?? null)} → ${show(b ?? null)}`,
      );
  }
  if (!same(oi.version, ni.version))
    out.add(
      '*',
      '/info/version',
      'description-changed',
      `info.version ${show(oi.version)} → ${show(ni.version)}`,
    );
  if (!same(oldDoc.servers, newDoc.servers))
    out.add('*', '/servers', 'servers-changed', 'servers changed');

  const olds = methods(oldDoc);
  const news = methods(newDoc);
  for (const [name, o] of olds) {
    if (!news.has(name)) out.add(name, o.at, 'method-removed', `method ${name} removed`);
  }
  for (const [name, n] of news) {
    const o = olds.get(name);
    if (!o) out.add(name, n.at, 'method-added', `method ${name} added`);
    else diffMethod(out, oldDoc, newDoc, o, n);
  }
  return out;
}

const methodSkip = new Set([
  'name',
  'params',
  'result',
  'errors',
  'servers',
  'paramStructure',
  'examples',
]);

function diffMethod(out: Changes, oldDoc: Obj, newDoc: Obj, o: Method, n: Method) {
  const op = n.name;
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
  const pair: MethodPair = { out, oldDoc, newDoc, o, n, op, request, response };
  diffAnnotations(request, o.node, n.node, n.at, op, methodSkip);
  diffReleaseMarks(request, o.node, n.node, n.at, op, false);
  if (!same(o.node.examples, n.node.examples))
    out.add(op, `${n.at}/examples`, 'example-changed', `${op}: examples changed`);
  if (!same(endpoints(oldDoc, o.node), endpoints(newDoc, n.node)))
    out.add(
      op,
      `${n.at}/servers`,
      'endpoint-changed',
      `${op}: endpoint ${endpointText(endpoints(oldDoc, o.node))} → ${endpointText(endpoints(newDoc, n.node))}`,
    );
  else if (!same(o.node.servers, n.node.servers))
    out.add(op, `${n.at}/servers`, 'description-changed', `${op}: server descriptions changed`);
  const [ops, nps] = [o.node.paramStructure ?? 'either', n.node.paramStructure ?? 'either'];
  if (ops !== nps)
    out.add(
      op,
      `${n.at}/paramStructure`,
      'param-structure-changed',
      `${op}: paramStructure ${show(ops)} → ${show(nps)}`,
    );

  diffParams(pair, nps);
  diffResult(pair);
  diffErrors(pair);
}

/** One method in both documents, and the scopes its params and result are compared in. */
interface MethodPair {
  out: Changes;
  oldDoc: Obj;
  newDoc: Obj;
  o: Method;
  n: Method;
  /** The method's name, as changes are reported under. */
  op: string;
  request: Scope;
  response: Scope;
}

/** Params: order (when sent by position), removed, added, made required or optional, each compared. */
function diffParams(p: MethodPair, nps: unknown) {
  const { out, oldDoc, newDoc, o, n, op, request, response } = p;
  const echoes = {
    old: promisedEchoes(o.node['x-promises']),
    new: promisedEchoes(n.node['x-promises']),
  };
  const params = (doc: Obj, m: Method) =>
    (Array.isArray(m.node.params) ? m.node.params : []).map((raw, i) => {
      const { node, at } = resolve(doc, raw, `${m.at}/params/${i}`);
      return { node: isObject(node) ? node : {}, at, name: String(isObject(node) ? node.name : i) };
    });
  const oldParams = params(oldDoc, o);
  const newParams = params(newDoc, n);
  const newNames = newParams.map((p) => p.name);
  const oldNames = oldParams.map((p) => p.name);
  // By position, a kept param at another index (moved, or shifted by one added or removed
  // before it) receives another argument.
  const moved = oldNames.filter((x, i) => newNames.includes(x) && newNames.indexOf(x) !== i);
  if (nps !== 'by-name' && moved.length > 0)
    out.add(
      op,
      `${n.at}/params`,
      'param-order-changed',
      `${op}: params ${oldNames.join(', ')} → ${newNames.join(', ')} (${moved.join(', ')} moved)`,
    );
  for (const p of oldParams) {
    if (!newNames.includes(p.name))
      out.add(op, p.at, 'parameter-removed', `param ${p.name} removed`, {
        side: 'request',
        path: ['params', p.name],
      });
  }
  for (const p of newParams) {
    const m = { side: 'request' as const, path: ['params', p.name] };
    const old = oldParams.find((x) => x.name === p.name);
    const is = p.node.required === true;
    if (!old) {
      out.add(
        op,
        p.at,
        is ? 'parameter-added-required' : 'parameter-added-optional',
        `param ${p.name} added${is ? ' as required' : ''}`,
        m,
      );
      continue;
    }
    const was = old.node.required === true;
    if (was !== is)
      out.add(
        op,
        `${p.at}/required`,
        is ? 'parameter-made-required' : 'parameter-made-optional',
        `param ${p.name} made ${is ? 'required' : 'optional'}`,
        m,
      );
    diffAnnotations(
      request,
      old.node,
      p.node,
      p.at,
      `param ${p.name}`,
      new Set(['name', 'required', 'schema']),
    );
    diffReleaseMarks(request, old.node, p.node, p.at, `param ${p.name}`, false, m.path);
    const schemas = {
      old: old.node.schema,
      new: p.node.schema,
      oldAt: `${old.at}/schema`,
      newAt: `${p.at}/schema`,
    };
    diffSchema(request, schemas.old, schemas.new, schemas.oldAt, schemas.newAt, m.path);
    diffEchoes(response, echoes, p.name, schemas, 'result');
  }
}

/** The result: added, removed, renamed, and its schema compared. */
function diffResult(p: MethodPair) {
  const { out, oldDoc, newDoc, o, n, op, response } = p;
  const or = resolve(oldDoc, o.node.result, `${o.at}/result`);
  const nr = resolve(newDoc, n.node.result, `${n.at}/result`);
  if (isObject(or.node) !== isObject(nr.node))
    out.add(
      op,
      isObject(nr.node) ? nr.at : or.at,
      'result-changed',
      `${op}: result ${isObject(nr.node) ? 'added' : 'removed'}`,
    );
  else if (isObject(or.node) && isObject(nr.node)) {
    diffAnnotations(
      response,
      or.node,
      nr.node,
      nr.at,
      'result',
      new Set(['schema', 'name', 'required']),
    );
    if (!same(or.node.name, nr.node.name))
      out.add(
        op,
        `${nr.at}/name`,
        'description-changed',
        `result name ${show(or.node.name)} → ${show(nr.node.name)}`,
      );
    diffSchema(response, or.node.schema, nr.node.schema, `${or.at}/schema`, `${nr.at}/schema`, [
      'result',
    ]);
  }
}

/** Errors, matched by their component name (several share code -32000), else code and message. */
function diffErrors(p: MethodPair) {
  const { out, oldDoc, newDoc, o, n, op, response } = p;
  const errors = (doc: Obj, m: Method) =>
    (Array.isArray(m.node.errors) ? m.node.errors : []).map((raw, i) => {
      const { node, at } = resolve(doc, raw, `${m.at}/errors/${i}`);
      const e = isObject(node) ? node : {};
      const key =
        isObject(raw) && typeof raw.$ref === 'string'
          ? raw.$ref.split('/').pop()
          : `${String(e.code)}:${String(e.message)}`;
      return { node: e, at, key };
    });
  const oe = errors(oldDoc, o);
  const ne = errors(newDoc, n);
  for (const e of oe) {
    if (ne.some((x) => x.key === e.key)) continue;
    const codeKept = ne.some((x) => x.node.code === e.node.code);
    out.add(
      op,
      e.at,
      codeKept ? 'description-changed' : 'error-code-removed',
      `error ${show(e.node.code)} (${String(e.node.message)}) removed`,
    );
  }
  for (const e of ne) {
    const old = oe.find((x) => x.key === e.key);
    if (!old) {
      const codeKnown = oe.some((x) => x.node.code === e.node.code);
      out.add(
        op,
        e.at,
        codeKnown ? 'description-changed' : 'error-code-added',
        `error ${show(e.node.code)} (${String(e.node.message)}) added`,
      );
      continue;
    }
    if (old.node.code !== e.node.code)
      out.add(
        op,
        `${e.at}/code`,
        'error-code-added',
        `error ${e.key}: code ${show(old.node.code)} → ${show(e.node.code)}`,
      );
    if (!same(old.node.message, e.node.message))
      out.add(
        op,
        `${e.at}/message`,
        'description-changed',
        `error ${show(e.node.code)}: message ${show(old.node.message)} → ${show(e.node.message)}`,
      );
    if (!same(old.node.data, e.node.data))
      out.add(op, `${e.at}/data`, 'example-changed', `error ${show(e.node.code)}: data changed`);
    diffAnnotations(
      response,
      old.node,
      e.node,
      e.at,
      `error ${show(e.node.code)}`,
      new Set(['code', 'message', 'data']),
    );
  }
}
