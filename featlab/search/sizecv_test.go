package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/validate"
)

// prostateTrainStd returns ESL's 67 training rows of the prostate data,
// standardized by the mean and sd of all 97 rows (as ESL does).
func prostateTrainStd(t *testing.T) (*mat.Dense, []float64, []string) {
	t.Helper()
	ds := datasets.Prostate()
	m, d := ds.X.Dims()
	z := mat.NewDense(m, d, nil)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, ds.X)
		mu, sd := stat.MeanStdDev(col, nil)
		for i, v := range col {
			z.Set(i, j, (v-mu)/sd)
		}
	}
	train, _ := datasets.ProstateSplit()
	X := mat.NewDense(len(train), d, nil)
	y := make([]float64, len(train))
	for r, i := range train {
		X.SetRow(r, z.RawRowView(i))
		y[r] = ds.Y[i]
	}
	return X, y, ds.Names
}

func TestSizeCVProstate(t *testing.T) {
	X, y, names := prostateTrainStd(t)
	m, d := X.Dims()
	res, err := SizeCV(X, y, SizeCVConfig{Folds: 10, Seed: 1, Names: names, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Curve.Mean) != d+1 || res.Folds != 10 {
		t.Fatalf("curve length %d, folds %d", len(res.Curve.Mean), res.Folds)
	}
	folds, _ := validate.KFold(m, 10, 1)
	for k, f := range folds {
		// size d is the full least-squares fit; size 0 the training mean
		Xtr, ytr := rowsOf(X, f.Train), takeOf(y, f.Train)
		Xte, yte := rowsOf(X, f.Test), takeOf(y, f.Test)
		all := []int{0, 1, 2, 3, 4, 5, 6, 7}
		want, _ := olsTestMSE(Xtr, ytr, Xte, yte, all, true)
		if math.Abs(res.FoldMSE[k][d]-want) > 1e-12*want {
			t.Errorf("fold %d size d: %v, least squares %v", k, res.FoldMSE[k][d], want)
		}
		mu := stat.Mean(ytr, nil)
		var ss float64
		for _, v := range yte {
			ss += (v - mu) * (v - mu)
		}
		if e := ss / float64(len(yte)); math.Abs(res.FoldMSE[k][0]-e) > 1e-12*e {
			t.Errorf("fold %d size 0: %v, want %v", k, res.FoldMSE[k][0], e)
		}
	}
	c := res.Curve
	if res.OneSE > res.Best || c.Mean[res.OneSE] > c.Mean[res.Best]+c.StdErr[res.Best] {
		t.Errorf("one-SE size %d, best %d, curve %v", res.OneSE, res.Best, c.Mean)
	}
	for s := 0; s < res.OneSE; s++ {
		if c.Mean[s] <= c.Mean[res.Best]+c.StdErr[res.Best] {
			t.Errorf("size %d < one-SE size %d is within one SE", s, res.OneSE)
		}
	}
	for s := range c.Mean {
		if c.Mean[s] < c.Mean[res.Best] {
			t.Errorf("size %d beats Best %d", s, res.Best)
		}
	}
	if len(res.Subset) != res.OneSE {
		t.Errorf("subset %v, size %d", res.Subset, res.OneSE)
	}
	// the final subset is the best subset of that size on all rows
	bs, _ := BestSubsets(X, y, BestSubsetsConfig{})
	if res.OneSE > 0 && !sameInts(bs.Sizes[res.OneSE-1].Subset, sortedCopy(res.Subset)) {
		t.Errorf("final subset %v, best subset %v", res.Subset, bs.Sizes[res.OneSE-1].Subset)
	}
	t.Logf("prostate 10-fold CV: best size %d, one-SE size %d %v\nmean %.4f\nse   %.4f", res.Best, res.OneSE, res.Selection().Chosen, c.Mean, c.StdErr)
	// identical for any worker count
	for _, w := range []int{2, 4} {
		r2, err := SizeCV(X, y, SizeCVConfig{Folds: 10, Seed: 1, Names: names, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		for s := range c.Mean {
			if r2.Curve.Mean[s] != c.Mean[s] || r2.Curve.StdErr[s] != c.StdErr[s] {
				t.Fatalf("workers %d: size %d differs", w, s)
			}
		}
	}
	// given splits reproduce seeded folds
	r3, err := SizeCV(X, y, SizeCVConfig{Splits: folds})
	if err != nil {
		t.Fatal(err)
	}
	for s := range c.Mean {
		if r3.Curve.Mean[s] != c.Mean[s] {
			t.Fatalf("splits: size %d differs", s)
		}
	}
}

// TestSizeCVBruteForce checks the curve against enumerating every subset
// of every size on every fold.
func TestSizeCVBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m, d := 40, 5
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = 2*X.At(i, 0) - X.At(i, 2) + 0.5*X.At(i, 4) + rng.NormFloat64()
	}
	folds, _ := validate.KFold(m, 5, 9)
	res, err := SizeCV(X, y, SizeCVConfig{Splits: folds})
	if err != nil {
		t.Fatal(err)
	}
	for k, f := range folds {
		Xtr, ytr := rowsOf(X, f.Train), takeOf(y, f.Train)
		Xte, yte := rowsOf(X, f.Test), takeOf(y, f.Test)
		best := make([]float64, d+1)
		arg := make([][]int, d+1)
		for s := range best {
			best[s] = math.Inf(1)
		}
		for mask := 0; mask < 1<<d; mask++ {
			var sub []int
			for j := 0; j < d; j++ {
				if mask&(1<<j) != 0 {
					sub = append(sub, j)
				}
			}
			rss := trainRSS(Xtr, ytr, sub)
			if rss < best[len(sub)] {
				best[len(sub)], arg[len(sub)] = rss, sub
			}
		}
		for s := 0; s <= d; s++ {
			want, _ := olsTestMSE(Xtr, ytr, Xte, yte, arg[s], true)
			if math.Abs(res.FoldMSE[k][s]-want) > 1e-10*want {
				t.Errorf("fold %d size %d: %v, brute force %v", k, s, res.FoldMSE[k][s], want)
			}
		}
	}
}

func TestSizeCVForwardAndCancel(t *testing.T) {
	X, y, _ := prostateTrainStd(t)
	fwd := func(X mat.Matrix, y []float64) (*Result, error) {
		return Select(X, y, Config{Strategy: Forward{}, Criterion: LeastSquares{}})
	}
	res, err := SizeCV(X, y, SizeCVConfig{Search: fwd, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Subset) != res.OneSE {
		t.Errorf("forward: subset %v, size %d", res.Subset, res.OneSE)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	part, err := SizeCVContext(ctx, X, y, SizeCVConfig{Seed: 2})
	if !errors.Is(err, context.Canceled) || part == nil || part.Final != nil {
		t.Fatalf("cancelled: %v, %+v", err, part)
	}
}

func trainRSS(X *mat.Dense, y []float64, sub []int) float64 {
	m := len(y)
	A := mat.NewDense(m, len(sub)+1, nil)
	for i := 0; i < m; i++ {
		A.Set(i, 0, 1)
		for j, f := range sub {
			A.Set(i, j+1, X.At(i, f))
		}
	}
	var w mat.VecDense
	if err := w.SolveVec(A, mat.NewVecDense(m, y)); err != nil {
		panic(err)
	}
	var r mat.VecDense
	r.MulVec(A, &w)
	var ss float64
	for i := range y {
		ss += (y[i] - r.AtVec(i)) * (y[i] - r.AtVec(i))
	}
	return ss
}

func rowsOf(X *mat.Dense, idx []int) *mat.Dense {
	_, d := X.Dims()
	out := mat.NewDense(len(idx), d, nil)
	for r, i := range idx {
		out.SetRow(r, X.RawRowView(i))
	}
	return out
}

func takeOf(y []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for r, i := range idx {
		out[r] = y[i]
	}
	return out
}

func sortedCopy(s []int) []int {
	out := append([]int(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
