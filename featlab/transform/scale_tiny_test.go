package transform

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestUnitRangeMaxAbsTinyScales: UnitRange (several target ranges) and
// MaxAbs map X scaled by 1e-100 .. 1e-300 (and by 1e100 .. 1e300) as they
// map X, to 1e-12, and InverseTransform gives the scaled X back; a
// constant column stays constant at every scale. Before, a range or a
// maximum below 10 eps counted as constant, so that every output at
// these scales was wrong. A range too small for its scale to be a
// float64 is ErrNotFinite.
func TestUnitRangeMaxAbsTinyScales(t *testing.T) {
	X := mat.NewDense(5, 3, []float64{
		1, -3, 7,
		2, 5, 7,
		4, 1, 7,
		8, 0, 7,
		-0.5, 2.5, 7,
	})
	make := map[string]func() featlab.Transformer{
		"UnitRange":         func() featlab.Transformer { return &UnitRange{} },
		"UnitRange [-1, 1]": func() featlab.Transformer { return &UnitRange{Min: -1, Max: 1} },
		"UnitRange [2, 5]":  func() featlab.Transformer { return &UnitRange{Min: 2, Max: 5} },
		"MaxAbs":            func() featlab.Transformer { return &MaxAbs{} },
	}
	type inverter interface {
		InverseTransform(mat.Matrix) (*mat.Dense, error)
	}
	for name, mk := range make {
		want, err := FitTransform(mk(), X)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []float64{1e-100, 1e-150, 1e-200, 1e-250, 1e-300, 1e100, 1e200, 1e300} {
			var Xs mat.Dense
			Xs.Scale(c, X)
			tr := mk()
			got, err := FitTransform(tr, &Xs)
			if err != nil {
				t.Errorf("%s, X x %g: %v", name, c, err)
				continue
			}
			if !mat.EqualApprox(got, want, 1e-12) {
				t.Errorf("%s, X x %g:\n%v\nwant\n%v", name, c, mat.Formatted(got), mat.Formatted(want))
				continue
			}
			back, err := tr.(inverter).InverseTransform(got)
			if err != nil {
				t.Errorf("%s, X x %g: inverse: %v", name, c, err)
				continue
			}
			for i := 0; i < 5; i++ {
				for j := 0; j < 3; j++ {
					if w := Xs.At(i, j); math.Abs(back.At(i, j)-w) > 1e-12*math.Abs(w) {
						t.Errorf("%s, X x %g: inverse (%d, %d) = %v, want %v", name, c, i, j, back.At(i, j), w)
					}
				}
			}
		}
	}
	// a range of 1e-310 for [0, 1]: the scale 1e310 is not a float64
	sub := mat.NewDense(2, 1, []float64{0, 1e-310})
	if _, err := FitTransform(&UnitRange{}, sub); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("range 1e-310: %v, want ErrNotFinite", err)
	}
}
