package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// stem is a notebook's name without folder and extension: "05-sparsity".
func stem(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// nbconvertHTML exports notebooks to HTML in outDir with one nbconvert run.
// sanitize applies the HTML sanitizing that untrusted viewers apply.
// extra are further nbconvert options (the site's asset URLs).
func nbconvertHTML(paths []string, outDir string, sanitize bool, extra ...string) error {
	args := []string{"nbconvert", "--to", "html", "--output-dir", outDir,
		"--HTMLExporter.embed_images=True", fmt.Sprintf("--HTMLExporter.sanitize_html=%v", sanitize)}
	args = append(args, extra...)
	cmd := exec.Command("jupyter", append(args, paths...)...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("jupyter nbconvert --to html failed (%v):\n%s", err, tail(log.String(), 25))
	}
	return nil
}

var pngImg = regexp.MustCompile(`<img[^>]+src="data:image/png;base64,([A-Za-z0-9+/=]+)"`)

// figureProblems checks an exported page against its notebook: every PNG
// the notebook stores and every figure file plots/<stem>/*.png must be an
// embedded image of the page, and no figure may survive only as escaped or
// stripped SVG.
func figureProblems(nbPath, page, plotsDir string) ([]string, int, error) {
	nb, err := readNotebook(nbPath)
	if err != nil {
		return nil, 0, err
	}
	h, err := os.ReadFile(page)
	if err != nil {
		return nil, 0, err
	}
	imgs := map[string]int{}
	n := 0
	for _, m := range pngImg.FindAllSubmatch(h, -1) {
		imgs[string(m[1])]++
		n++
	}
	var problems []string
	stored := 0
	for k, i := range codeCells(nb) {
		for _, o := range nb.Cells[i].Outputs {
			if raw, ok := o.Data["image/png"]; ok {
				stored++
				var s multiline
				if json.Unmarshal(raw, &s) == nil && imgs[strings.ReplaceAll(string(s), "\n", "")] == 0 {
					problems = append(problems, fmt.Sprintf("code cell %d: a stored PNG is not an image of the page", k+1))
				}
			}
			var h multiline
			if raw, ok := o.Data["text/html"]; ok && json.Unmarshal(raw, &h) == nil && strings.Contains(string(h), "<svg") {
				problems = append(problems, fmt.Sprintf("code cell %d: a figure stored as SVG inside HTML (untrusted viewers drop it; show figures with nb.Show, which stores a PNG)", k+1))
			}
		}
	}
	figs, _ := filepath.Glob(filepath.Join(plotsDir, stem(nbPath), "*.png"))
	for _, f := range figs {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, 0, err
		}
		if imgs[base64.StdEncoding.EncodeToString(b)] == 0 {
			problems = append(problems, fmt.Sprintf("figure %s is not shown on the page (re-run the notebook so it stores the figure as PNG)", f))
		}
	}
	if n < stored || n < len(figs) {
		problems = append(problems, fmt.Sprintf("%d images on the page for %d stored PNG outputs and %d figures in %s", n, stored, len(figs), filepath.Join(plotsDir, stem(nbPath))))
	}
	return problems, n, nil
}

// untrusted renders every notebook to HTML as an untrusted viewer would
// (nbconvert with sanitize_html) and checks that every figure shows.
func untrusted(paths []string, plotsDir string) error {
	if len(paths) == 0 {
		return fmt.Errorf("no notebooks given")
	}
	tmp, err := os.MkdirTemp("", "nbrun-untrusted-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := nbconvertHTML(paths, tmp, true); err != nil {
		return err
	}
	var all []string
	for _, p := range paths {
		problems, n, err := figureProblems(p, filepath.Join(tmp, stem(p)+".html"), plotsDir)
		if err != nil {
			return err
		}
		for _, q := range problems {
			all = append(all, p+": "+q)
		}
		fmt.Printf("  %-40s %3d figures show untrusted\n", filepath.Base(p), n)
	}
	if len(all) > 0 {
		return fmt.Errorf("rendered untrusted, figures are missing:\n  %s", strings.Join(all, "\n  "))
	}
	return nil
}

var (
	nbLink     = regexp.MustCompile(`\]\((?:\.\./notebooks/|notebooks/|\./)?([0-9][0-9]-[A-Za-z0-9_.-]+)\.ipynb`)
	readmeLink = regexp.MustCompile(`\]\(\.\./README\.md\)`)
	plotsLink  = regexp.MustCompile(`\]\((?:\.\./)?plots/`)
	hrefHTML   = regexp.MustCompile(`href="([0-9][0-9]-[A-Za-z0-9_.-]+|index)\.html"`)
)

// siteLinks rewrites the links of a markdown text for the site: notebooks
// to their pages, the README to the index, figures to their embedded copies.
func siteLinks(md, plotsPrefix string) string {
	md = nbLink.ReplaceAllString(md, "](${1}.html")
	md = readmeLink.ReplaceAllString(md, "](index.html)")
	return plotsLink.ReplaceAllString(md, "]("+plotsPrefix+"plots/")
}

func markdownCell(src string) map[string]any {
	return map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": src}
}

