#!/usr/bin/env bash
# landing-server against nginx (Debian's nginx-light) and h2o (Debian's h2o) serving the same
# web/dist on 127.0.0.1: the HTML page (as browsers ask for it, and with gzip only), a 304
# revalidation and the largest JS file. Each rival gets a fair setup: the .gz files the build
# precomputed (nginx gzip_static, h2o file.send-compressed), no access log, and the same security
# headers landing-server sends, so every answer carries the same header bytes; nginx also gets
# sendfile, open_file_cache and keepalive_requests high.
#
# Two layouts of the cores (LAYOUTS, both by default):
# - split: wrk on the first half of the cores, the server on the other half with one thread
#   (nginx: one worker) per core. The load generator never takes the server's CPU, so p99 is
#   the server's own latency; this is the layout the goals are read from.
# - shared: wrk and the server both on every core, as many server threads (nginx workers) and
#   wrk threads as cores. Here p99 mostly measures how long a thread waits for a scheduler tick.
#
# Runs swing by tens of percent, so the servers take turns, ROUNDS times per request, and the
# tables show the median of each side's runs.
# Env: DURATION (5s per run), ROUNDS (5), CONNECTIONS (64), LAYOUTS ("split shared").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bench/lib.sh"
duration="${DURATION:-5s}"
rounds="${ROUNDS:-5}"
connections="${CONNECTIONS:-64}"
layouts="${LAYOUTS:-split shared}"
ours_port=18431
nginx_port=18432
h2o_port=18433
cores="$(nproc)"

command -v wrk >/dev/null && command -v nginx >/dev/null && command -v h2o >/dev/null &&
  command -v taskset >/dev/null || { echo "needs wrk, nginx-light, h2o and taskset" >&2; exit 1; }
[ "$cores" -ge 2 ] || layouts="${layouts//split/}"

work="$(mktemp -d)"
pids=()
stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
cleanup() {
  stop_servers
  rm -rf "$work"
}
trap cleanup EXIT

cp -r "$site" "$work/site"
# nginx's workers run as www-data, h2o as nobody: both must be able to read the copy.
chmod -R a+rX "$work"
rm -rf "$work/site/.vite"
find "$work/site" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.svg' \
  -o -name '*.json' -o -name '*.txt' -o -name '*.xml' -o -name '*.wasm' -o -name '*.glb' \) \
  -exec gzip -9 -k {} \;

# start_servers <threads> <cpu list>: the three servers with that many threads (workers), pinned
# to those cores.
start_servers() {
  local threads=$1 cpus=$2
  rm -f "$work/server.log" "$work/leads.db"*
  taskset -c "$cpus" "$bin" --listen "127.0.0.1:$ours_port" --site "$work/site" --db "$work/leads.db" \
    --threads "$threads" >"$work/server.log" 2>&1 &
  ours_pid=$!
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$ours_port/healthz" >/dev/null && break; sleep 0.1; done
  # nginx's configuration takes the security headers from the running server.
  curl -sfI "http://127.0.0.1:$ours_port/en" | tr -d '\r' |
    awk -F': ' 'tolower($1) ~ /^(content-security-policy|x-content-type-options|referrer-policy|cross-origin-opener-policy|cross-origin-resource-policy|permissions-policy|x-frame-options)$/ {
      printf "add_header %s \"%s\" always;\n", $1, $2 }' > "$work/security.conf"
  [ -s "$work/security.conf" ] || { echo "could not read landing-server's security headers" >&2; exit 1; }
  nginx_conf "$threads" > "$work/nginx.conf"
  taskset -c "$cpus" nginx -p "$work" -c "$work/nginx.conf" 2>"$work/nginx.err" &
  nginx_pid=$!
  pids+=($!)
  h2o_conf "$threads" > "$work/h2o.conf"
  taskset -c "$cpus" h2o -c "$work/h2o.conf" >"$work/h2o.log" 2>&1 &
  h2o_pid=$!
  pids+=($!)
  for port in $nginx_port $h2o_port; do
    for _ in $(seq 100); do
      curl -sf "http://127.0.0.1:$port/en" >/dev/null && break
      sleep 0.1
    done
  done
  # Compressed forms are computed in the background after start-up; measure once they exist.
  for _ in $(seq 1200); do grep -q '"event":"site_compressed"' "$work/server.log" && break; sleep 0.1; done
}

