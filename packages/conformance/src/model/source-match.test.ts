// The node spec's parameters and members, compared name by name with the Go structs of the
// AvalancheGo releases they were read from (graft/subnet-evm, graft/coreth, libevm for the EVM
// extras). The tables below say which release each member was read from: the pinned release
// (v1.14.2) for most, an older one for members only older releases sent, and a newer tag for
// what a later supported release changed. The bundled document must hold exactly their union,
// and the document `documentForVersion` gives for each release read must hold exactly that
// release's members; a spec change that adds, drops or renames a member without the source
// doing so fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { documentForVersion } from './versions.js';

type Schema = {
  $ref?: string;
  properties?: Record<string, unknown>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Doc = {
  info: Record<string, unknown>;
  methods: { name: string; params: Schema[]; result: { schema: Schema } }[];
};
const doc = JSON.parse(
  readFileSync(new URL('../../../../specs/dist/node-rpc.json', import.meta.url), 'utf8'),
) as Doc;

function deref(s: Schema | undefined, d: Doc = doc): Schema | undefined {
  let node = s;
  while (node?.$ref)
    node = node.$ref
      .split('/')
      .slice(1)
      .reduce(
        (o: Record<string, unknown>, k) => o[k] as Record<string, unknown>,
        d as never,
      ) as Schema;
  return node;
}

/** Member names of an object schema, through oneOf/anyOf/allOf branches. */
function members(s: Schema | undefined, d: Doc = doc): string[] {
  const node = deref(s, d);
  if (!node) return [];
  const out = new Set(Object.keys(node.properties ?? {}));
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])])
    for (const m of members(branch, d)) out.add(m);
  return [...out].sort();
}

/**
 * The source each release's members were read from (ava-labs/avalanchego tags; the libevm
 * version is the one that tag's go.mod names). v1.15.0 has only its Fuji tag.
 */
const readFrom = {
  'v1.14.2': 'v1.14.2 (6e5acf909c7a), libevm v1.13.14-0.4.0.rc.2',
  'v1.15.0': 'v1.15.0-fuji (e8f9781ee57d), libevm v1.13.15-0.20260721184559-5557c68d296b',
} as const;
type Release = keyof typeof readFrom;
const pinned: Release = 'v1.14.2';

// libevm params.ChainConfig: its json tags but ethash and clique, proof-of-work and
// proof-of-authority settings no Avalanche chain sets (the spec leaves them out).
const libevmChainConfig = [
  'chainId',
  'homesteadBlock',
  'daoForkBlock',
  'daoForkSupport',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
  'muirGlacierBlock',
  'berlinBlock',
  'londonBlock',
  'arrowGlacierBlock',
  'grayGlacierBlock',
  'mergeNetsplitBlock',
  'shanghaiTime',
  'cancunTime',
  'pragueTime',
  'verkleTime',
  'terminalTotalDifficulty',
  'terminalTotalDifficultyPassed',
];
// Coreth's params/extras.NetworkUpgrades (merged into the C-Chain's configuration).
const corethUpgrades = [
  'apricotPhase1BlockTimestamp',
  'apricotPhase2BlockTimestamp',
  'apricotPhase3BlockTimestamp',
  'apricotPhase4BlockTimestamp',
  'apricotPhase5BlockTimestamp',
  'apricotPhasePre6BlockTimestamp',
  'apricotPhase6BlockTimestamp',
  'apricotPhasePost6BlockTimestamp',
  'banffBlockTimestamp',
  'cortinaBlockTimestamp',
  'durangoBlockTimestamp',
  'etnaTimestamp',
  'fortunaTimestamp',
  'graniteTimestamp',
  'heliconTimestamp',
];
// Subnet-EVM's params/extras.NetworkUpgrades.
const subnetEvmUpgrades = [
  'subnetEVMTimestamp',
  'durangoTimestamp',
  'etnaTimestamp',
  'fortunaTimestamp',
  'graniteTimestamp',
  'heliconTimestamp',
];
// The ConfigKey of each precompile module precompile/registry registers.
const precompileKeys = [
  'contractDeployerAllowListConfig',
  'txAllowListConfig',
  'contractNativeMinterConfig',
  'feeManagerConfig',
  'rewardManagerConfig',
  'warpConfig',
];
const corethChainConfig = [...libevmChainConfig, ...corethUpgrades];
// params.ChainConfigWithUpgradesJSON: libevm's members, extras.ChainConfig's (the network
// upgrades, feeConfig, allowFeeRecipients, each genesis precompile under its ConfigKey) and
// `upgrades`.
const subnetEvmChainConfig = [
  ...libevmChainConfig,
  ...subnetEvmUpgrades,
  'feeConfig',
  'allowFeeRecipients',
  ...precompileKeys,
  'upgrades',
];
// precompileconfig.Upgrade and allowlist.AllowListConfig, embedded in each allow-list module.
const allowList = [
  'blockTimestamp',
  'disable',
  'adminAddresses',
  'managerAddresses',
  'enabledAddresses',
];

