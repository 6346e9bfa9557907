# ToolForge: `make start` runs the shop on the embedded default; `make test` passes every test.
# Both install what they need first, so they work on a fresh clone.
SHELL := /bin/bash
.DEFAULT_GOAL := help
export NO_UPDATE_NOTIFIER := 1
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

.PHONY: help install build start test e2e browser lint typecheck auth-emulator-start auth-emulator-stop \
	payment-provider-start payment-provider-stop mail-catcher-start mail-catcher-stop \
	kafka-jars kafka-start kafka-stop services services-stop start-services stop-services bench clean

help:
	@echo "make start  - install, build and run the shop on the embedded default"
	@echo "make test   - install, start what the tests need, run lint and every test"
	@echo "make lint   - Prettier, ESLint and the TypeScript type check"
	@echo "make e2e    - the browser test: Debian's Chromium on make start's stack and on services mode"
	@echo "make bench  - issue 12's figures on both stacks beside a bare Fastify route, and the web app's Lighthouse table (BENCH_STACK, BENCH_ONLY, BENCH_ORDERS: docs/benchmarks.md)"
	@echo "make services / services-stop - Kafka, PostgreSQL, Redis, the Auth emulator and the local payment provider for services mode"
	@echo "make payment-provider-start / payment-provider-stop - only the local payment provider (127.0.0.1:12111, development only)"
	@echo "make mail-catcher-start / mail-catcher-stop - only the local mail catcher (SMTP 127.0.0.1:1025, inbox http://127.0.0.1:1080, development only)"
	@echo "make start-services / stop-services - the shop in services mode: each service its own process on Kafka, PostgreSQL, Redis"
	@echo "make kafka-start / kafka-stop - only the Kafka broker (127.0.0.1:9092)"

# npm ci again only when the lockfile or a package manifest changed since the last install.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json $(wildcard */package.json)
	npm ci
	@touch $@

build: install
	npx tsc -b
	# The toolforge command (npx toolforge): npm links a workspace's bin only when its file exists,
	# which on a fresh clone is after this build, so link it now.
	chmod +x projector/dist/cli.js
	npm rebuild @toolforge/projector --ignore-scripts
	npm run build -w web

typecheck: install
	npx tsc -b
	npm run typecheck -w web

# ESLint, and the type check of what the build leaves out (tests, suites, harnesses).
lint: install
	npx prettier --check .
	npx eslint .
	npx tsc -p tsconfig.tests.json

start: build
	node scripts/start.mjs

# The tests' global setup starts Kafka and the Auth emulator when they are not running (and stops
# them after); the Kafka jars are fetched first, so Maven's output is not inside the test run. The
# browser test needs Debian's Chromium.
test: lint build kafka-jars browser
	npx vitest run

# Only the browser test, on both stacks (vitest projects e2e and e2e-services; services mode needs
# Kafka's jars); screenshots of every route land in test-artifacts/screenshots/{1280,390}/.
e2e: build kafka-jars browser
	npx vitest run --project e2e --project e2e-services

# Debian's Chromium for the browser test; apt-get runs only when it is missing.
browser:
	@test -x /usr/bin/chromium || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# Issue 12's figures (docs/benchmarks.md): seeds a large history, starts each stack on it (services
# mode, then make start's embedded shop) beside a bare Fastify route, drives them with autocannon, and
# prints one table (also bench-results/<date>.json); exits non-zero when a goal is missed. Not part of
# `test`. Services mode needs the servers of `make services` (started here unless BENCH_STACK=embedded).
bench: build kafka-jars browser
	@if [[ "$${BENCH_STACK:-both}" != embedded ]]; then node scripts/services.mjs start; fi
	node embedded/dist/bench/main.js

auth-emulator-start: install
	node scripts/auth-emulator.mjs start

auth-emulator-stop:
	node scripts/auth-emulator.mjs stop

# The local payment provider (docs/payments.md#the-local-provider) runs from embedded's build output.
payment-provider-start: install
	npx tsc -b embedded
	node scripts/payment-provider.mjs start

payment-provider-stop:
	node scripts/payment-provider.mjs stop

# The local mail catcher (maildev): the order e-mails of make start and make start-services land in its inbox.
mail-catcher-start: install
	node scripts/mail-catcher.mjs start

mail-catcher-stop:
	node scripts/mail-catcher.mjs stop

# Apache Kafka 3.9 (KRaft, one node) from Maven Central jars, run with the machine's Java 17.
kafka-jars:
	node infra/kafka/kafka.mjs jars

kafka-start: install
	node infra/kafka/kafka.mjs start

kafka-stop:
	node infra/kafka/kafka.mjs stop

# Services mode on this machine: Kafka, PostgreSQL, Redis, the Auth emulator, the local payment
# provider (built first: it runs from embedded's build output). Idempotent.
services: install
	npx tsc -b embedded
	node scripts/services.mjs start

services-stop:
	node scripts/services.mjs stop

# Services mode (docs/architecture.md#2-two-ways-to-run-same-code): command-service, projector and query-service (and the built web app)
# as background processes on the servers of `make services`; pids in .run/pids, logs in .run/logs.
start-services: build services
	node scripts/start-services.mjs start

# Stops the service processes (each gracefully, on SIGTERM), then what `make services` started.
stop-services:
	node scripts/start-services.mjs stop
	node scripts/mail-catcher.mjs stop
	node scripts/services.mjs stop

clean:
	rm -rf node_modules */node_modules */dist */*.tsbuildinfo .run
