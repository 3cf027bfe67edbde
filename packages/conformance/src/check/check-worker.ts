// A worker of `check`'s pool (piscina): loads the specs once, then parses and validates batches of raw lines and entries.
import { workerData } from 'node:worker_threads';
import { Specs } from '../model/specs.js';
import type { RawBatch } from '../recordings/capture-input.js';
import { checkBatch, type PoolSettings } from './check-run.js';

const settings = workerData as PoolSettings;
const ready = Specs.load(
  settings.specsDir,
  settings.nodeVersion ? { nodeVersion: settings.nodeVersion } : {},
);

export default async function check(batch: RawBatch) {
  // The bytes arrive as a plain Uint8Array: a Buffer again over the same memory.
  const { bytes } = batch;
  return checkBatch(
    await ready,
    { ...batch, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    settings,
  );
}
