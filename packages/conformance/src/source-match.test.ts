// The node spec's parameters and members, compared name by name with the Go structs of the
// pinned AvalancheGo release (v1.14.2; graft/subnet-evm, graft/coreth, libevm for the EVM
// extras). The table below was read off those structs' json tags; a spec change that adds,
// drops or renames a member without the source doing so fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

type Schema = {
  $ref?: string;
  properties?: Record<string, unknown>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
const doc = JSON.parse(
  readFileSync(new URL('../../../specs/dist/node-rpc.json', import.meta.url), 'utf8'),
) as { methods: { name: string; params: Schema[]; result: { schema: Schema } }[] };

function deref(s: Schema | undefined): Schema | undefined {
  let node = s;
  while (node?.$ref)
    node = node.$ref
      .split('/')
      .slice(1)
      .reduce(
        (o: Record<string, unknown>, k) => o[k] as Record<string, unknown>,
        doc as never,
      ) as Schema;
  return node;
}

/** Member names of an object schema, through oneOf/anyOf/allOf branches. */
function members(s: Schema | undefined): string[] {
  const node = deref(s);
  if (!node) return [];
  const out = new Set(Object.keys(node.properties ?? {}));
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])])
    for (const m of members(branch)) out.add(m);
  return [...out].sort();
}

// Go source (v1.14.2, graft/subnet-evm, graft/coreth, libevm): Args json tags and reply json tags (top level).
const source: Record<string, [string[], string[] | null]> = {
  'avm.getAllBalances': [['address', 'includePartial'], ['balances']],
  'avm.getAssetDescription': [['assetID'], ['assetID', 'name', 'symbol', 'denomination']],
  'avm.getBalance': [
    ['address', 'assetID', 'includePartial'],
    ['balance', 'utxoIDs'],
  ],
  'avm.getBlock': [
    ['blockID', 'encoding'],
    ['block', 'encoding'],
  ],
  'avm.getBlockByHeight': [
    ['height', 'encoding'],
    ['block', 'encoding'],
  ],
  'avm.getHeight': [[], ['height']],
  'avm.getTx': [
    ['txID', 'encoding'],
    ['tx', 'encoding'],
  ],
  'avm.getTxFee': [[], ['txFee', 'createAssetTxFee']],
  'avm.getTxStatus': [['txID'], ['status']],
  'avm.getUTXOs': [
    ['addresses', 'sourceChain', 'limit', 'startIndex', 'encoding'],
    ['numFetched', 'utxos', 'endIndex', 'encoding'],
  ],
  'info.acps': [[], ['acps']],
  'info.isBootstrapped': [['chain'], ['isBootstrapped']],
  'info.getBlockchainID': [['alias'], ['blockchainID']],
  'info.getNetworkID': [[], ['networkID']],
  'info.getNetworkName': [[], ['networkName']],
  'info.getNodeID': [[], ['nodeID', 'nodePOP']],
  'info.getNodeIP': [[], ['ip']],
  'info.getNodeVersion': [
    [],
    ['version', 'databaseVersion', 'rpcProtocolVersion', 'gitCommit', 'vmVersions'],
  ],
  'info.getTxFee': [
    [],
    [
      'txFee',
      'createAssetTxFee',
      'createSubnetTxFee',
      'transformSubnetTxFee',
      'createBlockchainTxFee',
      'addPrimaryNetworkValidatorFee',
      'addPrimaryNetworkDelegatorFee',
      'addSubnetValidatorFee',
      'addSubnetDelegatorFee',
    ],
  ],
  'info.getVMs': [[], ['vms', 'fxs']],
  'info.peers': [['nodeIDs'], ['numPeers', 'peers']],
  'info.uptime': [['subnetID'], ['rewardingStakePercentage', 'weightedAveragePercentage']],
  'info.upgrades': [
    [],
    [
      'apricotPhase1Time',
      'apricotPhase2Time',
      'apricotPhase3Time',
      'apricotPhase4Time',
      'apricotPhase4MinPChainHeight',
      'apricotPhase5Time',
      'apricotPhasePre6Time',
      'apricotPhase6Time',
      'apricotPhasePost6Time',
      'banffTime',
      'cortinaTime',
      'cortinaXChainStopVertexID',
      'durangoTime',
      'etnaTime',
      'fUpgradeTime',
      'fortunaTime',
      'graniteTime',
      'graniteEpochDuration',
      'heliconTime',
    ],
  ],
  'health.health': [['tags'], ['checks', 'healthy']],
  'health.readiness': [['tags'], ['checks', 'healthy']],
  'health.liveness': [['tags'], ['checks', 'healthy']],
  'index.getContainerByID': [
    ['id', 'encoding'],
    ['id', 'bytes', 'timestamp', 'encoding', 'index'],
  ],
  'index.getContainerByIndex': [
    ['index', 'encoding'],
    ['id', 'bytes', 'timestamp', 'encoding', 'index'],
  ],
  'index.getContainerRange': [['startIndex', 'numToFetch', 'encoding'], ['containers']],
  'index.getIndex': [['id'], ['index']],
  'index.getLastAccepted': [['encoding'], ['id', 'bytes', 'timestamp', 'encoding', 'index']],
  'index.isAccepted': [['id'], ['isAccepted']],
  eth_feeConfig: [['blk'], ['feeConfig', 'lastChangedAt']],
  eth_getChainConfig: [[], null],
  eth_getActivePrecompilesAt: [
    ['blockTimestamp'],
    [
      'contractDeployerAllowListConfig',
      'txAllowListConfig',
      'contractNativeMinterConfig',
      'feeManagerConfig',
      'rewardManagerConfig',
      'warpConfig',
    ],
  ],
  eth_getActiveRulesAt: [['blockTimestamp'], ['ethRules', 'avalancheRules', 'precompiles']],
  'validators.getCurrentValidators': [['nodeIDs'], ['validators']],
};
// Nested shapes checked the same way: schema name -> Go json members.
const nested: Record<string, string[]> = {
  Peer: [
    'ip',
    'publicIP',
    'nodeID',
    'version',
    'upgradeTime',
    'lastSent',
    'lastReceived',
    'observedUptime',
    'observedSubnetUptimes',
    'trackedSubnets',
    'supportedACPs',
    'objectedACPs',
    'benched',
  ],
  AvmStandardBlock: ['parentID', 'height', 'time', 'merkleRoot', 'txs', 'id'],
  AvmTransaction: ['unsignedTx', 'credentials', 'id'],
  AvmBaseTx: ['networkID', 'blockchainID', 'outputs', 'inputs', 'memo'],
  AvmCreateAssetTx: [
    'networkID',
    'blockchainID',
    'outputs',
    'inputs',
    'memo',
    'name',
    'symbol',
    'denomination',
    'initialStates',
  ],
  AvmOperationTx: ['networkID', 'blockchainID', 'outputs', 'inputs', 'memo', 'operations'],
  AvmImportTx: [
    'networkID',
    'blockchainID',
    'outputs',
    'inputs',
    'memo',
    'sourceChain',
    'importedInputs',
  ],
  AvmExportTx: [
    'networkID',
    'blockchainID',
    'outputs',
    'inputs',
    'memo',
    'destinationChain',
    'exportedOutputs',
  ],
  InitialState: ['fxIndex', 'fxID', 'outputs'],
  AvmOperation: ['assetID', 'inputIDs', 'fxID', 'operation'],
  TransferableOutput: ['assetID', 'fxID', 'output'],
  TransferableInput: ['txID', 'outputIndex', 'assetID', 'fxID', 'input'],
  Secp256k1TransferOutput: ['addresses', 'amount', 'locktime', 'threshold'],
  Secp256k1TransferInput: ['amount', 'signatureIndices'],
  Credential: ['fxID', 'credential'],
  Container: ['id', 'bytes', 'timestamp', 'encoding', 'index'],
  HealthCheckResult: [
    'message',
    'error',
    'timestamp',
    'duration',
    'contiguousFailures',
    'timeOfFirstFailure',
  ],
  AcpVotes: ['supportWeight', 'supporters', 'objectWeight', 'objectors', 'abstainWeight'],
  BlsProofOfPossession: ['publicKey', 'proofOfPossession'],
  FeeConfig: [
    'gasLimit',
    'targetBlockRate',
    'minBaseFee',
    'targetGas',
    'baseFeeChangeDenominator',
    'minBlockGasCost',
    'maxBlockGasCost',
    'blockGasCostStep',
  ],
  EthRules: [
    'ChainID',
    'IsHomestead',
    'IsEIP150',
    'IsEIP155',
    'IsEIP158',
    'IsByzantium',
    'IsConstantinople',
    'IsPetersburg',
    'IsIstanbul',
    'IsBerlin',
    'IsLondon',
    'IsMerge',
    'IsShanghai',
    'IsCancun',
    'IsPrague',
    'IsVerkle',
  ],
  AvalancheRules: ['IsSubnetEVM', 'IsDurango', 'IsEtna', 'IsFortuna', 'IsGranite', 'IsHelicon'],
  WarpConfig: ['blockTimestamp', 'disable', 'quorumNumerator', 'requirePrimaryNetworkSigners'],
  NativeMinterConfig: [
    'blockTimestamp',
    'disable',
    'adminAddresses',
    'managerAddresses',
    'enabledAddresses',
    'initialMint',
  ],
  Validator: [
    'validationID',
    'nodeID',
    'weight',
    'startTimestamp',
    'isActive',
    'isL1Validator',
    'isConnected',
    'uptimePercentage',
    'uptimeSeconds',
  ],
  UpgradeConfig: ['networkUpgradeOverrides', 'stateUpgrades', 'precompileUpgrades'],
};

