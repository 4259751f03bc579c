#!/usr/bin/env bash
# Web Vitals must never slow a lead: durable leads per second (wrk, 16 connections, as in
# bench/leads.sh) alone, then with a flood of beacons offered at FLOOD_RPS (10,000/s) during the
# same DURATION (10 s). Reports both lead rates, their ratio (the goal: at least 90 %), the
# beacons the server took per second, how many reached the database and how many were dropped.
# On loopback the load generators share the two cores with the server. Both wrk processes run at
# nice 10 in every run, so the server's own work decides (in production, clients bring their
# own CPUs); and a control run sends the same beacons at the same rate to /healthz, which answers
# 405 with no vitals work at all: what leads lose to it is the price of any flood of requests
# here, not of measurement.
# Env: DURATION (10s), FLOOD_RPS (10000).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-10s}"
flood_rps="${FLOOD_RPS:-10000}"
flood_connections=100
# Each connection waits this long after an answer before its next beacon; half the nominal
# period leaves room for the answer's own latency, so the rate sent comes near the one offered.
delay_ms=$(( flood_connections * 1000 / flood_rps / 2 ))
[ "$delay_ms" -ge 1 ] || { echo "FLOOD_RPS above $(( flood_connections * 1000 ))/s needs more connections" >&2; exit 1; }
port=18434

work="$root/var/bench-vitals"
rm -rf "$work"
mkdir -p "$work"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

start() {
  env -u TELEGRAM_BOT_TOKEN -u TELEGRAM_CHAT_ID "$bin" --listen "127.0.0.1:$port" --site "$site" \
    --db "$1" --threads 2 --trust-proxy 127.0.0.1/32 \
    --vitals-rate-limit-burst 1000000000 --vitals-rate-limit-per-minute 1000000000 \
    >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
}
stop() {
  kill "$pid"
  wait "$pid" || true
  pid=""
}
metric() { curl -s "http://127.0.0.1:$port/metrics" | awk -v k="$1" 'index($0, k) == 1 { print $2 }'; }
leads() {
  PROOFS="$(fresh_proofs "$duration")" WRK_THREADS=2 nice -n 10 wrk -t2 -c16 -d"$duration" --latency -s "$root/bench/leads.lua" "http://127.0.0.1:$port/api/contact"
}

start "$work/alone.db"
read -r alone_rps alone_p99 < <(leads | wrk_summary)
stop

# flood TARGET NAME: leads beside the beacon flood at TARGET; sets NAME_leads_rps, NAME_leads_p99,
# NAME_rps and NAME_p99, and leaves wrk's report in $work/NAME.txt.
flood() {
  local target=$1 name=$2 flood_pid leads_rps leads_p99 rps p99
  DELAY_MS=$delay_ms nice -n 10 wrk -t1 -c"$flood_connections" -d"$duration" --latency \
    -s "$root/bench/vitals.lua" "http://127.0.0.1:$port$target" >"$work/$name.txt" &
  flood_pid=$!
  read -r leads_rps leads_p99 < <(leads | wrk_summary)
  wait "$flood_pid"
  read -r rps p99 < <(wrk_summary <"$work/$name.txt")
  printf -v "${name}_leads_rps" %s "$leads_rps"
  printf -v "${name}_leads_p99" %s "$leads_p99"
  printf -v "${name}_rps" %s "$rps"
  printf -v "${name}_p99" %s "$p99"
}

start "$work/control.db"
flood /healthz control
stop

start "$work/flood.db"
flood /api/vitals vitals
accepted="$(metric 'landing_vitals_beacons_total{outcome="accepted"}')"
dropped="$(metric 'landing_vitals_beacons_total{outcome="dropped"}')"
non2xx="$(awk '/Non-2xx/ { print $5 }' "$work/vitals.txt")"
stop
stored="$("$bin" --db "$work/flood.db" vitals report --json --days 1 |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).metrics.LCP.count))')"
percent() { awk -v a="$alone_rps" -v b="$1" 'BEGIN { printf "%.0f", a ? 100 * b / a : 0 }'; }
ratio="$(percent "$vitals_leads_rps")"
control_ratio="$(percent "$control_leads_rps")"

table="$work/table.md"
{
  echo "### Leads under a Web Vitals flood (bench/vitals.sh)"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): leads as in bench/leads.sh (wrk -t2 -c16 -d$duration), alone and then with"
  echo "bench/vitals.lua sending about $flood_rps beacons/s ($flood_connections connections, each waiting $delay_ms ms after an answer; the beacons column says"
  echo "how many were taken) to the same server. Both wrk processes run at nice 10, so the server's own work decides."
  echo
  echo "| | leads/s | leads p99 ms | beacons/s taken | beacons p99 ms | beacons stored | dropped | refused |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "| leads alone | $alone_rps | $alone_p99 | | | | | |"
  echo "| leads + the same flood at /healthz (control, 405s) | $control_leads_rps ($control_ratio %) | $control_leads_p99 | $control_rps answered | $control_p99 | | | |"
  echo "| leads + vitals flood | $vitals_leads_rps ($ratio %) | $vitals_leads_p99 | $vitals_rps | $vitals_p99 | $stored | ${dropped:-0} | ${non2xx:-0} |"
  echo
  echo "Leads kept $ratio % of their rate beside the beacon flood and $control_ratio % beside the control (the goal: 90 %)."
  echo "What the control loses is what any flood of requests at that rate costs on this machine (reading them on the same two cores);"
  echo "the difference between the two rows is what measurement itself costs leads."
} >"$table"
cat "$table"
write_section server-vitals "$table"
echo "accepted $accepted beacons; results written to docs/benchmarks.md"
