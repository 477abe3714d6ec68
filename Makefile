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

.PHONY: all deps tool check dist summary test test-unit fixtures embed clean help

all: dist summary

help:
	@echo "make          build the tool, check + compile $(SOURCES)/ into $(DIST)/, verify it, print a summary"
	@echo "make test     run the whole test suite (unit, fixtures, end-to-end)"
	@echo "make check    validate $(SOURCES)/ only"
	@echo "make fixtures regenerate Fixtures/ from scripts/ (review the diff)"
	@echo "make embed    recompile the client's embedded bundle from $(SOURCES)/ (commit it; a test fails when it is stale)"
	@echo "make clean    remove build products and $(DIST)/"

deps:
	@scripts/ensure-deps.sh

tool: deps
	$(SWIFT) build --product taxdata

check: tool
	$(BIN) check $(SOURCES)

dist: tool
	$(BIN) build $(SOURCES) --out $(DIST) $(SIGN_FLAGS)
ifneq ($(TAXDATA_SIGN_KEY),)
	@pub="$(TAXDATA_VERIFY_KEY)"; \
	if [ -z "$$pub" ]; then pub=$$(mktemp); openssl pkey -in "$(TAXDATA_SIGN_KEY)" -pubout -out "$$pub"; fi; \
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
	@cat $(DIST)/index.json | grep -E '"(taxYear|version|status)"' | paste - - - | sed 's/[",]//g; s/  */ /g'

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

fixtures: tool
	python3 scripts/make-fixtures.py
	python3 scripts/make-verify-fixtures.py $(BIN)

embed: tool
	$(BIN) build $(SOURCES) --out $(EMBEDDED)
	$(BIN) verify $(EMBEDDED)

clean:
	rm -rf .build $(DIST)
