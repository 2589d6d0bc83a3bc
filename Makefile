# featlab: make setup | lab | figures | test | bench | site
#
# Every target prints what it does and is safe to run again: setup installs
# only what is missing. See README.md.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

ROOT    := $(CURDIR)
BIN     := $(ROOT)/bin
GO      ?= go
PORT    ?= 8888
IP      ?= 127.0.0.1
NB      ?=
TRUST   ?= 1
# How long an nb.LiveSlider (a figure the kernel redraws at each move; the
# course's sliders are precomputed nb.Sliders, which never wait) waits for a
# move before its cell ends; for a lecture: make lab SLIDER_IDLE=10m.
SLIDER_IDLE ?= 30s
# The folder make serve serves (test-browser serves copies).
NBDIR   ?= notebooks
export PATH := $(BIN):$(shell $(GO) env GOROOT 2>/dev/null)/bin:$(PATH)
export GOTOOLCHAIN ?= local

GOPLS_VERSION := v0.20.0
# GoNB runs goimports before every cell's build. From x/tools v0.4x on,
# goimports reads the whole module-cache index on every call (about 0.2 s of
# CPU here, with this project's cache); v0.39.0 does not, and a cell's
# goimports takes 0.04 s. So goimports is pinned here, not a tool line.
GOIMPORTS_VERSION := v0.39.0
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))
comma := ,
# The Python make bench times scikit-learn with (Debian's, not a pyenv/venv one).
PEER_PYTHON ?= /usr/bin/python3
JUPYTER_DEBS := jupyter-notebook jupyter-nbconvert python3-nbclient
# What make site and make slides ship inside their folders (MathJax 2.7 with
# its TeX fonts, require.js, jQuery), and reveal.js for the decks (npm, pinned).
JS_DEBS := libjs-mathjax fonts-mathjax libjs-requirejs libjs-jquery
REVEAL_VERSION := 4.0.2
REVEAL_INTEGRITY := sha512-LWZSUenufF1gpD7npxJ7KfoQQFKgc1D6XrLTFgKlwWNP1BQ74hT48KONFWMAw+8R/QUeaScCLCLrBVHDfFIEiw==
# The peers make bench times featlab against (Debian packages).
PEER_DEBS := python3-sklearn python3-pandas python3-scipy python3-statsmodels python3-cvxopt r-base-core r-cran-glmnet r-cran-leaps
# What make test-browser drives.
BROWSER_DEBS := chromium chromium-driver python3-selenium
# make lab reads the notebook server's settings (tab display, editor) from here.
JUPYTER_CONFIG := $(ROOT)/jupyter

# timed NAME, COMMAND: run a stage and print how long it took.
define timed
	@printf '\n==> %s\n' "$(1)"; s=$$(date +%s); $(2); printf '    %s: %ss\n' "$(1)" $$(( $$(date +%s) - s ))
endef

.PHONY: help setup jupyter tools js kernel warm lab serve trust figures notebook notebooks test bench peers site slides docker-check clean

# apt_install WHAT, PACKAGES[, HINT]: install Debian packages with apt-get
# (sudo when not root), or say exactly what to install where there is none.
define apt_install
	@if command -v apt-get >/dev/null 2>&1; then \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  printf '==> installing %s from Debian: %s\n' "$(1)" "$(2)"; \
	  $$SUDO apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(2) >/dev/null; \
	else \
	  echo "No apt-get on this system to install $(1). Install the equivalents of these Debian packages: $(2)"; \
	  [ -z "$(3)" ] || echo "$(3)"; \
	  exit 1; \
	fi
endef

