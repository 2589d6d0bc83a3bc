package design

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestColumnExponentsNamesColumn: a NaN or infinite statistic is refused
// with ErrNotFinite naming the column by its name (the target by its).
func TestColumnExponentsNamesColumn(t *testing.T) {
	for _, c := range []struct {
		j    int
		v    float64
		want string
	}{{1, math.Inf(1), `"b"`}, {2, math.NaN(), `"target y"`}, {0, math.Inf(1), `"a"`}} {
		C := mat.NewSymDense(3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
		C.SetSym(c.j, c.j, c.v)
		_, err := ColumnExponents(C, []float64{0, 0, 0}, 10, true, []string{"a", "b"}, "y")
		if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("column %d = %v: %v, want ErrNotFinite naming %s", c.j, c.v, err, c.want)
		}
	}
	// raw sums of squares that overflow without an intercept
	C := mat.NewSymDense(2, []float64{1, 0, 0, 1})
	if _, err := ColumnExponents(C, []float64{1e300, 0}, 1e30, false, nil, ""); !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), `"x1"`) {
		t.Errorf("raw overflow: %v", err)
	}
}

// TestPow2Scaling: exponents bring each root sum of squares to [1/2, 1);
// Window and Uniform leave columns inside the window unscaled; Scale is
// exact.
func TestPow2Scaling(t *testing.T) {
	C := mat.NewSymDense(3, []float64{math.Ldexp(1, 1000), 3, 5, 3, 4, 1, 5, 1, math.Ldexp(1, -1000)})
	mean := []float64{math.Ldexp(3, 400), 2, math.Ldexp(1, -600)}
	e, err := ColumnExponents(C, mean, 5, true, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if e[0] != 501 || e[1] != 2 || e[2] != -499 {
		t.Fatalf("exponents %v", e)
	}
	if w := e.Window(StatsWindow); w[0] != 501 || w[1] != 0 || w[2] != -499 {
		t.Errorf("window %v", w)
	}
	if u := e.Uniform(StatsWindow); u[0] != 501 || u[1] != 501 || u[2] != -499 {
		t.Errorf("uniform %v", u)
	}
	if u := (Pow2{3, 5, -2}).Uniform(StatsWindow); !u.Zero() {
		t.Errorf("uniform inside the window %v", u)
	}
	S, m := e.Scale(C, mean)
	for j := 0; j < 3; j++ {
		if math.Ldexp(m[j], e[j]) != mean[j] {
			t.Errorf("mean %d not exact", j)
		}
		for k := 0; k < 3; k++ {
			if math.Ldexp(S.At(j, k), e[j]+e[k]) != C.At(j, k) {
				t.Errorf("C(%d,%d) not exact", j, k)
			}
		}
	}
}