// Read from the pinned release (v1.14.2, graft/subnet-evm, graft/coreth, libevm): Args json
// tags and reply json tags (top level), plus the `older` members below.
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
  eth_getChainConfig: [[], [...new Set([...corethChainConfig, ...subnetEvmChainConfig])]],
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
// Nested shapes checked the same way, read from the pinned release: schema name -> Go json
// members (plus the `older` members below).
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
  CorethChainConfig: corethChainConfig,
  SubnetEvmChainConfig: subnetEvmChainConfig,
  SubnetEvmNetworkUpgrades: subnetEvmUpgrades,
  PrecompileConfigs: precompileKeys,
  PrecompileUpgrade: precompileKeys,
  AllowListPrecompileConfig: allowList,
  FeeManagerConfig: [...allowList, 'initialFeeConfig'],
  RewardManagerConfig: [...allowList, 'initialRewardConfig'],
  InitialRewardConfig: ['allowFeeRecipients', 'rewardAddress'],
  StateUpgrade: ['blockTimestamp', 'accounts'],
  StateUpgradeAccount: ['code', 'storage', 'balanceChange'],
  ActivePrecompile: ['timestamp'],
};

// Members only releases before the pinned one sent, with the release whose source they were
// read from (the last that has them).
const older: Record<string, Record<string, string>> = {
  'info.upgrades': { fUpgradeTime: 'v1.12.2 (bf1d1debec5f)' },
  Peer: { observedSubnetUptimes: 'v1.11.11 (d3c09eb19d6e)' },
};

// What each supported release after the pinned one changed, read from its own tag (readFrom):
// members it added and members it dropped, by method (result) or schema name.
// v1.15.0-fuji's structs otherwise match v1.14.2's. Its gaspricemanager precompile
// (gasPriceManagerConfig, with initialGasPriceConfig) is compiled but not registered
// (precompile/registry keeps the import commented out), so no v1.15.0 node sends it.
const changes: Record<
  Exclude<Release, 'v1.14.2'>,
  Record<string, { added?: string[]; removed?: string[] }>
> = {
  'v1.15.0': {
    eth_getChainConfig: { added: ['initialMinDelayMS'] },
    SubnetEvmChainConfig: { added: ['initialMinDelayMS'] },
  },
};
const releases = Object.keys(readFrom) as Release[];
const laterReleases = releases.filter((r) => r !== pinned) as Exclude<Release, 'v1.14.2'>[];

/** The Go members of a method result or schema as `release` sends them. */
function membersIn(release: Release, name: string, pinnedMembers: string[]): string[] {
  const out = new Set(pinnedMembers);
  for (const old of Object.keys(older[name] ?? {})) out.delete(old);
  for (const r of laterReleases.slice(0, laterReleases.indexOf(release as never) + 1)) {
    for (const m of changes[r][name]?.added ?? []) out.add(m);
    for (const m of changes[r][name]?.removed ?? []) out.delete(m);
  }
  return [...out].sort();
}
/** The members of a method result or schema any supported release sends. */
function membersEver(name: string, pinnedMembers: string[]): string[] {
  const out = new Set([...pinnedMembers, ...Object.keys(older[name] ?? {})]);
  for (const r of laterReleases) for (const m of changes[r][name]?.added ?? []) out.add(m);
  return [...out].sort();
}

const methodNames = (d: Doc) => d.methods.map((m) => m.name).sort();
const paramNames = (m: Doc['methods'][number], d: Doc) =>
  m.params.map((p) => (deref(p, d) as { name?: string }).name).sort();

describe('the bundled document holds every member any supported release sends', () => {
  test('every method in the source table is a method of the spec', () => {
    expect(Object.keys(source).length).toBeGreaterThan(30);
    expect(methodNames(doc)).toEqual(expect.arrayContaining(Object.keys(source)));
  });
  test('the table covers every release the spec supports', () => {
    const range = doc.info['x-supported-releases'] as { from: string; to: string };
    expect(releases).toContain(range.to);
    expect(releases).toContain(doc.info['x-avalanchego-release']);
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
    expect(paramNames(method, doc)).toEqual([...params].sort());
    if (result) expect(members(method.result.schema)).toEqual(membersEver(name, result));
  });
  test.each(Object.entries(nested))('%s', (name, goMembers) => {
    expect(members({ $ref: `#/components/schemas/${name}` })).toEqual(membersEver(name, goMembers));
  });
  test('the active-rules precompile keys are the registered modules', () => {
    const rules = deref({ $ref: '#/components/schemas/EthActiveRulesResult' }) as {
      properties: { precompiles: { propertyNames: { pattern: string } } };
    };
    const pattern = rules.properties.precompiles.propertyNames.pattern;
    expect(
      pattern
        .replace(/^\^\(|\)\$$/g, '')
        .split('|')
        .sort(),
    ).toEqual([...precompileKeys].sort());
  });
});

describe.each(releases)('%s as documentForVersion gives it matches its source', (release) => {
  const view = documentForVersion(doc, release);
  // A method the spec adds is pinned once its Go source is read (see the test above); every
  // method the table holds must be served by this release's view exactly as read.
  test(`read from ${readFrom[release]}: every method of the table is served`, () => {
    expect(methodNames(view)).toEqual(expect.arrayContaining(Object.keys(source)));
  });
  test.each(view.methods.map((m) => [m.name, m] as const))('%s', (name, method) => {
    if (!(name in source)) return;
    const [params, result] = source[name] ?? [[], null];
    expect(paramNames(method, view)).toEqual([...params].sort());
    if (result)
      expect(members(method.result.schema, view)).toEqual(membersIn(release, name, result));
  });
  test.each(Object.entries(nested))('%s', (name, goMembers) => {
    expect(members({ $ref: `#/components/schemas/${name}` }, view)).toEqual(
      membersIn(release, name, goMembers),
    );
  });
});
