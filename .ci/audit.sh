#!/usr/bin/env bash
# `npm audit --omit=dev`: fails on any high or critical advisory in what the product ships (the
# runtime dependencies; dev tools never reach a Lambda or the browser). When the registry's advisory
# endpoint refuses or cannot be reached (some mirrors and proxies answer it 405), no audit took
# place: that is said plainly, and CI neither passes nor fails anything on it.
# The last command of the pipe decides: npm audit itself exits non-zero on any finding or refusal.
set -u
cd "$(dirname "$0")/.."
npm audit --omit=dev --json 2>/dev/null | node -e '
  let answer;
  try { answer = JSON.parse(require("fs").readFileSync(0, "utf8")); } catch { answer = {}; }
  const v = answer.metadata?.vulnerabilities;
  if (!v) {
    console.log(`npm audit: NOT PERFORMED, the advisory endpoint did not answer here (${answer.message ?? answer.error?.summary ?? "no answer"})`);
    process.exit(0);
  }
  console.log(`npm audit (runtime dependencies): critical ${v.critical}, high ${v.high}, moderate ${v.moderate}, low ${v.low} (budget: no high or critical)`);
  process.exit(v.critical + v.high > 0 ? 1 : 0);
'
