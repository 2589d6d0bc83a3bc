package badinput

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// The suite's framework: entries, the inputs thrown at them, the checks,
// and the bookkeeping of failures (see doc.go).

// entry is one registered entry point (or a family: a transformer type
// covers its Fit, Transform, InverseTransform and OutputNames).
type entry struct {
	id     string   // "pkg.Func" or "pkg.Type"
	covers []string // identifiers (pkg.Func, pkg.Type.Method) it exercises
	kind   string   // xy, vec, transformer, csv, frame, params, index, callback

	// xy: call on (X, y) with the config adjusted by set (nil: as
	// registered). cfg is the registered config, for its fields.
	xy  func(X mat.Matrix, y []float64, set func(reflect.Value)) (any, error)
	cfg reflect.Type
	// cfgVal is the registered config value (nil for plainXY): the
	// callback and size checks find its fields by reflection.
	cfgVal any
	// noProgress: the config's Progress field is documented unused.
	noProgress bool
	// scaleReason, when set, says why the entry's selection depends on
	// the scale of X by design (the selection check then skips it).
	scaleReason string
	// strictOnly: only the checks of strict_test.go run (see strictOnly).
	strictOnly bool
	// learner: the Learner whose Fit the entry is (its Predictor is
	// checked on new data).
	learner featlab.Learner
	// ctx: the Context variant, when there is one.
	ctx func(ctx context.Context, X mat.Matrix, y []float64) (any, error)
	// classif: y must be class labels (the suite's y is 0/1 anyway).
	classif bool
	// invariant, when set, extracts from a result what must not change
	// when X is multiplied by a power of two (a scale-free method).
	invariant func(out any) []float64
	// allowInf: results may hold an infinity (a score of a perfect fit).
	allowInf bool
	// ignoresY: the entry takes X alone.
	ignoresY bool
	// nanFields: result fields (by name) where NaN is a documented marker
	// ("not evaluated", "size never reached"); not searched for NaN.
	nanFields []string

	// vec: call on two vectors (a metric: y and a prediction).
	vec func(y, v []float64) (any, error)

	// transformer: a fresh, unfitted transformer.
	newT func() featlab.Transformer

	// csv: read the text of a CSV file (csvTarget: with the target "y").
	csv       func(text string) (any, error)
	csvTarget bool

	// run: params, index, callback and frame entries run their own
	// cases and return the failures they found.
	run func() []failure
}

// failure is one defect the suite found: entry, check, input and what
// went wrong.
type failure struct {
	entry, check, input, what string
}

func (f failure) key() string { return f.entry + " / " + f.check + " / " + f.input }

// fails builds a failure.
func fails(e, check, input, format string, args ...any) failure {
	return failure{e, check, input, fmt.Sprintf(format, args...)}
}

// counters of the suite's figures.
var figures struct {
	sync.Mutex
	inputs int // (entry, input) calls made
}

// covered[check] is the set of entries a kind of check ran on.
var covered = map[string]map[string]bool{}

// current is the entry the suite is checking (its identifiers are counted
// by ran).
var current *entry

// ran records that a kind of check ran on the current entry's exported
// identifiers.
func ran(check, _ string) {
	figures.Lock()
	defer figures.Unlock()
	if covered[check] == nil {
		covered[check] = map[string]bool{}
	}
	if current != nil {
		for _, id := range current.covers {
			covered[check][id] = true
		}
	}
}

func count(n int) {
	figures.Lock()
	figures.inputs += n
	figures.Unlock()
}

// sentinels are the featlab error kinds; every error must wrap one.
var sentinels = []error{
	featlab.ErrShape, featlab.ErrNotFinite, featlab.ErrConstant, featlab.ErrEmpty,
	featlab.ErrParam, featlab.ErrNonNumeric, featlab.ErrMissing, featlab.ErrNotFitted,
	featlab.ErrLabels, featlab.ErrNotConverged, featlab.ErrPanic, featlab.ErrTooLarge,
	context.Canceled, context.DeadlineExceeded,
}

func wrapsSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// call runs f, turning a panic into a failure description.
func call(f func() (any, error)) (out any, err error, panicked string) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprint(p)
		}
	}()
	out, err = f()
	return out, err, ""
}

// expectation of a hostile input: an error wrapping one of kinds whose
// message holds every string of says (lower-cased comparison).
type expectation struct {
	kinds []error
	says  []string
}

// checkErr compares an outcome with an expectation.
func checkErr(e, check, input string, err error, panicked string, want expectation) []failure {
	switch {
	case panicked != "":
		return []failure{fails(e, check, input, "panicked: %s", panicked)}
	case err == nil:
		return []failure{fails(e, check, input, "no error")}
	}
	if f := textOnlySentinel(e, check, input, err); f != nil {
		return f
	}
	ok := false
	for _, k := range want.kinds {
		if errors.Is(err, k) {
			ok = true
		}
	}
	var out []failure
	if !ok {
		out = append(out, fails(e, check, input, "error %q wraps none of %v", err, want.kinds))
	}
	msg := strings.ToLower(err.Error())
	for _, s := range want.says {
		if !strings.Contains(msg, strings.ToLower(s)) {
			out = append(out, fails(e, check, input, "error %q does not name %q", err, s))
			break
		}
	}
	return out
}

// finiteResult reports the first NaN or infinity in the exported numbers
// of v (allowInf: NaN only).
func finiteResult(v any, allowInf bool, nanFields ...string) (string, bool) {
	skipFields = nanFields
	defer func() { skipFields = nil }()
	return walk(reflect.ValueOf(v), "", 0, allowInf, map[uintptr]bool{})
}

// skipFields are the field names walk does not enter (see nanFields).
var skipFields []string

func walk(v reflect.Value, path string, depth int, allowInf bool, seen map[uintptr]bool) (string, bool) {
	if depth > 12 || !v.IsValid() {
		return "", true
	}
	bad := func(x float64) bool { return math.IsNaN(x) || (!allowInf && math.IsInf(x, 0)) }
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", true
		}
		if v.Kind() == reflect.Pointer {
			if seen[v.Pointer()] {
				return "", true
			}
			seen[v.Pointer()] = true
		}
		if m, ok := v.Interface().(mat.Matrix); ok {
			if featlab.IsNil(m) {
				return "", true
			}
			if d, ok := m.(*mat.Dense); ok && d.IsEmpty() {
				return "", true
			}
			r, c := m.Dims()
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					if bad(m.At(i, j)) {
						return fmt.Sprintf("%s[%d,%d] = %v", path, i, j, m.At(i, j)), false
					}
				}
			}
			return "", true
		}
		return walk(v.Elem(), path, depth+1, allowInf, seen)
	case reflect.Float64, reflect.Float32:
		if bad(v.Float()) {
			return fmt.Sprintf("%s = %v", path, v.Float()), false
		}
	case reflect.Complex128, reflect.Complex64:
		if c := v.Complex(); bad(real(c)) || bad(imag(c)) {
			return fmt.Sprintf("%s = %v", path, c), false
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(a, b int) bool { return fmt.Sprint(keys[a]) < fmt.Sprint(keys[b]) })
		for _, k := range keys {
			if p, ok := walk(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), depth+1, allowInf, seen); !ok {
				return p, false
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if p, ok := walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1, allowInf, seen); !ok {
				return p, false
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() || slices.Contains(skipFields, f.Name) {
				continue
			}
			// Tolerances and the like may be +Inf on purpose; gaps of
			// a solver that did not run are not results.
			if p, ok := walk(v.Field(i), path+"."+f.Name, depth+1, allowInf, seen); !ok {
				return p, false
			}
		}
	}
	return "", true
}

// digest hashes every number, string and bool reachable through the
// exported fields of v, so that two results can be compared bit for bit.
func digest(v any) uint64 {
	h := fnv.New64a()
	digestInto(h, reflect.ValueOf(v), 0, map[uintptr]bool{})
	return h.Sum64()
}