help:
	@echo "make setup    install what is missing (Jupyter, GoNB, goimports, gopls) and prove the kernel works"
	@echo "make figures  set up, execute every notebook headless, regenerate every figure in plots/"
	@echo "make test     set up; gofmt, go vet, go test, notebooks executed, figures compared with plots/, rendered untrusted and as a site"
	@echo "make lab      set up, then open the notebooks in Jupyter (http://$(IP):$(PORT), or the next free port)"
	@echo "make bench    install the peers if missing, Go benchmarks, then featlab against scikit-learn/glmnet on the same data"
	@echo "make bench-compare OLD=<commit> [RUN=<regexp>]   featlab at OLD against this checkout, interleaved, single-threaded (wall and CPU)"
	@echo "make site     export every executed notebook to static HTML in site/ (open site/index.html; works offline, from any folder)"
	@echo "make slides   every executed notebook as a reveal.js deck in slides/ (a slide per section; offline, from any folder)"
	@echo "make test-browser  headless Chromium checks figures unrun and moves every slider (installs chromium from Debian)"
	@echo "make docker-check  run the Dockerfile's steps in a clean copy (no Docker engine needed)"
	@echo "make docker-build-check  (root) build docker/Dockerfile with buildah against a debootstrap base, run it, execute a notebook through it"
	@echo "make notebook NB=notebooks/05-sparsity.ipynb   re-execute one notebook in place (for authors)"
	@echo "make notebooks  re-execute every notebook in place and regenerate plots/ (after a library change)"

## setup: Jupyter from Debian if missing, GoNB/goimports/gopls into ./bin, kernel registered,
## the Go build cache warmed, and a notebook proving the kernel builds every package.
setup: jupyter tools js kernel warm
	@printf '==> setup done\n'

## warm: build the library and, through the kernel as a notebook does, every
## package a notebook imports, so the first notebook a student opens is fast.
warm:
	@printf '==> warming the Go build cache: go build ./...\n'
	@$(GO) build ./...
	@printf '==> proving the GoNB kernel with a notebook that imports every featlab package\n'
	@$(BIN)/nbrun probe -root $(ROOT)

jupyter:
	@if command -v jupyter >/dev/null 2>&1 && jupyter nbconvert --version >/dev/null 2>&1 \
	    && jupyter notebook --version >/dev/null 2>&1; then \
	  printf '==> Jupyter present: %s (nbconvert %s)\n' "$$(command -v jupyter)" "$$(jupyter nbconvert --version)"; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  printf '==> installing Jupyter from Debian: %s\n' "$(JUPYTER_DEBS)"; \
	  $$SUDO apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(JUPYTER_DEBS) >/dev/null; \
	  printf '    installed: %s\n' "$$(jupyter nbconvert --version)"; \
	else \
	  echo "Jupyter (notebook + nbconvert + nbclient) is missing and this system has no apt-get."; \
	  echo "Install it with your package manager, or: python3 -m pip install notebook nbconvert nbclient"; \
	  exit 1; \
	fi

tools:
	@mkdir -p $(BIN)
	@if [ ! -x $(BIN)/gonb ] || [ go.mod -nt $(BIN)/gonb ]; then \
	  printf '==> building gonb (tool line of go.mod) into ./bin\n'; \
	  GOBIN=$(BIN) $(GO) install tool; touch $(BIN)/gonb; \
	else printf '==> gonb present in ./bin\n'; fi
	@if ! $(GO) version -m $(BIN)/goimports 2>/dev/null | grep -q 'mod[[:space:]]*golang.org/x/tools[[:space:]]*$(GOIMPORTS_VERSION)[[:space:]]'; then \
	  printf '==> building goimports %s into ./bin\n' $(GOIMPORTS_VERSION); \
	  GOBIN=$(BIN) GOFLAGS= $(GO) install golang.org/x/tools/cmd/goimports@$(GOIMPORTS_VERSION); \
	else printf '==> goimports %s present in ./bin\n' $(GOIMPORTS_VERSION); fi
	@if [ ! -x $(BIN)/gopls ]; then \
	  printf '==> building gopls %s into ./bin\n' $(GOPLS_VERSION); \
	  GOBIN=$(BIN) GOFLAGS= $(GO) install golang.org/x/tools/gopls@$(GOPLS_VERSION); \
	else printf '==> gopls present in ./bin\n'; fi
	@printf '==> building nbrun (notebook runner) into ./bin\n'
	@$(GO) build -o $(BIN)/nbrun ./featlab/cmd/nbrun

