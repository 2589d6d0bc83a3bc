package badinput

import (
	"context"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
	"github.com/featlab/course/featlab/viz"
)

// Values shared between goroutines (issue 20): every exported type with
// methods is used from 8 goroutines at once on one value, unless its doc
// says it is not safe for concurrent use. A value of each type comes from
// the registered entries' results and configs (harvested by reflection),
// fitted transformers, or sharedSamples; every exported method that does
// not mutate its receiver by design (Fit*, Set*) is called with arguments
// synthesized by type (fresh per call), and each goroutine must get the
// serial outcome. `make race` runs this under the race detector.

// sharedSamples build values of types that no entry's result holds.
var sharedSamples = map[string]func() any{
	"sensing.DCT":  func() any { return sensing.NewDCT(64) },
	"sensing.Haar": func() any { h, _ := sensing.NewHaar(64); return h },
	"sensing.Separable2D": func() any {
		return sensing.NewSeparable2D(sensing.NewDCT(8), sensing.NewDCT(8))
	},
	"sensing.Observations": func() any { X, _ := good(); o, _ := observed(X); return o },
	"sensing.CompletionPath": func() any {
		X, _ := good()
		o, _ := observed(X)
		p, _ := sensing.SoftImpute(o, sensing.SoftImputeConfig{NLambda: 2})
		return p
	},
	"sensing.Completion": func() any {
		X, _ := good()
		o, _ := observed(X)
		p, _ := sensing.SoftImpute(o, sensing.SoftImputeConfig{NLambda: 2})
		return p.Last()
	},
	"search.Memo": func() any {
		X, y := good()
		return search.Memoize(userEvaluator(X, y))
	},
	"search.Evaluator": func() any { X, y := good(); return userEvaluator(X, y) },
	"filter.InfoGain": func() any {
		X, y := good()
		g, _ := filter.NewInfoGain(X, y, filter.InfoGainConfig{})
		return g
	},
	"filter.Partition": func() any {
		X, y := good()
		g, _ := filter.NewInfoGain(X, y, filter.InfoGainConfig{})
		return g.Root()
	},
	"represent.BagOfWords": func() any {
		b := &represent.BagOfWords{}
		_ = b.Fit([][]string{{"a", "b"}, {"b", "c"}, {"c", "a", "a"}})
		return b
	},
	"represent.SparseCode": func() any {
		X, _ := good()
		sc := &represent.SparseCode{SparseCodeConfig: represent.SparseCodeConfig{S: 1, Atoms: atomsFor(X)}}
		_ = sc.Fit(X)
		return sc
	},
	"transform.Select": func() any {
		X, y := good()
		s := &transform.Select{Selector: filter.TopKSelector(filter.Pearson, filter.Config{}, 2)}
		_ = s.FitXY(X, y)
		return s
	},
	"viz.ImageGrid": func() any {
		g, _ := viz.NewImageGrid("t", [][]float64{{0, 1, 2, 3}, {3, 2, 1, 0}}, 2, 2, 0, nil, false)
		return g
	},
	"search.Grouped": func() any {
		X, _ := good()
		return search.Grouped{Config: search.Config{Strategy: search.Backward{}, Criterion: search.LeastSquares{}}, Groups: pairGroups(X)}
	},
	"validate.Confusion": func() any {
		c, _ := validate.ConfusionMatrix([]float64{0, 1, 2, 1, 0}, []float64{0, 1, 1, 1, 2})
		return c
	},
	"greedy.Stump":      func() any { return greedy.Stump{Feature: 1, Threshold: 3, Sign: 1} },
	"featlab.Dataset":   func() any { return goodDataset() },
	"featlab.Selection": func() any { return featlab.NewSelection("t", []string{"a", "b", "c"}, []int{2, 0}) },
	"transform.FrameEncoder": func() any {
		X, y := good()
		df := frameOf(X)
		df = df.Mutate(dataframe.LoadMatrix(mat.NewDense(8, 1, y)).Col("X0").Copy())
		_, enc, _ := transform.OneHotDataset(df.Rename("y", "X0"), "y", transform.UnknownError)
		return enc
	},
}