nginx_conf() {  # <workers>
  cat <<CONF
worker_processes $1;
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
}

h2o_conf() {  # <threads>
  # h2o takes one header per header.add, and the same key more than once.
  local headers
  headers="$(sed -E 's/^add_header ([^ ]+) "(.*)" always;$/        header.add: "\1: \2"/' "$work/security.conf")"
  cat <<CONF
user: nobody
num-threads: $1
file.send-compressed: ON
listen:
  host: 127.0.0.1
  port: $h2o_port
hosts:
  default:
    paths:
      /en:
        file.file: $work/site/en/index.html
$headers
        header.add: "Cache-Control: no-cache"
      /assets:
        file.dir: $work/site/assets
$headers
        header.add: "Cache-Control: public, max-age=31536000, immutable"
      /:
        file.dir: $work/site
$headers
        header.add: "Cache-Control: no-cache"
CONF
}

encoding="Accept-Encoding: gzip, deflate, br"
etag_of() { curl -sI -H "$encoding" "$1" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}'; }

# cpu_ticks <pid>: CPU time (user + system, in clock ticks) so far of a process and its children:
# landing-server is one process, nginx a master and its workers.
clock_ticks="$(getconf CLK_TCK)"
cpu_ticks() {
  local pid total=0
  for pid in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
  done
  echo "$total"
}

# run <server pid> <url> [extra header] -> "rps p99_ms cpu_us_per_request". The server's CPU
# per request shows its cost even when wrk, not the server, sets the pace. $accept is the
# request's Accept-Encoding.
run() {
  local args=(-t"$wrk_threads" -c"$connections" -d"$duration" --latency -H "$accept") out before
  [ -n "${3:-}" ] && args+=(-H "$3")
  before="$(cpu_ticks "$1")"
  out="$(taskset -c "$wrk_cpus" wrk "${args[@]}" "$2")"
  echo "$(echo "$out" | wrk_summary) $(echo "$out" | awk -v t=$(($(cpu_ticks "$1") - before)) -v hz="$clock_ticks" \
    '/ requests in / { printf "%.2f", $1 ? t * 1e6 / hz / $1 : 0 }')"
}

# median <column> <file>: the middle value of a column of numbers (the upper middle when even).
median() { sort -n -k"$1","$1" "$2" | awk -v c="$1" '{ v[NR] = $c } END { print v[int(NR / 2) + 1] }'; }

