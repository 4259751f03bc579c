#!/usr/bin/env bash
# Durable leads per second: POST /api/contact with wrk at 16 and 64 connections. A 202 is sent
# only after the lead's transaction is committed (WAL, synchronous=FULL), so accepted requests
# per second are durable leads per second. The database lives under var/ on the real disk, not
# in /tmp, which may be memory. A last run adds a flood of GET /healthz beside the 64 lead
# connections: health must cost the lead path nothing (it once took the write lock on an I/O
# thread and cut the burst to a few dozen leads a second). Env: DURATION (10s), WRK_THREADS (2).
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
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): wrk -t$wrk_threads -d$duration with bench/leads.lua, server with --trust-proxy 127.0.0.1/32,"
  echo "no Telegram configured (leads held), database on disk with synchronous=FULL."
  echo
  echo "| connections | accepted leads/s | p99 ms | leads in database | /healthz flood |"
  echo "| ---: | ---: | ---: | ---: | --- |"
} > "$table"
for connections in 16 64 64+healthz; do
  flood=""
  if [ "$connections" = 64+healthz ]; then
    flood="yes"
    connections=64
  fi
  db="$work/leads-$connections${flood:+-flood}.db"
  env -u TELEGRAM_BOT_TOKEN -u TELEGRAM_CHAT_ID "$bin" --listen "127.0.0.1:$port" --site "$site" \
    --db "$db" --threads 2 --trust-proxy 127.0.0.1/32 >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  flood_pid=""
  if [ -n "$flood" ]; then
    wrk -t1 -c64 -d"$duration" --latency "http://127.0.0.1:$port/healthz" >"$work/flood.txt" &
    flood_pid=$!
  fi
  out="$(PROOFS="$(fresh_proofs "$duration")" WRK_THREADS="$wrk_threads" wrk -t"$wrk_threads" -c"$connections" -d"$duration" --latency -s "$root/bench/leads.lua" \
    "http://127.0.0.1:$port/api/contact")"
  flood_note="none"
  if [ -n "$flood_pid" ]; then
    wait "$flood_pid"
    read -r flood_rps flood_p99 < <(wrk_summary <"$work/flood.txt")
    flood_note="$flood_rps rps, p99 $flood_p99 ms"
  fi
  read -r rps p99 < <(echo "$out" | wrk_summary)
  if echo "$out" | grep -q "Non-2xx"; then echo "$out" | grep "Non-2xx" >&2; fi
  kill "$pid"
  wait "$pid" || true
  pid=""
  stored="$(env -u TELEGRAM_BOT_TOKEN "$bin" --db "$db" leads list --status held | tail -n +2 | wc -l)"
  echo "$connections connections: $rps leads/s, p99 $p99 ms, $stored leads stored, /healthz flood: $flood_note"
  echo "| $connections | $rps | $p99 | $stored | $flood_note |" >> "$table"
done
write_section server-leads "$table"
echo "results written to docs/benchmarks.md"
