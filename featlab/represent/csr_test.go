package represent_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/represent"
)

// TestCSRRoundTrip: the compressed form writes back to the same matrix bit
// for bit, its arrays have the documented lengths, and a NaN is an error.
func TestCSRRoundTrip(t *testing.T) {
	V := mat.NewDense(3, 4, []float64{0, 1.5, 0, 0, 0, 0, 0, 0, -2, 0, math.SmallestNonzeroFloat64, 7})
	s, err := represent.ToCSR(V)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(s.Dense(), V) || s.NNZ() != 4 || len(s.RowStart) != 4 || s.Bytes() != 8*4+4*4+4*4 {
		t.Errorf("CSR %+v does not match V", s)
	}
	if fmt.Sprint(s.RowStart) != "[0 1 1 4]" || fmt.Sprint(s.ColIndex) != "[1 0 2 3]" {
		t.Errorf("RowStart %v ColIndex %v", s.RowStart, s.ColIndex)
	}
	V.Set(1, 2, math.NaN())
	if _, err := represent.ToCSR(V); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

func ExampleToCSR() {
	V := mat.NewDense(2, 5, []float64{0, 0, 3, 0, 0, 1, 0, 0, 0, 2})
	s, _ := represent.ToCSR(V)
	fmt.Println(s.Values, s.ColIndex, s.RowStart)
	fmt.Println("CSR bytes", s.Bytes(), "dense bytes", 8*2*5)
	// Output:
	// [3 1 2] [2 0 4] [0 1 3]
	// CSR bytes 48 dense bytes 80
}
