package stream

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// TestMatrixSourceErrorNamesSourceRow: a NaN in row 7 of a 10-row matrix
// read in blocks of 3 is reported at data row 7 (row 1 of the third block).
func TestMatrixSourceErrorNamesSourceRow(t *testing.T) {
	X := mat.NewDense(10, 2, nil)
	y := make([]float64, 10)
	for i := 0; i < 10; i++ {
		X.Set(i, 0, float64(i))
		X.Set(i, 1, float64(i*i))
		y[i] = float64(i)
	}
	X.Set(7, 1, math.NaN())
	src := &MatrixSource{X: X, Y: y, Names: []string{"a", "b"}, Target: "y", BlockRows: 3}
	g, _ := NewGram(2, true)
	var err error
	for {
		c, e := src.Next()
		if e != nil {
			break
		}
		b, _ := c.Parse()
		if err = g.Add(b); err != nil {
			break
		}
	}
	if !errors.Is(err, featlab.ErrNotFinite) {
		t.Fatalf("err = %v, want ErrNotFinite", err)
	}
	if !strings.Contains(err.Error(), "data row 7") || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("err = %v, want it to name data row 7 and column \"b\"", err)
	}
	y2 := append([]float64(nil), y...)
	X.Set(7, 1, 49)
	y2[4] = math.Inf(1)
	src = &MatrixSource{X: X, Y: y2, Target: "y", BlockRows: 3}
	g, _ = NewGram(2, true)
	for {
		c, e := src.Next()
		if e != nil {
			break
		}
		b, _ := c.Parse()
		if err = g.Add(b); err != nil {
			break
		}
	}
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "data row 4") {
		t.Errorf("err = %v, want ErrNotFinite naming data row 4", err)
	}
}
