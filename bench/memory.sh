#!/usr/bin/env bash
# The server's memory at any load: its resident set while pages, leads and Web Vitals beacons
# arrive together for DURATION (3 minutes), leads and beacons each from a random address of
# 16 million (X-Forwarded-For from 127.0.0.1, trusted), so the two per-client tables fill to
# their cap and are pruned again and again. Leads go to a Bot API on 127.0.0.1 that answers at
# once (bench/fake-bot-api.mjs). Sampled from /proc every second: the idle resident set, the
# high-water mark (VmHWM) and the anonymous part at the end. Run twice: with glibc's own malloc
# arenas (one per thread that allocates), and with MALLOC_ARENA_MAX=2, to show what they cost.
# Env: DURATION (3m).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-3m}"
port=18510

work="$root/var/bench-memory"
pids=()
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
rm -rf "$work"
mkdir -p "$work"

node "$root/bench/fake-bot-api.mjs" >"$work/bot.log" 2>&1 &
pids+=($!)
bot_port=""
for _ in $(seq 100); do
  bot_port=$(grep -o '"port": *[0-9]*' "$work/bot.log" 2>/dev/null | grep -o '[0-9]*$') && break
  sleep 0.1
done
[ -n "$bot_port" ] || { echo "the fake Bot API did not start" >&2; exit 1; }

kib() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$server/status"; }
mib() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1024 }'; }

table="$work/table.md"
{
  echo "### Memory under mixed load (bench/memory.sh)"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): for $duration at once, pages (\`/en\` with gzip, wrk -t1 -c32), leads (bench/leads.lua,"
  echo "-c4) and Web Vitals beacons (bench/vitals.lua, -c16), leads and beacons each from a random one of 16 million"
  echo "addresses; the server with --threads 2, SQLite, Telegram to a Bot API on 127.0.0.1. Resident set from /proc."
  echo
  echo "| malloc arenas | pages/s | leads/s | beacons/s | client addresses | idle MB | peak MB (VmHWM) | anonymous at end MB |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$table"

run() {  # label, then the environment for the server
  local label=$1 pages leads beacons idle peak anon
  shift
  env "$@" TELEGRAM_BOT_TOKEN=123:bench TELEGRAM_CHAT_ID=42 LANDING_DIGEST=off \
    TELEGRAM_API_BASE="http://127.0.0.1:$bot_port" \
    "$bin" --listen "127.0.0.1:$port" --site "$site" --db "$work/leads.db" --threads 2 \
    --trust-proxy 127.0.0.1/32 >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  idle=$(kib VmRSS)

  wrk -t1 -c32 -d"$duration" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/en" >"$work/pages.txt" &
  local load=($!)
  PROOFS="$(fresh_proofs "$duration" 4000)" wrk -t1 -c4 -d"$duration" -s "$root/bench/leads.lua" "http://127.0.0.1:$port/api/contact" >"$work/leads.txt" &
  load+=($!)
  DELAY_MS=10 wrk -t1 -c16 -d"$duration" -s "$root/bench/vitals.lua" "http://127.0.0.1:$port/api/vitals" >"$work/beacons.txt" &
  load+=($!)
  while kill -0 "${load[0]}" 2>/dev/null; do sleep 1; done
  wait "${load[@]}"
  peak=$(kib VmHWM)
  anon=$(kib RssAnon)
  kill "$server"
  wait "$server" || true
  server=""
  rm -f "$work"/leads.db*

  rate() { awk '/Requests\/sec:/ { printf "%.0f", $2 }' "$work/$1.txt"; }
  requests() { awk '/requests in/ { print $1 }' "$work/$1.txt"; }
  pages=$(rate pages)
  leads=$(rate leads)
  beacons=$(rate beacons)
  local clients=$(($(requests leads) + $(requests beacons)))
  echo "$label: pages $pages/s, leads $leads/s, beacons $beacons/s, ~$clients addresses; idle $(mib "$idle") MB, peak $(mib "$peak") MB, anonymous $(mib "$anon") MB"
  echo "| $label | $pages | $leads | $beacons | ~$clients | $(mib "$idle") | $(mib "$peak") | $(mib "$anon") |" >>"$table"
  if [ "$peak" -gt $((goal_mib * 1024)) ]; then
    over+=("$label: peak $(mib "$peak") MB, over the goal of $goal_mib MB")
  fi
}
goal_mib=64
over=()

run "glibc default (per thread)" -u MALLOC_ARENA_MAX
run "MALLOC_ARENA_MAX=2" MALLOC_ARENA_MAX=2
{
  echo
  echo "Client addresses: the leads and beacons sent, nearly all from distinct addresses (the goal: a peak of at most 64 MB)."
} >>"$table"
write_section server-memory "$table"
echo "results written to docs/benchmarks.md"
# The goal is the bench's own verdict: a peak over it fails the run (and `make bench` with it).
if [ ${#over[@]} -gt 0 ]; then
  printf 'FAILED %s\n' "${over[@]}" >&2
  exit 1
fi
echo "every peak at or under $goal_mib MB"