## kernel: register GoNB unless the registered kernel already runs ./bin/gonb
## with this PATH, quiet logging and -go_work=$(ROOT), so a fresh kernel imports this
## checkout's packages without the set-up cell (nbrun kernel says why it re-registers,
## and when it takes the kernel over from another checkout).
kernel:
	@$(BIN)/nbrun kernel $(BIN)/gonb "$(PATH)" "$(ROOT)"

## trust: mark the course notebooks trusted, so Jupyter renders their stored
## HTML outputs as is (figures are PNG and show either way). Debian's Jupyter
## has no `jupyter trust`; nbformat's notary, with Jupyter's own Python, does the same.
trust:
	@py=$$(head -1 "$$(command -v jupyter)" | sed -n 's/^#! *//p'); \
	if jupyter trust $(NOTEBOOKS) >/dev/null 2>&1 || $${py:-python3} -c 'import sys, nbformat; \
	  from nbformat.sign import NotebookNotary; n = NotebookNotary(); \
	  [n.sign(nbformat.read(p, as_version=4)) for p in sys.argv[1:]]' $(NOTEBOOKS); then \
	  printf '==> marked %d notebooks trusted\n' $(words $(NOTEBOOKS)); \
	else printf '==> could not mark the notebooks trusted (they still open; figures show as PNG)\n'; fi

## lab: set up, then serve.
lab: setup
	@$(MAKE) --no-print-directory serve

## serve: Jupyter on notebooks/ with the GoNB kernel, on PORT or the next free
## port, with the settings in jupyter/ (tabs shown as plain indentation); no
## set-up (the container runs this at every start, setup ran at build time).
serve:
	@[ "$(TRUST)" = 0 ] || $(MAKE) --no-print-directory trust
	@ROOTFLAG=""; [ "$$(id -u)" != 0 ] || ROOTFLAG=--allow-root; \
	port=$$($(BIN)/nbrun freeport $(IP) $(PORT)); \
	token=$${FEATLAB_TOKEN:-$$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}; \
	host=$(IP); [ "$$host" != 0.0.0.0 ] || host=localhost; \
	[ "$$port" = "$(PORT)" ] || printf '==> port %s is taken; using %s\n' "$(PORT)" "$$port"; \
	printf '==> starting Jupyter on $(NBDIR)/\n\n    open  http://%s:%s/?token=%s\n\n' "$$host" "$$port" "$$token"; \
	cd $(NBDIR) && FEATLAB_SLIDER_IDLE=$${FEATLAB_SLIDER_IDLE:-$(SLIDER_IDLE)} JUPYTER_CONFIG_DIR=$(JUPYTER_CONFIG) exec jupyter notebook --no-browser --ip=$(IP) \
	  --port=$$port --port-retries=0 --NotebookApp.token=$$token $$ROOTFLAG

