import { describe, expect, it } from 'vitest';
import {
  checkEnum,
  checkMinLength,
  checkParameters,
  checkPattern,
  checkPrepared,
  checkString,
  checkType,
  planOperation,
} from './checkParameters.js';
import type { OperationSpec, ParameterSpec } from './spec.js';
import { CLIENT, ParameterError } from './test/client.js';

// A slice of the Data API's table (packages/data-client/src/generated/operations.ts), as the
// generator writes it: the rules below are the spec's own.
const network: ParameterSpec = { enum: ['mainnet', 'fuji', 'testnet'] };
const aggregateSignaturesMessage: ParameterSpec = { pattern: '^(0x)?[0-9a-fA-F]*$' };
const anyString: ParameterSpec = {};
const aggregateSignaturesQuorumPercentage: ParameterSpec = {
  type: 'integer',
  min: 0,
  max: 100,
  default: 67,
};
const aggregateSignaturesQuorumPercentageBuffer: ParameterSpec = {
  type: 'integer',
  min: 0,
  max: 100,
  default: 0,
};
const aggregateSignaturesPChainHeight: ParameterSpec = { type: 'integer', min: 0 };
const xChainBlockchainId: ParameterSpec = {
  enum: [
    '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    'x-chain',
  ],
};
const txTypes: ParameterSpec = {
  type: 'array',
  items: {
    enum: [
      'AddValidatorTx',
      'AddSubnetValidatorTx',
      'AddDelegatorTx',
      'CreateChainTx',
      'CreateSubnetTx',
      'ImportTx',
      'ExportTx',
      'AdvanceTimeTx',
      'RewardValidatorTx',
      'RemoveSubnetValidatorTx',
      'TransformSubnetTx',
      'AddPermissionlessValidatorTx',
      'AddPermissionlessDelegatorTx',
      'BaseTx',
      'TransferSubnetOwnershipTx',
      'ConvertSubnetToL1Tx',
      'RegisterL1ValidatorTx',
      'SetL1ValidatorWeightTx',
      'DisableL1ValidatorTx',
      'IncreaseL1ValidatorBalanceTx',
      'UNKNOWN',
      'CreateAssetTx',
      'OperationTx',
    ],
  },
};
const pageSize: ParameterSpec = { type: 'integer', min: 1, max: 100 };
const pageSizeBlockchains: ParameterSpec = { type: 'integer', min: 1, max: 10000 };
const sortOrder: ParameterSpec = { enum: ['asc', 'desc'] };
const stringList: ParameterSpec = { commaSeparated: true };
const validatorSortBy: ParameterSpec = {
  enum: ['blockIndex', 'delegationCapacity', 'timeRemaining', 'delegationFee', 'uptimePerformance'],
};
const validationStatus: ParameterSpec = { enum: ['completed', 'active', 'pending', 'removed'] };
const minDelegationCapacity: ParameterSpec = {
  min: '0',
  max: '720000000000000000',
  pattern: '^[0-9]+$',
};
const minTimeRemaining: ParameterSpec = { type: 'number', min: 0, max: 2147483647 };
const minFeePercentage: ParameterSpec = { type: 'number', min: 2, max: 100 };
const minUptimePerformance: ParameterSpec = { type: 'number', min: 0, max: 100 };
const utxoBlockchainId: ParameterSpec = {
  enum: [
    '11111111111111111111111111111111LpoYY',
    '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    'p-chain',
    'x-chain',
    'c-chain',
  ],
};
const minUtxoAmount: ParameterSpec = { type: 'number', min: 0 };
const anyBoolean: ParameterSpec = { type: 'boolean' };
const utxoSortBy: ParameterSpec = { enum: ['timestamp', 'amount'] };
const pageSizeBlockTransactions: ParameterSpec = { type: 'integer', min: 0, max: 100 };
const vertexHeight: ParameterSpec = { type: 'integer', required: true, min: 0 };
const stringListRequired: ParameterSpec = { required: true, commaSeparated: true };

