import { createTransport, type ResponseValidator } from '@avalanche-api/rest-core';
import { CLIENT, parameterError } from './errors.js';
import { endpointPrefix } from './generated/parts.js';
import type { CallOptions, NodeTransport, RetryOptions } from './transport.js';

/** Public mainnet API nodes; Fuji is {@link FUJI_NODE_URL}, a local node http://127.0.0.1:9650. */
export const MAINNET_NODE_URL = 'https://api.avax.network';
/** Public Fuji test-network API nodes. */
export const FUJI_NODE_URL = 'https://api.avax-test.network';

export interface CreateNodeClientParameters {
  /** Base url of the node, without `/ext/...`. Default {@link MAINNET_NODE_URL}. */
  baseUrl?: string;
  /** A fetch implementation; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Sent with every request. A header whose name looks like a credential (`authorization`,
   * `x-api-key`, anything with key, token, secret, auth, cookie, pass) is sent to `baseUrl`'s origin
   * only, no redirect is followed while it is attached, and its value never appears in an error.
   */
  headers?: Record<string, string>;
  /** Per attempt, including reading the body. Default 30 000 ms; `0` turns it off. */
  timeoutMs?: number;
  /** Retries of 429/503 and connection failures (default 3 attempts); `false` turns them off. */
  retry?: RetryOptions | false;
  /** Largest body read, after decompression (default 32 MiB); a larger one is a ResponseTooLargeError. */
  maxResponseBytes?: number;
  /**
   * Result validation, off by default; pass `createValidator('strict')` from
   * `@avalanche-api/node-rpc/validate` (its schemas ship only with that entry point); anything
   * else is a ParameterError.
   */
  validate?: 'off' | ResponseValidator;
}

/** The settings of `createNodeCore`: the same as `createNodeClient`'s. */
export type CreateNodeCoreParameters = CreateNodeClientParameters;

/**
 * A node's url bound to the transport; what the one-call functions (`infoGetNodeVersion(core)`)
 * take. A `NodeClient` is one too.
 */
export interface NodeCore {
  /** The base url requests go to. */
  readonly baseUrl: string;
  /** How bytes travel: timeout, retries, size cap, credential scoping (the shared transport). */
  readonly transport: NodeTransport;
  /** The `validate` setting, when it is a validator: every result passes through it. */
  readonly validate?: ResponseValidator | undefined;
}

/** Per-call options of a method whose endpoint names a chain (`/ext/bc/{blockchainId}/...`). */
export interface ChainCallOptions extends CallOptions {
  /** Default: the spec's chain of the endpoint (X for avm, C for evm). */
  blockchainId?: string;
}

/** What `createNodeCore` returns. */
export type CreateNodeCoreReturnType = NodeCore;

/**
 * The smallest client: no method table, only the url and the transport. Call it with the
 * one-call functions, e.g. `infoGetNodeVersion(createNodeCore())`, so a bundle carries only
 * the methods it uses.
 */
export function createNodeCore(parameters: CreateNodeCoreParameters = {}): NodeCore {
  const given = parameters.baseUrl ?? MAINNET_NODE_URL;
  // A url of an endpoint (`…/ext/bc/X`) would be doubled by every call (`…/ext/bc/X/ext/bc/X`).
  // An invalid url throws here, as the transport would.
  const { origin, pathname } = new URL(given);
  const at = pathname.search(endpointPrefix);
  if (at >= 0)
    throw parameterError(
      'createNodeClient',
      'baseUrl',
      given,
      'endpointPath',
      `ends in the endpoint path ${pathname.slice(at)}; pass the node's base url, ${origin}${pathname.slice(0, at)}`,
    );
  const baseUrl = given.replace(/\/+$/, '');
  const { validate } = parameters;
  // In JavaScript `validate: 'strict'` is tried; it would validate nothing without a word.
  if (validate && validate !== 'off' && typeof validate !== 'function')
    throw parameterError(
      'createNodeCore',
      'validate',
      validate,
      'type',
      `is not a validator; pass createValidator('strict') from ${CLIENT}/validate`,
    );
  // The shared transport (@avalanche-api/rest-core's createTransport: timeout, size cap, retries,
  // credential scoping and scrubbing) bound to the client's settings; built here, not by a helper
  // of its own, which cost the one-call bundle 10 B gzip.
  const transport = createTransport({ ...parameters, baseUrl, client: CLIENT });
  return {
    baseUrl,
    transport: (url, body, o = {}, retryOn) =>
      // The call's signal and timeoutMs pass as they are; the transport reads nothing else of them.
      transport(url, {
        ...o,
        method: body ? 'POST' : 'GET',
        // Only a POST has a body; a GET without content-type stays a CORS "simple" request.
        headers: body ? { 'content-type': 'application/json', ...o.headers } : o.headers,
        body,
        retryOn,
      }),
    validate: typeof validate === 'function' ? validate : undefined,
  };
}
