package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func TestKernelGoEnv(t *testing.T) {
	env := kernelGoEnv("/home/u/go/pkg/mod", "https://proxy.golang.org,direct", "-buildvcs=false")
	if got, want := env["GOPROXY"], "file:///home/u/go/pkg/mod/cache/download,https://proxy.golang.org,direct"; got != want {
		t.Errorf("GOPROXY = %q, want %q", got, want)
	}
	if got, want := env["GOFLAGS"], "-buildvcs=false "+linkFlags; got != want {
		t.Errorf("GOFLAGS = %q, want %q", got, want)
	}
	// Computed again from its own output (a kernel registered from inside
	// a kernel), the settings do not grow.
	again := kernelGoEnv("/home/u/go/pkg/mod", env["GOPROXY"], env["GOFLAGS"])
	if again["GOPROXY"] != env["GOPROXY"] || again["GOFLAGS"] != env["GOFLAGS"] {
		t.Errorf("not idempotent: %v then %v", env, again)
	}
	// The user's own choices stay: no proxy at all, their own link flags.
	own := kernelGoEnv("/c", "off", "-ldflags=-X=main.v=1")
	if _, ok := own["GOPROXY"]; ok || own["GOFLAGS"] != "-ldflags=-X=main.v=1" {
		t.Errorf("user settings overridden: %v", own)
	}
	if got := kernelGoEnv("/c", "", "")["GOPROXY"]; got != "file:///c/cache/download,https://proxy.golang.org,direct" {
		t.Errorf("empty GOPROXY gave %q", got)
	}
}

func TestKernelEnvKeepsOtherVariables(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "kernel.json")
	os.WriteFile(spec, []byte(`{"argv":["gonb"],"env":{"PATH":"/old","KEEP":"1"}}`), 0o644)
	want := map[string]string{"PATH": "/bin", "GOFLAGS": linkFlags}
	if err := kernelEnv(spec, want); err != nil {
		t.Fatal(err)
	}
	var ks kernelSpec
	b, _ := os.ReadFile(spec)
	if err := json.Unmarshal(b, &ks); err != nil {
		t.Fatal(err)
	}
	if ks.Env["PATH"] != "/bin" || ks.Env["GOFLAGS"] != linkFlags || ks.Env["KEEP"] != "1" {
		t.Errorf("env after kernelEnv: %v", ks.Env)
	}
}
