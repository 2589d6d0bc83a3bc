package badinput

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// good is a small valid problem: 8 examples, 3 features, labels 0/1 that
// also serve as a regression target.
func good() (*mat.Dense, []float64) {
	X := mat.NewDense(8, 3, []float64{
		0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2,
		0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7,
	})
	return X, []float64{0, 1, 0, 1, 0, 1, 1, 0}
}

func with(i, j int, v float64) *mat.Dense {
	X, _ := good()
	X.Set(i, j, v)
	return X
}

func scaled(c float64) *mat.Dense {
	X, _ := good()
	X.Scale(c, X)
	return X
}

// input is one hostile (or edge) input for the (X, y) entry points.
type input struct {
	name   string
	X      mat.Matrix
	y      []float64
	want   *expectation // nil: may succeed, but then with a finite result
	aboutY bool         // the fault is in y alone
	label  bool         // only a classifier must reject it
	// allow: the kinds an error may wrap when want is nil (the input
	// may succeed; if it fails, it fails for one of these reasons).
	allow []error
}

func xyInputs() []input {
	X, y := good()
	yAt := func(i int, v float64) []float64 {
		c := append([]float64(nil), y...)
		c[i] = v
		return c
	}
	empty := &expectation{kinds: []error{featlab.ErrEmpty}}
	notFinite := func(says ...string) *expectation {
		return &expectation{kinds: []error{featlab.ErrNotFinite}, says: says}
	}
	shape := func(says ...string) *expectation {
		return &expectation{kinds: []error{featlab.ErrShape}, says: says}
	}
	Xc := mat.DenseCopyOf(X)
	for i := 0; i < 8; i++ {
		Xc.Set(i, 1, 4)
	}
	return []input{
		{name: "nil matrix", X: nil, y: y, want: empty},
		{name: "nil *mat.Dense", X: (*mat.Dense)(nil), y: y, want: empty},
		{name: "empty *mat.Dense", X: &mat.Dense{}, y: y, want: empty},
		{name: "NaN in X at row 2, column 1", X: with(2, 1, math.NaN()), y: y, want: notFinite("row 2", "column 1|x2")},
		{name: "+Inf in X at row 0, column 0", X: with(0, 0, math.Inf(1)), y: y, want: notFinite("row 0", "column 0|x1")},
		{name: "-Inf in X at row 7, column 2", X: with(7, 2, math.Inf(-1)), y: y, want: notFinite("row 7", "column 2|x3")},
		{name: "y shorter than X (5 of 8)", X: X, y: y[:5], want: shape("5"), aboutY: true},
		{name: "y longer than X (9 of 8)", X: X, y: append(append([]float64(nil), y...), 1), want: shape("9"), aboutY: true},
		{name: "nil y", X: X, y: nil, want: &expectation{kinds: []error{featlab.ErrShape, featlab.ErrEmpty}}, aboutY: true},
		{name: "NaN in y at row 3", X: X, y: yAt(3, math.NaN()), want: notFinite("row 3|y[3]"), aboutY: true},
		{name: "+Inf in y at row 5", X: X, y: yAt(5, math.Inf(1)), want: notFinite("row 5|y[5]"), aboutY: true},
		{name: "non-integer class label at row 0", X: X, y: yAt(0, 0.5), want: &expectation{kinds: []error{featlab.ErrLabels}, says: []string{"row 0"}}, aboutY: true, label: true},
		// May succeed, but never with a NaN or an infinity in the result;
		// an error must wrap one of the kinds in allow.
		{name: "constant column", X: Xc, y: y, allow: edgeConstant},
		{name: "all-zero X", X: mat.NewDense(8, 3, nil), y: y, allow: edgeConstant},
		{name: "values near the float64 limit (x 1e300)", X: scaled(1e300), y: y, allow: edgeScale},
		{name: "large values (x 1e150)", X: scaled(1e150), y: y, allow: edgeScale},
		{name: "small values (x 1e-150)", X: scaled(1e-150), y: y, allow: edgeScale},
		{name: "tiny values (x 1e-300)", X: scaled(1e-300), y: y, allow: edgeScale},
		{name: "subnormal values (x 1e-310)", X: scaled(1e-310), y: y, allow: edgeScale},
		{name: "constant y", X: X, y: []float64{1, 1, 1, 1, 1, 1, 1, 1}, allow: edgeConstant},
		{name: "one row", X: mat.NewDense(1, 3, []float64{1, 2, 3}), y: []float64{1}, allow: edgeOneRow},
		{name: "labels -1/+1", X: X, y: []float64{-1, 1, -1, 1, -1, 1, 1, -1}, allow: edgeLabels},
	}
}

