// Version-aware judging: an answer from an older release passes under that release and
// fails under a newer one that sends members it lacks; members a release does not send
// are rejected in strict mode.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { formatViolation } from './schema-set.js';
import { Specs } from './specs.js';
import {
  documentForVersion,
  NodeVersionError,
  parseNodeVersion,
  releaseSupport,
  supportedReleases,
} from './versions.js';

const root = new URL('../../../../specs/', import.meta.url);
const dist = new URL('dist/', root).pathname;
const nodeDoc = JSON.parse(readFileSync(new URL('dist/node-rpc.json', root), 'utf8'));
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const strict = { strict: true };

const rec = (file: string) => recordings.find((r) => r.file === file) as Recording;
/** A copy of a recording with its result replaced. */
const withResult = (r: Recording, edit: (result: Record<string, unknown>) => void): Recording => {
  const copy = structuredClone(r);
  edit((copy.response.body as { result: Record<string, unknown> }).result);
  return copy;
};

const specsFor = new Map<string, Specs>();
async function check(recording: Recording, version?: string) {
  const key = version ?? 'base';
  if (!specsFor.has(key))
    specsFor.set(
      key,
      await Specs.load(dist, version ? { nodeVersion: version } : { precompiled: false }),
    );
  return (specsFor.get(key) as Specs).checkExchange(recording, strict).errors.map(formatViolation);
}

describe('parseNodeVersion', () => {
  test.each([
    ['avalanchego/1.13.2', [1, 13, 2]],
    ['avalanche/1.9.4', [1, 9, 4]],
    ['v1.14.2', [1, 14, 2]],
    ['1.10.0', [1, 10, 0]],
    ['v1.15.0-fuji', [1, 15, 0]],
    ['avalanchego/1.15.0', [1, 15, 0]],
  ])('%s', (text, [major, minor, patch]) => {
    expect(parseNodeVersion(text)).toEqual({ major, minor, patch });
  });

  test.each([[''], ['latest'], ['v1.13'], ['avalanchego/1.x.2'], ['1.13.2 extra']])(
    'rejects %j, naming the value and the expected form',
    (text) => {
      expect(() => parseNodeVersion(text)).toThrow(NodeVersionError);
      expect(() => parseNodeVersion(text)).toThrow(
        `node version ${JSON.stringify(text)} must look like avalanchego/1.13.2 or v1.13.2`,
      );
    },
  );
});

describe('the bundled node document', () => {
  test('names its pinned release and the supported range', () => {
    expect(nodeDoc.info['x-avalanchego-release']).toBe('v1.14.2');
    expect(supportedReleases(nodeDoc)).toEqual({
      from: { major: 1, minor: 10, patch: 0 },
      to: { major: 1, minor: 15, patch: 0 },
    });
  });

  test.each([
    ['v1.9.4', 'older'],
    ['v1.10.0', 'supported'],
    ['avalanchego/1.14.2', 'supported'],
    ['v1.15.0-fuji', 'supported'],
    ['avalanchego/1.15.0', 'supported'],
    ['v1.15.1', 'newer'],
  ])('releaseSupport(%s) is %s', (version, want) => {
    expect(releaseSupport(nodeDoc, version)).toBe(want);
  });
  test('releaseSupport of a document without a range is unknown', () => {
    expect(releaseSupport({ info: {} }, 'v1.15.0')).toBe('unknown');
  });

  test('documentForVersion leaves its input alone and records the release', () => {
    const before = JSON.stringify(nodeDoc);
    const v = documentForVersion(nodeDoc, 'avalanchego/1.12.0');
    expect(JSON.stringify(nodeDoc)).toBe(before);
    expect(v.info['x-node-version']).toBe('v1.12.0');
    expect(v.methods.map((m: { name: string }) => m.name)).not.toContain('avm.getTxFee');
    expect(v.methods.map((m: { name: string }) => m.name)).toContain('info.upgrades');
    const upgrades = v.components.schemas.InfoUpgradesResult;
    expect(upgrades.properties).not.toHaveProperty('fortunaTime');
    expect(upgrades.required).not.toContain('heliconTime');
    expect(() => documentForVersion(nodeDoc, 'soon')).toThrow(NodeVersionError);
  });
});

