#!/usr/bin/env bash
# PostgreSQL with a streaming standby (docs/deploy.md, A standby): durable leads per second when
# each commit waits for the standby (synchronous_standby_names) against when it does not, and how
# long leads go unanswered when the primary dies (kill -9) and the standby is promoted (pg_ctl
# promote, as Patroni would), with the promotion's own time apart. One replica on a multi-host
# URI; both clusters from the tests' helper (build/release/test_postgres), data under var/ on the
# real disk, on the same two cores as wrk and the server.
# Env: DURATION (10s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-10s}"
helper="$root/build/release/test_postgres"
[ -x "$helper" ] || { echo "no $helper: make server-all builds it" >&2; exit 1; }
command -v psql >/dev/null || { echo "psql is missing (scripts/deps installs postgresql)" >&2; exit 1; }

work="$root/var/bench-failover"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  "$helper" stop "$work/standby" >/dev/null 2>&1 || true
  "$helper" stop "$work/primary" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
rm -rf "$work"
mkdir -p "$work"
chmod 755 "$work"
"$helper" start "$work/primary" >/dev/null
primary="$(readlink -f "$work/primary")"
psql -q "postgresql://landing@/postgres?host=$primary" -c "CREATE DATABASE bench"
"$helper" standby "$work/primary" "$work/standby"
standby="$(readlink -f "$work/standby")"
uri="postgresql://landing:bench@/bench?host=$primary,$standby"
port=18600

start_server() {
  env -u TELEGRAM_BOT_TOKEN -u TELEGRAM_CHAT_ID "$bin" --listen "127.0.0.1:$port" --site "$site" \
    --db "$uri" --threads 2 --trust-proxy 127.0.0.1/32 --rate-limit-burst 1000000 \
    >"$work/server.log" 2>&1 &
  pids=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
}
stop_server() {
  for p in "${pids[@]}"; do kill "$p"; wait "$p" || true; done
  pids=()
}
sync_state() {
  psql -qAt "postgresql://postgres@/postgres?host=$primary" \
    -c "SELECT coalesce(max(sync_state), 'none') FROM pg_stat_replication"
}

measure() {  # label
  local rps p99
  start_server
  PROOFS="$(fresh_proofs "$duration")" wrk -t1 -c64 -d"$duration" --latency -s "$root/bench/leads.lua" \
    "http://127.0.0.1:$port/api/contact" >"$work/wrk.txt"
  stop_server
  read -r rps p99 < <(wrk_summary <"$work/wrk.txt")
  echo "$1: $rps leads/s, p99 $p99 ms"
  echo "| $1 | $rps | $p99 |" >>"$table"
}

table="$work/table.md"
{
  echo "### A synchronous standby, and a failover (bench/failover.sh)"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): one replica on a multi-host URI (primary, standby), 64"
  echo "connections, wrk -d$duration with bench/leads.lua, no Telegram configured (leads held)."
  echo
  echo "| each commit | accepted leads/s | p99 ms |"
  echo "| --- | ---: | ---: |"
} >"$table"
"$helper" set "$work/primary" synchronous_standby_names '*'
for _ in $(seq 50); do [ "$(sync_state)" = sync ] && break; sleep 0.1; done
[ "$(sync_state)" = sync ] || { echo "the standby never became synchronous" >&2; exit 1; }
measure "waits for the standby (synchronous)"
"$helper" set "$work/primary" synchronous_standby_names ''
measure "does not wait (asynchronous)"

# The window: a lead posted every 20 ms, each answer's time and status, while the primary dies
# and the standby is promoted half a second later.
"$helper" set "$work/primary" synchronous_standby_names '*'
start_server
now_ms() { date +%s%3N; }
# Each lead with a proof and a message of its own (one text from many addresses is spam).
proofs="$(fresh_proofs 20s 50)"
(
  n=0
  while read -r proof; do
    n=$((n + 1))
    status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -X POST \
      -H 'Content-Type: application/json' -H "X-Forwarded-For: 10.9.$((RANDOM % 250)).$((RANDOM % 250 + 1))" \
      --data '{"name":"Bench","social":"@bench_user","email":"bench@example.com","message":"A lead from the failover benchmark, number '"$n"'.","locale":"en","website":"","altcha":"'"$proof"'"}' \
      "http://127.0.0.1:$port/api/contact" || true)"
    echo "$(now_ms) $status"
    sleep 0.02
  done <"$proofs"
) >"$work/answers.txt" &
poster=$!
sleep 3
killed="$(now_ms)"
"$helper" kill "$work/primary"
sleep 0.5
promote_from="$(now_ms)"
"$helper" promote "$work/standby"
promoted="$(now_ms)"
sleep 8
kill "$poster" 2>/dev/null || true
wait "$poster" 2>/dev/null || true
stop_server
# The dying primary's backends may still finish a commit the standby confirms (their postmaster
# is gone, they are not yet): the window runs from the kill to the first 202 after the first
# refusal.
read -r last_before late first_after refused < <(awk -v k="$killed" '
  $2 == 202 && $1 < k { last = $1 }
  $2 == 202 && $1 >= k && !bad { late++ }
  $2 != 202 && $1 >= k { refused++; if (!bad) bad = $1 }
  $2 == 202 && bad && !first { first = $1 }
  END { printf "%.0f %d %.0f %d\n", last, late, first, refused }' "$work/answers.txt")
[ "$first_after" -gt 0 ] || { echo "no 202 after the promotion" >&2; exit 1; }
window=$((first_after - killed))
{
  echo
  echo "The primary killed (kill -9) mid-stream and the standby promoted 0.5 s later, a lead posted" \
    "every 20 ms: $window ms from the kill to the first 202 on the new primary." \
    "pg_ctl promote itself took $((promoted - promote_from)) ms, and the first 202 came" \
    "$((first_after - promoted)) ms after it; $refused leads were answered 503 with Retry-After" \
    "meanwhile (the page's script sends them again after it). The last 202 before the kill came" \
    "$((killed - last_before)) ms before it, and $late more came after it from the dying primary's" \
    "backends (each commit confirmed by the standby) before the first refusal." |
    fold -s -w 100 | sed 's/ *$//'
} >>"$table"
cat "$table"
write_section server-failover "$table"
echo "results written to docs/benchmarks.md"
