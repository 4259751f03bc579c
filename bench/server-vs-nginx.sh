#!/usr/bin/env bash
# landing-server against nginx (Debian's nginx-light) serving the same web/dist on 127.0.0.1:
# the HTML page, a 304 revalidation and the largest JS file. nginx gets a fair setup: sendfile,
# gzip_static with .gz files precomputed in a temporary copy, access_log off, open_file_cache,
# keepalive_requests high, and the same security headers landing-server sends, so both answers
# carry the same header bytes. Both get 2 worker threads; wrk runs beside them on the same cores.
#
# Two shared cores make single runs swing by tens of percent, so the two servers take turns,
# ROUNDS times per request, and the table shows the median of each side's runs.
# Env: DURATION (5s per run), ROUNDS (5), CONNECTIONS (64), WRK_THREADS (2).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-5s}"
rounds="${ROUNDS:-5}"
connections="${CONNECTIONS:-64}"
wrk_threads="${WRK_THREADS:-2}"
ours_port=18431
nginx_port=18432

command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "needs wrk and nginx-light" >&2; exit 1; }

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

cp -r "$site" "$work/site"
# nginx's workers run as www-data and must be able to read the copy.
chmod -R a+rX "$work"
rm -rf "$work/site/.vite"
find "$work/site" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.svg' \
  -o -name '*.json' -o -name '*.txt' -o -name '*.xml' -o -name '*.wasm' -o -name '*.glb' \) \
  -exec gzip -9 -k {} \;

# The server must be up to read its security headers, so nginx's configuration is written
# after it starts.
"$bin" --listen "127.0.0.1:$ours_port" --site "$work/site" --db "$work/leads.db" --threads 2 \
  >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$ours_port/healthz" >/dev/null && break; sleep 0.1; done
curl -sfI "http://127.0.0.1:$ours_port/en" | tr -d '\r' |
  awk -F': ' 'tolower($1) ~ /^(content-security-policy|x-content-type-options|referrer-policy|cross-origin-opener-policy|cross-origin-resource-policy|permissions-policy|x-frame-options)$/ {
    printf "add_header %s \"%s\" always;\n", $1, $2 }' > "$work/security.conf"
[ -s "$work/security.conf" ] || { echo "could not read landing-server's security headers" >&2; exit 1; }

cat > "$work/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  gzip_static on;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  client_body_temp_path $work/body;
  proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi;
  scgi_temp_path $work/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/site;
    location = /en { rewrite ^ /en/index.html last; }
    # add_header in a location replaces the server's, so each location includes the block.
    location /assets/ { include $work/security.conf; add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { include $work/security.conf; add_header Cache-Control "no-cache"; }
  }
}
CONF

nginx -p "$work" -c "$work/nginx.conf" 2>"$work/nginx.err" &
pids+=($!)
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$ours_port/healthz" >/dev/null && curl -sf "http://127.0.0.1:$nginx_port/en" >/dev/null && break
  sleep 0.1
done

# Compressed forms are computed in the background after start-up; measure once they exist.
for _ in $(seq 1200); do grep -q '"event":"site_compressed"' "$work/server.log" && break; sleep 0.1; done

js="$(cd "$work/site" && ls -S assets/*.js | head -1)"
encoding="Accept-Encoding: gzip, deflate, br"
etag_of() { curl -sI -H "$encoding" "$1" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}'; }

run() {  # name url [extra header]
  local args=(-t"$wrk_threads" -c"$connections" -d"$duration" --latency -H "$encoding")
  [ -n "${3:-}" ] && args+=(-H "$3")
  wrk "${args[@]}" "$2" | wrk_summary
}

# median <column> <file>: the middle value of a column of numbers (the upper middle when even).
median() { sort -n -k"$1","$1" "$2" | awk -v c="$1" '{ v[NR] = $c } END { print v[int(NR / 2) + 1] }'; }

table="$work/table.md"
{
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores shared by server and wrk; wrk -t$wrk_threads -c$connections -d$duration,"
  echo "\`Accept-Encoding: gzip, deflate, br\` (landing-server answers brotli, nginx gzip_static)."
  echo "Medians of $rounds runs per side, the two servers taking turns."
  echo
  echo "| request | landing-server rps | nginx rps | rps ratio | landing-server p99 ms | nginx p99 ms |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: |"
} > "$table"
for scenario in html revalidate js; do
  case $scenario in
    html) path=/en; label="HTML page /en"; header="" ;;
    revalidate) path=/en; label="304 revalidation of /en" ;;
    js) path="/$js"; label="largest JS ($js)"; header="" ;;
  esac
  ours_header="$header"; nginx_header="$header"
  if [ $scenario = revalidate ]; then
    ours_header="If-None-Match: $(etag_of "http://127.0.0.1:$ours_port$path")"
    nginx_header="If-None-Match: $(etag_of "http://127.0.0.1:$nginx_port$path")"
  fi
  # Same work on both sides: show status and bytes of one answer each.
  for target in "ours $ours_port $ours_header" "nginx $nginx_port $nginx_header"; do
    set -- $target
    name=$1 port=$2
    shift 2
    curl -s -o /dev/null -H "$encoding" ${1:+-H "$*"} \
      -w "  $name: %{http_code}, %{size_header} header bytes, %{size_download} body bytes, %{content_type}\n" \
      "http://127.0.0.1:$port$path"
  done
  : > "$work/ours.runs"
  : > "$work/nginx.runs"
  for round in $(seq "$rounds"); do
    # Taking turns first keeps a slow stretch of the machine from landing on one side only.
    order="ours nginx"
    [ $((round % 2)) -eq 0 ] && order="nginx ours"
    for side in $order; do
      if [ $side = ours ]; then
        run ours "http://127.0.0.1:$ours_port$path" "$ours_header" >> "$work/ours.runs"
      else
        run nginx "http://127.0.0.1:$nginx_port$path" "$nginx_header" >> "$work/nginx.runs"
      fi
    done
    echo "  round $round: landing-server $(tail -1 "$work/ours.runs") | nginx $(tail -1 "$work/nginx.runs") (rps p99_ms)"
  done
  ours_rps="$(median 1 "$work/ours.runs")"; ours_p99="$(median 2 "$work/ours.runs")"
  nginx_rps="$(median 1 "$work/nginx.runs")"; nginx_p99="$(median 2 "$work/nginx.runs")"
  ratio="$(awk -v a="$ours_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
  echo "$label, medians: landing-server $ours_rps rps p99 ${ours_p99} ms | nginx $nginx_rps rps p99 ${nginx_p99} ms | ratio $ratio"
  echo "| $label | $ours_rps | $nginx_rps | $ratio | $ours_p99 | $nginx_p99 |" >> "$table"
done
write_section server-vs-nginx "$table"
echo "results written to docs/benchmarks.md"
