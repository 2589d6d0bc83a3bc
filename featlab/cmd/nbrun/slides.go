package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// slideType is the reveal.js slide type of a cell for the decks of make
// slides: a new slide at the first cell and at each section (a markdown
// cell starting with a "## " heading), a vertical sub-slide at each
// subsection ("### "), otherwise the cell continues the current slide.
func slideType(cellType, source string, first bool) string {
	if first {
		return "slide"
	}
	if cellType != "markdown" {
		return "-"
	}
	head := strings.TrimLeft(source, " \t\r\n")
	switch {
	case strings.HasPrefix(head, "## "), strings.HasPrefix(head, "# "):
		return "slide"
	case strings.HasPrefix(head, "### "):
		return "subslide"
	}
	return "-"
}

// markSlides sets every cell's slideshow metadata of a decoded notebook
// (see slideType) and returns the number of slides.
func markSlides(nb map[string]any) int {
	cells, _ := nb["cells"].([]any)
	n := 0
	for i, c := range cells {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		var s multiline
		raw, _ := json.Marshal(cm["source"])
		json.Unmarshal(raw, &s)
		ct, _ := cm["cell_type"].(string)
		t := slideType(ct, string(s), i == 0)
		if t == "slide" {
			n++
		}
		md, _ := cm["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
		}
		md["slideshow"] = map[string]any{"slide_type": t}
		cm["metadata"] = md
	}
	return n
}

// slides exports every notebook as stored to a reveal.js deck
// out/<stem>.slides.html with a slide per section, and ships reveal.js
// (from the folder reveal), MathJax, require.js and jQuery (from js) in
// out/_static, so the decks present offline from disk or any web folder.
// The notebooks are not changed: the slide metadata is set on copies.
func slides(out, js, reveal string, paths []string) error {
	if len(paths) == 0 {
		return fmt.Errorf("no notebooks given")
	}
	if _, err := os.Stat(filepath.Join(reveal, "dist", "reveal.js")); err != nil {
		return fmt.Errorf("reveal.js is not in %s (make setup unpacks it): %v", reveal, err)
	}
	tmp, err := os.MkdirTemp("", "nbrun-slides-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var copies []string
	count := map[string]int{}
	for _, p := range paths {
		nb, err := readNotebookJSON(p)
		if err != nil {
			return err
		}
		count[stem(p)] = markSlides(nb)
		cp := filepath.Join(tmp, filepath.Base(p))
		nbb, _ := json.Marshal(nb)
		if err := os.WriteFile(cp, nbb, 0o644); err != nil {
			return err
		}
		copies = append(copies, cp)
	}
	args := append([]string{"nbconvert", "--to", "slides", "--output-dir", out,
		"--SlidesExporter.embed_images=True",
		"--SlidesExporter.reveal_url_prefix=" + staticDir + "/reveal.js",
		"--SlidesExporter.reveal_theme=white", "--SlidesExporter.reveal_scroll=True"}, assetURLs("SlidesExporter")...)
	cmd := exec.Command("jupyter", append(args, copies...)...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("jupyter nbconvert --to slides failed (%v):\n%s", err, tail(log.String(), 25))
	}
	if err := copyAssets(out, js, reveal); err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Printf("  %-40s %3d slides\n", stem(p)+".slides.html", count[stem(p)])
	}
	return checkSelfContained(out)
}