# measure <label> <path> [revalidate]: the servers in turns; appends the medians to the table.
# With revalidate, each side sends If-None-Match with its own ETag for the path.
sides=(ours nginx h2o)
measure() {
  local label=$1 path=$2 side round order
  declare -A port=([ours]=$ours_port [nginx]=$nginx_port [h2o]=$h2o_port)
  declare -A pid=([ours]=$ours_pid [nginx]=$nginx_pid [h2o]=$h2o_pid)
  declare -A header=([ours]="" [nginx]="" [h2o]="") rps p99 cpu ratio
  for side in "${sides[@]}"; do
    [ "${3:-}" = revalidate ] &&
      header[$side]="If-None-Match: $(etag_of "http://127.0.0.1:${port[$side]}$path")"
    # Same work on every side: show status and bytes of one answer each.
    curl -s -o /dev/null -H "$accept" ${header[$side]:+-H "${header[$side]}"} \
      -w "  $side: %{http_code}, %{size_header} header bytes, %{size_download} body bytes, %{content_type}\n" \
      "http://127.0.0.1:${port[$side]}$path"
    : > "$work/$side.runs"
  done
  for round in $(seq "$rounds"); do
    # Taking turns keeps a slow stretch of the machine from landing on one side only.
    order=("${sides[@]:round % 3}" "${sides[@]:0:round % 3}")
    for side in "${order[@]}"; do
      run "${pid[$side]}" "http://127.0.0.1:${port[$side]}$path" "${header[$side]}" >> "$work/$side.runs"
    done
    echo "  round $round: landing-server $(tail -1 "$work/ours.runs") | nginx $(tail -1 "$work/nginx.runs") | h2o $(tail -1 "$work/h2o.runs") (rps, p99 ms, server CPU µs per request)"
  done
  for side in "${sides[@]}"; do
    rps[$side]="$(median 1 "$work/$side.runs")"
    p99[$side]="$(median 2 "$work/$side.runs")"
    cpu[$side]="$(median 3 "$work/$side.runs")"
    ratio[$side]="$(awk -v a="${rps[ours]}" -v b="${rps[$side]}" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
  done
  echo "$label, medians: landing-server ${rps[ours]} rps p99 ${p99[ours]} ms ${cpu[ours]} µs CPU | nginx ${rps[nginx]} rps p99 ${p99[nginx]} ms ${cpu[nginx]} µs CPU | h2o ${rps[h2o]} rps p99 ${p99[h2o]} ms ${cpu[h2o]} µs CPU | ratio to nginx ${ratio[nginx]}, to h2o ${ratio[h2o]}"
  echo "| $label | ${rps[ours]} | ${rps[nginx]} | ${rps[h2o]} | ${ratio[nginx]} | ${ratio[h2o]} | ${p99[ours]} | ${p99[nginx]} | ${p99[h2o]} | ${cpu[ours]} | ${cpu[nginx]} | ${cpu[h2o]} |" >> "$table"
}

table="$work/table.md"
{
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ) on $cores cores; wrk -c$connections -d$duration,"
  echo "\`Accept-Encoding: gzip, deflate, br\` (landing-server answers brotli, nginx and h2o their .gz"
  echo "files), except the row that says gzip only. Medians of $rounds runs per side, the servers taking turns."
} > "$table"
cpus() { [ "$1" -eq "$2" ] && echo "$1" || echo "$1-$2"; }  # taskset's list of cores $1..$2
half=$((cores / 2))
for layout in $layouts; do
  case $layout in
    split) wrk_cpus="$(cpus 0 $((half - 1)))"; wrk_threads=$half
           server_cpus="$(cpus "$half" $((cores - 1)))"; threads=$((cores - half))
           title="Split: wrk on core $wrk_cpus with $wrk_threads thread(s), each server on core $server_cpus with $threads thread(s) (nginx: workers)" ;;
    shared) wrk_cpus="$(cpus 0 $((cores - 1)))"; wrk_threads=$cores; server_cpus="$wrk_cpus"; threads=$cores
            title="Shared: wrk with $wrk_threads threads and each server with $threads threads (nginx: workers), all on cores $wrk_cpus" ;;
    *) echo "unknown layout $layout (split, shared)" >&2; exit 1 ;;
  esac
  echo "== $title"
  start_servers "$threads" "$server_cpus"
  js="$(cd "$work/site" && ls -S assets/*.js | head -1)"
  {
    echo
    echo "$title:"
    echo
    echo "| request | landing-server rps | nginx rps | h2o rps | × nginx | × h2o | landing-server p99 ms | nginx p99 ms | h2o p99 ms | landing-server CPU µs/request | nginx CPU µs/request | h2o CPU µs/request |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  } >> "$table"
  accept="$encoding"
  measure "HTML page /en" /en
  accept="Accept-Encoding: gzip"
  measure "HTML page /en, gzip only" /en
  accept="$encoding"
  measure "304 revalidation of /en" /en revalidate
  measure "largest JS ($js)" "/$js"
  stop_servers
done
write_section server-vs-nginx "$table"
echo "results written to docs/benchmarks.md"
