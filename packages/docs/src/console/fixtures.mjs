// Test helpers for the console: the checker over the conformance package's own documents, the
// replay server, and a test target on 127.0.0.1 that records what it is sent and can corrupt
// the replay server's answers (an undeclared field, a broken promise via x-replay-fault).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { browserSpecs } from '@avalanche-api/conformance/browser';
import { at, SERVICES } from './operations.mjs';
import { conformanceDir } from './preview.mjs';

export { startReplay } from './preview.mjs';

/** The checker (without precompiled validators: Node compiles them) over the shipped documents. */
export function nodeChecker() {
  const documents = Object.values(SERVICES).map(({ doc, kind }) => ({
    name: doc,
    kind,
    doc: JSON.parse(readFileSync(join(conformanceDir, 'specs', `${doc}.json`), 'utf8')),
  }));
  return browserSpecs(documents, {});
}

/** The resolved schema of a console parameter, read from the spec it comes from. */
export function parameterSchema(checker, op, name) {
  const doc = SERVICES[op.service].doc;
  const service = (op.kind === 'rpc' ? checker.rpc : checker.rest).find((s) => s.name === doc);
  const params =
    op.kind === 'rpc' ? service.getMethod(op.id).params : service.getOperation(op.id).parameters;
  return at(service.doc, params.find((q) => q.name === name).schema);
}

/** A JSON-RPC error code in the server range that none of `declared` (declaredErrors) has. */
export function undeclaredCode(declared) {
  const codes = new Set(declared.map((d) => d.code));
  let code = -32000;
  while (codes.has(code)) code--;
  return code;
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks);
}

/**
 * A server that records every request (method, url, headers) and answers by `respond` (given
 * the request's body as a fourth argument), or by
 * forwarding to `upstream` with the settings of `target.fault` (x-replay-fault) and
 * `target.addField` (a member added to a JSON object answer). CORS for any origin.
 */
export async function startTarget({ upstream, respond } = {}) {
  const target = { seen: [], fault: undefined, addField: undefined, redirect: undefined };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    target.seen.push({ method: req.method, url: req.url, headers: req.headers });
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (target.redirect) {
      res.writeHead(307, { ...cors, location: `${target.redirect}${req.url}` });
      res.end();
      return;
    }
    if (respond) return respond(req, res, cors, body);
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers: {
        ...(req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {}),
        ...(target.fault ? { 'x-replay-fault': target.fault } : {}),
      },
      ...(body.length ? { body } : {}),
    });
    let text = await answer.text();
    if (target.addField) {
      const json = JSON.parse(text);
      const into = json.result && typeof json.result === 'object' ? json.result : json;
      into[target.addField] = 'not in the spec';
      text = JSON.stringify(json);
    }
    res.writeHead(answer.status, {
      ...cors,
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  target.url = `http://127.0.0.1:${server.address().port}`;
  target.close = () =>
    new Promise((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return target;
}