## figures: execute every notebook headless and write every figure into plots/.
figures: setup
	@printf '==> executing %d notebooks headless; figures go to plots/\n' $(words $(NOTEBOOKS))
	@rm -rf plots/*/
	@$(BIN)/nbrun exec $(NOTEBOOKS)
	@printf '==> figures: %s files in plots/\n' $$(find plots -type f | wc -l)

## js: what the site and the decks ship in their folders: MathJax, require.js
## and jQuery from Debian (if missing), reveal.js $(REVEAL_VERSION) from npm
## (checked against its integrity hash) unpacked into bin/js/reveal.js.
js:
	@if [ -f /usr/share/javascript/mathjax/MathJax.js ] && [ -f /usr/share/javascript/mathjax/fonts/HTML-CSS/TeX/woff/MathJax_Main-Regular.woff ] \
	    && [ -f /usr/share/javascript/requirejs/require.min.js ] && [ -f /usr/share/javascript/jquery/jquery.min.js ]; then \
	  printf '==> MathJax, require.js, jQuery present in /usr/share/javascript\n'; \
	else $(MAKE) --no-print-directory js-install; fi
	@if [ -f $(BIN)/js/reveal.js/dist/reveal.js ] && grep -q '"version": "$(REVEAL_VERSION)"' $(BIN)/js/reveal.js/package.json; then \
	  printf '==> reveal.js %s present in bin/js/reveal.js\n' $(REVEAL_VERSION); \
	else \
	  command -v npm >/dev/null || { echo "make slides needs npm (Debian: apt-get install npm) to fetch reveal.js $(REVEAL_VERSION)"; exit 1; }; \
	  printf '==> fetching reveal.js %s with npm into bin/js/reveal.js\n' $(REVEAL_VERSION); \
	  tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	  (cd $$tmp && npm pack --silent reveal.js@$(REVEAL_VERSION) >/dev/null); \
	  got="sha512-$$(openssl dgst -sha512 -binary $$tmp/reveal.js-$(REVEAL_VERSION).tgz | base64 -w0)"; \
	  [ "$$got" = "$(REVEAL_INTEGRITY)" ] || { echo "reveal.js $(REVEAL_VERSION): integrity $$got, want $(REVEAL_INTEGRITY)"; exit 1; }; \
	  rm -rf $(BIN)/js/reveal.js; mkdir -p $(BIN)/js/reveal.js; \
	  tar xzf $$tmp/reveal.js-$(REVEAL_VERSION).tgz -C $(BIN)/js/reveal.js --strip-components=1; \
	fi

.PHONY: js-install
js-install:
	$(call apt_install,MathJax$(comma) require.js and jQuery for make site and make slides,$(JS_DEBS))

## site: every stored (executed) notebook as static HTML in site/, the
## README's notebook table as site/index.html.
## It ships MathJax, require.js and jQuery in site/_static (relative paths):
## the folder works from disk, a USB stick or any web server.
site: tools js
	@printf '==> exporting %d notebooks to site/\n' $(words $(NOTEBOOKS))
	@rm -rf site && $(BIN)/nbrun site -out site $(NOTEBOOKS)
	@printf '==> open site/index.html\n'

## slides: every stored notebook as a reveal.js deck slides/NN-x.slides.html,
## a slide per section (## heading, set on copies: the notebooks are not
## changed), reveal.js and MathJax in slides/_static. Arrows move, Esc shows
## the overview, s the speaker view.
slides: tools js
	@printf '==> exporting %d notebooks as decks to slides/\n' $(words $(NOTEBOOKS))
	@rm -rf slides && $(BIN)/nbrun slides -out slides $(NOTEBOOKS)
	@printf '==> open slides/00-tour.slides.html\n'

## notebook: re-execute one notebook in place so its stored outputs are a clean run's
## (its run time and load go to its metadata and the README table).
notebook: tools kernel
	@[ -n "$(NB)" ] || { echo "usage: make notebook NB=notebooks/NN-topic.ipynb"; exit 2; }
	@printf '==> executing %s in place\n' "$(NB)"
	@$(BIN)/nbrun exec -inplace $(NB)
	@$(BIN)/nbrun readme-times $(NOTEBOOKS)

## notebooks: re-execute every notebook in place and regenerate plots/ (after a library change).
notebooks: tools kernel
	@printf '==> executing %d notebooks in place; figures go to plots/\n' $(words $(NOTEBOOKS))
	@rm -rf plots/*/
	@$(BIN)/nbrun exec -inplace $(NOTEBOOKS)
	@$(BIN)/nbrun readme-times $(NOTEBOOKS)

## test: everything CI checks; the working tree is left untouched.
test: setup
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory test-stages; \
	printf '\nmake test: all stages passed in %ss (gofmt, vet, go test, %d notebooks, figures, untrusted render, site, slides)\n' $$(( $$(date +%s) - start )) $(words $(NOTEBOOKS))

