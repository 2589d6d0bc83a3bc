package search

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// scaledData returns n rows of 4 features (y = x1 + 0.5 x3 + noise),
// column j of X multiplied by 2^ex[j] and y by 2^ey (exact).
func scaledData(n int, ex [4]int, ey int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(5, 22))
	X := mat.NewDense(n, 4, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		row := X.RawRowView(i)
		for j := range row {
			row[j] = rng.NormFloat64()
		}
		y[i] = math.Ldexp(row[0]+0.5*row[2]+0.4*rng.NormFloat64(), ey)
		for j := range row {
			row[j] = math.Ldexp(row[j], ex[j])
		}
	}
	return X, y
}

func gramOf(t *testing.T, X *mat.Dense, y []float64) *stream.Gram {
	t.Helper()
	_, d := X.Dims()
	g, _ := stream.NewGram(d, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y", BlockRows: 97}, g, 1); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBestSubsetsFromStatsExtremeScales: columns of X and y scaled by
// 2^±500 (values near 1e±150, whose squares are near the ends of
// float64's range) give BestSubsetsFromStats the unit-scale data's answer:
// the same subsets, R², adjusted R² and Cp within 1e-12, RSS scaled by
// 2^(2 e_y) within 1e-12 relative, AIC and BIC shifted by n·2e_y·ln 2. The
// in-memory BestSubsets is the reference at unit scale (it refuses such
// data itself).
func TestBestSubsetsFromStatsExtremeScales(t *testing.T) {
	const n = 400
	X, y := scaledData(n, [4]int{}, 0)
	want, err := BestSubsets(X, y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range []struct {
		ex [4]int
		ey int
	}{{[4]int{500, 0, 0, 0}, 0}, {[4]int{-500, 0, 0, 0}, 0}, {[4]int{500, -500, 0, 500}, 500}, {[4]int{0, 0, 0, 0}, -500}, {[4]int{-500, -500, -500, -500}, -500}} {
		Xs, ys := scaledData(n, sc.ex, sc.ey)
		for _, noIcpt := range []bool{false, true} {
			ref, err := BestSubsetsFromStats(gramOf(t, X, y), BestSubsetsConfig{NoIntercept: noIcpt})
			if err != nil {
				t.Fatal(err)
			}
			if !noIcpt && (len(ref.Sizes) != len(want.Sizes) || !sameInts(ref.Subset, want.Subset)) {
				t.Fatalf("unit scale: stats %v, in memory %v", ref.Subset, want.Subset)
			}
			got, err := BestSubsetsFromStats(gramOf(t, Xs, ys), BestSubsetsConfig{NoIntercept: noIcpt})
			if err != nil {
				t.Fatalf("scales %v, 2^%d, no intercept %v: %v", sc.ex, sc.ey, noIcpt, err)
			}
			if !sameInts(got.Subset, ref.Subset) {
				t.Errorf("scales %v: chose %v, unit scale %v", sc.ex, got.Subset, ref.Subset)
			}
			shift := float64(n) * float64(2*sc.ey) * math.Ln2
			for i, s := range got.Sizes {
				r := ref.Sizes[i]
				if !sameInts(s.Subset, r.Subset) || !close(s.R2, r.R2, 1e-12) || !close(s.AdjR2, r.AdjR2, 1e-12) || !close(s.Cp, r.Cp, 1e-9) ||
					!close(s.RSS, math.Ldexp(r.RSS, 2*sc.ey), 1e-12) || !close(s.AIC, r.AIC+shift, 1e-9) || !close(s.BIC, r.BIC+shift, 1e-9) {
					t.Errorf("scales %v 2^%d icpt %v size %d: %+v, unit scale %+v", sc.ex, sc.ey, !noIcpt, i+1, s, r)
				}
			}
		}
	}
}

// TestBestSubsetsFromStatsOverflow: values beyond about 1e154, whose
// squares overflow during the pass, are refused by the pass itself
// (Gram.Add) with an error wrapping ErrNotFinite that names the column.
func TestBestSubsetsFromStatsOverflow(t *testing.T) {
	X, y := scaledData(50, [4]int{0, 0, 515, 0}, 0) // 2^515 ≈ 1e155
	g, _ := stream.NewGram(4, true)
	err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y", BlockRows: 97}, g, 1)
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), `"x3"`) {
		t.Fatalf("err %v: want ErrNotFinite naming x3", err)
	}
}
