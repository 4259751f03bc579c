#!/usr/bin/env bash
# Durable leads per second on PostgreSQL: one replica, then two replicas on one database, beside
# SQLite, at 64 connections in all. A 202 is sent only after the lead's transaction is committed
# (PostgreSQL's default synchronous_commit; each replica's writer commits what is queued in one
# transaction, group commit). The per-client limit is shared through the database, as replicas
# need it. PostgreSQL runs from the tests' helper (build/release/test_postgres) with its data
# under var/ on the real disk, on the same two cores as wrk and the servers.
# Env: DURATION (10s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-10s}"
helper="$root/build/release/test_postgres"
[ -x "$helper" ] || { echo "no $helper: build the release preset" >&2; exit 1; }
command -v psql >/dev/null || { echo "psql is missing (scripts/deps installs postgresql)" >&2; exit 1; }

work="$root/var/bench-postgres"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  "$helper" stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
rm -rf "$work"
mkdir -p "$work"
chmod 755 "$work"
"$helper" start "$work/pg" >/dev/null

run() {  # engine replicas db-or-uri
  local engine=$1 replicas=$2 db=$3 port i out rps p99 total_rps=0 worst_p99=0
  pids=()
  for i in $(seq "$replicas"); do
    port=$((18500 + i))
    env -u TELEGRAM_BOT_TOKEN -u TELEGRAM_CHAT_ID "$bin" --listen "127.0.0.1:$port" --site "$site" \
      --db "$db" --threads 2 --trust-proxy 127.0.0.1/32 >"$work/server-$i.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  done
  for i in $(seq "$replicas"); do
    port=$((18500 + i))
    PROOFS="$(fresh_proofs "$duration")" wrk -t1 -c$((64 / replicas)) -d"$duration" --latency -s "$root/bench/leads.lua" \
      "http://127.0.0.1:$port/api/contact" >"$work/wrk-$i.txt" &
  done
  wait $(jobs -p | grep -v -F -x -f <(printf '%s\n' "${pids[@]}") || true) 2>/dev/null || true
  for i in $(seq "$replicas"); do
    if grep -q "Non-2xx" "$work/wrk-$i.txt"; then grep "Non-2xx" "$work/wrk-$i.txt" >&2; fi
    read -r rps p99 < <(wrk_summary <"$work/wrk-$i.txt")
    total_rps=$(awk -v a="$total_rps" -v b="$rps" 'BEGIN { printf "%d", a + b }')
    worst_p99=$(awk -v a="$worst_p99" -v b="$p99" 'BEGIN { print (b > a ? b : a) }')
  done
  for p in "${pids[@]}"; do kill "$p"; wait "$p" || true; done
  pids=()
  stored="$(env -u TELEGRAM_BOT_TOKEN "$bin" --db "$db" leads list --status held | tail -n +2 | wc -l)"
  echo "$engine, $replicas replica(s): $total_rps leads/s, p99 $worst_p99 ms, $stored leads stored"
  echo "| $engine | $replicas | $total_rps | $worst_p99 | $stored |" >> "$table"
}

table="$work/table.md"
{
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): 64 connections in all, wrk -d$duration with bench/leads.lua"
  echo "(each lead from its own X-Forwarded-For address), no Telegram configured (leads held)."
  echo
  echo "| engine | replicas | accepted leads/s | worst p99 ms | leads in database |"
  echo "| --- | ---: | ---: | ---: | ---: |"
} >"$table"
run SQLite 1 "$work/leads.db"
for replicas in 1 2; do
  psql -q "postgresql://landing@/postgres?host=$work/pg" -c "CREATE DATABASE bench_$replicas"
  run PostgreSQL "$replicas" "postgresql://landing:bench@/bench_$replicas?host=$work/pg"
done
write_section server-leads-postgres "$table"
echo "results written to docs/benchmarks.md"
