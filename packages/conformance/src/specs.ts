import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { isObject } from './json-pointer.js';
import { OpenApiService, type Operation, parseQuery } from './openapi.js';
import { OpenRpcService, type RpcMethod } from './openrpc.js';
import { isExcused, type Recording, withoutLenientMembers } from './recordings.js';
import { type Precompiled, type Violation, violation } from './schema-set.js';
import { documentForVersion, parseNodeVersion } from './versions.js';

/** The bundled documents, by the name `pnpm specs:bundle` gives them. */
export const restDocuments = ['data-api', 'metrics-api', 'node-health'] as const;
export const rpcDocuments = ['node-rpc'] as const;

export const validatorDir = fileURLToPath(new URL('./validators/', import.meta.url));

export function specHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The ahead-of-time validators, if they were built from exactly these documents. */
async function loadPrecompiled(texts: Record<string, string>): Promise<Precompiled> {
  let index: {
    specs: Record<string, string>;
    sets: Record<string, { file: string; keys: Record<string, string> }>;
  };
  try {
    index = JSON.parse(await readFile(join(validatorDir, 'index.json'), 'utf8'));
  } catch {
    return {};
  }
  for (const [name, text] of Object.entries(texts))
    if (index.specs[name] !== specHash(text)) return {};
  const out: Precompiled = {};
  await Promise.all(
    Object.entries(index.sets).map(async ([id, { file, keys }]) => {
      const mod = (await import(pathToFileURL(join(validatorDir, file)).href)) as Record<
        string,
        ValidateFunction
      >;
      out[id] = Object.fromEntries(
        Object.entries(keys).map(([key, name]) => [key, mod[name] as ValidateFunction]),
      );
    }),
  );
  return out;
}

/** Where the bundled specs are: `specs/` beside `dist/` in the installed package. */
export const defaultSpecDir = fileURLToPath(new URL('../specs/', import.meta.url));

export interface ExchangeResult {
  file: string;
  service?: string;
  /** operationId or JSON-RPC method name. */
  operation?: string;
  ok: boolean;
  errors: Violation[];
  /** Why the exchange is left out of validation, when a corpus exclusion names it. */
  excluded?: string;
  /** How many violations the recording's era marks excused (see Recording.lenient). */
  excused?: number;
}

/** Exchanges of the corpus left out on purpose, keyed by path inside the corpus. */
export type Exclusions = Record<string, { reason: string }>;

export function exclusionFor(exclusions: Exclusions, file: string): string | undefined {
  const key = Object.keys(exclusions).find((k) => file === k || file.endsWith(`/${k}`));
  return key ? exclusions[key]?.reason : undefined;
}

export type Target =
  | {
      kind: 'rest';
      service: OpenApiService;
      operation: Operation;
      pathParams: Record<string, string>;
    }
  | { kind: 'rpc'; service: OpenRpcService; method: RpcMethod };

/** All the project's specs, loaded once; validators compile on first use and are reused. */
export class Specs {
  constructor(
    readonly rest: OpenApiService[],
    readonly rpc: OpenRpcService[],
  ) {}

  /**
   * Loads the bundled documents. With the default documents, the validators compiled at
   * build time (dist/validators) are used when their spec hashes match. With `nodeVersion`
   * (`avalanchego/1.13.2` or `v1.13.2`) the node documents are judged as that release
   * answers (see versions.ts); the precompiled validators do not apply then.
   */
  static async load(
    dir: string = defaultSpecDir,
    options: { precompiled?: boolean; nodeVersion?: string } = {},
  ): Promise<Specs> {
    const version =
      options.nodeVersion === undefined ? undefined : parseNodeVersion(options.nodeVersion);
    const names = [...restDocuments, ...rpcDocuments];
    const texts = Object.fromEntries(
      await Promise.all(
        names.map(
          async (n) => [n, await readFile(`${dir.replace(/\/$/, '')}/${n}.json`, 'utf8')] as const,
        ),
      ),
    );
    const precompiled =
      options.precompiled === false || version ? {} : await loadPrecompiled(texts);
    const nodeDocs: readonly string[] = ['node-rpc', 'node-health'];
    const doc = (n: string) => {
      const parsed = JSON.parse(texts[n] as string) as Record<string, unknown>;
      return version && nodeDocs.includes(n) ? documentForVersion(parsed, version) : parsed;
    };
    return new Specs(
      restDocuments.map((n) => new OpenApiService(n, doc(n), precompiled)),
      rpcDocuments.map((n) => new OpenRpcService(n, doc(n), precompiled)),
    );
  }

  get all(): { service: string; id: string; kind: 'rest' | 'rpc' }[] {
    return [
      ...this.rest.flatMap((s) =>
        s.operations.map((o) => ({ service: s.name, id: o.id, kind: 'rest' as const })),
      ),
      ...this.rpc.flatMap((s) =>
        s.methods.map((m) => ({ service: s.name, id: m.id, kind: 'rpc' as const })),
      ),
    ];
  }

  /** Finds the operation a REST request is for: by path and method, the host breaking ties. */
  matchRest(method: string, url: URL) {
    const candidates = this.rest.flatMap((service) => {
      const m = service.match(method, url.pathname);
      return m ? [{ service, ...m }] : [];
    });
    const byHost = candidates.find(({ service }) =>
      (Array.isArray(service.doc.servers) ? service.doc.servers : []).some(
        (s) =>
          isObject(s) &&
          typeof s.url === 'string' &&
          URL.canParse(s.url) &&
          new URL(s.url).host === url.host,
      ),
    );
    return byHost ?? candidates[0];
  }

