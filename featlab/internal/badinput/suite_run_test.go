package badinput

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestConformance runs every check over every registered entry point.
// A failure listed in known (with its reason) is logged instead of
// failing the test; a known failure that no longer happens fails it, so
// the list stays true.
func TestConformance(t *testing.T) {
	var all []failure
	entries := registry()
	for _, e := range entries {
		current = e
		var fs []failure
		switch e.kind {
		case "xy":
			if !e.strictOnly {
				fs = append(checkXY(e), checkConcurrent(e)...)
			}
			fs = append(fs, checkStrict(e)...)
		case "vec":
			fs = checkVec(e)
		case "transformer":
			fs = checkTransformer(e)
		case "csv":
			fs = checkCSV(e)
		default:
			fs = e.run()
		}
		all = append(all, fs...)
	}
	current = nil
	all = append(all, checkSizes(entries)...)
	all = append(all, checkShared(entries)...)
	seen := map[string]bool{}
	unknown := 0
	for _, f := range all {
		seen[f.key()] = true
		if why, ok := known[f.key()]; ok {
			t.Logf("known failure: %s: %s (%s)", f.key(), f.what, why)
			continue
		}
		unknown++
		t.Errorf("%s: %s", f.key(), f.what)
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("known failure %q no longer happens: remove it from known", k)
		}
	}
	ids := map[string]bool{}
	for _, e := range entries {
		for _, c := range e.covers {
			ids[c] = true
		}
	}
	t.Logf("figures: %d entries covering %d exported identifiers, %d inputs, %d failures (%d known)",
		len(entries), len(ids), figures.inputs, len(all), len(all)-unknown)
	byKind := map[string]int{}
	for _, f := range all {
		byKind[failureKind(f.check)]++
	}
	for _, k := range sortedKeys(byKind) {
		t.Logf("figures: %4d failures of kind %s", byKind[k], k)
	}
	for _, f := range racyCaught {
		t.Logf("known race (knownRacy, %s): %s: %s", knownRacy[f.entry], f.key(), f.what)
	}
	t.Logf("figures: %d size cases succeeded without allocating (a field unused by the variant, or bounded by the data)", sizeAccepted.Load())
	t.Logf("figures: %d user callbacks installed were never called by their entry (fields unused by that variant)", notCalled.Load())
	t.Logf("figures: %d selections at X x 1e+-150, 1e+-300 differed from the unscaled one only by a tie the rounding of c X broke (the same rounded data at the ordinary scale chose the same)", tieFlips.Load())
	for _, check := range sortedKeys(covered) {
		t.Logf("figures: %3d exported entry points: %s", len(covered[check]), check)
	}
}

// packagesRoot is the module root, two levels above this package.
const packagesRoot = "../../.."

// TestEveryExportedFunction walks the exported functions and methods of
// every library package (featlab/... and datasets, not internal ones) with
// go/doc and fails for each one that no registry entry covers and that is
// not exempt, so a new entry point cannot escape the suite.
func TestEveryExportedFunction(t *testing.T) {
	covered := map[string]bool{}
	for _, e := range registry() {
		for _, c := range e.covers {
			covered[c] = true
		}
	}
	exported := exportedIdentifiers(t)
	var missing []string
	n := 0
	for _, id := range exported {
		pkg := id[:strings.Index(id, ".")]
		if _, ok := exemptPackages[pkg]; ok {
			continue
		}
		n++
		if covered[id] || exempt[id] != "" || exemptMethod(id) != "" {
			continue
		}
		missing = append(missing, id)
	}
	for _, id := range missing {
		t.Errorf("%s is exported but not in the conformance suite: register it in registry() (or, if it takes no user input, exempt it with a reason)", id)
	}
	for id := range covered {
		if !contains(exported, id) && exemptMethod(id) == "" {
			t.Errorf("the registry covers %s, which is not an exported identifier (renamed or removed?)", id)
		}
	}
	for id := range exempt {
		if !contains(exported, id) {
			t.Errorf("exempt %s is not an exported identifier (renamed or removed?)", id)
		}
	}
	t.Logf("figures: %d exported functions and methods in checked packages, %d registered, %d exempt, %d missing",
		n, countIn(exported, covered), n-countIn(exported, covered)-len(missing), len(missing))
}

func contains(s []string, x string) bool {
	i := sort.SearchStrings(s, x)
	return i < len(s) && s[i] == x
}

func countIn(ids []string, set map[string]bool) int {
	n := 0
	for _, id := range ids {
		if set[id] {
			n++
		}
	}
	return n
}

// exportedIdentifiers returns "pkg.Func" and "pkg.Type.Method" for every
// exported function and method of an exported type in the library's
// packages, sorted.
func exportedIdentifiers(t *testing.T) []string {
	var ids []string
	for _, dp := range libraryPackages(t) {
		name := dp.Name
		for _, f := range dp.Funcs {
			ids = append(ids, name+"."+f.Name)
		}
		for _, ty := range dp.Types {
			for _, f := range ty.Funcs {
				ids = append(ids, name+"."+f.Name)
			}
			for _, m := range ty.Methods {
				ids = append(ids, name+"."+ty.Name+"."+m.Name)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// libraryPackages returns the go/doc view (exported declarations, methods
// grouped with their types, constants with their types) of every library
// package in libraryDirs, test files left out.
func libraryPackages(t *testing.T) []*doc.Package {
	var out []*doc.Package
	for _, dir := range libraryDirs(t) {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range pkgs {
			files := make([]*ast.File, 0, len(p.Files))
			for _, f := range p.Files {
				files = append(files, f)
			}
			dp, err := doc.NewFromFiles(fset, files, "x/"+name)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, dp)
		}
	}
	return out
}

// libraryDirs returns the directories of the library's packages:
// featlab/... and datasets, without internal, cmd (programs), testdata
// directories and nested modules.
func libraryDirs(t *testing.T) []string {
	var dirs []string
	for _, top := range []string{"featlab", "datasets"} {
		root := filepath.Join(packagesRoot, top)
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "internal" || d.Name() == "cmd" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if d.IsDir() && path != root {
				// a nested module (featlab/beam) is not this module's
				// library: its own tests cover it
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			if d.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dirs
}
