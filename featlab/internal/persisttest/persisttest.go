// Package persisttest holds the helpers the packages' save-and-load tests
// share: a round trip through featlab.Save and featlab.Load that also
// checks that saving the loaded value writes the same file, and bitwise
// comparisons of results.
package persisttest

import (
	"bytes"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Reload saves v, loads it back as a T, and fails t unless saving the
// loaded value writes the same bytes. It returns the loaded value and the
// file.
func Reload[T any](t testing.TB, v T) (T, []byte) {
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
	return back, data
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
