// A worker of `check`'s pool (piscina): loads the specs once, then parses and validates batches of raw lines and entries.
import { workerData } from 'node:worker_threads';
import { Specs } from '../model/specs.js';
import { type CheckTask, checkTask, type PoolSettings } from './check-run.js';

const settings = workerData as PoolSettings;
const ready = Specs.load(
  settings.specsDir,
  settings.nodeVersion ? { nodeVersion: settings.nodeVersion } : {},
);

export default async function check(task: CheckTask) {
  return checkTask(await ready, task, settings);
}