.PHONY: test-stages
test-stages:
	$(call timed,gofmt,out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './bin/*')); [ -z "$$out" ] || { echo "gofmt would change:"; echo "$$out"; exit 1; })
	$(call timed,go vet,$(GO) vet ./...)
	$(call timed,go test,$(GO) test -count=1 ./...)
	$(call timed,go test -tags noasm (the portable kernels),$(GO) vet -tags noasm ./featlab/internal/kernel/ ./featlab/internal/eigen/ ./featlab/represent/ ./featlab/filter/ ./featlab/transform/ && $(GO) test -count=1 -tags noasm ./featlab/internal/kernel/ ./featlab/internal/eigen/ ./featlab/represent/ ./featlab/filter/ ./featlab/transform/)
	$(call timed,make test-beam (the nested Beam module: vet and tests on prism),$(MAKE) --no-print-directory test-beam)
	$(call timed,notebook lint,$(BIN)/nbrun lint $(NOTEBOOKS))
	$(call timed,notebooks rendered untrusted: every figure shows,$(BIN)/nbrun untrusted $(NOTEBOOKS))
	$(call timed,site export: every page has its figures; self-contained (no file:// or /usr/share URL; every relative asset exists),tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	  $(BIN)/nbrun site -out $$tmp $(NOTEBOOKS))
	$(call timed,slides export: a deck per notebook; self-contained,tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	  $(BIN)/nbrun slides -out $$tmp $(NOTEBOOKS))
	$(call timed,notebooks executed and figures compared with plots/,tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	  FEATLAB_PLOTS=$$tmp $(BIN)/nbrun exec -compare $(NOTEBOOKS); \
	  $(BIN)/nbrun diffdirs plots $$tmp)

## test-beam: the nested module featlab/beam (Apache Beam's Go SDK, its own
## go.mod): go vet and its tests, which run pipelines on Beam's in-process
## prism runner. About 2 minutes warm; a cold module cache adds the download
## of Beam's dependencies (see featlab/beam/README.md for the times).
.PHONY: test-beam
test-beam:
	cd featlab/beam && $(GO) vet ./... && $(GO) test -count=1 ./...

## race: the conformance suite under the race detector (every exported type
## with methods used from 8 goroutines at once).
.PHONY: race
race:
	$(GO) test -race -count=1 ./featlab/internal/badinput/

## cancel-latency: every Context entry point cancelled mid-run must return
## within 1 s (wall clock: opt-in, not part of make test); prints each latency
## and a table at the end. A subset: FEATLAB_CANCEL_RUN='<regexp on the entry id>'.
.PHONY: cancel-latency
cancel-latency:
	FEATLAB_CANCEL=1 $(GO) test -count=1 -v -timeout 60m -run TestCancelLatency ./featlab/internal/badinput/

## peers: scikit-learn, scipy, statsmodels, cvxopt (Debian's /usr/bin/python3,
## which peerbench uses) and R with glmnet and leaps, installed if missing.
peers:
	@if $(PEER_PYTHON) -c 'import sklearn, pandas, scipy, statsmodels, cvxopt' >/dev/null 2>&1 \
	    && Rscript -e 'library(glmnet); library(leaps)' >/dev/null 2>&1; then \
	  printf '==> peers present: scikit-learn %s, R glmnet %s\n' \
	    "$$($(PEER_PYTHON) -c 'import sklearn; print(sklearn.__version__)')" \
	    "$$(Rscript -e 'cat(as.character(packageVersion("glmnet")))')"; \
	else $(MAKE) --no-print-directory peers-install; fi

.PHONY: peers-install
peers-install:
	$(call apt_install,the benchmark peers,$(PEER_DEBS),For example: python3 -m pip install scikit-learn pandas scipy statsmodels cvxopt; in R: install.packages(c('glmnet'$(comma) 'leaps')); then: make bench PEER_PYTHON=/path/to/that/python3)

## bench: Go benchmarks, then the side-by-side comparison with the peers.
bench: peers
	$(call timed,go benchmarks,$(GO) test -run '^$$' -bench . -benchmem ./...)
	@if [ -d featlab/cmd/peerbench ]; then \
	  printf '\n==> featlab against scikit-learn / glmnet (same data, same run)\n'; \
	  $(GO) run ./featlab/cmd/peerbench -python=$(PEER_PYTHON); \
	fi

## bench-compare: featlab's single-threaded times at OLD (default main)
## against this checkout's, interleaved in one run (wall and CPU time,
## new/old), e.g. make bench-compare OLD=main RUN='filter|transform'.
OLD ?= main
RUN ?=
.PHONY: bench-compare
bench-compare:
	featlab/cmd/peerbench/compare.sh $(OLD) -run '$(RUN)' $(COMPARE_FLAGS)

## test-browser: headless Chromium drives `make serve` (untrusted, on a spare
## port): every stored figure shows unrun, no tab arrows; every nb.Slider moves
## its figure on the make site pages (no kernel); Run All of each notebook
## (FEATLAB_BROWSER_RUNALL="05 06" for some) within its headless time + 10 s,
## and its sliders move in the live page; one deck of make slides and one page
## of make site copied under /tmp and served by python's http.server: formulas
## typeset, every request to the copy; exercise boxes say PASS/FAIL untrusted;
## the custom CSS in effect. Screenshots in /tmp/featlab-browser.
test-browser: setup browser-deps
	@printf '==> browser test: Chromium against make serve (copies of the notebooks, untrusted) on port %s+\n' 8890
	@dir=$(ROOT)/.browser-notebooks; log=$$(mktemp); plots=$$(mktemp -d); rm -rf $$dir; mkdir -p $$dir; \
	cp $(NOTEBOOKS) $$dir/; \
	trap 'kill -- -$$pid 2>/dev/null; rm -rf $$log $$plots $$dir' EXIT; \
	FEATLAB_PLOTS=$$plots FEATLAB_SLIDER_IDLE=$${FEATLAB_SLIDER_IDLE:-20s} setsid $(MAKE) --no-print-directory serve \
	  TRUST=0 IP=127.0.0.1 PORT=8890 NBDIR=$$dir >$$log 2>&1 & pid=$$!; \
	for i in $$(seq 60); do url=$$(sed -n 's/^ *open *\(http[^ ]*\)$$/\1/p' $$log); [ -z "$$url" ] || break; sleep 1; done; \
	[ -n "$$url" ] || { cat $$log; exit 1; }; sleep 2; \
	NBRUN=$(BIN)/nbrun FEATLAB_PLOTS=$$plots /usr/bin/python3 featlab/cmd/nbrun/browser.py "$$url" $(addprefix $$dir/,$(notdir $(NOTEBOOKS)))

.PHONY: browser-deps browser-install test-browser
browser-deps:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && /usr/bin/python3 -c 'import selenium' 2>/dev/null; then \
	  printf '==> chromium, chromedriver and selenium present\n'; \
	else $(MAKE) --no-print-directory browser-install; fi

browser-install:
	$(call apt_install,the browser test's Chromium and Selenium,$(BROWSER_DEBS))

## docker-check: the Dockerfile's steps in a clean copy of the committed tree
## (what can be verified without a Docker engine; see docker/README.md).
docker-check:
	@docker/check.sh

## docker-build-check: docker/Dockerfile built for real with buildah (chroot
## isolation, as root) on a stand-in base image made with debootstrap and the
## Go toolchain of the module proxy; the image's CMD run with buildah, a
## notebook executed through its Jupyter, the mounts' ownership checked.
## What it proves and what not: docker/README.md. 10-25 minutes.
.PHONY: docker-build-check
docker-build-check:
	@docker/build-check.sh

clean:
	rm -rf $(BIN) site slides

## bench-scale: issue 22's scale benchmark (not part of make test): generates
## N x d as CSV and Parquet in $(BENCH_DIR) (default a temporary directory,
## deleted after), times one-pass statistics and the scikit-learn peer.
## Smaller: make bench-scale BENCH_SCALE_FLAGS="-n 1000000".
BENCH_SCALE_FLAGS ?=
.PHONY: bench-scale
bench-scale:
	go run ./featlab/cmd/benchscale $(BENCH_SCALE_FLAGS)
