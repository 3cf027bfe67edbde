// The browser-safe entry (`@avalanche-api/conformance/browser`): checks one exchange with the
// rules of `check` (schema, strictness, `x-promises`), given the bundled documents and their
// precompiled validators. Nothing here imports Node; the docs console bundles it.
import { OpenApiService } from './model/openapi.js';
import { OpenRpcService } from './model/openrpc.js';
import type { Precompiled } from './model/schema-set.js';
import { SpecsCore } from './model/spec-check.js';

export type { Operation, RestExample } from './model/openapi.js';
export { OpenApiService } from './model/openapi.js';
export type { RpcExample, RpcMethod } from './model/openrpc.js';
export { namedParams, OpenRpcService } from './model/openrpc.js';
export {
  formatViolation,
  type Precompiled,
  type Violation,
  type ViolationKind,
} from './model/schema-set.js';
export { type ExchangeResult, SpecsCore } from './model/spec-check.js';
export type { Recording } from './recordings/recordings.js';

/** One bundled document: its name as `pnpm specs:bundle` gives it (`data-api`, `node-rpc`). */
export interface BrowserDocument {
  name: string;
  kind: 'rest' | 'rpc';
  doc: Record<string, unknown>;
}

/**
 * The checker over the given documents. `precompiled` holds the ahead-of-time validators by
 * schema set id and key (dist/validators/index.json names them); a validator missing there
 * throws, as ajv itself is not in a browser bundle.
 */
export function browserSpecs(documents: BrowserDocument[], precompiled: Precompiled): SpecsCore {
  return new SpecsCore(
    documents
      .filter((d) => d.kind === 'rest')
      .map((d) => new OpenApiService(d.name, d.doc, precompiled)),
    documents
      .filter((d) => d.kind === 'rpc')
      .map((d) => new OpenRpcService(d.name, d.doc, precompiled)),
  );
}
