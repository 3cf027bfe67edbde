import { describe, expect, it } from 'vitest';
import { base58, cb58, loadBodies, nodeIdFor, validatorPage } from './bodies.mjs';

describe('cb58', () => {
  it('encodes 32 zero bytes as the P-Chain id', () => {
    expect(cb58(Buffer.alloc(32))).toBe('11111111111111111111111111111111LpoYY');
  });

  it('keeps leading zero bytes as 1s in base58', () => {
    expect(base58(Uint8Array.from([0, 0, 1]))).toBe('112');
    expect(base58(Uint8Array.from([58]))).toBe('21');
  });

  it('makes NodeIDs of the usual shape, distinct per index', () => {
    const ids = Array.from({ length: 100 }, (_, i) => nodeIdFor(i));
    for (const id of ids) expect(id).toMatch(/^NodeID-[1-9A-HJ-NP-Za-km-z]{32,34}$/);
    expect(new Set(ids).size).toBe(100);
  });
});

describe('the pages', () => {
  it('repeats the item with only its nodeId changed', () => {
    const item = { nodeId: 'NodeID-x', amountStaked: '1' };
    const page = validatorPage({ validators: [], nextPageToken: 't' }, item, 3);
    expect(page.nextPageToken).toBe('t');
    expect(page.validators.map((v) => v.amountStaked)).toEqual(['1', '1', '1']);
    expect(new Set(page.validators.map((v) => v.nodeId)).size).toBe(3);
  });

  it('builds a ~1.3 kB and a ~120 kB page of active validators from the spec', async () => {
    const { validators1, validators100 } = await loadBodies();
    expect(JSON.stringify(validators1).length).toBeGreaterThan(1200);
    expect(JSON.stringify(validators1).length).toBeLessThan(1400);
    expect(JSON.stringify(validators100).length).toBeGreaterThan(115_000);
    expect(validators100.validators.every((v) => v.validationStatus === 'active')).toBe(true);
  });
});
