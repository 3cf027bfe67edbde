// Preloaded (`--import`) into a CLI child so that it sees TEST_CORES cores at one-minute load
// TEST_LOAD: the thread count `check` picks depends on the machine, and the pool's tests must
// run the pool on any machine (and the lowering of `--jobs` on any machine too).
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';

const cores = Number(process.env.TEST_CORES);
const load = Number(process.env.TEST_LOAD ?? 0);
os.availableParallelism = () => cores;
os.loadavg = () => [load, load, load];
syncBuiltinESMExports();
