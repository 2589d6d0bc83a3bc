package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSlideType(t *testing.T) {
	for _, c := range []struct {
		cell, src string
		first     bool
		want      string
	}{
		{"markdown", "# 05 Sparsity\n\ntext", true, "slide"},
		{"code", "x := 1", true, "slide"},
		{"markdown", "## The lasso\n\n$\\min_w$", false, "slide"},
		{"markdown", "\n## After a blank line", false, "slide"},
		{"markdown", "### A subsection", false, "subslide"},
		{"markdown", "Text with ## inside", false, "-"},
		{"markdown", "#### Small heading", false, "-"},
		{"code", "## not markdown", false, "-"},
	} {
		if got := slideType(c.cell, c.src, c.first); got != c.want {
			t.Errorf("slideType(%s, %q, %v) = %q, want %q", c.cell, c.src, c.first, got, c.want)
		}
	}
}

// TestMarkSlides: every cell gets slideshow metadata, other metadata is
// kept, and the count is the title plus one per section.
func TestMarkSlides(t *testing.T) {
	nb := map[string]any{"cells": []any{
		map[string]any{"cell_type": "markdown", "source": []any{"# Title\n", "intro"}, "metadata": map[string]any{"tags": []any{"x"}}},
		map[string]any{"cell_type": "code", "source": "a := 1"},
		map[string]any{"cell_type": "markdown", "source": "## One"},
		map[string]any{"cell_type": "markdown", "source": "### One.a"},
		map[string]any{"cell_type": "markdown", "source": []any{"## Two\n", "text"}},
	}}
	if n := markSlides(nb); n != 3 {
		t.Errorf("markSlides: %d slides, want 3", n)
	}
	want := []string{"slide", "-", "slide", "subslide", "slide"}
	for i, c := range nb["cells"].([]any) {
		md := c.(map[string]any)["metadata"].(map[string]any)
		if got := md["slideshow"].(map[string]any)["slide_type"]; got != want[i] {
			t.Errorf("cell %d: slide_type %v, want %s", i, got, want[i])
		}
		if i == 0 && md["tags"] == nil {
			t.Errorf("cell 0 lost its other metadata: %v", md)
		}
	}
}

func TestRelative(t *testing.T) {
	for u, want := range map[string]bool{
		"_static/mathjax/MathJax.js?config=x": true,
		"05-sparsity.html#lasso":              true,
		"../plots/a.png":                      true,
		"#section":                            false,
		"/usr/share/javascript/x.js":          false,
		"https://example.org/x.js":            false,
		"data:image/png;base64,AAA":           false,
		"mailto:a@b":                          false,
		"":                                    false,
	} {
		if got := relative(u); got != want {
			t.Errorf("relative(%q) = %v, want %v", u, got, want)
		}
	}
}

// TestSelfContained: a page whose assets all sit beside it passes; a
// file:// URL, an absolute /usr/share path, a missing asset (also one
// named only inside a script, as require's module list), and a script from
// another host each fail.
func TestSelfContained(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "_static", "mathjax"), 0o755)
	os.WriteFile(filepath.Join(dir, "_static", "mathjax", "MathJax.js"), []byte("//"), 0o644)
	os.WriteFile(filepath.Join(dir, "_static", "require.min.js"), []byte("//"), 0o644)
	good := `<html><head><script src="_static/require.min.js"></script>
<script src="_static/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"> </script></head>
<body><a href="https://example.org/paper">paper</a> <a href="#s">s</a> <a href="missing.pdf">typo</a>
<img src="data:image/png;base64,AAAA"> <p>text src="nothing" outside a tag</p></body></html>`
	write := func(h string) {
		os.WriteFile(filepath.Join(dir, "page.html"), []byte(h), 0o644)
	}
	write(good)
	if ps, err := selfContained(dir); err != nil || len(ps) != 0 {
		t.Fatalf("self-contained page: problems %v, err %v", ps, err)
	}
	for name, bad := range map[string]string{
		"file URL":        strings.Replace(good, "_static/require.min.js", "file:///usr/share/javascript/requirejs/require.min.js", 1),
		"absolute path":   strings.Replace(good, "_static/require.min.js", "/usr/share/javascript/requirejs/require.min.js", 1),
		"missing asset":   strings.Replace(good, "_static/require.min.js", "_static/jquery.min.js", 1),
		"missing module":  strings.Replace(good, "</body>", `<script>require(["_static/reveal.js/dist/reveal.js"])</script></body>`, 1),
		"CDN script":      strings.Replace(good, "_static/require.min.js", "https://cdn.example.org/require.min.js", 1),
		"CDN style sheet": strings.Replace(good, "</head>", `<link rel="stylesheet" href="https://unpkg.com/reveal.js@4.0.2/dist/reveal.css"></head>`, 1),
	} {
		write(bad)
		if ps, err := selfContained(dir); err != nil || len(ps) == 0 {
			t.Errorf("%s: passed (err %v)", name, err)
		}
	}
	os.Remove(filepath.Join(dir, "page.html"))
	if ps, _ := selfContained(dir); len(ps) == 0 {
		t.Errorf("a folder without pages passed")
	}
}

