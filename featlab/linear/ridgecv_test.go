package linear

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/validate"
)

type ridgeCVGolden struct {
	Alphas []float64 `json:"alphas"`
	KFold  struct {
		Alpha     float64   `json:"alpha"`
		BestScore float64   `json:"best_score"`
		Coef      []float64 `json:"coef"`
		Intercept float64   `json:"intercept"`
	} `json:"kfold"`
	LOOIcpt   looGolden `json:"loo_icpt"`
	LOONoIcpt looGolden `json:"loo_noicpt"`
}

type looGolden struct {
	Alpha     float64   `json:"alpha"`
	CVValues  []float64 `json:"cv_values"`
	Coef      []float64 `json:"coef"`
	Intercept float64   `json:"intercept"`
}

func TestRidgeCVGolden(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	g := readJSON[ridgeCVGolden](t, "golden_ridgecv.json")
	const tol = 1e-9
	for _, c := range []struct {
		icpt bool
		want looGolden
	}{{true, g.LOOIcpt}, {false, g.LOONoIcpt}} {
		res, err := RidgeCV(X, y, RidgeCVConfig{Alphas: g.Alphas, Intercept: c.icpt})
		if err != nil {
			t.Fatal(err)
		}
		if res.Alpha != c.want.Alpha {
			t.Errorf("intercept %v: alpha %v, want %v", c.icpt, res.Alpha, c.want.Alpha)
		}
		m, n := res.CVValues.Dims()
		for i := 0; i < m; i++ {
			for k := 0; k < n; k++ {
				if w := c.want.CVValues[i*n+k]; !closeRel(res.CVValues.At(i, k), w, tol) {
					t.Fatalf("intercept %v: cv value (%d, %d) = %.17g, want %.17g", c.icpt, i, k, res.CVValues.At(i, k), w)
				}
			}
		}
		for j, w := range c.want.Coef {
			if !closeRel(res.Model.Coef[j], w, tol) {
				t.Errorf("intercept %v: coef[%d] = %v, want %v", c.icpt, j, res.Model.Coef[j], w)
			}
		}
		if !closeRel(res.Model.Intercept, c.want.Intercept, tol) {
			t.Errorf("intercept %v: intercept %v, want %v", c.icpt, res.Model.Intercept, c.want.Intercept)
		}
	}
	m, _ := X.Dims()
	splits, err := validate.KFoldUnshuffled(m, 5)
	if err != nil {
		t.Fatal(err)
	}
	res, err := RidgeCV(X, y, RidgeCVConfig{Alphas: g.Alphas, Intercept: true, Splits: splits})
	if err != nil {
		t.Fatal(err)
	}
	if res.Alpha != g.KFold.Alpha || !closeRel(res.MSE[res.Index], -g.KFold.BestScore, tol) {
		t.Errorf("5-fold: alpha %v MSE %v, want %v %v", res.Alpha, res.MSE[res.Index], g.KFold.Alpha, -g.KFold.BestScore)
	}
	for j, w := range g.KFold.Coef {
		if !closeRel(res.Model.Coef[j], w, tol) {
			t.Errorf("5-fold: coef[%d] = %v, want %v", j, res.Model.Coef[j], w)
		}
	}
}

// TestRidgeCVLOOBrute checks the hat-matrix shortcut against
// refitting without each example, on synth.csv (80 x 26, with a constant
// column) and on its first 15 rows (wider than tall), with and without an
// intercept.
func TestRidgeCVLOOBrute(t *testing.T) {
	Xa, ya := loadCSV(t, "synth.csv")
	for _, rows := range []int{80, 15} {
		for _, icpt := range []bool{true, false} {
			X := Xa.Slice(0, rows, 0, 26)
			ridgeLOOBrute(t, X, ya[:rows], icpt)
		}
	}
}

func ridgeLOOBrute(t *testing.T, X mat.Matrix, y []float64, icpt bool) {
	t.Helper()
	m, _ := X.Dims()
	alphas := []float64{0.5, 5}
	res, err := RidgeCV(X, y, RidgeCVConfig{Alphas: alphas, Intercept: icpt})
	if err != nil {
		t.Fatal(err)
	}
	var splits []validate.Fold
	for i := 0; i < m; i++ {
		var tr []int
		for k := 0; k < m; k++ {
			if k != i {
				tr = append(tr, k)
			}
		}
		splits = append(splits, validate.Fold{Train: tr, Test: []int{i}})
	}
	brute, err := RidgeCV(X, y, RidgeCVConfig{Alphas: alphas, Intercept: icpt, Splits: splits})
	if err != nil {
		t.Fatal(err)
	}
	for k := range alphas {
		if !closeRel(res.MSE[k], brute.MSE[k], 1e-8) {
			t.Errorf("m = %d, intercept %v, alpha %v: LOO MSE %v, refits %v", m, icpt, alphas[k], res.MSE[k], brute.MSE[k])
		}
	}
}
