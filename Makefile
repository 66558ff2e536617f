# trailpack: `make demo` installs what is missing, builds, and builds, validates and previews
# the bundled regions; `make test` runs every test. See README.md.

SHELL := /bin/bash
PACKS ?= packs
PREVIEWS ?= previews
RECIPES ?= $(wildcard Recipes/*.json5)
TRAILPACK ?= .build/release/trailpack
SWIFT_SOURCES := $(shell find Sources -name '*.swift' -o -name '*.modulemap' -o -name '*.h' 2>/dev/null) Package.swift
REGION_IDS := $(basename $(notdir $(RECIPES)))
MANIFESTS := $(REGION_IDS:%=$(PACKS)/regions/%/manifest.json)

.PHONY: all deps venv build demo test packs validate preview golden bench bench-table extremes clean dist cluster-test

all: build

deps:
	@scripts/install-deps.sh

build: deps $(TRAILPACK)

.build/release/trailpack: $(SWIFT_SOURCES)
	swift build -c release --product trailpack

# Each region rebuilds only when its recipe, an input it read (from its depfile) or the tool
# changed; the catalog is written last, once every region is in place. The regions share one
# glyph cache beside their depfiles (`--glyph-cache`): each range of the font is rendered once.
packs: $(PACKS)/catalog.json

$(PACKS)/catalog.json: $(MANIFESTS)
	$(TRAILPACK) catalog $(PACKS) --quiet

$(PACKS)/regions/%/manifest.json: Recipes/%.json5 $(TRAILPACK)
	@mkdir -p $(PACKS)/.deps
	$(TRAILPACK) build $< --out $(PACKS) --no-catalog --quiet --depfile $(PACKS)/.deps/$*.d --glyph-cache $(PACKS)/.glyph-cache

-include $(wildcard $(PACKS)/.deps/*.d)

# Every SPEC rule and plausibility check, plus a comparison with the DEMs the recipes read.
validate:
	@test -d $(PACKS) || { echo "no $(PACKS)/ yet: run 'make packs' first"; exit 2; }
	$(TRAILPACK) validate $(PACKS) --recipes $(RECIPES)

# Previews also show each region's style.json drawn by MapLibre Native (the .venv's mapli).
RENDERER = $(CURDIR)/.venv/bin/python $(CURDIR)/scripts/render_style.py

preview: packs venv
	@for id in $(REGION_IDS); do TRAILPACK_RENDERER="$(RENDERER)" TRAILPACK_BROWSER=chromium $(TRAILPACK) preview $(PACKS)/regions/$$id --out $(PREVIEWS)/$$id || exit 1; done

demo: build venv
	$(TRAILPACK) build $(RECIPES) --out $(PACKS)
	$(TRAILPACK) validate $(PACKS) --recipes $(RECIPES)
	@for id in $(REGION_IDS); do TRAILPACK_RENDERER="$(RENDERER)" TRAILPACK_BROWSER=chromium $(TRAILPACK) preview $(PACKS)/regions/$$id --out $(CURDIR)/$(PREVIEWS)/$$id || exit 1; done

# The suite's builds share one glyph cache (`--glyph-cache`), fresh for each run: each range of
# the font is rendered once per run instead of once per build.
test: deps venv
	swift build --build-tests
	@cache=$$(mktemp -d -t trailpack-glyphs.XXXXXX) && echo "TRAILPACK_GLYPH_CACHE=$$cache swift test --skip-build" \
	  && TRAILPACK_GLYPH_CACHE=$$cache swift test --skip-build; status=$$?; rm -rf "$$cache"; exit $$status

# dist/trailpack-<version>-linux-<arch>.tar.gz: the binary with the Swift runtime linked in (its own
# scratch path, .build/dist), the Debian runtime packages it needs, its licences (docs/CLUSTER.md).
dist: deps
	scripts/dist.sh

# docs/CLUSTER.md's blocks run as written: its Slurm scripts on a one-node Slurm (installs slurm-wlm
# and munge when missing), its Kubernetes YAML against the API schemas. Not part of `make test`.
cluster-test: dist
	scripts/cluster_test.sh

# The Python environment of the test suite (scripts/independent_route.py: pyroutelib3;
# scripts/render_style.py: mapli): .venv, remade only when scripts/requirements-test.txt changes.
VENV := .venv
VENV_STAMP := $(VENV)/.requirements-test.stamp

venv: $(VENV_STAMP)

$(VENV_STAMP): scripts/requirements-test.txt | deps
	python3 -m venv --clear $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/requirements-test.txt
	touch $@

# Regenerates the golden files under Tests/ on purpose; review the diff like code.
golden: deps
	TRAILPACK_UPDATE_GOLDEN=1 swift test --filter Golden

bench: build venv
	scripts/bench.sh

# Generated extremes (2 M-fix recordings of every shape, 200,000 tiny trail lines, 300 routes,
# a 40 M-cell region): every build that exits 0 passes validate --strict (scripts/extremes.sh).
extremes: build
	scripts/extremes.sh

# README.md's speed table from bench/results.json (make bench does this after a full run).
bench-table:
	python3 scripts/bench_report.py table --results bench/results.json --readme README.md

clean:
	rm -rf .build $(PACKS) bench/work dist
