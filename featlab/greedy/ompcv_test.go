package greedy

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/validate"
)

func TestOMPCVGolden(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "golden_ompcv.json"))
	if err != nil {
		t.Fatal(err)
	}
	var golden map[string]struct {
		NNonZero  int         `json:"n_nonzero_coefs"`
		Coef      []float64   `json:"coef"`
		Intercept float64     `json:"intercept"`
		FoldMSE   [][]float64 `json:"fold_mse"`
	}
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	ds := datasets.Diabetes()
	m, _ := ds.X.Dims()
	splits, err := validate.KFoldUnshuffled(m, 5)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	for _, T := range []int{0, 10} {
		key := "5"
		if T == 10 {
			key = "10"
		}
		want := golden[key]
		res, err := OMPCV(ds.X, ds.Y, OMPCVConfig{OMP: OMPConfig{T: T, Rule: Correlation, Intercept: true}, Splits: splits})
		if err != nil {
			t.Fatal(err)
		}
		if res.NNonZero != want.NNonZero {
			t.Errorf("T=%s: n_nonzero %d, want %d", key, res.NNonZero, want.NNonZero)
		}
		for f, path := range want.FoldMSE {
			for k, v := range path {
				if got := res.FoldMSE.At(f, k); !near(got, v) {
					t.Errorf("T=%s: fold %d, %d non-zeros: MSE %.17g, want %.17g", key, f, k+1, got, v)
				}
			}
		}
		for j, w := range want.Coef {
			if !near(res.Fit.Coef[j], w) {
				t.Errorf("T=%s: coef[%d] = %v, want %v", key, j, res.Fit.Coef[j], w)
			}
		}
		if !near(res.Fit.Intercept, want.Intercept) {
			t.Errorf("T=%s: intercept %v, want %v", key, res.Fit.Intercept, want.Intercept)
		}
		if got := len(res.Selection().Chosen); got != want.NNonZero {
			t.Errorf("T=%s: Selection has %d features", key, got)
		}
	}
}

// TestOMPCVConsistent: MSE is the fold average of FoldMSE, NNonZero its
// argmin, the final fit has NNonZero features, and a fold's entry for t
// non-zeros equals the test error of OMP run with T = t on its training
// rows.
func TestOMPCVConsistent(t *testing.T) {
	ds := datasets.Diabetes()
	res, err := OMPCV(ds.X, ds.Y, OMPCVConfig{OMP: OMPConfig{T: 6, Intercept: true}, Folds: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	K, L := res.FoldMSE.Dims()
	best := 0
	for k := 0; k < L; k++ {
		var s float64
		for f := 0; f < K; f++ {
			s += res.FoldMSE.At(f, k)
		}
		if math.Abs(s/float64(K)-res.MSE[k]) > 1e-9*res.MSE[k] {
			t.Errorf("MSE[%d] = %v, fold mean %v", k, res.MSE[k], s/float64(K))
		}
		if res.MSE[k] < res.MSE[best] {
			best = k
		}
	}
	if res.NNonZero != best+1 || len(res.Fit.Support) != res.NNonZero {
		t.Errorf("NNonZero %d, support %d, argmin %d", res.NNonZero, len(res.Fit.Support), best+1)
	}
	sp := res.Splits[1]
	fit, err := OMP(matx.Rows(ds.X, sp.Train), matx.Take(ds.Y, sp.Train), OMPConfig{T: 3, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	Xt, yt := matx.Rows(ds.X, sp.Test), matx.Take(ds.Y, sp.Test)
	var s float64
	for i, v := range yt {
		p := fit.Intercept
		for j, w := range fit.Coef {
			p += Xt.At(i, j) * w
		}
		s += (v - p) * (v - p)
	}
	if got := res.FoldMSE.At(1, 2); math.Abs(got-s/float64(len(yt))) > 1e-9*got {
		t.Errorf("fold 1, 3 non-zeros: %v, direct %v", got, s/float64(len(yt)))
	}
}