const table = {
  aggregateSignatures: {
    method: 'POST',
    path: '/v1/signatureAggregator/{network}/aggregateSignatures',
    pathParams: { network },
    body: {
      message: aggregateSignaturesMessage,
      justification: aggregateSignaturesMessage,
      signingSubnetId: anyString,
      quorumPercentage: aggregateSignaturesQuorumPercentage,
      quorumPercentageBuffer: aggregateSignaturesQuorumPercentageBuffer,
      pChainHeight: aggregateSignaturesPChainHeight,
    },
    rules: [
      { rule: 'exactlyOne', fields: ['message', 'justification'] },
      { rule: 'sumAtMost', fields: ['quorumPercentage', 'quorumPercentageBuffer'], max: 100 },
    ],
  },
  listAssetTransactions: {
    path: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
    pathParams: { network, blockchainId: xChainBlockchainId, assetId: anyString },
    query: {
      txTypes,
      startTimestamp: aggregateSignaturesPChainHeight,
      endTimestamp: aggregateSignaturesPChainHeight,
      pageToken: anyString,
      pageSize,
    },
  },
  listBlockchains: {
    path: '/v1/networks/{network}/blockchains',
    pathParams: { network },
    query: { pageToken: anyString, pageSize: pageSizeBlockchains, sortOrder },
  },
  listValidators: {
    path: '/v1/networks/{network}/validators',
    pathParams: { network },
    query: {
      pageToken: anyString,
      pageSize,
      nodeIds: stringList,
      sortBy: validatorSortBy,
      sortOrder,
      validationStatus,
      minDelegationCapacity,
      maxDelegationCapacity: minDelegationCapacity,
      minTimeRemaining,
      maxTimeRemaining: minTimeRemaining,
      minFeePercentage,
      maxFeePercentage: minFeePercentage,
      minUptimePerformance,
      maxUptimePerformance: minUptimePerformance,
      subnetId: anyString,
    },
  },
  getUtxosByAddresses: {
    path: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
    pathParams: { network, blockchainId: utxoBlockchainId },
    query: {
      addresses: stringList,
      pageToken: anyString,
      pageSize,
      assetId: anyString,
      minUtxoAmount,
      includeSpent: anyBoolean,
      sortBy: utxoSortBy,
      sortOrder,
    },
  },
  getTransactionsForBlock: {
    path: '/v1/chains/{chainId}/blocks/{blockId}/transactions',
    pathParams: { chainId: anyString, blockId: anyString },
    query: { pageToken: anyString, pageSize: pageSizeBlockTransactions },
  },
  listPendingPrimaryNetworkRewards: {
    path: '/v1/networks/{network}/rewards:listPending',
    pathParams: { network },
    query: {
      addresses: stringList,
      nodeIds: stringList,
      pageToken: anyString,
      pageSize,
      sortOrder,
    },
    rules: [{ rule: 'atLeastOne', fields: ['addresses', 'nodeIds'] }],
  },
  getVertexByHeight: {
    path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight',
    pathParams: { network, blockchainId: xChainBlockchainId },
    query: { vertexHeight, pageToken: anyString, pageSize, sortOrder },
  },
  getBlock: {
    path: '/v1/chains/{chainId}/blocks/{blockId}',
    pathParams: { chainId: anyString, blockId: anyString },
  },
  getChainIdsForAddresses: {
    path: '/v1/networks/{network}/addresses:listChainIds',
    pathParams: { network },
    query: { addresses: stringListRequired },
  },
  // And one of the Metrics API's.
  getAvgTps: {
    path: '/v1/avg_tps/{chainId}',
    pathParams: { chainId: { type: 'integer', min: 1 } },
    query: { pageToken: { minLength: 1 } },
  },
} satisfies Record<string, OperationSpec>;

type OperationId = keyof typeof table;

