// A worker of `check`'s pool (piscina): loads the specs once, then validates batches.
import { workerData } from 'node:worker_threads';
import { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import { type CheckOne, checkOne, type PoolSettings } from './check-run.js';

const settings = workerData as PoolSettings;
const ready = Specs.load(
  settings.specsDir,
  settings.nodeVersion ? { nodeVersion: settings.nodeVersion } : {},
);

export default async function check(batch: Recording[]): Promise<CheckOne[]> {
  const specs = await ready;
  return batch.map((r) => checkOne(specs, r, settings));
}
