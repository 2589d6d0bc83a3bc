package greedy_test

import (
	"errors"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/validate"
)

// TestAdaBoostCurves compares Curves with a direct computation from
// Decision (round by round from scratch) on notebook 04's split, and
// checks the guarantee R(w_t) <= Bound[t] of Exercise 25.3.
func TestAdaBoostCurves(t *testing.T) {
	bc := datasets.BreastCancer()
	train, test := must2(validate.Holdout(569, 1.0/3, 4))
	rows := func(idx []int) (*mat.Dense, []float64) {
		X, y := mat.NewDense(len(idx), 30, nil), make([]float64, len(idx))
		for k, i := range idx {
			X.SetRow(k, bc.X.RawRowView(i))
			y[k] = 2*bc.Y[i] - 1
		}
		return X, y
	}
	Xtr, ytr := rows(train)
	Xte, yte := rows(test)
	res := must(greedy.AdaBoostGreedy(Xtr, ytr, greedy.AdaBoostConfig{T: 40}))
	c := must(res.Curves(Xte, yte))
	if len(c.Risk) != 40 || len(c.Bound) != 40 || len(c.Features) != len(res.Features) {
		t.Fatalf("%d risks, %d bounds, %d counts for %d features", len(c.Risk), len(c.Bound),
			len(c.Features), len(res.Features))
	}
	seen, direct := map[int]bool{}, []float64{}
	for k, r := range res.Rounds {
		if c.Risk[k] != r.Risk || c.Risk[k] > c.Bound[k]+1e-12 || r.Gamma < c.GammaMin {
			t.Errorf("round %d: R %v, bound %v, gamma %v, GammaMin %v", k+1, c.Risk[k], c.Bound[k], r.Gamma, c.GammaMin)
		}
		seen[r.Stump.Feature] = true
		f := must(res.Decision(Xte, k+1))
		correct := 0
		for i := range f {
			if (f[i] > 0) == (yte[i] > 0) {
				correct++
			}
		}
		if len(seen) > len(direct) {
			direct = append(direct, 0)
		}
		direct[len(direct)-1] = float64(correct) / float64(len(yte))
	}
	if !slices.Equal(c.TestAccuracy, direct) {
		t.Errorf("test accuracy by count %v, direct %v", c.TestAccuracy, direct)
	}
	for k, n := range c.Features {
		if n != float64(k+1) {
			t.Errorf("Features[%d] = %v", k, n)
		}
	}
	if last := c.TrainAccuracy[len(c.TrainAccuracy)-1]; last != res.Rounds[39].Accuracy {
		t.Errorf("last train accuracy %v, round 40's %v", last, res.Rounds[39].Accuracy)
	}
	if _, err := res.Curves(Xte, yte[:5]); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short labels: %v", err)
	}
	bad := slices.Clone(yte)
	bad[3] = 0
	if _, err := res.Curves(Xte, bad); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("label 0: %v", err)
	}
	if _, err := res.Curves(Xte.Slice(0, 10, 0, 5), yte[:10]); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("5 columns: %v", err)
	}
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}