type writer interface{ Write([]byte) (int, error) }

func digestInto(h writer, v reflect.Value, depth int, seen map[uintptr]bool) {
	if depth > 8 || !v.IsValid() {
		return
	}
	w := func(s string) { _, _ = h.Write([]byte(s)) }
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			w("nil;")
			return
		}
		if v.Kind() == reflect.Pointer {
			if seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
		}
		if m, ok := v.Interface().(mat.Matrix); ok {
			if featlab.IsNil(m) {
				w("nil;")
				return
			}
			if d, ok := m.(*mat.Dense); ok && d.IsEmpty() {
				w("empty;")
				return
			}
			r, c := m.Dims()
			w(fmt.Sprintf("%dx%d:", r, c))
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					w(fmt.Sprintf("%x,", math.Float64bits(m.At(i, j))))
				}
			}
			return
		}
		digestInto(h, v.Elem(), depth+1, seen)
	case reflect.Float64, reflect.Float32:
		w(fmt.Sprintf("%x;", math.Float64bits(v.Float())))
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Int8, reflect.Int16:
		w(fmt.Sprintf("%d;", v.Int()))
	case reflect.Uint, reflect.Uint64, reflect.Uint32, reflect.Uint8, reflect.Uint16:
		w(fmt.Sprintf("%d;", v.Uint()))
	case reflect.String:
		w(v.String() + ";")
	case reflect.Bool:
		w(fmt.Sprintf("%v;", v.Bool()))
	case reflect.Slice, reflect.Array:
		w(fmt.Sprintf("[%d:", v.Len()))
		for i := 0; i < v.Len(); i++ {
			digestInto(h, v.Index(i), depth+1, seen)
		}
		w("]")
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(a, b int) bool { return fmt.Sprint(keys[a]) < fmt.Sprint(keys[b]) })
		for _, k := range keys {
			w(fmt.Sprint(k) + "=")
			digestInto(h, v.MapIndex(k), depth+1, seen)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				digestInto(h, v.Field(i), depth+1, seen)
			}
		}
	}
}

// setField sets the named field of the struct cfg points to (a
// reflect.Value of a pointer) when it exists and val's type fits.
func setField(cfg reflect.Value, name string, val any) bool {
	if cfg.Kind() == reflect.Pointer {
		cfg = cfg.Elem()
	}
	if cfg.Kind() != reflect.Struct {
		return false
	}
	f := cfg.FieldByName(name)
	if !f.IsValid() || !f.CanSet() {
		return false
	}
	v := reflect.ValueOf(val)
	if !v.Type().ConvertibleTo(f.Type()) {
		return false
	}
	f.Set(v.Convert(f.Type()))
	return true
}

// hasField reports whether a config type (struct, or pointer to one) has
// an exported field of that name (looking through embedded structs).
func hasField(t reflect.Type, name string) bool {
	if t == nil {
		return false
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	_, ok := t.FieldByName(name)
	return ok
}

// copyMatrix returns a copy of X (nil for nil or empty).
func copyMatrix(X mat.Matrix) *mat.Dense {
	if featlab.IsNil(X) {
		return nil
	}
	if d, ok := X.(*mat.Dense); ok && d.IsEmpty() {
		return nil
	}
	return mat.DenseCopyOf(X)
}

// sameBits reports whether two matrices hold the same bits.
func sameBits(a, b *mat.Dense) bool {
	if a == nil || b == nil {
		return a == b
	}
	r, c := a.Dims()
	if r2, c2 := b.Dims(); r != r2 || c != c2 {
		return false
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

func sameVec(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// closeVec compares two vectors with a relative tolerance.
func closeVec(a, b []float64, tol float64) (int, bool) {
	if len(a) != len(b) {
		return -1, false
	}
	for i := range a {
		if a[i] == b[i] || (math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			continue
		}
		if math.Abs(a[i]-b[i]) > tol*math.Max(1, math.Max(math.Abs(a[i]), math.Abs(b[i]))) {
			return i, false
		}
	}
	return -1, true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
