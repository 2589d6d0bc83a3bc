package search

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
)

func l0RandomXY(r *rand.Rand, m, d int) (*mat.Dense, []float64) {
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = r.NormFloat64() + X.At(i, 0)
	}
	return X, y
}

// l0Brute is the former linear.L0Penalized: least squares on all 2^d
// supports, the smallest RSS_S/(2m) + lambda |S| (first in bit-mask order).
func l0Brute(t *testing.T, X *mat.Dense, y []float64, lambda float64) (support []int, obj float64) {
	m, d := X.Dims()
	obj = math.Inf(1)
	for mask := 0; mask < 1<<d; mask++ {
		var cols []int
		for j := 0; j < d; j++ {
			if mask&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		rss := 0.0
		if len(cols) == 0 {
			mu := floats.Sum(y) / float64(m)
			for _, v := range y {
				rss += (v - mu) * (v - mu)
			}
		} else {
			fit, err := linear.LeastSquares(matx.Cols(X, cols), y, linear.LeastSquaresConfig{Intercept: true})
			if err != nil {
				t.Fatal(err)
			}
			rss = fit.RSS
		}
		if o := rss/(2*float64(m)) + lambda*float64(len(cols)); o < obj {
			support, obj = cols, o
		}
	}
	return support, obj
}

// TestL0PenalizedMatchesExhaustive: on random problems the solution is the
// one the exhaustive fit over all 2^d supports (the former
// linear.L0Penalized) finds; its size never drops as lambda decreases,
// lambda = 0 is least squares on every column, a large lambda the empty
// model.
func TestL0PenalizedMatchesExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	X, y := l0RandomXY(r, 40, 6)
	prev := -1
	for _, lam := range []float64{10, 1, 0.3, 0.1, 0.03, 0.01, 1e-3, 0} {
		res, err := L0Penalized{Lambda: lam, Intercept: true}.Select(X, y)
		if err != nil {
			t.Fatal(err)
		}
		want, obj := l0Brute(t, X, y, lam)
		if !slices.Equal(res.Support, want) && !(len(want) == 0 && len(res.Support) == 0) {
			t.Errorf("lambda %g: support %v, exhaustive %v", lam, res.Support, want)
		}
		if math.Abs(res.Objective-obj) > 1e-9*obj {
			t.Errorf("lambda %g: objective %g, exhaustive %g", lam, res.Objective, obj)
		}
		k := len(res.Support)
		if k < prev {
			t.Errorf("lambda %g: size %d after %d", lam, k, prev)
		}
		prev = k
	}
	full, _ := L0Penalized{Intercept: true}.Select(X, y)
	ls, _ := linear.LeastSquares(X, y, linear.LeastSquaresConfig{Intercept: true})
	if len(full.Support) != 6 || floats.Distance(full.Coef, ls.Coef, math.Inf(1)) > 1e-9 {
		t.Errorf("lambda = 0: %v, want least squares %v", full.Coef, ls.Coef)
	}
	none, _ := L0Penalized{Lambda: 100, Intercept: true}.Select(X, y)
	if len(none.Support) != 0 || math.Abs(none.Intercept-floats.Sum(y)/40) > 1e-12 {
		t.Errorf("lambda = 100: support %v, intercept %g", none.Support, none.Intercept)
	}
}

// TestL0PenalizedNotebook05: notebook 05's path on synth.BestSubset(40, 5)
// over 61 lambdas from 10 down to 1e-5 visits the sizes 0, 1, 3, 5, 7, 8,
// always a best subset of its size, {x4} alone and then {x1, x2, x3}.
func TestL0PenalizedNotebook05(t *testing.T) {
	ds, _, err := synth.BestSubset(40, 5)
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, lam := range floats.LogSpan(make([]float64, 61), 10, 1e-5) {
		res, err := L0Penalized{Lambda: lam, Intercept: true, Names: ds.Names}.Select(ds.X, ds.Y)
		if err != nil {
			t.Fatal(err)
		}
		k := len(res.Support)
		if k > 0 && !slices.Equal(res.Support, res.BySize[k]) {
			t.Errorf("lambda %g: %v is not the best subset of its size", lam, res.Support)
		}
		if len(sizes) == 0 || sizes[len(sizes)-1] != k {
			sizes = append(sizes, k)
		}
		switch k {
		case 1:
			if got := res.Selection().ChosenNames; !slices.Equal(got, []string{"x4"}) {
				t.Errorf("size 1: %v", got)
			}
		case 3:
			if got := res.Selection().ChosenNames; !slices.Equal(got, []string{"x1", "x2", "x3"}) {
				t.Errorf("size 3: %v", got)
			}
		}
	}
	if !slices.Equal(sizes, []int{0, 1, 3, 5, 7, 8}) {
		t.Errorf("sizes %v, want [0 1 3 5 7 8]", sizes)
	}
}

func TestL0PenalizedErrors(t *testing.T) {
	X, y := l0RandomXY(rand.New(rand.NewPCG(1, 1)), 20, 3)
	for _, lam := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := (L0Penalized{Lambda: lam, Intercept: true}).Select(X, y); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("lambda %v: %v", lam, err)
		}
	}
	big, yb := l0RandomXY(rand.New(rand.NewPCG(1, 2)), 40, MaxL0Features+1)
	if _, err := (L0Penalized{Lambda: 1}).Select(big, yb); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("too many features: %v", err)
	}
	dup := mat.NewDense(20, 2, nil)
	for i := 0; i < 20; i++ {
		dup.Set(i, 0, float64(i))
		dup.Set(i, 1, 2*float64(i))
	}
	if _, err := (L0Penalized{Lambda: 1}).Select(dup, y); !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("dependent columns: %v", err)
	}
}