const check = (id: OperationId, params: Record<string, unknown>) => () =>
  checkParameters(id, table[id], params, CLIENT);

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
    'minLength',
    {
      id: 'getAvgTps',
      given: { chainId: 1, pageToken: '' },
      want: 'pageToken: "" is shorter than 1 characters (getAvgTps)',
      rule: 'minLength',
    },
  ],
  [
    'an array item names its index',
    {
      id: 'listAssetTransactions',
      given: {
        network: 'mainnet',
        blockchainId: 'x-chain',
        assetId: 'a',
        txTypes: ['BaseTx', 'Nope'],
      },
      want: 'txTypes[1]: "Nope" is not one of AddValidatorTx, AddSubnetValidatorTx, AddDelegatorTx, CreateChainTx, CreateSubnetTx, ImportTx, ExportTx, AdvanceTimeTx, RewardValidatorTx, RemoveSubnetValidatorTx, TransformSubnetTx, AddPermissionlessValidatorTx, AddPermissionlessDelegatorTx, BaseTx, TransferSubnetOwnershipTx, ConvertSubnetToL1Tx, RegisterL1ValidatorTx, SetL1ValidatorWeightTx, DisableL1ValidatorTx, IncreaseL1ValidatorBalanceTx, UNKNOWN, CreateAssetTx, OperationTx (listAssetTransactions)',
    },
  ],
  [
    'path parameters cannot be . or ..',
    {
      id: 'getBlock',
      given: { chainId: '1', blockId: '..' },
      want: 'blockId: ".." cannot be sent as a path segment (getBlock)',
      rule: 'pathSegment',
    },
  ],
  [
    'a value JSON cannot show is still named',
    {
      id: 'getBlock',
      given: { chainId: { n: 1n }, blockId: '1' },
      want: 'chainId: [object Object] is not of type string (getBlock)',
      rule: 'type',
    },
  ],
  // Precedence: an unknown name first, then the parameter earliest in the spec, whatever order
  // the params were given in.
  [
    'an unknown name wins over a broken value given before it',
    {
      id: 'listValidators',
      given: { network: 'mainet', page_size: 10 },
      want: 'page_size: 10 is not a parameter (listValidators)',
    },
  ],
  [
    'a missing parameter earlier in the spec wins over a broken later one',
    {
      id: 'listValidators',
      given: { pageSize: 101 },
      want: 'network is required (listValidators)',
    },
  ],
  [
    'a broken parameter earlier in the spec wins over a missing later one',
    {
      id: 'getBlock',
      given: { chainId: 5 },
      want: 'chainId: 5 is not of type string (getBlock)',
    },
  ],
  [
    'the earlier of two broken parameters wins, given first',
    {
      id: 'listValidators',
      given: { network: 'mainet', pageSize: 0 },
      want: 'network: "mainet" is not one of mainnet, fuji, testnet (listValidators)',
    },
  ],
  [
    'the earlier of two broken parameters wins, given last',
    {
      id: 'listValidators',
      given: { pageSize: 0, network: 'mainet' },
      want: 'network: "mainet" is not one of mainnet, fuji, testnet (listValidators)',
    },
  ],
  [
    'a parameter rule comes after every single-parameter check',
    {
      id: 'aggregateSignatures',
      given: { network: 'fuji', quorumPercentage: 101 },
      rule: 'maximum',
    },
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
    expect((error as ParameterError).operation).toBe(id);
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

describe('per-kind checks', () => {
  // One parameter breaking three kinds of rule at once.
  const plan = planOperation('op', {
    path: '/x',
    query: { a: { enum: ['long-one'], pattern: '^z', minLength: 5 } },
  });
  const ruleWith = (checks: typeof plan.c) => {
    try {
      checkPrepared({ ...plan, c: checks }, { a: 'yy' }, CLIENT);
    } catch (error) {
      return (error as ParameterError).rule;
    }
    return 'passed';
  };

  it('runs only the kinds a plan lists, the first problem winning', () => {
    expect(ruleWith(plan.c)).toBe('enum');
    expect(ruleWith([checkType, checkPattern, checkMinLength])).toBe('pattern');
    expect(ruleWith([checkType, checkMinLength])).toBe('minLength');
    expect(ruleWith([checkType])).toBe('passed');
    expect(ruleWith([checkType, checkEnum])).toBe('enum');
  });

  it.each([checkType, checkString])('checks the type before any other kind (%o)', (first) => {
    expect(() => checkPrepared({ ...plan, c: [first, checkPattern] }, { a: 5 }, CLIENT)).toThrow(
      expect.objectContaining({ rule: 'type', message: 'a: 5 is not of type string (op)' }),
    );
    expect(ruleWith([first, checkPattern])).toBe('pattern');
  });
});