// says may hold alternatives "a|b": one of them must be in msg.
func containsAny(msg, alts string) bool {
	for _, a := range strings.Split(alts, "|") {
		if strings.Contains(msg, strings.ToLower(a)) {
			return true
		}
	}
	return false
}

func checkOutcome(e *entry, check, in string, out any, err error, panicked string, want *expectation) []failure {
	if want != nil {
		return checkErrAlt(e.id, check, in, err, panicked, *want)
	}
	switch {
	case panicked != "":
		return []failure{fails(e.id, check, in, "panicked: %s", panicked)}
	case err != nil:
		if !wrapsSentinel(err) {
			return []failure{fails(e.id, check, in, "error %q wraps no featlab sentinel", err)}
		}
		return textOnlySentinel(e.id, check, in, err)
	default:
		if p, ok := finiteResult(out, e.allowInf, e.nanFields...); !ok {
			return []failure{fails(e.id, check, in, "non-finite result %s and no error", p)}
		}
	}
	return nil
}

// checkErrAlt is checkErr with alternatives in says.
func checkErrAlt(id, check, in string, err error, panicked string, want expectation) []failure {
	says := want.says
	want.says = nil
	out := checkErr(id, check, in, err, panicked, want)
	if len(out) > 0 || err == nil {
		return out
	}
	msg := strings.ToLower(err.Error())
	for _, s := range says {
		if !containsAny(msg, s) {
			return []failure{fails(id, check, in, "error %q does not name %q", err, s)}
		}
	}
	return nil
}

// checkXY runs every check of an (X, y) entry point.
func checkXY(e *entry) []failure {
	var out []failure
	ran("input mutation", e.id)
	ran("hostile matrices and vectors", e.id)
	ran("scales 1e-310..1e300", e.id)
	for _, in := range xyInputs() {
		if (in.label && !e.classif) || (in.aboutY && e.ignoresY) {
			continue
		}
		X, y := copyMatrix(in.X), append([]float64(nil), in.y...)
		res, err, p := call(func() (any, error) { return e.xy(in.X, in.y, nil) })
		count(1)
		out = append(out, checkOutcome(e, "hostile input", in.name, res, err, p, in.want)...)
		out = append(out, checkAllowed(e, "hostile input", in, err, p)...)
		// Inputs are never changed.
		if X != nil && !sameBits(X, copyMatrix(in.X)) {
			out = append(out, fails(e.id, "inputs unchanged", in.name, "X was modified"))
		}
		if !sameVec(y, in.y) {
			out = append(out, fails(e.id, "inputs unchanged", in.name, "y was modified"))
		}
	}
	X, y := good()
	// Valid input works.
	res, err, p := call(func() (any, error) { return e.xy(X, y, nil) })
	count(1)
	if p != "" || err != nil {
		out = append(out, fails(e.id, "valid input", "8x3 problem", "panic %q, error %v", p, err))
		return out
	}
	out = append(out, checkOutcome(e, "valid input", "8x3 problem", res, nil, "", nil)...)
	// Same seed, same bytes, for any worker count.
	out = append(out, checkDeterminism(e, X, y)...)
	// A panicking Progress callback stops the work with an error.
	if hasField(e.cfg, "Progress") {
		ran("user callbacks that panic", e.id)
		res, err, p := call(func() (any, error) {
			return e.xy(X, y, func(c reflect.Value) { setField(c, "Progress", featlab.Progress(panicProgress)) })
		})
		_ = res
		count(1)
		out = append(out, checkErrAlt(e.id, "callback panics", "Progress panics", err, p,
			expectation{kinds: []error{featlab.ErrPanic}})...)
	}
	// A Learner's Predictor on new data.
	if e.learner != nil {
		out = append(out, checkPredictor(e, res)...)
	}
	// A cancelled context stops the work with an error saying so.
	if e.ctx != nil {
		ran("cancellation", e.id)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err, p := call(func() (any, error) { return e.ctx(ctx, X, y) })
		count(1)
		out = append(out, checkErr(e.id, "cancellation", "context cancelled before the call", err, p, expectation{kinds: []error{context.Canceled}})...)
	}
	// Scale invariance where promised.
	if e.invariant != nil {
		ran("scale invariance (promised)", e.id)
		base := e.invariant(res)
		for _, c := range []float64{0x1p-1000, 0x1p+1000} {
			Xs := mat.DenseCopyOf(X)
			Xs.Scale(c, Xs)
			r, err, p := call(func() (any, error) { return e.xy(Xs, y, nil) })
			count(1)
			in := "X x 2^-1000"
			if c > 1 {
				in = "X x 2^+1000"
			}
			if p != "" || err != nil {
				out = append(out, fails(e.id, "scale invariance", in, "panic %q, error %v", p, err))
				continue
			}
			if i, ok := closeVec(base, e.invariant(r), 1e-9); !ok {
				out = append(out, fails(e.id, "scale invariance", in, "differs at %d: %v against %v unscaled", i, e.invariant(r), base))
			}
		}
	}
	return out
}

