package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func TestKernelGoEnv(t *testing.T) {
	env := kernelGoEnv("/home/u/go/pkg/mod", "https://proxy.golang.org,direct", "-buildvcs=false", "")
	if got, want := env["GOPROXY"], "file:///home/u/go/pkg/mod/cache/download,https://proxy.golang.org,direct"; got != want {
		t.Errorf("GOPROXY = %q, want %q", got, want)
	}
	if got, want := env["GOFLAGS"], "-buildvcs=false "+linkFlags; got != want {
		t.Errorf("GOFLAGS = %q, want %q", got, want)
	}
	// Computed again from its own output (a kernel registered from inside
	// a kernel), the settings do not grow.
	if env["CGO_ENABLED"] != "0" {
		t.Errorf("CGO_ENABLED = %q, want 0 when the user did not set it", env["CGO_ENABLED"])
	}
	again := kernelGoEnv("/home/u/go/pkg/mod", env["GOPROXY"], env["GOFLAGS"], env["CGO_ENABLED"])
	if again["GOPROXY"] != env["GOPROXY"] || again["GOFLAGS"] != env["GOFLAGS"] || again["CGO_ENABLED"] != "0" {
		t.Errorf("not idempotent: %v then %v", env, again)
	}
	// The user's own choices stay: no proxy at all, their own link flags.
	own := kernelGoEnv("/c", "off", "-ldflags=-X=main.v=1", "1")
	if _, ok := own["GOPROXY"]; ok || own["GOFLAGS"] != "-ldflags=-X=main.v=1" || own["CGO_ENABLED"] != "1" {
		t.Errorf("user settings overridden: %v", own)
	}
	if got := kernelGoEnv("/c", "", "", "")["GOPROXY"]; got != "file:///c/cache/download,https://proxy.golang.org,direct" {
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

func TestHeadlessKernelHidesGopls(t *testing.T) {
	root := t.TempDir()
	bin := filepath.Join(root, "bin")
	os.MkdirAll(bin, 0o755)
	for _, n := range []string{"gonb", "goimports", "gopls"} {
		os.WriteFile(filepath.Join(bin, n), []byte("x"), 0o755)
	}
	other := filepath.Join(root, "other")
	os.MkdirAll(other, 0o755)
	specDir := filepath.Join(root, "spec")
	os.MkdirAll(specDir, 0o755)
	spec := `{"argv":["` + filepath.Join(bin, "gonb") + `","--kernel","{connection_file}"],"env":{"PATH":"` + bin + ":" + other + `","GOFLAGS":"-x"},"language":"go"}`
	os.WriteFile(filepath.Join(specDir, "kernel.json"), []byte(spec), 0o644)
	dir, err := headlessKernel(specDir, filepath.Join(root, "headless"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "kernels", "gonb", "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ks kernelSpec
	json.Unmarshal(b, &ks)
	parts := filepath.SplitList(ks.Env["PATH"])
	if len(parts) != 2 || parts[1] != other || parts[0] == bin {
		t.Fatalf("PATH = %q, want the bin folder replaced and %s kept", ks.Env["PATH"], other)
	}
	if _, err := os.Stat(filepath.Join(parts[0], "gopls")); err == nil {
		t.Error("gopls still on the headless PATH")
	}
	if _, err := os.Stat(filepath.Join(parts[0], "goimports")); err != nil {
		t.Errorf("goimports lost from the headless PATH: %v", err)
	}
	if ks.Env["GOFLAGS"] != "-x" || len(ks.Argv) != 3 || ks.Argv[0] != filepath.Join(bin, "gonb") {
		t.Errorf("the rest of the spec changed: %s", b)
	}
}
