package badinput

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// checkTransformer runs every check of a transformer type.
func checkTransformer(e *entry) []failure {
	var out []failure
	ran("input mutation", e.id)
	ran("hostile matrices and vectors", e.id)
	ran("scales 1e-310..1e300", e.id)
	ran("frames: reordered, missing, renamed columns", e.id)
	// Hostile X at Fit.
	for _, in := range xyInputs() {
		if in.aboutY {
			continue
		}
		X := copyMatrix(in.X)
		res, err, p := call(func() (any, error) {
			t := e.newT()
			if err := t.Fit(in.X); err != nil {
				return nil, err
			}
			return t.Transform(in.X)
		})
		count(1)
		out = append(out, checkOutcome(e, "hostile input at Fit", in.name, res, err, p, in.want)...)
		out = append(out, checkAllowed(e, "hostile input at Fit", in, err, p)...)
		if X != nil && !sameBits(X, copyMatrix(in.X)) {
			out = append(out, fails(e.id, "inputs unchanged", in.name, "X was modified"))
		}
	}
	X, _ := good()
	// Accessors of the learned parameters: no panic before Fit, finite
	// values after.
	for _, name := range accessors(e.newT()) {
		for _, fit := range []bool{false, true} {
			tt := e.newT()
			if fit {
				_ = tt.Fit(X)
			}
			res, _, p := call(func() (any, error) {
				return reflect.ValueOf(tt).MethodByName(name).Call(nil)[0].Interface(), nil
			})
			count(1)
			in := name + " before Fit"
			if fit {
				in = name + " after Fit"
			}
			if p != "" {
				out = append(out, fails(e.id, "accessors", in, "panicked: %s", p))
			} else if q, ok := finiteResult(res, false); fit && !ok {
				out = append(out, fails(e.id, "accessors", in, "non-finite %s", q))
			}
		}
	}
	// Transform before Fit.
	_, err, p := call(func() (any, error) { return e.newT().Transform(X) })
	count(1)
	out = append(out, checkErr(e.id, "Transform before Fit", "8x3", err, p, expectation{kinds: []error{featlab.ErrNotFitted}})...)
	t := e.newT()
	if err := t.Fit(X); err != nil {
		return append(out, fails(e.id, "valid input", "Fit on 8x3", "%v", err))
	}
	base, err := t.Transform(X)
	count(2)
	if err != nil {
		return append(out, fails(e.id, "valid input", "Transform of 8x3", "%v", err))
	}
	out = append(out, checkOutcome(e, "valid input", "Transform of 8x3", base, nil, "", nil)...)
	// New data: other width, a NaN.
	_, err, p = call(func() (any, error) { return t.Transform(mat.NewDense(2, 2, []float64{1, 2, 3, 4})) })
	count(1)
	out = append(out, checkErr(e.id, "Transform on new data", "2 columns, fitted on 3", err, p, expectation{kinds: []error{featlab.ErrShape}, says: []string{"3", "2"}})...)
	Xn := with(5, 2, math.NaN())
	_, err, p = call(func() (any, error) { return t.Transform(Xn) })
	count(1)
	out = append(out, checkErrAlt(e.id, "Transform on new data", "NaN at row 5, column 2", err, p, expectation{kinds: []error{featlab.ErrNotFinite}, says: []string{"row 5", "column 2|x3"}})...)
	// Transform leaves its input alone.
	Xc := mat.DenseCopyOf(X)
	_, _ = t.Transform(X)
	if !sameBits(Xc, X) {
		out = append(out, fails(e.id, "inputs unchanged", "Transform", "X was modified"))
	}
	// Inverse.
	if inv, ok := t.(featlab.InverseTransformer); ok {
		back, err, p := call(func() (any, error) { return inv.InverseTransform(base) })
		count(1)
		if err != nil || p != "" {
			out = append(out, fails(e.id, "inverse", "InverseTransform(Transform(X))", "panic %q, error %v", p, err))
		} else if _, ok := closeVec(X.RawMatrix().Data, back.(*mat.Dense).RawMatrix().Data, 1e-9); !ok {
			out = append(out, fails(e.id, "inverse", "InverseTransform(Transform(X))", "does not give X back"))
		}
	}
	// Same bytes for any worker count.
	if hasField(reflect.TypeOf(t), "Workers") {
		ran("same bytes for any worker count and seed", e.id)
		var d0 uint64
		for k, w := range []int{1, 2, 4} {
			tw := e.newT()
			setField(reflect.ValueOf(tw), "Workers", w)
			r, err := transform.FitTransform(tw, X)
			count(1)
			if err != nil {
				out = append(out, fails(e.id, "same bytes for any worker count", fmt.Sprint("Workers ", w), "%v", err))
				continue
			}
			if k == 0 {
				d0 = digest(r)
			} else if digest(r) != d0 {
				out = append(out, fails(e.id, "same bytes for any worker count", fmt.Sprint("Workers 1 against ", w), "results differ"))
			}
		}
	}
	// Bounded memory.
	if hasField(reflect.TypeOf(t), "MaxCells") {
		ran("bounded memory", e.id)
		tm := e.newT()
		setField(reflect.ValueOf(tm), "MaxCells", 1)
		_, err, p := call(func() (any, error) { return transform.FitTransform(tm, X) })
		count(1)
		out = append(out, checkErr(e.id, "bounded memory", "MaxCells 1", err, p, expectation{kinds: []error{featlab.ErrTooLarge}, says: []string{"MaxCells"}})...)
	}
	// Scale invariance where promised.
	if e.invariant != nil {
		ran("scale invariance (promised)", e.id)
		for _, c := range []float64{0x1p-1000, 0x1p+1000} {
			Xs := mat.DenseCopyOf(X)
			Xs.Scale(c, Xs)
			r, err, p := call(func() (any, error) { return transform.FitTransform(e.newT(), Xs) })
			count(1)
			if err != nil || p != "" {
				out = append(out, fails(e.id, "scale invariance", scaleName(c), "panic %q, error %v", p, err))
				continue
			}
			if i, ok := closeVec(e.invariant(base), e.invariant(r), 1e-9); !ok {
				out = append(out, fails(e.id, "scale invariance", scaleName(c), "differs at %d", i))
			}
		}
	}
	out = append(out, checkTransformerFrames(e)...)
	return out
}

