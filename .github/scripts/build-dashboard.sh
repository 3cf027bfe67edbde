#!/usr/bin/env bash
# Builds the contract dashboard from a history folder into OUT, with the CLI built in this
# checkout. Before the first nightly run there is no history: OUT then gets a page saying so,
# so the docs site never links to a missing page.
# Usage: build-dashboard.sh HISTORY OUT
set -euo pipefail
history=$1
out=$2
cli="$(dirname "$0")/../../packages/conformance/bin/avalanche-conformance.js"
if [ -s "$history/index.jsonl" ]; then
  node "$cli" dashboard "$history" --out "$out"
else
  mkdir -p "$out"
  cat > "$out/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract dashboard</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Contract dashboard</h1>
<p>No nightly contract run has been kept yet. The first one appears here the morning after the Nightly contract workflow runs.</p>
</main></body></html>
HTML
  echo "dashboard: no history in $history; wrote a placeholder"
fi