// sharedExempt are types with methods the check does not share, with the
// reason.
var sharedExempt = map[string]string{
	"featlab.LearnerFunc":   "a user's function: sharing it is the user's business",
	"featlab.PredictorFunc": "a user's function",
	"featlab.SelectorFunc":  "a user's function",
	"transform.CellError":   "an error value (Error, Unwrap)",
	"transform.FrameMemory": "bookkeeping embedded in transformers, set by FitFrame (a mutation by design)",
	"viz.Grid":              "an interface of plotter data a user implements",
}

// mutates reports whether a method changes its receiver by design.
func mutates(name string) bool {
	return strings.HasPrefix(name, "Fit") || strings.HasPrefix(name, "Set")
}

// argCandidates are the values tried for a parameter type, freshly built
// per call (a dst slice is never shared between goroutines).
func argCandidates(t reflect.Type) []func(int) reflect.Value {
	X, y := good()
	v := func(x any) func(int) reflect.Value { return func(int) reflect.Value { return reflect.ValueOf(x) } }
	// Vectors and matrices differ with the goroutine (salt), so that a
	// scratch buffer shared between goroutines mixes their inputs.
	vec := func(n int) func(int) reflect.Value {
		return func(salt int) reflect.Value {
			s := make([]float64, n)
			for i := range s {
				s[i] = float64((i+salt)%5) - 1.5 + 0.1*float64(salt)
			}
			return reflect.ValueOf(s)
		}
	}
	dense := func(r, c int) func(int) reflect.Value {
		return func(salt int) reflect.Value {
			d := mat.NewDense(r, c, nil)
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					d.Set(i, j, X.At((i+salt)%8, j%3)+float64(j)+0.01*float64(salt))
				}
			}
			return reflect.ValueOf(d)
		}
	}
	switch {
	case t == reflect.TypeFor[mat.Matrix]() || t == reflect.TypeFor[*mat.Dense]():
		return []func(int) reflect.Value{dense(8, 3), dense(8, 2), dense(8, 8), dense(3, 8), dense(2, 8)}
	case t == reflect.TypeFor[[]float64]():
		return []func(int) reflect.Value{vec(8), vec(3), vec(2), vec(4), vec(64), func(int) reflect.Value { return reflect.ValueOf([]float64(nil)) }}
	case t == reflect.TypeFor[[]int]():
		return []func(int) reflect.Value{v([]int{0}), v([]int{0, 1})}
	case t == reflect.TypeFor[[][]string]():
		return []func(int) reflect.Value{func(int) reflect.Value { return reflect.ValueOf([][]string{{"a", "b"}, {"c", "z"}}) }}
	case t == reflect.TypeFor[[]string]():
		return []func(int) reflect.Value{v([]string{"a", "b", "c"}), v([]string{"a", "b"})}
	case t == reflect.TypeFor[dataframe.DataFrame]():
		return []func(int) reflect.Value{func(int) reflect.Value { return reflect.ValueOf(frameOf(X)) }}
	case t == reflect.TypeFor[*featlab.Dataset]():
		return []func(int) reflect.Value{func(int) reflect.Value { return reflect.ValueOf(goodDataset()) }}
	case t == reflect.TypeFor[context.Context]():
		return []func(int) reflect.Value{v(context.Background())}
	case t == reflect.TypeFor[io.Writer]():
		return []func(int) reflect.Value{v(io.Discard)}
	case t.Kind() == reflect.Int:
		return []func(int) reflect.Value{v(0), v(1), v(2)}
	case t.Kind() == reflect.Float64:
		return []func(int) reflect.Value{v(0.5), v(2.0)}
	case t.Kind() == reflect.Func && t.NumIn() == 1 && t.In(0).Kind() == reflect.Float64:
		return []func(int) reflect.Value{func(int) reflect.Value {
			return reflect.MakeFunc(t, func(a []reflect.Value) []reflect.Value {
				return []reflect.Value{reflect.ValueOf(a[0].Float() > 2).Convert(t.Out(0))}
			})
		}}
	}
	_ = y
	return nil
}

// methodCall is one method with a recipe for its arguments.
type methodCall struct {
	name string
	args []func(int) reflect.Value
}