describe('an old release is judged by what it sends', () => {
  test('info.upgrades.2 (a v1.13.1 answer) passes under v1.13.1 and the base document', async () => {
    expect(await check(rec('node-rpc/info.upgrades.2.json'), 'v1.13.1')).toEqual([]);
    expect(await check(rec('node-rpc/info.upgrades.2.json'))).toEqual([]);
  });

  test('…and fails under v1.14.1, which also sends graniteEpochDuration and heliconTime', async () => {
    expect(await check(rec('node-rpc/info.upgrades.2.json'), 'avalanchego/1.14.1')).toEqual([
      'response.result/graniteEpochDuration: is required but missing',
      'response.result/heliconTime: is required but missing',
    ]);
  });

  test('a member newer than the release is rejected: heliconTime from a v1.13.1 node', async () => {
    expect(await check(rec('node-rpc/info.upgrades.1.json'), 'v1.13.1')).toEqual([
      'response.result/heliconTime: is not declared by the spec',
    ]);
    // The published mainnet example shows heliconTime (v1.14.1+) without graniteEpochDuration
    // (v1.14.0+), which no release sends: the versioned view notices.
    expect(await check(rec('node-rpc/info.upgrades.1.json'), 'v1.14.2')).toEqual([
      'response.result/graniteEpochDuration: is required but missing',
    ]);
  });

  test('v1.12.2 named Fortuna fUpgradeTime; v1.13.0 renamed it', async () => {
    const v1122 = withResult(rec('node-rpc/info.upgrades.2.json'), (r) => {
      r.fUpgradeTime = r.fortunaTime;
      delete r.fortunaTime;
      delete r.graniteTime;
    });
    expect(await check(v1122, 'v1.12.2')).toEqual([]);
    expect(await check(v1122, 'v1.13.0')).toEqual([
      'response.result/fortunaTime: is required but missing',
      'response.result/fUpgradeTime: is not declared by the spec',
    ]);
  });

  test('info.peers with observedSubnetUptimes (v1.9.4 to v1.11.11) is accepted there only', async () => {
    const v111 = withResult(rec('node-rpc/info.peers.1.json'), (r) => {
      for (const p of r.peers as Record<string, unknown>[]) {
        p.observedSubnetUptimes = {};
        p.supportedACPs = [];
        p.objectedACPs = [];
      }
    });
    expect(await check(v111, 'v1.11.0')).toEqual([]);
    expect(await check(v111)).toEqual([]);
    const errors = await check(v111, 'v1.12.0');
    expect(errors).toContain(
      'response.result/peers/0/observedSubnetUptimes: is not declared by the spec',
    );
  });

  test('info.peers.1 (the v1.9.3 shape) passes under v1.9.3, fails under v1.10.0 and v1.14.1', async () => {
    // No observedSubnetUptimes (sent from v1.9.4, always as an object) and no ACP lists.
    expect(await check(rec('node-rpc/info.peers.1.json'), 'v1.9.3')).toEqual([]);
    expect(await check(rec('node-rpc/info.peers.1.json'), 'v1.10.0')).toContain(
      'response.result/peers/0/observedSubnetUptimes: is required but missing',
    );
    const errors = await check(rec('node-rpc/info.peers.1.json'), 'v1.14.1');
    expect(errors).toContain('response.result/peers/0/upgradeTime: is required but missing');
    expect(errors).toContain('response.result/peers/0/supportedACPs: is required but missing');
  });

  test('avm.getTx.2 (before v1.10.1, no tx id) passes under v1.10.0, fails under v1.10.1', async () => {
    expect(await check(rec('node-rpc/avm.getTx.2.json'), 'v1.10.0')).toEqual([]);
    expect(await check(rec('node-rpc/avm.getTx.2.json'), 'v1.10.1')).toContain(
      'response.result/tx/id: is required but missing',
    );
  });

  test('a method a release does not serve is unmatched', async () => {
    expect(await check(rec('node-rpc/info.acps.1.json'), 'v1.10.17')).toEqual([
      'request.body/method: no method named "info.acps" in the specs',
    ]);
  });
});

describe('v1.15.0 (read from v1.15.0-fuji)', () => {
  // A Subnet-EVM chain configuration whose genesis seeds the ACP-226 delay; eth_getChainConfig.1
  // is an older Subnet-EVM answer, so its eip150Hash is dropped here.
  const seeded = withResult(rec('node-rpc/eth_getChainConfig.1.json'), (r) => {
    delete r.eip150Hash;
    r.initialMinDelayMS = 500;
  });

  test('its view has initialMinDelayMS; the v1.14.2 view does not', () => {
    const member = (v: string) =>
      documentForVersion(nodeDoc, v).components.schemas.SubnetEvmChainConfig.properties;
    expect(member('avalanchego/1.15.0')).toHaveProperty('initialMinDelayMS');
    expect(member('v1.14.2')).not.toHaveProperty('initialMinDelayMS');
    expect(documentForVersion(nodeDoc, 'v1.15.0').info['x-node-version']).toBe('v1.15.0');
  });

  test('a chain configuration with initialMinDelayMS passes under v1.15.0 only', async () => {
    expect(await check(seeded, 'v1.15.0')).toEqual([]);
    expect(await check(seeded)).toEqual([]);
    // Neither branch of the chain-configuration oneOf has it in v1.14.2.
    expect(await check(seeded, 'v1.14.2')).toContain(
      'response.result/initialMinDelayMS: is not declared by the spec',
    );
  });

  // v1.15.0 only added an optional member: every recorded node answer is judged as before.
  test.each(
    recordings.filter((r) => r.file.startsWith('node-rpc/')).map((r) => [r.file, r] as const),
  )('%s is judged the same under v1.15.0 as under v1.14.2', async (_, r) => {
    expect(await check(r, 'v1.15.0')).toEqual(await check(r, 'v1.14.2'));
  });
});
