import { describe, expect, it } from 'vitest';
import { ParameterError } from '../errors.js';
import { type OperationId, operationTable } from '../generated/operations.js';
import { checkParameters } from './checkParameters.js';

const check = (id: OperationId, params: Record<string, unknown>) => () =>
  checkParameters(id, operationTable[id], params);

// [name, { given, want }]: `want` is the exact message, or undefined when the params pass.
const cases: [
  string,
  { id: OperationId; given: Record<string, unknown>; want?: string; rule?: string },
][] = [
  ['minimal valid call', { id: 'listValidators', given: { network: 'mainnet' } }],
  [
    'maximum',
    {
      id: 'listValidators',
      given: { network: 'mainnet', pageSize: 101 },
      want: 'pageSize: 101 is above the maximum 100 (listValidators)',
      rule: 'maximum',
    },
  ],
  [
    'minimum',
    {
      id: 'listValidators',
      given: { network: 'mainnet', pageSize: 0 },
      want: 'pageSize: 0 is below the minimum 1 (listValidators)',
      rule: 'minimum',
    },
  ],
  [
    'a minimum of 0 allows 0',
    { id: 'getTransactionsForBlock', given: { chainId: '1', blockId: '1', pageSize: 0 } },
  ],
  ['per-operation bounds', { id: 'listBlockchains', given: { network: 'fuji', pageSize: 10_000 } }],
  [
    'integer',
    {
      id: 'listValidators',
      given: { network: 'mainnet', pageSize: 1.5 },
      want: 'pageSize: 1.5 is not of type integer (listValidators)',
      rule: 'type',
    },
  ],
  [
    'numbers are not strings',
    {
      id: 'listValidators',
      given: { network: 'mainnet', pageSize: '10' },
      want: 'pageSize: "10" is not of type integer (listValidators)',
      rule: 'type',
    },
  ],
  [
    'number',
    {
      id: 'listValidators',
      given: { network: 'mainnet', minFeePercentage: Number.NaN },
      rule: 'type',
      want: 'minFeePercentage: NaN is not of type number (listValidators)',
    },
  ],
  [
    'boolean',
    {
      id: 'getUtxosByAddresses',
      given: { network: 'mainnet', blockchainId: 'p-chain', includeSpent: 'yes' },
      rule: 'type',
      want: 'includeSpent: "yes" is not of type boolean (getUtxosByAddresses)',
    },
  ],
  [
    'enum',
    {
      id: 'listValidators',
      given: { network: 'mainet' },
      want: 'network: "mainet" is not one of mainnet, fuji, testnet (listValidators)',
      rule: 'enum',
    },
  ],
  [
    'enum of array items',
    {
      id: 'listAssetTransactions',
      given: {
        network: 'mainnet',
        blockchainId: 'x-chain',
        assetId: 'a',
        txTypes: ['BaseTx', 'Nope'],
      },
      rule: 'enum',
    },
  ],
  [
    'array type',
    {
      id: 'listAssetTransactions',
      given: { network: 'mainnet', blockchainId: 'x-chain', assetId: 'a', txTypes: 'BaseTx' },
      rule: 'type',
    },
  ],
  [
    'required path parameter',
    {
      id: 'getBlock',
      given: { chainId: '1' },
      want: 'blockId is required (getBlock)',
      rule: 'required',
    },
  ],
  [
    'required query parameter',
    {
      id: 'getVertexByHeight',
      given: { network: 'mainnet', blockchainId: 'x-chain' },
      want: 'vertexHeight is required (getVertexByHeight)',
      rule: 'required',
    },
  ],
  [
    'null counts as absent',
    { id: 'getBlock', given: { chainId: '1', blockId: null }, rule: 'required' },
  ],
  [
    'pattern',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: 'xyz' },
      want: 'message: "xyz" does not match ^(0x)?[0-9a-fA-F]*$ (aggregateSignatures)',
      rule: 'pattern',
    },
  ],
  [
    'big-integer string bounds',
    {
      id: 'listValidators',
      given: { network: 'mainnet', minDelegationCapacity: '720000000000000001' },
      want: 'minDelegationCapacity: "720000000000000001" is above the maximum 720000000000000000 (listValidators)',
      rule: 'maximum',
    },
  ],
  [
    'big-integer string inside bounds',
    {
      id: 'listValidators',
      given: { network: 'mainnet', maxDelegationCapacity: '720000000000000000' },
    },
  ],
  [
    'big-integer string pattern first',
    {
      id: 'listValidators',
      given: { network: 'mainnet', minDelegationCapacity: '1e3' },
      rule: 'pattern',
    },
  ],
  [
    'comma-separated list',
    {
      id: 'listValidators',
      given: { network: 'mainnet', nodeIds: 'NodeID-a,,NodeID-b' },
      want: 'nodeIds: "NodeID-a,,NodeID-b" has an empty item in its comma-separated list (listValidators)',
      rule: 'commaSeparated',
    },
  ],
  [
    'required comma-separated list',
    {
      id: 'getChainIdsForAddresses',
      given: { network: 'mainnet', addresses: '' },
      rule: 'commaSeparated',
    },
  ],
  [
    'message xor justification: both',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: '0x00', justification: '0x01' },
      want: 'message, justification: exactly one must be set, not several (aggregateSignatures)',
      rule: 'exactlyOne',
    },
  ],
  [
    'message xor justification: neither',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji' },
      want: 'message, justification: exactly one must be set, none is (aggregateSignatures)',
      rule: 'exactlyOne',
    },
  ],
  [
    'justification alone',
    { id: 'aggregateSignatures', given: { network: 'fuji', justification: '0x01' } },
  ],
  [
    'quorum sum',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: '0x00', quorumPercentage: 90, quorumPercentageBuffer: 20 },
      want: 'quorumPercentage + quorumPercentageBuffer: 90 + 20 = 110 is above the maximum 100 (aggregateSignatures)',
      rule: 'sumAtMost',
    },
  ],
  [
    'quorum sum with the default quorum 67',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: '0x00', quorumPercentageBuffer: 34 },
      want: 'quorumPercentage + quorumPercentageBuffer: 67 + 34 = 101 is above the maximum 100 (aggregateSignatures)',
      rule: 'sumAtMost',
    },
  ],
  [
    'quorum sum with the default buffer 0',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: '0x00', quorumPercentage: 100 },
    },
  ],
  [
    'quorum sum at the limit',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', message: '0x00', quorumPercentageBuffer: 33 },
    },
  ],
  [
    'addresses or nodeIds: neither',
    {
      id: 'listPendingPrimaryNetworkRewards',
      given: { network: 'fuji' },
      want: 'addresses, nodeIds: at least one must be set (listPendingPrimaryNetworkRewards)',
      rule: 'atLeastOne',
    },
  ],
  [
    'addresses or nodeIds: both',
    {
      id: 'listPendingPrimaryNetworkRewards',
      given: { network: 'fuji', addresses: 'a', nodeIds: 'b' },
    },
  ],
  [
    'unknown name',
    {
      id: 'listValidators',
      given: { network: 'mainnet', page_size: 10 },
      want: 'page_size: 10 is not a parameter (listValidators)',
      rule: 'unknown',
    },
  ],
  [
    'an undefined unknown name is ignored',
    { id: 'listValidators', given: { network: 'mainnet', extra: undefined } },
  ],
  [
    'inherited names are unknown',
    { id: 'listValidators', given: { network: 'mainnet', toString: 'x' }, rule: 'unknown' },
  ],
  [
    'long values are shortened',
    {
      id: 'listValidators',
      given: { network: 'x'.repeat(100) },
      want: `network: "${'x'.repeat(56)}… is not one of mainnet, fuji, testnet (listValidators)`,
    },
  ],
];

