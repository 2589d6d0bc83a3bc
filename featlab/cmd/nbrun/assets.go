package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// The JavaScript a page of make site or a deck of make slides loads is
// shipped inside the output folder under staticDir, so the folder works
// opened from disk, from a USB stick or served from any web folder: no
// file:///usr/share/javascript URL and no CDN.
const staticDir = "_static"

// jsDir is where Debian installs libjs-mathjax, libjs-requirejs and
// libjs-jquery (FEATLAB_JS overrides it).
func jsDir() string {
	if d := os.Getenv("FEATLAB_JS"); d != "" {
		return d
	}
	return "/usr/share/javascript"
}

// mathjaxFiles is the subset of MathJax 2.7 that typesets TeX to CommonHTML
// with the TeX web fonts (about 1.5 MB of Debian's 54 MB): the combined
// configuration nbconvert names, the Safe extension its URL asks for, the
// extensions the TeX input loads on demand, and the woff fonts.
var mathjaxFiles = []string{
	"MathJax.js",
	"config/TeX-AMS_CHTML-full.js",
	"config/Safe.js",
	"extensions",
	"jax/input/TeX",
	"jax/element",
	"jax/output/CommonHTML",
	"fonts/HTML-CSS/TeX/woff",
}

// revealFiles is what nbconvert's reveal template loads from reveal.js 4.0.2
// (the npm package make setup unpacks): the core, the white theme and its
// fonts, and the speaker-notes plugin.
var revealFiles = []string{
	"dist/reveal.css",
	"dist/reveal.js",
	"dist/theme/white.css",
	"dist/theme/fonts/source-sans-pro",
	"plugin/notes/notes.js",
}

// assetURLs are the nbconvert options that point a page at its copies in
// staticDir, relative to the page.
func assetURLs(exporter string) []string {
	return []string{
		"--" + exporter + ".mathjax_url=" + staticDir + "/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
		"--" + exporter + ".require_js_url=" + staticDir + "/require.min.js",
		"--" + exporter + ".jquery_url=" + staticDir + "/jquery.min.js",
	}
}

