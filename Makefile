# featlab: make setup | lab | figures | test | bench
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
export PATH := $(BIN):$(shell $(GO) env GOROOT 2>/dev/null)/bin:$(PATH)
export GOTOOLCHAIN ?= local

GOPLS_VERSION := v0.20.0
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))
JUPYTER_DEBS := jupyter-notebook jupyter-nbconvert python3-nbclient

# timed NAME, COMMAND: run a stage and print how long it took.
define timed
	@printf '\n==> %s\n' "$(1)"; s=$$(date +%s); $(2); printf '    %s: %ss\n' "$(1)" $$(( $$(date +%s) - s ))
endef

.PHONY: help setup jupyter tools kernel lab figures notebook notebooks test bench clean

help:
	@echo "make setup    install what is missing (Jupyter, GoNB, goimports, gopls) and prove the kernel works"
	@echo "make figures  set up, execute every notebook headless, regenerate every figure in plots/"
	@echo "make test     set up; gofmt, go vet, go test, every notebook executed, figures compared with plots/"
	@echo "make lab      set up, then open the notebooks in Jupyter (http://$(IP):$(PORT))"
	@echo "make bench    Go benchmarks, then featlab against scikit-learn/glmnet on the same data"
	@echo "make notebook NB=notebooks/05-sparsity.ipynb   re-execute one notebook in place (for authors)"
	@echo "make notebooks  re-execute every notebook in place and regenerate plots/ (after a library change)"

## setup: Jupyter from Debian if missing, GoNB/goimports/gopls into ./bin, kernel registered, one-cell proof.
setup: jupyter tools kernel
	@printf '==> proving the GoNB kernel with a one-cell notebook\n'
	@$(BIN)/nbrun probe
	@printf '==> setup done\n'

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
	@if [ ! -x $(BIN)/gonb ] || [ ! -x $(BIN)/goimports ] || [ go.mod -nt $(BIN)/gonb ]; then \
	  printf '==> building gonb and goimports (tool lines of go.mod) into ./bin\n'; \
	  GOBIN=$(BIN) $(GO) install tool; touch $(BIN)/gonb; \
	else printf '==> gonb, goimports present in ./bin\n'; fi
	@if [ ! -x $(BIN)/gopls ]; then \
	  printf '==> building gopls %s into ./bin\n' $(GOPLS_VERSION); \
	  GOBIN=$(BIN) GOFLAGS= $(GO) install golang.org/x/tools/gopls@$(GOPLS_VERSION); \
	else printf '==> gopls present in ./bin\n'; fi
	@printf '==> building nbrun (notebook runner) into ./bin\n'
	@$(GO) build -o $(BIN)/nbrun ./featlab/internal/nbrun

kernel:
	@k=$$(jupyter --data-dir)/kernels/gonb/kernel.json; \
	if [ -f "$$k" ] && grep -q '"$(BIN)/gonb"' "$$k" && grep -q '"PATH"' "$$k"; then \
	  printf '==> GoNB kernel registered: %s\n' "$$k"; \
	else \
	  printf '==> registering the GoNB kernel\n'; \
	  $(BIN)/gonb --install --logtostderr=false >/dev/null 2>&1 || $(BIN)/gonb --install; \
	  $(BIN)/nbrun kernelenv "$$k" "$(PATH)"; \
	  printf '    %s\n' "$$k"; \
	fi

## lab: Jupyter on notebooks/ with the GoNB kernel.
lab: setup
	@printf '==> starting Jupyter on notebooks/: open http://%s:%s/ (the token is printed below)\n' "$(IP)" "$(PORT)"
	@ROOTFLAG=""; [ "$$(id -u)" != 0 ] || ROOTFLAG=--allow-root; \
	cd notebooks && exec jupyter notebook --no-browser --ip=$(IP) --port=$(PORT) $$ROOTFLAG

## figures: execute every notebook headless and write every figure into plots/.
figures: setup
	@printf '==> executing %d notebooks headless; figures go to plots/\n' $(words $(NOTEBOOKS))
	@rm -rf plots/*/
	@$(BIN)/nbrun exec $(NOTEBOOKS)
	@printf '==> figures: %s files in plots/\n' $$(find plots -type f | wc -l)

## notebook: re-execute one notebook in place so its stored outputs are a clean run's.
notebook: tools kernel
	@[ -n "$(NB)" ] || { echo "usage: make notebook NB=notebooks/NN-topic.ipynb"; exit 2; }
	@printf '==> executing %s in place\n' "$(NB)"
	@$(BIN)/nbrun exec -inplace $(NB)

## notebooks: re-execute every notebook in place and regenerate plots/ (after a library change).
notebooks: tools kernel
	@printf '==> executing %d notebooks in place; figures go to plots/\n' $(words $(NOTEBOOKS))
	@rm -rf plots/*/
	@$(BIN)/nbrun exec -inplace $(NOTEBOOKS)

## test: everything CI checks; the working tree is left untouched.
test: setup
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory test-stages; \
	printf '\nmake test: all stages passed in %ss (gofmt, vet, go test, %d notebooks, figures)\n' $$(( $$(date +%s) - start )) $(words $(NOTEBOOKS))

.PHONY: test-stages
test-stages:
	$(call timed,gofmt,out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './bin/*')); [ -z "$$out" ] || { echo "gofmt would change:"; echo "$$out"; exit 1; })
	$(call timed,go vet,$(GO) vet ./...)
	$(call timed,go test,$(GO) test -count=1 ./...)
	$(call timed,notebook lint,$(BIN)/nbrun lint $(NOTEBOOKS))
	$(call timed,notebooks executed and figures compared with plots/,tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	  FEATLAB_PLOTS=$$tmp $(BIN)/nbrun exec -compare $(NOTEBOOKS); \
	  $(BIN)/nbrun diffdirs plots $$tmp)

## bench: Go benchmarks, then the side-by-side comparison with the peers.
bench:
	$(call timed,go benchmarks,$(GO) test -run '^$$' -bench . -benchmem ./...)
	@if [ -d featlab/internal/peerbench ]; then \
	  printf '\n==> featlab against scikit-learn / glmnet (same data, same run)\n'; \
	  $(GO) run ./featlab/internal/peerbench; \
	fi

clean:
	rm -rf $(BIN)
