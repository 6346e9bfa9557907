# ToolForge: `make start` runs the shop on the embedded default; `make test` passes every test.
# Both install what they need first, so they work on a fresh clone.
SHELL := /bin/bash
.DEFAULT_GOAL := help
export NO_UPDATE_NOTIFIER := 1
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

.PHONY: help install build start test e2e browser lint typecheck auth-emulator-start auth-emulator-stop clean

help:
	@echo "make start  - install, build and run the shop on the embedded default"
	@echo "make test   - install, start what the tests need, run lint and every test"
	@echo "make lint   - ESLint and the TypeScript type check"
	@echo "make e2e    - the browser test: make start's stack driven by Debian's Chromium"

# npm ci again only when the lockfile or a package manifest changed since the last install.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json $(wildcard */package.json)
	npm ci
	@touch $@

build: install
	npx tsc -b
	npm run build -w web

typecheck: install
	npx tsc -b
	npm run typecheck -w web

lint: install
	npx eslint .

start: build
	node scripts/start.mjs

test: lint build browser
	npx vitest run --project services --project web

# Screenshots of every route land in test-artifacts/screenshots/{1280,390}/.
e2e: build browser
	npx vitest run --project e2e

# Debian's Chromium for the browser test; apt-get runs only when it is missing.
browser:
	@test -x /usr/bin/chromium || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

auth-emulator-start: install
	node scripts/auth-emulator.mjs start

auth-emulator-stop:
	node scripts/auth-emulator.mjs stop

clean:
	rm -rf node_modules */node_modules */dist */*.tsbuildinfo .run
