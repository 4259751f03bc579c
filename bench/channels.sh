#!/usr/bin/env bash
# Durable leads per second with one channel (Telegram) and with three (Telegram, a webhook, an
# inbox), on SQLite and on PostgreSQL: each lead's outbox rows are written in its own insert
# transaction, one per channel, and each channel's worker sends beside the intake. The receivers
# are real programs on 127.0.0.1: a Bot API that answers at once (bench/fake-bot-api.mjs), the
# webhook receiver that verifies each signature (e2e/receivers/), and aiosmtpd over STARTTLS
# (server/testing/smtp_sink.py), all three under SCHED_IDLE: in production they are other
# machines, so here they take only the CPU the server leaves. (At nice 19 they still took a third
# of the machine: the scheduler lets a running task finish its slice before a woken one runs.)
# 64 connections, wrk with bench/leads.lua.
# Env: DURATION (10s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-10s}"
helper="$root/build/release/test_postgres"
[ -x "$helper" ] || { echo "no $helper: build the release preset" >&2; exit 1; }

work="$root/var/bench-channels"
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

port_of() {  # log file -> the port its program printed
  for _ in $(seq 100); do
    grep -o '"port": *[0-9]*' "$1" 2>/dev/null | grep -o '[0-9]*$' && return 0
    sleep 0.1
  done
  echo "no port in $1" >&2
  exit 1
}
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
"$root/build/release/landing-server" webhook new-secret >"$work/secret"
chrt --idle 0 node "$root/bench/fake-bot-api.mjs" >"$work/bot.log" 2>&1 &
pids+=($!)
chrt --idle 0 node "$root/e2e/receivers/webhook-receiver.mjs" --secret-file "$work/secret" >"$work/hook.log" 2>&1 &
pids+=($!)
chrt --idle 0 /usr/bin/python3 "$root/server/testing/smtp_sink.py" --out "$work/mail" --starttls \
  --cert "$work/cert.pem" --key "$work/key.pem" >"$work/sink.log" 2>&1 &
pids+=($!)
bot_port=$(port_of "$work/bot.log")
hook_port=$(port_of "$work/hook.log")
smtp_port=$(port_of "$work/sink.log")

table="$work/table.md"
{
  echo "### Delivery channels (bench/channels.sh)"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ): 64 connections, wrk -d$duration with bench/leads.lua (each lead"
  echo "from its own X-Forwarded-For address); the receivers on the same two cores under SCHED_IDLE."
  echo
  echo "| engine | channels | accepted leads/s | p99 ms | leads stored | ratio to one channel |"
  echo "| --- | --- | ---: | ---: | ---: | ---: |"
} >"$table"

run() {  # engine db channels
  local engine=$1 db=$2 channels=$3 port=18600 extra=() out rps p99 server
  if [ "$channels" = three ]; then
    extra=(--webhook-url "http://127.0.0.1:$hook_port/hook" --webhook-secret-file "$work/secret"
      --webhook-allow-private --smtp-url "smtp://127.0.0.1:$smtp_port" --smtp-ca-file "$work/cert.pem"
      --mail-from leads@studio.example --mail-to sales@studio.example)
  fi
  TELEGRAM_BOT_TOKEN=123:bench TELEGRAM_CHAT_ID=42 LANDING_DIGEST=off TELEGRAM_API_BASE="http://127.0.0.1:$bot_port" \
    "$bin" --listen "127.0.0.1:$port" --site "$site" --db "$db" --threads 2 \
    --trust-proxy 127.0.0.1/32 "${extra[@]}" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  out="$(PROOFS="$(fresh_proofs "$duration")" wrk -t1 -c64 -d"$duration" --latency -s "$root/bench/leads.lua" "http://127.0.0.1:$port/api/contact")"
  if echo "$out" | grep -q "Non-2xx"; then echo "$out" | grep "Non-2xx" >&2; fi
  read -r rps p99 < <(echo "$out" | wrk_summary)
  kill "$server"
  wait "$server" || true
  local rows
  rows=$(env -u TELEGRAM_BOT_TOKEN "$bin" --db "$db" leads export --csv | tail -n +2 | wc -l)
  if [ "$channels" = one ]; then base=$rps; fi
  ratio=$(awk -v a="$rps" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
  echo "$engine, $channels channel(s): $rps leads/s, p99 $p99 ms ($ratio of one channel)"
  echo "| $engine | $channels | $rps | $p99 | $rows | $ratio |" >>"$table"
}

base=0
run SQLite "$work/one.db" one
run SQLite "$work/three.db" three
for channels in one three; do
  psql -q "postgresql://landing@/postgres?host=$work/pg" -c "CREATE DATABASE bench_$channels"
done
run PostgreSQL "postgresql://landing:bench@/bench_one?host=$work/pg" one
run PostgreSQL "postgresql://landing:bench@/bench_three?host=$work/pg" three
write_section server-channels "$table"
echo "results written to docs/benchmarks.md"
