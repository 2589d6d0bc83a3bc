package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GoNB compiles every cell as a whole program: for each cell it runs
// goimports, `go get` and `go build`, then the binary. Measured on
// notebook 05 (24 code cells, before these settings): go build 41 s of CPU
// (most of it the linker), go get 30 s of wall time at 0.2 s of CPU each
// (waiting on the module proxy), goimports 7 s. The kernel is therefore
// registered with three Go settings in its environment:
//
//   - GOFLAGS gains linkFlags: no DWARF and no symbol table in a cell's
//     binary, about a quarter of the link. Panics still name the cell's
//     lines (the runtime's tables stay), and nobody debugs a cell's binary.
//   - GOPROXY puts the module cache first (file://GOMODCACHE/cache/download,
//     `go help goproxy`): a plain `go get` checks every module of the build
//     list for retractions and deprecations at the proxy (about 30 requests,
//     1.3 s per cell here); from the cache it answers in 0.3 s without the
//     network. What the cache lacks (a 404 there) still goes to the proxy the
//     user had, so a new module can still be added from a cell; only
//     `@latest` of a module already in the cache means the newest cached.
//   - CGO_ENABLED=0: no cell needs C, but with cgo on, the net and os/user
//     packages that GoNB's display library pulls in make every cell's
//     binary a dynamically linked cgo program. Without it each cell links
//     about 0.2 s faster (1.13 s against 0.93 s for a build of notebook
//     05's program, measured on this machine). A user who sets
//     CGO_ENABLED in the environment of `make kernel` keeps that value.
var linkFlags = "'-ldflags=-s -w'"

// kernelGoEnv returns the GOPROXY, GOFLAGS and CGO_ENABLED the kernel is
// registered with, given the user's GOMODCACHE, GOPROXY and GOFLAGS (`go
// env`) and the CGO_ENABLED of the user's environment ("" when unset). A
// GOPROXY of "off" or one that already starts with the cache is kept,
// GOFLAGS that already set -ldflags are kept and a CGO_ENABLED the user set
// is kept, so the result is the same when computed again from its own
// output.
func kernelGoEnv(modCache, goproxy, goflags, cgo string) map[string]string {
	env := map[string]string{"CGO_ENABLED": "0"}
	if cgo != "" {
		env["CGO_ENABLED"] = cgo
	}
	if modCache != "" && goproxy != "off" {
		cache := "file://" + filepath.ToSlash(filepath.Join(modCache, "cache", "download"))
		if goproxy == "" {
			goproxy = "https://proxy.golang.org,direct"
		}
		if !strings.HasPrefix(goproxy, cache) {
			goproxy = cache + "," + goproxy
		}
		env["GOPROXY"] = goproxy
	}
	goflags = strings.TrimSpace(goflags)
	if !strings.Contains(goflags, "-ldflags") {
		goflags = strings.TrimSpace(goflags + " " + linkFlags)
	}
	env["GOFLAGS"] = goflags
	return env
}

// kernelEnvFor returns the kernel's environment: PATH as given and the Go
// settings of kernelGoEnv from this machine's `go env` and environment.
func kernelEnvFor(pathEnv string) (map[string]string, error) {
	out, err := exec.Command("go", "env", "GOMODCACHE", "GOPROXY", "GOFLAGS").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	v := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	for len(v) < 3 {
		v = append(v, "")
	}
	env := kernelGoEnv(v[0], v[1], v[2], os.Getenv("CGO_ENABLED"))
	env["PATH"] = pathEnv
	return env, nil
}