// readmeTable returns the README's notebook table (and the sentences
// around it) from its "## Notebooks" section.
func readmeNotebooks(readme string) (intro, section string) {
	intro, _, _ = strings.Cut(readme, "\n## ")
	_, rest, ok := strings.Cut(readme, "\n## Notebooks\n")
	if !ok {
		return intro, ""
	}
	section, _, _ = strings.Cut(rest, "\n## ")
	return intro, section
}

// site exports every notebook as it is stored (executed) to static HTML in
// out, with the README's notebook table as index.html, a navigation line
// at the top and bottom of every page, and links between chapters
// rewritten to the pages. It then checks every page has its figures.
func site(out, readme, plotsDir string, paths []string) error {
	if len(paths) == 0 {
		return fmt.Errorf("no notebooks given")
	}
	rb, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "nbrun-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// Markdown images point at ../plots; the copies are converted from a
	// folder beside a link to the real plots, so nbconvert embeds them.
	absPlots, err := filepath.Abs(plotsDir)
	if err != nil {
		return err
	}
	if err := os.Symlink(absPlots, filepath.Join(tmp, "plots")); err != nil {
		return err
	}
	src := filepath.Join(tmp, "nb")
	if err := os.Mkdir(src, 0o755); err != nil {
		return err
	}
	stems := make([]string, len(paths))
	for i, p := range paths {
		stems[i] = stem(p)
	}
	var copies []string
	for i, p := range paths {
		nb, err := readNotebookJSON(p)
		if err != nil {
			return err
		}
		cells, _ := nb["cells"].([]any)
		for _, c := range cells {
			cm, _ := c.(map[string]any)
			if cm["cell_type"] != "markdown" {
				continue
			}
			var s multiline
			raw, _ := json.Marshal(cm["source"])
			json.Unmarshal(raw, &s)
			cm["source"] = siteLinks(string(s), "../")
		}
		nav := "[course index](index.html)"
		if i > 0 {
			nav = fmt.Sprintf("[← %s](%s.html) · %s", stems[i-1], stems[i-1], nav)
		}
		if i+1 < len(paths) {
			nav += fmt.Sprintf(" · [%s →](%s.html)", stems[i+1], stems[i+1])
		}
		cells = append([]any{markdownCell(nav)}, append(cells, markdownCell(nav))...)
		nb["cells"] = cells
		cp := filepath.Join(src, filepath.Base(p))
		nbb, _ := json.Marshal(nb)
		if err := os.WriteFile(cp, nbb, 0o644); err != nil {
			return err
		}
		copies = append(copies, cp)
	}
	intro, table := readmeNotebooks(string(rb))
	index := map[string]any{
		"cells": []any{
			markdownCell(siteLinks(intro, "")),
			markdownCell("## Notebooks\n" + siteLinks(table, "") +
				"\nThese pages are the notebooks as last executed. To run and change them, clone the repository and run `make lab`."),
		},
		"metadata":       map[string]any{"kernelspec": map[string]any{"name": "gonb", "display_name": "Go (gonb)", "language": "go"}},
		"nbformat":       4,
		"nbformat_minor": 5,
	}
	ib, _ := json.Marshal(index)
	ip := filepath.Join(src, "index.ipynb")
	if err := os.WriteFile(ip, ib, 0o644); err != nil {
		return err
	}
	if err := nbconvertHTML(append(copies, ip), out, false, assetURLs("HTMLExporter")...); err != nil {
		return err
	}
	if err := copyAssets(out, jsDir(), ""); err != nil {
		return err
	}
	// Go code is indented with tabs: show them 4 columns wide, as make lab does.
	pages, _ := filepath.Glob(filepath.Join(out, "*.html"))
	for _, pg := range pages {
		h, err := os.ReadFile(pg)
		if err != nil {
			return err
		}
		h = bytes.Replace(h, []byte("</head>"), []byte("<style>pre, code { tab-size: 4; -moz-tab-size: 4; }</style>\n</head>"), 1)
		if err := os.WriteFile(pg, h, 0o644); err != nil {
			return err
		}
	}
	// Check: every page has its figures, and links between pages resolve.
	var problems []string
	for _, p := range paths {
		page := filepath.Join(out, stem(p)+".html")
		ps, n, err := figureProblems(p, page, plotsDir)
		if err != nil {
			return err
		}
		for _, q := range ps {
			problems = append(problems, page+": "+q)
		}
		h, _ := os.ReadFile(page)
		for _, m := range hrefHTML.FindAllStringSubmatch(string(h), -1) {
			if _, err := os.Stat(filepath.Join(out, m[1]+".html")); err != nil {
				fmt.Printf("  warning: %s links to %s.html, which is not a page of the site\n", page, m[1])
			}
		}
		fmt.Printf("  %-40s %3d figures\n", filepath.Base(page), n)
	}
	ih, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, s := range stems {
		if !bytes.Contains(ih, []byte(`href="`+s+`.html"`)) {
			problems = append(problems, fmt.Sprintf("index.html has no link to %s.html: add the notebook's row to the README's notebook table", s))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("site check:\n  %s", strings.Join(problems, "\n  "))
	}
	fmt.Printf("  %d pages and index.html in %s/\n", len(paths), out)
	return checkSelfContained(out)
}