// plan picks, for each non-mutating method of v, the first argument
// combination that neither panics nor errs serially (else the first).
func plan(v reflect.Value) []methodCall {
	var out []methodCall
	for i := 0; i < v.NumMethod(); i++ {
		m := v.Type().Method(i)
		if mutates(m.Name) || exemptMethods[m.Name] == "formatting" && m.Name != "String" {
			continue
		}
		ft := m.Type
		cands := make([][]func(int) reflect.Value, ft.NumIn()-1)
		ok := true
		for k := 1; k < ft.NumIn(); k++ {
			cands[k-1] = argCandidates(ft.In(k))
			if len(cands[k-1]) == 0 {
				ok = false
			}
		}
		if !ok {
			continue
		}
		var chosen []func(int) reflect.Value
		idx := make([]int, len(cands))
		for {
			args := make([]func(int) reflect.Value, len(cands))
			for k := range cands {
				args[k] = cands[k][idx[k]]
			}
			if chosen == nil {
				chosen = args
			}
			if _, good := invoke(v, m.Name, args, 0); good {
				chosen = args
				break
			}
			k := 0
			for ; k < len(idx); k++ {
				idx[k]++
				if idx[k] < len(cands[k]) {
					break
				}
				idx[k] = 0
			}
			if k == len(idx) {
				break
			}
		}
		out = append(out, methodCall{m.Name, chosen})
	}
	return out
}

// invoke calls a method with fresh arguments and digests its outcome;
// good is false for a panic or a non-nil error.
func invoke(v reflect.Value, name string, args []func(int) reflect.Value, salt int) (d uint64, good bool) {
	in := make([]reflect.Value, len(args))
	for k, a := range args {
		in[k] = a(salt)
	}
	var outs []any
	_, _, p := call(func() (any, error) {
		for _, r := range v.MethodByName(name).Call(in) {
			outs = append(outs, r.Interface())
		}
		return nil, nil
	})
	if p != "" {
		return digest("panic: " + p), false
	}
	good = true
	for _, o := range outs {
		if e, ok := o.(error); ok && e != nil {
			good = false
			outs = append(outs, e.Error())
		}
	}
	return digest(outs), good
}

// harvest collects values of exported featlab types reachable from v.
func harvest(v reflect.Value, into map[string]reflect.Value, depth int) {
	if depth > 5 || !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			harvest(v.Elem(), into, depth+1)
		}
		return
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
	}
	if name := typeName(v.Type()); name != "" {
		if _, ok := into[name]; !ok && v.NumMethod() > 0 {
			into[name] = v
		}
	}
	e := v
	if e.Kind() == reflect.Pointer {
		e = e.Elem()
	}
	switch e.Kind() {
	case reflect.Struct:
		for i := 0; i < e.NumField(); i++ {
			if e.Type().Field(i).IsExported() {
				f := e.Field(i)
				if f.Kind() == reflect.Struct && f.CanAddr() {
					harvest(f.Addr(), into, depth+1)
				} else {
					harvest(f, into, depth+1)
				}
			}
		}
	case reflect.Slice:
		if e.Len() > 0 {
			harvest(e.Index(0), into, depth+1)
		}
	}
}

// typeName is "pkg.Type" for a featlab type (pointer or not), else "".
func typeName(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if !strings.HasPrefix(t.PkgPath(), "github.com/featlab/course/") || t.Name() == "" {
		return ""
	}
	pkg := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
	return pkg + "." + t.Name()
}

// sharedValues gathers one value per exported type.
func sharedValues(entries []*entry) map[string]reflect.Value {
	X, y := good()
	vals := map[string]reflect.Value{}
	for _, name := range sortedKeys(sharedSamples) {
		vals[name] = reflect.ValueOf(sharedSamples[name]())
	}
	for _, e := range entries {
		switch {
		case e.kind == "xy" && !e.strictOnly:
			if e.cfgVal != nil {
				c := reflect.New(reflect.TypeOf(e.cfgVal))
				c.Elem().Set(reflect.ValueOf(e.cfgVal))
				harvest(c, vals, 0)
			}
			if e.learner != nil {
				harvest(reflect.ValueOf(e.learner), vals, 0)
			}
			r, err, p := call(func() (any, error) { return e.xy(X, y, nil) })
			if err == nil && p == "" {
				harvest(reflect.ValueOf(r), vals, 0)
			}
		case e.kind == "transformer":
			t := e.newT()
			if t.Fit(X) == nil {
				harvest(reflect.ValueOf(t), vals, 0)
			}
		}
	}
	return vals
}

