# taxdata: `make` builds the tool, compiles and verifies TaxData/ into dist/, and prints a summary.
#          `make test` runs the whole test suite.
SWIFT    ?= swift
SOURCES  ?= TaxData
DIST     ?= dist
BIN      := .build/debug/taxdata

.PHONY: all deps tool check dist summary test test-unit fixtures clean help

all: dist summary

help:
	@echo "make          build the tool, check + compile $(SOURCES)/ into $(DIST)/, verify it, print a summary"
	@echo "make test     run the whole test suite (unit, fixtures, end-to-end)"
	@echo "make check    validate $(SOURCES)/ only"
	@echo "make fixtures regenerate Fixtures/ from scripts/ (review the diff)"
	@echo "make clean    remove build products and $(DIST)/"

deps:
	@scripts/ensure-deps.sh

tool: deps
	$(SWIFT) build --product taxdata

check: tool
	$(BIN) check $(SOURCES)

dist: tool
	$(BIN) build $(SOURCES) --out $(DIST)
	$(BIN) verify $(DIST)

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

clean:
	rm -rf .build $(DIST)
