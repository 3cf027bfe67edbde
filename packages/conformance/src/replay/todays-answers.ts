// The replay serves answers of today's shape only. A recording the corpus marks as older (an era,
// or excused members in its answer) keeps its request, so the thing it names still exists, but
// its answer becomes the operation's own success example with the members that restate the
// request (its `identity` promise) set to the recording's values. Where that cannot make an
// answer that names the recorded thing, the recording is left out.
import { isObject } from '../model/json-pointer.js';
import { parseQuery } from '../model/openapi.js';
import { namedParams, type RpcMethod } from '../model/openrpc.js';
import { type Inputs, keeps, sent } from '../model/promises/values.js';
import type { Promises } from '../model/promises/vocabulary.js';
import type { SpecsCore } from '../model/spec-check.js';
import type { Recording } from '../recordings/recordings.js';
import { restInputs } from './replay-answers.js';
import { withPointer } from './replay-promises.js';

/** A recording the corpus marks as answering in an older shape than today's spec. */
export const isOlderAnswer = (r: Recording) =>
  r.era !== undefined || (r.lenient ?? []).some((p) => p.startsWith('response'));

/** The example body with each identity member that is plainly addressed set to its input. */
function restated(p: Promises, inputs: Inputs, example: unknown): unknown | undefined {
  let out = example;
  for (const e of p.identity ?? []) {
    const value = inputs[e.input];
    if (!e.member || !sent(value)) continue;
    for (const pointer of e.member) {
      if (pointer.includes('*')) continue;
      out = withPointer(out, pointer, value);
    }
    if (keeps(e, out, value) === false) return undefined;
  }
  return out;
}

/** Node params as the method reads them: a by-name method's `[{…}]` is the object inside. */
function rpcInputs(method: RpcMethod, params: unknown): Inputs {
  const inner =
    Array.isArray(params) && params.length === 1 && isObject(params[0]) ? params[0] : params;
  return namedParams(method, method.paramStructure === 'by-name' ? (inner ?? {}) : (params ?? []));
}

function todaysRest(specs: SpecsCore, r: Recording): Recording | undefined {
  const url = new URL(r.request.url);
  const match = specs.matchRest(r.request.method, url);
  if (!match) return undefined;
  const example = match.service
    .examples(match.operation)
    .find((e) => e.status === r.response.status && e.body !== undefined);
  if (!example) return undefined;
  const inputs = restInputs(match.pathParams, parseQuery(url.searchParams));
  const body = restated(match.operation.promises, inputs, example.body);
  return body === undefined ? undefined : { ...r, response: { ...r.response, body } };
}

function todaysRpc(specs: SpecsCore, r: Recording): Recording | undefined {
  const call = r.request.body;
  const found =
    isObject(call) && typeof call.method === 'string' ? specs.matchRpc(call.method) : undefined;
  const reply = r.response.body;
  if (!found || !isObject(call) || !isObject(reply) || !('result' in reply)) return undefined;
  const example = found.service.examples(found.method)[0];
  if (!example) return undefined;
  const inputs = rpcInputs(found.method, call.params);
  const result = restated(found.method.promises, inputs, example.result);
  return result === undefined
    ? undefined
    : { ...r, response: { ...r.response, body: { ...reply, result } } };
}

/**
 * The recordings as the replay serves them by default: today's ones as they are, older ones in
 * today's shape (see above) or left out.
 */
export function todaysAnswers(specs: SpecsCore, recordings: Recording[]): Recording[] {
  return recordings.flatMap((r) => {
    if (!isOlderAnswer(r)) return [r];
    const rpc = specs.rpc.some((s) => s.servesPath(new URL(r.request.url).pathname));
    const today = rpc ? todaysRpc(specs, r) : todaysRest(specs, r);
    return today ? [{ ...today, era: undefined, lenient: undefined }] : [];
  });
}