describe('method parameters and results match the pinned source', () => {
  test('every method in the source table is a method of the spec', () => {
    const names = doc.methods.map((m) => m.name);
    expect(Object.keys(source).length).toBeGreaterThan(30);
    expect(names).toEqual(expect.arrayContaining(Object.keys(source)));
  });
  // A method the spec adds is pinned here once its Go source is read; until then its examples
  // must use only the params it declares.
  test.each(doc.methods.map((m) => [m.name, m] as const))('%s', (name, method) => {
    const declared = method.params.map((p) => (deref(p) as { name?: string }).name);
    for (const example of (method as { examples?: { params?: { name: string }[] }[] }).examples ??
      [])
      for (const p of example.params ?? []) expect(declared, `${name} example`).toContain(p.name);
    if (!(name in source)) return;
    const [params, result] = source[name] ?? [[], null];
    expect(method.params.map((p) => (deref(p) as { name?: string }).name).sort()).toEqual(
      [...params].sort(),
    );
    if (result) expect(members(method.result.schema)).toEqual([...result].sort());
  });
});

describe('nested shapes match the pinned source', () => {
  test.each(Object.entries(nested))('%s', (name, goMembers) => {
    expect(members({ $ref: `#/components/schemas/${name}` })).toEqual([...goMembers].sort());
  });
});
