# Shared by the server benchmarks, sourced after they set $root.

# What they measure: the release binary and the built site (LANDING_SERVER_BIN and SITE
# override them). The site is built when missing; the binary must be.
bin="${LANDING_SERVER_BIN:-$root/build/release/landing-server}"
site="${SITE:-$root/web/dist}"
[ -x "$bin" ] || { echo "no $bin: build it with make build" >&2; exit 1; }
[ -f "$site/en/index.html" ] || (cd "$root/web" && npm run build)

# Every lead needs a proof of work, spent once (server/src/spam/). The servers the benchmarks
# start sign with this secret and ask the least work, so bench/leads.lua can post proofs minted
# here (e2e/receivers/mint-proof.mjs) at any rate; what a real challenge costs is measured apart.
mkdir -p "$root/var"
export LANDING_PROOF_SECRET_FILE="$root/var/bench-proof-secret"
[ -s "$LANDING_PROOF_SECRET_FILE" ] || echo "the benchmarks' proof-of-work secret, 32+ chars" >"$LANDING_PROOF_SECRET_FILE"
export LANDING_PROOF_ITERATIONS=1 LANDING_PROOF_MAX_COUNTER=2

# A new file of proofs for one wrk run of `duration` (10s, 3m): as many as `per_second` (30,000)
# leads a second would spend, since a proof posted twice is refused. Give each concurrent wrk
# its own.
# usage: PROOFS="$(fresh_proofs 10s [per_second])" WRK_THREADS=2 wrk … -s bench/leads.lua …
fresh_proofs() {
  local seconds=${1%[sm]} file
  [[ $1 == *m ]] && seconds=$((seconds * 60))
  mkdir -p "$root/var/bench-proofs"
  file="$(mktemp "$root/var/bench-proofs/XXXXXX")"
  node "$root/e2e/receivers/mint-proof.mjs" $((seconds * ${2:-30000})) \
    <"$LANDING_PROOF_SECRET_FILE" >"$file"
  echo "$file"
}

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
