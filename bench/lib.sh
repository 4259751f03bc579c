# Shared by the server benchmarks, sourced after they set $root.

# What they measure: the release binary and the built site (LANDING_SERVER_BIN and SITE
# override them). The site is built when missing; the binary must be.
bin="${LANDING_SERVER_BIN:-$root/build/release/landing-server}"
site="${SITE:-$root/web/dist}"
[ -x "$bin" ] || { echo "no $bin: build it with make build" >&2; exit 1; }
[ -f "$site/en/index.html" ] || (cd "$root/web" && npm run build)

# Replaces one marked block of docs/benchmarks.md, leaving the rest of the file (other teams'
# sections) alone.
# usage: write_section <marker> <file with the new block>
write_section() {
  local marker=$1 block=$2 doc
  # bench/compare runs the benchmarks for two builds and reports them itself.
  [ -z "${BENCH_NO_DOCS:-}" ] || return 0
  doc="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/docs/benchmarks.md"
  mkdir -p "$(dirname "$doc")"
  [ -f "$doc" ] || printf '# Benchmarks\n' > "$doc"
  grep -q "^## Server$" "$doc" || printf '\n## Server\n\nMeasured by `bench/server-vs-nginx.sh` and `bench/leads.sh` (`make bench`).\n' >> "$doc"
  local start="<!-- $marker:start -->" end="<!-- $marker:end -->"
  if grep -qF "$start" "$doc"; then
    awk -v s="$start" -v e="$end" -v f="$block" '
      $0 == s { print; while ((getline line < f) > 0) print line; skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
  else
    # New blocks go at the end of the Server section: before the next "## " heading, or before
    # the next block's start marker (a block may hold its own heading, and must stay whole).
    awk -v s="$start" -v e="$end" -v f="$block" '
      function emit() { print ""; print s; while ((getline line < f) > 0) print line; print e; done = 1 }
      /^## Server$/ { in_server = 1; print; next }
      in_server && (/^## / || /^<!-- [a-z0-9-]+:start -->$/) && !done { emit(); print ""; in_server = 0 }
      { print }
      END { if (!done) emit() }' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
  fi
}

# wrk output -> "rps p99_ms"
wrk_summary() {
  awk '
    /Requests\/sec:/ { rps = $2 }
    /^ +99%/ { v = $2; ms = v + 0;
               if (v ~ /us$/) ms = ms / 1000; else if (v ~ /ms$/) ms = ms; else if (v ~ /s$/) ms = ms * 1000;
               p99 = ms }
    END { printf "%.0f %.2f\n", rps, p99 }'
}