// copyTree copies a file or a folder (following symbolic links: Debian's
// MathJax fonts are links into /usr/share/fonts) from src to dst.
func copyTree(src, dst string) error {
	st, err := os.Stat(src)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return copyFile(src, dst)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if err := copyTree(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyAssets copies MathJax and require.js from js into out/_static, and,
// for the decks (reveal not empty), jQuery and reveal.js from reveal.
func copyAssets(out, js, reveal string) error {
	st := filepath.Join(out, staticDir)
	for _, f := range mathjaxFiles {
		if err := copyTree(filepath.Join(js, "mathjax", f), filepath.Join(st, "mathjax", f)); err != nil {
			return fmt.Errorf("MathJax (Debian's libjs-mathjax and fonts-mathjax; make setup installs them): %v", err)
		}
	}
	if err := copyTree(filepath.Join(js, "requirejs/require.min.js"), filepath.Join(st, "require.min.js")); err != nil {
		return fmt.Errorf("libjs-requirejs (make setup installs it): %v", err)
	}
	if reveal == "" {
		return nil // the site's pages load no jQuery and no reveal.js
	}
	if err := copyTree(filepath.Join(js, "jquery/jquery.min.js"), filepath.Join(st, "jquery.min.js")); err != nil {
		return fmt.Errorf("libjs-jquery (make setup installs it): %v", err)
	}
	for _, f := range revealFiles {
		if err := copyTree(filepath.Join(reveal, f), filepath.Join(st, "reveal.js", f)); err != nil {
			return fmt.Errorf("reveal.js (make setup unpacks it into bin/js/reveal.js): %v", err)
		}
	}
	return nil
}

var (
	// attrURL: the src= and href= attributes of a page's tags (the tag's
	// name first).
	attrURL = regexp.MustCompile(`(?i)<([a-z][a-z0-9]*)\s[^>]*?\b(?:src|href)\s*=\s*["']([^"']*)["']`)
	// staticRef: a quoted reference to the shipped assets inside a script
	// (require's module list of the slides).
	staticRef = regexp.MustCompile(`["'](` + staticDir + `/[^"'?#]+)`)
	// externalCode: a script or style sheet loaded from another host.
	externalCode = regexp.MustCompile(`(?i)<script[^>]+src\s*=\s*["'](?:https?:)?//|<link[^>]+href\s*=\s*["'](?:https?:)?//[^"']*\.css`)
)

// selfContained checks every HTML page in dir: no file:// URL and no
// absolute /usr/share path anywhere, no script or style sheet from another
// host, and every relative src/href (and every quoted _static/ reference)
// names a file that exists beside the page. It returns the problems found.
func selfContained(dir string) ([]string, error) {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return nil, err
	}
	if len(pages) == 0 {
		return []string{"no HTML page in " + dir}, nil
	}
	var problems []string
	for _, pg := range pages {
		b, err := os.ReadFile(pg)
		if err != nil {
			return nil, err
		}
		h := string(b)
		name := filepath.Base(pg)
		for _, bad := range []string{"file://", "/usr/share/"} {
			if i := strings.Index(h, bad); i >= 0 {
				problems = append(problems, fmt.Sprintf("%s: %q at byte %d: %s", name, bad, i, excerpt(h, i)))
			}
		}
		if m := externalCode.FindStringIndex(h); m != nil {
			problems = append(problems, fmt.Sprintf("%s: code loaded from another host: %s", name, excerpt(h, m[0])))
		}
		refs := map[string]bool{}
		for _, m := range attrURL.FindAllStringSubmatch(h, -1) {
			if strings.EqualFold(m[1], "a") {
				// A link, not an asset: a missing target is the text's
				// problem, said as a warning.
				if relative(m[2]) && !strings.HasSuffix(strings.SplitN(m[2], "#", 2)[0], ".html") {
					if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(strings.SplitN(m[2], "#", 2)[0]))); err != nil {
						fmt.Printf("  warning: %s links to %q, which is not a file of the folder (a markdown [text](target) typo?)\n", name, m[2])
					}
				}
				continue
			}
			refs[m[2]] = true
		}
		for _, m := range staticRef.FindAllStringSubmatch(h, -1) {
			refs[m[1]] = true
		}
		for _, r := range sortedKeys(refs) {
			if !relative(r) {
				continue
			}
			p := r
			if i := strings.IndexAny(p, "?#"); i >= 0 {
				p = p[:i]
			}
			if p == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %s does not exist in %s", name, r, dir))
			}
		}
	}
	return problems, nil
}

// relative reports whether a URL is a path relative to the page.
func relative(u string) bool {
	if u == "" || strings.HasPrefix(u, "#") || strings.HasPrefix(u, "/") {
		return false
	}
	if i := strings.Index(u, ":"); i >= 0 && !strings.ContainsAny(u[:i], "/?#") {
		return false // a scheme: http:, https:, data:, mailto:, javascript:
	}
	return true
}

func excerpt(s string, i int) string {
	lo, hi := max(0, i-40), min(len(s), i+80)
	return strings.ReplaceAll(s[lo:hi], "\n", " ")
}

func sortedKeys(m map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// dirSize is the number of bytes of the regular files under dir.
func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	return n, err
}

// checkSelfContained runs selfContained on out and prints its size.
func checkSelfContained(out string) error {
	problems, err := selfContained(out)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s is not self-contained:\n  %s", out, strings.Join(problems, "\n  "))
	}
	n, err := dirSize(out)
	if err != nil {
		return err
	}
	s, err := dirSize(filepath.Join(out, staticDir))
	if err != nil {
		return err
	}
	fmt.Printf("  %s/ is self-contained: %.1f MB, of which %.1f MB scripts and fonts in %s/\n", out, float64(n)/1e6, float64(s)/1e6, staticDir)
	return nil
}