describe('checkParameters', () => {
  it.each(cases)('%s', (_, { id, given, want, rule }) => {
    if (want === undefined && rule === undefined) {
      expect(check(id, given)).not.toThrow();
      return;
    }
    let error: unknown;
    try {
      check(id, given)();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParameterError);
    if (want !== undefined) expect((error as Error).message).toBe(want);
    if (rule !== undefined) expect((error as ParameterError).rule).toBe(rule);
    expect((error as ParameterError).operationId).toBe(id);
  });

  it('names the parameter and keeps the value', () => {
    expect(check('listValidators', { network: 'mainnet', pageSize: 101 })).toThrow(
      expect.objectContaining({ parameter: 'pageSize', value: 101 }),
    );
    expect(
      check('aggregateSignatures', {
        network: 'fuji',
        message: '0x',
        quorumPercentage: 99,
        quorumPercentageBuffer: 2,
      }),
    ).toThrow(
      expect.objectContaining({
        parameter: 'quorumPercentage + quorumPercentageBuffer',
        value: { quorumPercentage: 99, quorumPercentageBuffer: 2 },
      }),
    );
  });

  it('lists the known names in details', () => {
    expect(check('getBlock', { chainId: '1', blockId: '1', block: 1 })).toThrow(
      expect.objectContaining({ details: 'expected one of chainId, blockId' }),
    );
  });

  it('rejects params that are not an object', () => {
    expect(check('getBlock', [] as never)).toThrow(expect.objectContaining({ rule: 'type' }));
  });
});