// checkShared uses one value of each type from 8 goroutines at once.
func checkShared(entries []*entry) []failure {
	vals := sharedValues(entries)
	var out []failure
	for _, name := range sortedKeys(vals) {
		if why := knownRacy[name]; why != "" && raceEnabled {
			continue // the race detector would stop the suite; see knownRacy
		}
		v := vals[name]
		current = &entry{covers: []string{name}}
		ran("exported types used from 8 goroutines at once (make race)", name)
		current = nil
		calls := plan(v)
		want := make([][]uint64, 8)
		for g := range want {
			want[g] = make([]uint64, len(calls))
			for i, c := range calls {
				want[g][i], _ = invoke(v, c.name, c.args, g)
			}
		}
		bad := make([]string, 8)
		var wg sync.WaitGroup
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for rep := 0; rep < 25; rep++ {
					for i, c := range calls {
						if d, _ := invoke(v, c.name, c.args, g); d != want[g][i] && bad[g] == "" {
							bad[g] = c.name
						}
					}
				}
			}(g)
		}
		wg.Wait()
		count(8)
		for g, m := range bad {
			if m == "" {
				continue
			}
			f := fails(name, "shared value", "8 goroutines", "goroutine %d: %s gave another result than alone", g, m)
			if knownRacy[name] != "" {
				racyCaught = append(racyCaught, f) // a race shows in some runs only: logged, never a known-list entry
			} else {
				out = append(out, f)
			}
			break
		}
	}
	return out
}

// racyCaught are the knownRacy failures seen in this run.
var racyCaught []failure

// knownRacy are types whose shared use is a known failure: under -race
// they are not shared (the detector would end the test binary), without
// it checkShared logs the wrong results it sees (a race shows in some
// runs only, so these cannot be entries of known). Remove a type once
// fixed: it is then checked like any other.
var knownRacy = map[string]string{}

// TestSharedTypes fails for an exported type with methods that the
// shared-value check does not reach, unless its doc says it is not safe
// for concurrent use or sharedExempt gives a reason.
func TestSharedTypes(t *testing.T) {
	vals := sharedValues(registry())
	var missing []string
	for name, d := range exportedTypes(t) {
		if _, ok := vals[name]; ok || sharedExempt[name] != "" || notSafeDoc(d) {
			continue
		}
		missing = append(missing, name)
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s has methods but no value of it is shared between goroutines: add it to sharedSamples (shared_test.go), or say in its doc that it is not safe for concurrent use", m)
	}
	t.Logf("figures: %d exported types with methods, %d shared from 8 goroutines", len(exportedTypes(t)), len(vals))
}

func notSafeDoc(d string) bool {
	d = strings.ToLower(strings.Join(strings.Fields(d), " "))
	return strings.Contains(d, "not safe for concurrent") || strings.Contains(d, "not safe to share")
}

// exportedTypes returns the doc of every exported type with exported
// methods whose methods are not all formatting (exemptMethods).
func exportedTypes(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, top := range []string{"featlab", "datasets"} {
		err := filepath.WalkDir(filepath.Join(packagesRoot, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if d.Name() == "internal" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != filepath.Join(packagesRoot, top) {
				return filepath.SkipDir // a nested module (featlab/beam): its own tests
			}
			fset := token.NewFileSet()
			pkgs, err := parser.ParseDir(fset, path, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
			if err != nil {
				return err
			}
			for name, p := range pkgs {
				var files []*ast.File
				for _, f := range p.Files {
					files = append(files, f)
				}
				dp, err := doc.NewFromFiles(fset, files, "x/"+name)
				if err != nil {
					return err
				}
				for _, ty := range dp.Types {
					real := false
					for _, m := range ty.Methods {
						if exemptMethods[m.Name] == "" {
							real = true
						}
					}
					if real {
						out[name+"."+ty.Name] = ty.Doc
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