  matchRpc(methodName: string): { service: OpenRpcService; method: RpcMethod } | undefined {
    for (const service of this.rpc) {
      const method = service.getMethod(methodName);
      if (method) return { service, method };
    }
    return undefined;
  }

  isRpcCall(method: string, url: URL, body: unknown): boolean {
    if (method !== 'POST') return false;
    const first = Array.isArray(body) ? body[0] : body;
    return isObject(first) && typeof first.method === 'string' && 'jsonrpc' in first
      ? true
      : this.rpc.some((s) => s.servesPath(url.pathname));
  }

  /**
   * Validates one recorded exchange: request and response, against its operation or method.
   * Violations the recording's era marks list (`lenient`) are excused and counted apart.
   */
  checkExchange(recording: Recording, options: { strict: boolean }): ExchangeResult {
    if (!recording.lenient?.length) return this.checkUnmarked(recording, options);
    const strict = this.checkUnmarked(recording, options);
    // Listed members are left out of the exchange and not required anywhere in its
    // documents, so neither their presence nor their absence counts, even inside a oneOf.
    const names = recording.lenient.map((p) => p.split('/').at(-1) ?? '');
    const result = this.relaxedFor(names).checkUnmarked(withoutLenientMembers(recording), options);
    const errors = result.errors.filter((v) => !isExcused(recording, v.where, v.path));
    return {
      ...result,
      ok: errors.length === 0,
      errors,
      excused: Math.max(0, strict.errors.length - errors.length),
    };
  }

  /** These specs with the given member names removed from every `required` list; cached. */
  private relaxedFor(names: string[]): Specs {
    const key = [...new Set(names)].sort().join('\0');
    let relaxed = this.relaxed.get(key);
    if (!relaxed) {
      const strip = (doc: Record<string, unknown>) => {
        const copy = structuredClone(doc);
        const walk = (node: unknown): void => {
          if (Array.isArray(node)) node.forEach(walk);
          else if (isObject(node)) {
            if (Array.isArray(node.required))
              node.required = node.required.filter((r) => !names.includes(r as string));
            Object.values(node).forEach(walk);
          }
        };
        walk(copy);
        return copy;
      };
      relaxed = new Specs(
        this.rest.map((s) => new OpenApiService(s.name, strip(s.doc))),
        this.rpc.map((s) => new OpenRpcService(s.name, strip(s.doc))),
      );
      this.relaxed.set(key, relaxed);
    }
    return relaxed;
  }

  private readonly relaxed = new Map<string, Specs>();

  private checkUnmarked(recording: Recording, options: { strict: boolean }): ExchangeResult {
    const { request, response } = recording;
    const url = new URL(request.url);
    if (this.isRpcCall(request.method, url, request.body))
      return this.checkRpc(recording, url, options);
    const match = this.matchRest(request.method, url);
    if (!match) {
      return {
        file: recording.file,
        ok: false,
        errors: [
          violation(
            'unmatched',
            'request',
            '',
            `no operation matches ${request.method} ${url.pathname}`,
          ),
        ],
      };
    }
    const { service, operation, pathParams } = match;
    const errors = [
      ...service.validateRequest(
        operation,
        { pathParams, query: parseQuery(url.searchParams), body: request.body },
        options,
      ),
      ...service.validateResponse(operation, response.status, response.body, options),
    ];
    return {
      file: recording.file,
      service: service.name,
      operation: operation.id,
      ok: errors.length === 0,
      errors,
    };
  }

  private checkRpc(recording: Recording, url: URL, options: { strict: boolean }): ExchangeResult {
    const calls = Array.isArray(recording.request.body)
      ? recording.request.body
      : [recording.request.body];
    const replies = Array.isArray(recording.response.body)
      ? recording.response.body
      : [recording.response.body];
    const errors: Violation[] = [];
    let service: string | undefined;
    const names: string[] = [];
    if (recording.response.status !== 200) {
      errors.push(
        violation(
          'undeclared-status',
          'response.status',
          '',
          `JSON-RPC answers with HTTP 200, got ${recording.response.status}`,
        ),
      );
    }
    calls.forEach((call, i) => {
      const name = isObject(call) && typeof call.method === 'string' ? call.method : undefined;
      const found = name ? this.matchRpc(name) : undefined;
      if (!found) {
        errors.push(
          violation(
            'unmatched',
            'request.body',
            '/method',
            `no method named ${JSON.stringify(name)} in the specs`,
          ),
        );
        return;
      }
      service = found.service.name;
      names.push(found.method.id);
      const id = isObject(call) ? call.id : undefined;
      const reply = Array.isArray(recording.response.body)
        ? replies.find((r) => isObject(r) && r.id === id)
        : replies[i];
      errors.push(
        ...found.service.validateCall(found.method, url.pathname, call, options),
        ...found.service.validateReply(found.method, id, reply, options),
      );
    });
    const result: ExchangeResult = {
      file: recording.file,
      operation: names.join(','),
      ok: errors.length === 0,
      errors,
    };
    if (service) result.service = service;
    return result;
  }
}
