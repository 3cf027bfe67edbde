import { isObject } from './json-pointer.js';
import type { RpcAnswer } from './replay-answers.js';

/** The id AvalancheGo prints for the empty 32-byte id (ids.Empty). */
const emptyId = '11111111111111111111111111111111LpoYY';

const nodeError = (message: string): RpcAnswer => ({
  error: { code: -32000, message, data: null },
});

/**
 * What AvalancheGo answers when the id, height or address in a call is unknown to it
 * (wording from its avm, indexer and info services). Lookups that succeed on a miss answer
 * the node's empty result; everything else answers the database's "not found".
 */
export function nodeNotFound(method: string, p: Record<string, unknown>): RpcAnswer {
  switch (method) {
    case 'avm.getBlock':
      return nodeError(`couldn't get block with id ${String(p.blockID)}: not found`);
    case 'avm.getBlockByHeight':
      return nodeError(`couldn't get block at height ${String(p.height)}: not found`);
    case 'avm.getTxStatus':
      return { result: { status: 'Unknown' } };
    case 'avm.getBalance':
      return { result: { balance: '0', utxoIDs: [] } };
    case 'avm.getAllBalances':
      return { result: { balances: [] } };
    case 'avm.getUTXOs': {
      const first = Array.isArray(p.addresses) ? String(p.addresses[0]) : '';
      return {
        result: {
          numFetched: '0',
          utxos: [],
          endIndex: { address: first, utxo: emptyId },
          encoding: 'hex',
        },
      };
    }
    case 'index.getContainerByIndex':
      return nodeError(`no container at index ${String(p.index)}`);
    case 'index.isAccepted':
      return { result: { isAccepted: false } };
    case 'info.getBlockchainID':
      return nodeError(`there is no ID with alias: ${String(p.alias)}`);
    case 'info.isBootstrapped':
      return nodeError(`there is no chain with alias/ID '${String(p.chain)}'`);
    default:
      return nodeError('not found');
  }
}

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A resume point the replay server hands out as `endIndex.utxo` when `limit` cuts a stored
 * page short: the stored UTXOs are opaque bytes, so their own ids cannot be computed here.
 * It keeps to the Id alphabet so clients that check the shape accept it.
 */
function utxoCursor(offset: number): string {
  let n = offset;
  let digits = '';
  do {
    digits = base58[n % 58] + digits;
    n = Math.floor(n / 58);
  } while (n > 0);
  return `Rpage${digits}`;
}

function readCursor(utxo: unknown): number | undefined {
  const m = typeof utxo === 'string' ? /^Rpage([1-9A-HJ-NP-Za-km-z]{1,6})$/.exec(utxo) : null;
  if (!m) return undefined;
  return [...(m[1] as string)].reduce((n, ch) => n * 58 + base58.indexOf(ch), 0);
}

const asCount = (v: unknown): number | undefined =>
  v === undefined ? undefined : Number.isFinite(Number(v)) ? Number(v) : undefined;

/** avm.getUTXOs over the stored UTXOs: `limit` (0 or absent is 1024) and `startIndex`. */
function pageUtxos(result: Record<string, unknown>, p: Record<string, unknown>): RpcAnswer {
  const utxos = Array.isArray(result.utxos) ? result.utxos : [];
  const stored = isObject(result.endIndex) ? result.endIndex : undefined;
  const limit = Math.min(asCount(p.limit) || 1024, 1024);
  let offset = 0;
  if (isObject(p.startIndex)) {
    // A cursor of ours resumes; the stored end, or an index the server never gave, is past the end.
    offset = readCursor(p.startIndex.utxo) ?? utxos.length;
  }
  const page = utxos.slice(offset, offset + limit);
  const end = offset + page.length;
  const endIndex =
    end < utxos.length
      ? { address: stored?.address, utxo: utxoCursor(end) }
      : page.length === 0 && isObject(p.startIndex)
        ? p.startIndex
        : stored;
  return { result: { ...result, numFetched: String(page.length), utxos: page, endIndex } };
}

/** index.getContainerRange over the stored containers, with the node's range errors. */
function pageContainers(result: Record<string, unknown>, p: Record<string, unknown>): RpcAnswer {
  const containers = Array.isArray(result.containers) ? result.containers : [];
  const n = asCount(p.numToFetch) ?? 0;
  if (n < 1 || n > 1024) return nodeError(`numToFetch must be in [1,1024] but is ${n}`);
  if (containers.length === 0) return nodeError('no containers have been accepted');
  const indexOf = (c: unknown, i: number) =>
    isObject(c) && c.index !== undefined ? Number(c.index) : i;
  const last = indexOf(containers.at(-1), containers.length - 1);
  const start = asCount(p.startIndex) ?? 0;
  if (start > last) return nodeError(`start index (${start}) > last accepted index (${last})`);
  const page = containers.filter((c, i) => indexOf(c, i) >= start).slice(0, n);
  return { result: { ...result, containers: page } };
}

/** Applies a method's paging params to the stored answer it was picked for. */
export function pageNodeAnswer(
  method: string,
  answer: RpcAnswer,
  params: Record<string, unknown>,
): RpcAnswer {
  if (!('result' in answer) || !isObject(answer.result)) return answer;
  if (method === 'avm.getUTXOs') return pageUtxos(answer.result, params);
  if (method === 'index.getContainerRange') return pageContainers(answer.result, params);
  return answer;
}
