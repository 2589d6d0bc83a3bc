// Package persisttest holds the helpers the packages' save-and-load tests
// share: a round trip through featlab.Save and featlab.Load that also
// checks that saving the loaded value writes the same file, and bitwise
// comparisons of results.
package persisttest

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Reload saves v, loads it back as a T, and fails t unless saving the
// loaded value writes the same bytes.
func Reload[T any](t testing.TB, v T) T {
	t.Helper()
	var buf bytes.Buffer
	if err := featlab.Save(&buf, v); err != nil {
		t.Fatalf("Save(%T): %v", v, err)
	}
	data := append([]byte(nil), buf.Bytes()...)
	back, err := featlab.LoadAs[T](&buf)
	if err != nil {
		t.Fatalf("Load(%T): %v\n%s", v, err, data)
	}
	var again bytes.Buffer
	if err := featlab.Save(&again, back); err != nil || !bytes.Equal(again.Bytes(), data) {
		t.Fatalf("%T: save, load, save changes the file (%v)", v, err)
	}
	return back
}

// SamePredict fails t unless a and b predict the same bits on X (or fail
// alike).
func SamePredict(t testing.TB, name string, a, b featlab.Predictor, X mat.Matrix) {
	t.Helper()
	pa, ea := a.Predict(X)
	pb, eb := b.Predict(X)
	if !sameErr(ea, eb) || !SameBits(pa, pb) {
		t.Fatalf("%s: the loaded value predicts %v (%v), the saved one %v (%v)", name, pb, eb, pa, ea)
	}
}

// SameTransform fails t unless a and b transform X, and inverse-transform
// it when they can, to the same bits (or fail alike).
func SameTransform(t testing.TB, name string, a, b featlab.Transformer, X mat.Matrix) {
	t.Helper()
	ga, ea := a.Transform(X)
	gb, eb := b.Transform(X)
	if !sameErr(ea, eb) || !DenseBits(ga, gb) {
		t.Fatalf("%s: the loaded value transforms to other bits (errors %v, %v)", name, ea, eb)
	}
	if ia, ok := a.(featlab.InverseTransformer); ok {
		ga, ea = ia.InverseTransform(X)
		gb, eb = b.(featlab.InverseTransformer).InverseTransform(X)
		if !sameErr(ea, eb) || !DenseBits(ga, gb) {
			t.Fatalf("%s: the loaded value inverse-transforms to other bits (errors %v, %v)", name, ea, eb)
		}
	}
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// SameBits reports whether a and b hold the same float64 bits.
func SameBits(a, b []float64) bool {
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

// DenseBits reports whether a and b have the same shape and bits (or are
// both nil).
func DenseBits(a, b mat.Matrix) bool {
	if featlab.IsNil(a) || featlab.IsNil(b) {
		return featlab.IsNil(a) == featlab.IsNil(b)
	}
	ra, ca := a.Dims()
	rb, cb := b.Dims()
	if ra != rb || ca != cb {
		return false
	}
	for i := 0; i < ra; i++ {
		for j := 0; j < ca; j++ {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

// Fields fails t unless the struct v points to (or is) has exactly the
// fields named in want, in order (embedded ones by their type's name).
// A test lists, for every saved type, the fields its state covers, so
// that a field added to the type later fails the test until the state
// saves it too (or the list says why it need not).
func Fields(t testing.TB, v any, want ...string) {
	t.Helper()
	typ := reflect.TypeOf(v)
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	var got []string
	for i := 0; i < typ.NumField(); i++ {
		got = append(got, typ.Field(i).Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%v has the fields %s, the saved state covers %s: save the new fields (and raise the kind version if old files must still load)",
			typ, strings.Join(got, ", "), strings.Join(want, ", "))
	}
}