// checkTransformerFrames fits on a frame and transforms frames whose
// columns are reordered, missing or renamed.
func checkTransformerFrames(e *entry) []failure {
	var out []failure
	X, _ := good()
	df := frameOf(X)
	t := e.newT()
	if err := transform.FitFrame(t, df, "a", "b", "c"); err != nil {
		return append(out, fails(e.id, "frames", "FitFrame on a, b, c", "%v", err))
	}
	want, err := transform.TransformFrame(t, df)
	count(2)
	if err != nil {
		return append(out, fails(e.id, "frames", "TransformFrame, same frame", "%v", err))
	}
	for _, order := range [][]string{{"c", "a", "s", "b"}, {"s", "b", "c", "a"}} {
		for _, cols := range [][]string{nil, {order[0], order[1], order[2]}} {
			if cols != nil && (cols[0] == "s" || cols[1] == "s" || cols[2] == "s") {
				cols = []string{"b", "c", "a"}
			}
			in := "columns " + strings.Join(order, ",")
			if cols != nil {
				in += " naming " + strings.Join(cols, ",")
			}
			got, err, p := call(func() (any, error) { return transform.TransformFrame(t, df.Select(order), cols...) })
			count(1)
			if err != nil || p != "" {
				out = append(out, fails(e.id, "frames: reordered columns", in, "panic %q, error %v", p, err))
				continue
			}
			if bad := sameByName(want, got.(dataframe.DataFrame)); bad != "" {
				out = append(out, fails(e.id, "frames: reordered columns", in, "column %q differs from the training order's", bad))
			}
		}
	}
	_, err, p := call(func() (any, error) { return transform.TransformFrame(t, df.Select([]string{"a", "c", "s"})) })
	count(1)
	out = append(out, checkErr(e.id, "frames: missing column", "no b", err, p, expectation{kinds: []error{featlab.ErrMissing}, says: []string{`"b"`}})...)
	_, err, p = call(func() (any, error) { return transform.TransformFrame(t, df.Rename("B", "b")) })
	count(1)
	out = append(out, checkErr(e.id, "frames: renamed column", "b renamed B", err, p, expectation{kinds: []error{featlab.ErrMissing}, says: []string{`"b"`}})...)
	return out
}

// sameByName returns the first column of want that got lacks or holds
// with other values, or "".
func sameByName(want, got dataframe.DataFrame) string {
	have := map[string]bool{}
	for _, n := range got.Names() {
		have[n] = true
	}
	for _, n := range want.Names() {
		if !have[n] {
			return n
		}
		if strings.Join(want.Col(n).Records(), ",") != strings.Join(got.Col(n).Records(), ",") {
			return n
		}
	}
	return ""
}

func scaleName(c float64) string {
	if c > 1 {
		return "X x 2^+1000"
	}
	return "X x 2^-1000"
}