func panicProgress(done, total int) { panic("progress callback panics") }

// checkDeterminism compares results for worker counts 1, 2 and 4 (when
// the config has Workers) and for two runs with the same Seed.
func checkDeterminism(e *entry, X *mat.Dense, y []float64) []failure {
	var out []failure
	run := func(workers int) (uint64, error) {
		r, err, p := call(func() (any, error) {
			return e.xy(X, y, func(c reflect.Value) {
				setField(c, "Workers", workers)
				setField(c, "Seed", uint64(3))
			})
		})
		count(1)
		if p != "" {
			return 0, errorString("panic: " + p)
		}
		if err != nil {
			return 0, err
		}
		return digest(r), nil
	}
	if hasField(e.cfg, "Workers") || hasField(e.cfg, "Seed") {
		ran("same bytes for any worker count and seed", e.id)
	}
	if hasField(e.cfg, "Workers") {
		d1, err := run(1)
		if err != nil {
			return append(out, fails(e.id, "workers", "Workers 1", "%v", err))
		}
		for _, w := range []int{2, 4} {
			d, err := run(w)
			if err != nil || d != d1 {
				out = append(out, fails(e.id, "same bytes for any worker count", "Workers 1 against "+itoa(w), "results differ (error %v)", err))
			}
		}
	} else if hasField(e.cfg, "Seed") {
		d1, err1 := run(0)
		d2, err2 := run(0)
		if err1 != nil || err2 != nil || d1 != d2 {
			out = append(out, fails(e.id, "same seed, same bytes", "Seed 3 twice", "results differ (%v, %v)", err1, err2))
		}
	}
	return out
}

type errorString string

func (e errorString) Error() string { return string(e) }

func itoa(i int) string { return strconv.Itoa(i) }

