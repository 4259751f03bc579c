# One entry point for developers and CI. `make test` is the gate: CI runs exactly it.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build

JOBS ?= $(shell nproc)
# Three times the cores for CTest: most integration tests wait on a server, a socket or a timer,
# not on a core. The 181 tests under ASan on two cores (2026-12-07, no cost data, as in a fresh
# clone): -j4 186 s with a third of the cores idle, -j6 173 s, -j8 175 s (by then CPU-bound:
# 260-270 CPU-s either way).
CTEST_JOBS ?= $(shell echo $$(( $(JOBS) * 3 )))
LISTEN ?= 127.0.0.1:8080
CXX_SOURCES = $(shell git ls-files 'server/*.cpp' 'server/*.hpp' 2>/dev/null)

.PHONY: deps build web server server-all server-asan run test test-web test-server test-asan test-fuzz \
        test-e2e test-deploy test-budgets lint lint-web lint-cpp lint-suites bench audit fuzz screenshots image clean

deps:
	@scripts/deps

# The site and the server side by side: the site's build is mostly one core's work.
build: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target web server

web:
	cd web && npm run build

# The release binary: what `make run`, the browser suites and the deploy tests run.
server:
	cd server && cmake --preset release >/dev/null
	cd server && cmake --build --preset release -j $(JOBS) --target landing-server

server-asan:
	cd server && cmake --preset asan >/dev/null
	cd server && cmake --build --preset asan -j $(JOBS)

# The OCI image from Debian's packages alone (deploy/image/build says how); after `make build`.
image:
	deploy/image/build

run: build
	mkdir -p var
	exec build/release/landing-server --listen $(LISTEN) --site web/dist --db var/leads.db

# Each stage timed, the times listed at the end (scripts/gate), so a slow stage shows in the tail.
# The fuzzers run beside the deployment tests at the lowest priority: those mostly wait on Caddy,
# replicas and backups, and the fuzzers' 20 s each then cost the gate no time (scripts/gate).
GATE_STAGES = lint build test-web test-budgets test-server test-asan test-e2e test-deploy+test-fuzz
test: deps
	@scripts/gate $(GATE_STAGES)

# The site and the server, for the stages that serve them; nothing once the gate's build stage
# has built both (the gate then sets GATE_BUILT): each stage would otherwise build the site again,
# 15 s each time.
SITE := $(if $(GATE_BUILT),,web)
SERVED := $(if $(GATE_BUILT),,web server)

test-web:
	cd web && npx vitest run

test-budgets: $(SITE)
	cd web && node scripts/check-budgets.mjs

# The unit tests in the release build; every test, the integration tests among them, runs once
# under the sanitizers (test-asan). `make server-all` builds the release integration tests too.
test-server: server
	cd server && cmake --build --preset release -j $(JOBS) --target landing_unit_tests test_postgres
	@scripts/ctest-costs seed build/release
	cd server && { ctest --preset release -j $(CTEST_JOBS) -L unit && rc=0 || rc=$$?; }; \
	  cd .. && scripts/ctest-costs keep build/release >/dev/null; exit $$rc

server-all:
	cd server && cmake --preset release >/dev/null
	cd server && cmake --build --preset release -j $(JOBS)

# The longest tests first, by the times the machine's last run kept (scripts/ctest-costs).
test-asan: server-asan
	@scripts/ctest-costs seed build/asan
	cd server && { ctest --preset asan -j $(CTEST_JOBS) && rc=0 || rc=$$?; }; \
	  cd .. && scripts/ctest-costs keep build/asan >/dev/null; exit $$rc

# Each libFuzzer harness on its corpus for a short while: a crash found once stays found.
test-fuzz: server-asan
	scripts/fuzz 20

# The fake webhook receiver's own tests first: the server's tests and the journeys trust it.
test-e2e: $(SERVED)
	cd e2e && node --test receivers/
	cd e2e && npx playwright test

# Whole-page pictures of the landing in every engine, language and width, for people to look at
# after a change a visitor sees (e2e/artifacts/); the gate's journeys take none (E2E_SCREENSHOTS).
screenshots: $(SERVED)
	cd e2e && E2E_SCREENSHOTS=1 npx playwright test tests/engines.spec.ts tests/reading.spec.ts \
	  -g 'reads every section|reads, types'

# Caddy from deploy/Caddyfile in front of real replicas, the unit's checks, backups, the
# Observatory's grade (deploy/tests).
# Two files at a time: each mostly waits on Caddy, replicas, backups and a build (alone, the
# machine sat 46 % idle): 117 s alone, 100 s two at a time (2026-12-07).
test-deploy: $(SERVED)
	cd deploy && node --test --test-concurrency=2 tests/

# Side by side, each one's output kept together: TypeScript's checks are mostly one core's work.
# In three parts for two cores, so none is left alone at the end (a fresh clone's 47 s had the
# site's and the suites' checks, 38 s in a row, beside the C++ checks' 18 s).
lint: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint-web lint-cpp lint-suites

lint-web:
	cd web && npx tsc -b && npx eslint . --max-warnings 0 && npx prettier --check .

lint-suites:
	cd e2e && npx tsc --noEmit && npx prettier --check .
	cd deploy && ../e2e/node_modules/.bin/prettier --check .

# clang-tidy needs the compile database, which configuring the release preset writes. Tests are
# left to the compiler's warnings (parsing GoogleTest doubles the time for little gain), and so is
# the file that only compiles Boost's own sources. The scripts' own tests come first (deps's
# among them: the gate trusts its cache of installed packages).
lint-cpp:
	@python3 scripts/check-layers_test.py -q
	@python3 scripts/clang-tidy-all_test.py -q
	@python3 scripts/deps_test.py -q
	@python3 scripts/check-compile-paths_test.py -q
	@python3 scripts/ctest-costs_test.py -q
	@scripts/check-layers
	@echo "clang-format: $(words $(CXX_SOURCES)) files"
	@clang-format --dry-run --Werror $(CXX_SOURCES)
	cd server && cmake --preset release >/dev/null
	@scripts/check-compile-paths build/release
	@scripts/clang-tidy-all build/release $(filter-out %_test.cpp %/asio_impl.cpp,$(filter %.cpp,$(CXX_SOURCES)))

# FUZZ_SECONDS per harness, two harnesses at a time (results: docs/fuzzing.md).
FUZZ_SECONDS ?= 600
fuzz: deps server-asan
	scripts/fuzz $(FUZZ_SECONDS)

bench: build server-all
	bench/run

audit: build
	bench/lighthouse

clean:
	rm -rf build web/dist web/dist-ssr e2e/test-results e2e/artifacts
