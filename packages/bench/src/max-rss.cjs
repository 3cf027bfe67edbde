// Preloaded (node --require) into a measured child: writes its peak resident set size in KiB
// (worker threads included) to the file named by BENCH_MAXRSS_FILE when it exits.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(process.env.BENCH_MAXRSS_FILE, String(process.resourceUsage().maxRSS));
});