// vecInputs are the hostile inputs of metrics (y, v).
func checkVec(e *entry) []failure {
	y := []float64{0, 1, 0, 1, 1, 0}
	v := []float64{0.2, 0.7, 0.4, 0.9, 0.6, 0.1}
	at := func(s []float64, i int, x float64) []float64 {
		c := append([]float64(nil), s...)
		c[i] = x
		return c
	}
	nf := func(s string) *expectation {
		return &expectation{kinds: []error{featlab.ErrNotFinite}, says: []string{s}}
	}
	cases := []struct {
		name string
		y, v []float64
		want *expectation
	}{
		{"nil vectors", nil, nil, &expectation{kinds: []error{featlab.ErrEmpty, featlab.ErrShape}}},
		{"lengths 6 and 5", y, v[:5], &expectation{kinds: []error{featlab.ErrShape}, says: []string{"5"}}},
		{"NaN in y at row 2", at(y, 2, math.NaN()), v, nf("row 2|index 2|[2]")},
		{"NaN in the prediction at row 4", y, at(v, 4, math.NaN()), nf("row 4|index 4|[4]")},
		{"+Inf in the prediction at row 1", y, at(v, 1, math.Inf(1)), nf("row 1|index 1|[1]")},
		{"valid", y, v, nil},
	}
	var out []failure
	ran("input mutation", e.id)
	ran("hostile matrices and vectors", e.id)
	for _, c := range cases {
		yc, vc := append([]float64(nil), c.y...), append([]float64(nil), c.v...)
		res, err, p := call(func() (any, error) { return e.vec(c.y, c.v) })
		count(1)
		out = append(out, checkOutcome(e, "hostile input", c.name, res, err, p, c.want)...)
		if !sameVec(yc, c.y) || !sameVec(vc, c.v) {
			out = append(out, fails(e.id, "inputs unchanged", c.name, "an input was modified"))
		}
	}
	return out
}

// frameOf is good()'s X as a frame with columns a, b, c and a text
// column s.
func frameOf(X *mat.Dense) dataframe.DataFrame {
	m, d := X.Dims()
	cols := make([]series.Series, 0, d+1)
	for j := 0; j < d; j++ {
		cols = append(cols, series.New(mat.Col(nil, j, X), series.Float, string(rune('a'+j))))
	}
	s := make([]string, m)
	for i := range s {
		s[i] = []string{"red", "green", "blue"}[i%3]
	}
	cols = append(cols, series.New(s, series.String, "s"))
	return dataframe.New(cols...)
}

// checkConcurrent calls the entry from 8 goroutines at once on the same
// inputs (run the suite with -race to catch data races): every call must
// give the serial result.
func checkConcurrent(e *entry) []failure {
	X, y := good()
	want, err, p := call(func() (any, error) { return e.xy(X, y, nil) })
	if err != nil || p != "" {
		return nil // reported by the valid-input check
	}
	ran("8 goroutines at once (run with -race)", e.id)
	d := digest(want)
	got := make([]uint64, 8)
	done := make(chan int)
	for g := 0; g < 8; g++ {
		go func(g int) {
			defer func() { recover(); done <- g }()
			r, err := e.xy(X, y, nil)
			if err == nil {
				got[g] = digest(r)
			}
		}(g)
	}
	for range got {
		<-done
	}
	count(8)
	for g, v := range got {
		if v != d {
			return []failure{fails(e.id, "concurrent calls", "8 goroutines", "goroutine %d got another result", g)}
		}
	}
	return nil
}

// checkPredictor checks a fitted Predictor on new data.
func checkPredictor(e *entry, fitted any) []failure {
	p, ok := fitted.(featlab.Predictor)
	if !ok || p == nil {
		return []failure{fails(e.id, "predictor", "Fit on 8x3", "returned %T, not a Predictor", fitted)}
	}
	var out []failure
	X, _ := good()
	cases := []struct {
		name string
		X    mat.Matrix
		want *expectation
	}{
		{"2 columns, fitted on 3", mat.NewDense(2, 2, []float64{1, 2, 3, 4}), &expectation{kinds: []error{featlab.ErrShape}, says: []string{"2", "3"}}},
		{"nil matrix", nil, &expectation{kinds: []error{featlab.ErrEmpty}}},
		{"NaN at row 4, column 0", with(4, 0, math.NaN()), &expectation{kinds: []error{featlab.ErrNotFinite}, says: []string{"row 4", "column 0|x1"}}},
		{"the training rows", X, nil},
	}
	for _, c := range cases {
		Xc := copyMatrix(c.X)
		res, err, pn := call(func() (any, error) { return p.Predict(c.X) })
		count(1)
		out = append(out, checkOutcome(e, "predictor on new data", c.name, res, err, pn, c.want)...)
		if Xc != nil && !sameBits(Xc, copyMatrix(c.X)) {
			out = append(out, fails(e.id, "inputs unchanged", "Predict on "+c.name, "X was modified"))
		}
	}
	return out
}
