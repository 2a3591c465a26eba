#!/usr/bin/env bash
# The README's promise, checked: `npm start` serves the SPA and the API on one origin, Ctrl-C
# leaves no process behind, and a restart keeps the data (the admin is not seeded twice).
set -euo pipefail
port=${SMOKE_PORT:-3200}
data=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$data" "$log"' EXIT

run_once() {
  : >"$log"
  # Own process group, so Ctrl-C (SIGINT) reaches npm, tsx and node like a terminal's would.
  PORT=$port DATA_DIR=$data setsid npm start >"$log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 120); do grep -q 'running at' "$log" && break; sleep 0.5; done
  grep -q 'running at' "$log" || { cat "$log"; kill -KILL -- -"$pid" 2>/dev/null; echo "npm start did not come up"; exit 1; }
  curl -fsS "http://localhost:$port/" | grep -q '<div id="root">' || { echo "no SPA at /"; exit 1; }
  curl -fsS "http://localhost:$port/api/counter" | grep -q '"count"' || { echo "no counter JSON"; exit 1; }
  kill -INT -- -"$pid"
  for _ in $(seq 1 40); do kill -0 -- -"$pid" 2>/dev/null || break; sleep 0.25; done
  if kill -0 -- -"$pid" 2>/dev/null; then
    ps -o pid,args -g "$pid" || true
    kill -KILL -- -"$pid"
    echo "processes left after Ctrl-C"
    exit 1
  fi
  if pgrep -f "dbPath $data/dynamodb" >/dev/null; then echo "java (DynamoDB Local) left after Ctrl-C"; exit 1; fi
}

run_once
grep -q 'Admin account created' "$log" || { echo "first start did not seed the admin"; exit 1; }
run_once
if grep -q 'Admin account created' "$log"; then echo "restart lost the data (admin seeded again)"; exit 1; fi
echo "npm start smoke: served /, /api/counter; clean Ctrl-C; data kept across restart"
