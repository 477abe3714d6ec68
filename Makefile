# taxdata: `make` builds the tool, compiles and verifies TaxData/ into dist/, and prints a summary.
#          `make test` runs the whole test suite.
SWIFT    ?= swift
SOURCES  ?= TaxData
DIST     ?= dist
BIN      := .build/debug/taxdata
# Signing (optional): TAXDATA_SIGN_KEY=path/to/private.pem make
# The public key for `verify` is derived from it with openssl unless TAXDATA_VERIFY_KEY names one.
TAXDATA_SIGN_KEY   ?=
TAXDATA_VERIFY_KEY ?=
SIGN_FLAGS   := $(if $(TAXDATA_SIGN_KEY),--sign-key $(TAXDATA_SIGN_KEY))

EMBEDDED := Sources/TaxDataClient/Embedded/dist

# The integration tests are a test target of their own (Tests/TaxDataIntegrationTests/).
INTEGRATION := TaxDataIntegrationTests
PORT ?= 8080

.PHONY: all deps tool check dist summary test test-unit test-integration serve bench fixtures embed crosscheck fuzz clean help install docs app-quickstart

# The tool is rebuilt only when a source or the manifest changed: `swift build` alone takes
# half a minute even when nothing did.
SWIFT_INPUTS := Package.swift $(shell find Sources -type f 2>/dev/null)
PREFIX ?= /usr/local

all: dist summary

help:
	@echo "make          build the tool, check + compile $(SOURCES)/ into $(DIST)/, verify it, print a summary"
	@echo "make test     run the whole test suite: test-unit, then test-integration once"
	@echo "make test-unit         unit, fixture and command-line tests; the crosscheck scripts' pure parts (pytest)"
	@echo "make test-integration  real sockets: client end to end, the fault matrix, nginx (installs nginx), the"
	@echo "                       contract (schemathesis from PyPI into $(CONTRACT_VENV)/, once), and the client of"
	@echo "                       today's apps against today's dists (taxdata before the app form, built once into .build-compat/)"
	@echo "make serve    build dist/ and serve it on 127.0.0.1:$(PORT) (FAULT=corrupt:0.3 to misbehave)"
	@echo "make check    validate $(SOURCES)/ only"
	@echo "make bench    benchmarks with baselines from the same run; writes docs/benchmarks.md"
	@echo "make fixtures regenerate Fixtures/ from scripts/ (review the diff)"
	@echo "make embed    recompile the client's embedded bundle from $(SOURCES)/ and its verification tokens (commit them; a test fails when they are stale)"
	@echo "make crosscheck  compare every figure with PolicyEngine-US $(PE_VERSION) (venv $(CROSSCHECK_VENV)/; CROSSCHECK_ARGS=\"--states ME\")"
	@echo "make fuzz     libFuzzer on the YAML reader, the bundle verifier, the client cache and the embedded form, FUZZ_SECONDS each (default 60)"
	@echo "make docs     the API reference of TaxDataClient and TaxCalculator (DocC) as HTML in .build/docs/"
	@echo "make app-quickstart  build and run the README's app quick start as a new package (about 10 minutes)"
	@echo "make install  copy the tool and its built-in tax data to $(PREFIX)/bin (PREFIX=…; it is the debug build, linked to this machine's Swift runtime)"
	@echo "make clean    remove build products and $(DIST)/"
	@echo
	@echo "Durations on 2 cores: the first build about 15 minutes (it compiles every dependency), later builds"
	@echo "seconds to a few minutes; make test about 15 minutes after the first build; make crosscheck 5-10"
	@echo "minutes (installs PolicyEngine-US from PyPI the first time); make bench 10-20 minutes."

deps:
	@scripts/ensure-deps.sh

tool: deps $(BIN)

$(BIN): $(SWIFT_INPUTS)
	@test -x $(BIN) || echo "== building taxdata: the first build compiles every dependency (swift-crypto's BoringSSL, SwiftNIO, …), about 15 minutes on 2 cores"
	$(SWIFT) build --product taxdata
	@touch $(BIN)

docs: tool
	scripts/docs.sh

# The README's app quick start typed into a new package (a release check: it builds every dependency again).
app-quickstart: deps
	scripts/app-quickstart.sh

install: tool
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/taxdata
	rm -rf $(DESTDIR)$(PREFIX)/bin/taxdata_TaxDataClient.resources
	cp -R $(dir $(BIN))taxdata_TaxDataClient.resources $(DESTDIR)$(PREFIX)/bin/
	@echo "installed $(DESTDIR)$(PREFIX)/bin/taxdata and the tax data built into it (taxdata_TaxDataClient.resources beside it)"

check: tool
	$(BIN) check $(SOURCES)

dist: tool
	$(BIN) build $(SOURCES) --out $(DIST) $(SIGN_FLAGS)
ifneq ($(TAXDATA_SIGN_KEY),)
	@pub="$(TAXDATA_VERIFY_KEY)"; \
	if [ -z "$$pub" ]; then pub=$$(mktemp); trap 'rm -f "$$pub"' EXIT; openssl pkey -in "$(TAXDATA_SIGN_KEY)" -pubout -out "$$pub"; fi; \
	echo "$(BIN) verify $(DIST) --key $$pub --require-signature"; \
	$(BIN) verify $(DIST) --key "$$pub" --require-signature
else
	$(BIN) verify $(DIST)