// TestCopyAssets: the MathJax subset, require.js, jQuery and reveal.js are
// copied (symbolic links followed, as Debian's fonts are links) into
// _static, and a page naming them is then self-contained.
func TestCopyAssets(t *testing.T) {
	js, reveal, out := t.TempDir(), t.TempDir(), t.TempDir()
	put := func(root, rel string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(rel), 0o644)
	}
	for _, f := range []string{"MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions/Safe.js",
		"jax/input/TeX/config.js", "jax/element/mml/jax.js", "jax/output/CommonHTML/jax.js"} {
		put(js, "mathjax/"+f)
	}
	fontSrc := filepath.Join(t.TempDir(), "MathJax_Main-Regular.woff")
	os.WriteFile(fontSrc, []byte("woff"), 0o644)
	os.MkdirAll(filepath.Join(js, "mathjax/fonts/HTML-CSS/TeX/woff"), 0o755)
	if err := os.Symlink(fontSrc, filepath.Join(js, "mathjax/fonts/HTML-CSS/TeX/woff/MathJax_Main-Regular.woff")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	put(js, "mathjax/unpacked/MathJax.js") // not part of the subset
	put(js, "requirejs/require.min.js")
	put(js, "jquery/jquery.min.js")
	for _, f := range revealFiles {
		if strings.HasSuffix(f, "source-sans-pro") {
			f += "/source-sans-pro.css"
		}
		put(reveal, f)
	}
	if err := copyAssets(out, js, reveal); err != nil {
		t.Fatal(err)
	}
	font, err := os.Lstat(filepath.Join(out, "_static/mathjax/fonts/HTML-CSS/TeX/woff/MathJax_Main-Regular.woff"))
	if err != nil || !font.Mode().IsRegular() {
		t.Errorf("font not copied as a file: %v, %v", font, err)
	}
	if _, err := os.Stat(filepath.Join(out, "_static/mathjax/unpacked")); err == nil {
		t.Errorf("copied MathJax's unpacked sources, which the pages do not load")
	}
	page := `<script src="_static/jquery.min.js"></script><script src="_static/require.min.js"></script>
<script src="_static/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"></script>
<link rel="stylesheet" href="_static/reveal.js/dist/reveal.css">
<script>require(["_static/reveal.js/dist/reveal.js", "_static/reveal.js/plugin/notes/notes.js"])</script>`
	os.WriteFile(filepath.Join(out, "deck.slides.html"), []byte(page), 0o644)
	if ps, err := selfContained(out); err != nil || len(ps) != 0 {
		t.Errorf("after copyAssets: problems %v, err %v", ps, err)
	}
	if err := copyAssets(t.TempDir(), t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "make setup") {
		t.Errorf("missing MathJax: err %v, want one that names make setup", err)
	}
}
