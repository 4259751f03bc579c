#!/usr/bin/env bash
# Durable leads per second: POST /api/contact with wrk at 16 and 64 connections. A 202 is sent
# only after the lead's transaction is committed (WAL, synchronous=FULL), so accepted requests
# per second are durable leads per second. The database lives under var/ on the real disk, not
# in /tmp, which may be memory. Env: DURATION (10s), WRK_THREADS (2).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-10s}"
wrk_threads="${WRK_THREADS:-2}"
port=18433

work="$root/var/bench-leads"
rm -rf "$work"
mkdir -p "$work"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

table="$work/table.md"
{
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): wrk -t$wrk_threads -d$duration with bench/leads.lua, server with --trust-proxy,"
  echo "no Telegram configured (leads held), database on disk with synchronous=FULL."
  echo
  echo "| connections | accepted leads/s | p99 ms | leads in database |"
  echo "| ---: | ---: | ---: | ---: |"
} > "$table"
for connections in 16 64; do
  db="$work/leads-$connections.db"
  env -u TELEGRAM_BOT_TOKEN -u TELEGRAM_CHAT_ID "$bin" --listen "127.0.0.1:$port" --site "$site" \
    --db "$db" --threads 2 --trust-proxy >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  out="$(wrk -t"$wrk_threads" -c"$connections" -d"$duration" --latency -s "$root/bench/leads.lua" \
    "http://127.0.0.1:$port/api/contact")"
  read -r rps p99 < <(echo "$out" | wrk_summary)
  if echo "$out" | grep -q "Non-2xx"; then echo "$out" | grep "Non-2xx" >&2; fi
  kill "$pid"
  wait "$pid" || true
  pid=""
  stored="$(env -u TELEGRAM_BOT_TOKEN "$bin" --db "$db" leads list --status held | tail -n +2 | wc -l)"
  echo "$connections connections: $rps leads/s, p99 $p99 ms, $stored leads stored"
  echo "| $connections | $rps | $p99 | $stored |" >> "$table"
done
write_section server-leads "$table"
echo "results written to docs/benchmarks.md"