endif

summary: tool
	@echo
	@echo "== $(DIST)/ =="
	@$(BIN) check $(SOURCES) --coverage 2>&1 | grep -v -e '^$(SOURCES)/.*warning: \[data.incomplete\]'
	@echo
	@echo "local income taxes in $(DIST)/ (taxdata localities --state XX lists them):"
	@for d in $(DIST)/[0-9][0-9][0-9][0-9]; do [ -d $$d/local ] && $(BIN) localities --bundle $$d --year $$(basename $$d) | head -1 | sed 's/^/  /'; done; true
	@echo
	@echo "per-paycheck withholding and conformance vectors in $(DIST)/ (taxdata paycheck; docs/bundle-contract.md):"
	@for d in $(DIST)/[0-9][0-9][0-9][0-9]; do y=$$(basename $$d); [ -f $$d/vectors/vectors_$$y.json ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=json.load(open(sys.argv[2])); m=sorted(k for k,v in s["states"].items() if v.get("withholding")); print("  %s: %d liability and %d paycheck vectors; state withholding methods: %s" % (sys.argv[3], len(d["liability"]), len(d["paycheck"]), " ".join(m) if m else "none"))' $$d/vectors/vectors_$$y.json $$d/states_$$y.json $$y; done; true
	@echo
	@echo "years in $(DIST)/:"
	@grep -E '"(status|taxYear|version)"' $(DIST)/index.json | sed 's/[",]//g' | awk '{v[$$1]=$$3} /version/ {printf "  %s  data version %s  %s\n", v["taxYear"], v["version"], v["status"]; delete v}'

test: test-unit test-integration

test-unit: deps
	@scripts/ensure-deps.sh python3 python3-jsonschema python3-yaml python3-pytest
	$(SWIFT) test --skip "$(INTEGRATION)"
	python3 -m pytest -q -p no:cacheprovider scripts/test_crosscheck.py scripts/test_crosscheck_local.py

# The contract's conformance tests run schemathesis from a git-ignored venv (made once, from PyPI);
# the TUF interoperability tests run python-tuf from .tuf-venv/ (scripts/tuf-venv.sh), made the same way
# (both by scripts/pinned-venv.sh).
CONTRACT_VENV ?= .contract-venv

# The compatibility tests run `taxdata` as it was before the app form (scripts/compat-tool.sh builds
# it once into the git-ignored .build-compat/: a first build, several minutes).
test-integration: deps
	@scripts/ensure-deps.sh nginx python3 python3-jsonschema python3-yaml python3-venv
	@CONTRACT_VENV=$(CONTRACT_VENV) scripts/contract-venv.sh >/dev/null
	@scripts/tuf-venv.sh >/dev/null
	@scripts/compat-tool.sh >/dev/null
	TAXDATA_REQUIRE_NGINX=1 TAXDATA_REQUIRE_COMPAT=1 CONTRACT_VENV=$(CONTRACT_VENV) $(SWIFT) test --no-parallel --filter "$(INTEGRATION)"

serve: dist
	$(BIN) serve $(DIST) --port $(PORT) $(if $(FAULT),--fault $(FAULT))

fixtures: tool
	python3 scripts/make-fixtures.py
	python3 scripts/make-verify-fixtures.py $(BIN)

bench: deps
	scripts/bench.sh

# The client embeds each year's app form without its provenance document (docs/bundle-contract.md):
# a dist is built and verified in .build/embed-dist, then scripts/embed.sh copies what an app carries.
embed: tool
	rm -rf .build/embed-dist
	$(BIN) build $(SOURCES) --out .build/embed-dist
	$(BIN) verify .build/embed-dist --memo $(dir $(EMBEDDED))verified.json
	scripts/embed.sh .build/embed-dist $(EMBEDDED) $(BIN)

# Compare our figures with PolicyEngine-US's parameters; known disagreements are explained in
# docs/data-notes/crosscheck-known.yaml. The venv is git-ignored and made once.
CROSSCHECK_VENV ?= .crosscheck-venv
PE_VERSION      := 2.68.0
TAXDATA_BIN     ?= $(BIN)
CROSSCHECK_ARGS ?=
CROSSCHECK_SIM_ARGS ?=

crosscheck:
	$(MAKE) tool
	@test -x $(CROSSCHECK_VENV)/bin/python || python3 -m venv $(CROSSCHECK_VENV)
	@$(CROSSCHECK_VENV)/bin/python -c 'import yaml, importlib.metadata as m; assert m.version("policyengine-us") == "$(PE_VERSION)"' 2>/dev/null \
	  || $(CROSSCHECK_VENV)/bin/pip install "policyengine-us==$(PE_VERSION)" PyYAML
	TAXDATA_BIN=$(TAXDATA_BIN) $(CROSSCHECK_VENV)/bin/python scripts/crosscheck.py $(CROSSCHECK_ARGS)
	TAXDATA_BIN=$(TAXDATA_BIN) $(CROSSCHECK_VENV)/bin/python scripts/crosscheck_sim.py $(CROSSCHECK_SIM_ARGS)
	TAXDATA_BIN=$(TAXDATA_BIN) $(CROSSCHECK_VENV)/bin/python scripts/crosscheck_local.py $(CROSSCHECK_LOCAL_ARGS)

fuzz: deps
	scripts/fuzz.sh

clean:
	rm -rf .build .build-fuzz $(DIST)
