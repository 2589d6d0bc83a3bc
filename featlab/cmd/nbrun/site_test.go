package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSiteLinks(t *testing.T) {
	in := "see [05](05-sparsity.ipynb#lasso), [tour](notebooks/00-tour.ipynb), [home](../README.md), ![f](../plots/05-sparsity/a.png)"
	want := "see [05](05-sparsity.html#lasso), [tour](00-tour.html), [home](index.html), ![f](../plots/05-sparsity/a.png)"
	if got := siteLinks(in, "../"); got != want {
		t.Errorf("siteLinks:\n got %s\nwant %s", got, want)
	}
}

func TestReadmeNotebooks(t *testing.T) {
	readme := "# x\n\nintro\n\n## Quick start\n\nq\n\n## Notebooks\n\n| a | b |\n|---|---|\n| [00](notebooks/00-tour.ipynb) | t |\n\n## The library\n\nl\n"
	intro, table := readmeNotebooks(readme)
	if intro != "# x\n\nintro\n" || !strings.Contains(table, "00-tour.ipynb") || strings.Contains(table, "library") {
		t.Errorf("readmeNotebooks: intro %q, table %q", intro, table)
	}
}

// TestFigureProblems: a page passes when it embeds every stored PNG and
// every figure file, and fails when a figure is missing or stored as SVG.
func TestFigureProblems(t *testing.T) {
	dir := t.TempDir()
	png := []byte("\x89PNG fake bytes")
	b64 := base64.StdEncoding.EncodeToString(png)
	os.MkdirAll(filepath.Join(dir, "plots", "07-x"), 0o755)
	os.WriteFile(filepath.Join(dir, "plots", "07-x", "f.png"), png, 0o644)
	write := func(outputs ...map[string]any) string {
		nb := map[string]any{"cells": []any{map[string]any{"cell_type": "code", "source": "%%", "metadata": map[string]any{}, "outputs": outputs}},
			"metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5}
		b, _ := json.Marshal(nb)
		p := filepath.Join(dir, "07-x.ipynb")
		os.WriteFile(p, b, 0o644)
		return p
	}
	page := filepath.Join(dir, "07-x.html")
	good := write(map[string]any{"output_type": "display_data", "data": map[string]any{"image/png": b64, "text/plain": "[figure]"}})
	os.WriteFile(page, []byte(`<div><img alt="x" src="data:image/png;base64,`+b64+`"></div>`), 0o644)
	if ps, n, err := figureProblems(good, page, filepath.Join(dir, "plots")); err != nil || len(ps) != 0 || n != 1 {
		t.Errorf("good page: problems %v, %d images, err %v", ps, n, err)
	}
	os.WriteFile(page, []byte(`<div>&lt;svg ...&gt;</div>`), 0o644)
	if ps, _, _ := figureProblems(good, page, filepath.Join(dir, "plots")); len(ps) < 2 {
		t.Errorf("page without its image passed: %v", ps)
	}
	svg := write(map[string]any{"output_type": "display_data", "data": map[string]any{"text/html": "<div><svg></svg></div>"}})
	if ps, _, _ := figureProblems(svg, page, filepath.Join(dir, "plots")); len(ps) == 0 || !strings.Contains(strings.Join(ps, " "), "SVG inside HTML") {
		t.Errorf("figure stored as SVG-in-HTML passed: %v", ps)
	}
}

func TestKernelCurrent(t *testing.T) {
	dir := t.TempDir()
	gonb := filepath.Join(dir, "gonb")
	os.WriteFile(gonb, []byte("binary"), 0o755)
	copyOf := filepath.Join(dir, "copy")
	os.WriteFile(copyOf, []byte("binary"), 0o755)
	spec := filepath.Join(dir, "kernel.json")
	goEnv := kernelGoEnv("/cache", "https://proxy.golang.org,direct", "", "")
	want := map[string]string{"PATH": "/bin", "GOPROXY": goEnv["GOPROXY"], "GOFLAGS": goEnv["GOFLAGS"]}
	write := func(argv0 string, flags []string, path string) {
		env := map[string]string{"PATH": path, "GOPROXY": want["GOPROXY"], "GOFLAGS": want["GOFLAGS"]}
		b, _ := json.Marshal(map[string]any{"argv": append([]string{argv0, "--kernel", "{connection_file}"}, flags...), "env": env})
		os.WriteFile(spec, b, 0o644)
	}
	flags := append(append([]string(nil), kernelFlags...), goWorkFlag("/repo"))
	write(gonb, kernelFlags, "/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); why == "" {
		t.Error("spec naming no checkout reported current")
	}
	write(gonb, append(append([]string(nil), kernelFlags...), goWorkFlag("/other")), "/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); !strings.Contains(why, "/other") {
		t.Errorf("spec of another checkout: %q, want it named", why)
	}
	write(gonb, flags, "/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); why != "" {
		t.Errorf("current spec reported stale: %s", why)
	}
	write(copyOf, flags, "/bin") // gonb --install copies itself when it lives under /tmp
	if why := kernelCurrent(spec, gonb, want, "/repo"); why != "" {
		t.Errorf("spec pointing at an identical copy reported stale: %s", why)
	}
	write(gonb, nil, "/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); why == "" {
		t.Error("spec without the quiet log flags reported current")
	}
	write(gonb, flags, "/usr/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); why == "" {
		t.Error("spec with another PATH reported current")
	}
	// A registration from before the Go settings (PATH only) is stale.
	b, _ := json.Marshal(map[string]any{"argv": append([]string{gonb, "--kernel", "{connection_file}"}, flags...), "env": map[string]string{"PATH": "/bin"}})
	os.WriteFile(spec, b, 0o644)
	if why := kernelCurrent(spec, gonb, want, "/repo"); !strings.Contains(why, "GOFLAGS") {
		t.Errorf("spec without GOFLAGS: %q, want it named", why)
	}
	os.WriteFile(copyOf, []byte("other"), 0o755)
	write(copyOf, flags, "/bin")
	if why := kernelCurrent(spec, gonb, want, "/repo"); why == "" {
		t.Error("spec pointing at a different binary reported current")
	}
}
