package greedy

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/featlab/course/datasets"
	"gonum.org/v1/gonum/mat"
)

// golden holds testdata/golden_omp.json, made by testdata/golden_omp.py
// (scikit-learn 1.2 OrthogonalMatchingPursuit and orthogonal_mp_gram, and a
// numpy lstsq brute-force forward selection).
type goldenPath struct {
	Path []struct {
		K         int       `json:"k"`
		Coef      []float64 `json:"coef"`
		Intercept float64   `json:"intercept"`
	} `json:"path"`
	Order []int     `json:"order"`
	RSS   []float64 `json:"rss"`
}

func loadGolden(t testing.TB) map[string]json.RawMessage {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_omp.json")
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]json.RawMessage
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func readCSV(t testing.TB, path string, header bool) [][]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if header {
		recs = recs[1:]
	}
	out := make([][]float64, len(recs))
	for i, r := range recs {
		out[i] = make([]float64, len(r))
		for j, s := range r {
			if out[i][j], err = strconv.ParseFloat(s, 64); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func denseOf(rows [][]float64, cols int) *mat.Dense {
	X := mat.NewDense(len(rows), cols, nil)
	for i, r := range rows {
		for j := 0; j < cols; j++ {
			X.Set(i, j, r[j])
		}
	}
	return X
}

// goldenData returns the data sets of the golden file.
func goldenData(t testing.TB) map[string]struct {
	X *mat.Dense
	y []float64
} {
	ds := datasets.Diabetes()
	rows := readCSV(t, "testdata/synth_omp.csv", true)
	d := len(rows[0]) - 1
	ys := make([]float64, len(rows))
	for i, r := range rows {
		ys[i] = r[d]
	}
	return map[string]struct {
		X *mat.Dense
		y []float64
	}{
		"diabetes": {ds.X, ds.Y},
		"synth":    {denseOf(rows, d), ys},
	}
}

func closeRel(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestGoldenSklearnOMP: Rule Correlation equals scikit-learn's
// OrthogonalMatchingPursuit for n_nonzero_coefs = 1..d, with and without
// intercept (and normalize=True, which scikit-learn applies only with an
// intercept): same order of entry, coefficients and intercept to 1e-10
// (relative to max(1, |value|)). OMPTextbook, run with the same rule,
// agrees as well.
func TestGoldenSklearnOMP(t *testing.T) {
	g := loadGolden(t)
	for name, data := range goldenData(t) {
		_, d := data.X.Dims()
		for _, icpt := range []bool{false, true} {
			for _, norm := range []bool{false, true} {
				key := fmt.Sprintf("%s/intercept=%s/normalize=%s", name, pyBool(icpt), pyBool(norm))
				var gp goldenPath
				if err := json.Unmarshal(g[key], &gp); err != nil {
					t.Fatal(key, err)
				}
				cfg := OMPConfig{T: d, Rule: Correlation, Intercept: icpt, Normalize: norm && icpt}
				for _, f := range []struct {
					name string
					fn   func(mat.Matrix, []float64, OMPConfig) (*OMPResult, error)
				}{{"OMP", OMP}, {"OMPTextbook", OMPTextbook}} {
					res, err := f.fn(data.X, data.y, cfg)
					if err != nil {
						t.Fatal(key, err)
					}
					if fmt.Sprint(res.Support) != fmt.Sprint(gp.Order) {
						t.Errorf("%s %s: order %v, scikit-learn %v", key, f.name, res.Support, gp.Order)
						continue
					}
					for k, p := range gp.Path {
						rd := res.Rounds[k]
						full := make([]float64, d)
						for l, j := range res.Support[:k+1] {
							full[j] = rd.Coef[l]
						}
						for j := range full {
							if !closeRel(full[j], p.Coef[j], 1e-10) {
								t.Errorf("%s %s k=%d: coef[%d] = %.15g, scikit-learn %.15g", key, f.name, k+1, j, full[j], p.Coef[j])
							}
						}
						if !closeRel(rd.Intercept, p.Intercept, 1e-10) {
							t.Errorf("%s %s k=%d: intercept %.15g, scikit-learn %.15g", key, f.name, k+1, rd.Intercept, p.Intercept)
						}
					}
				}
			}
		}
	}
}

// TestGoldenExactForward: the Exact rule (the book's) chooses the order of
// brute-force forward selection by numpy lstsq refits, and its residual
// sums of squares match those refits to 1e-10 relative.
func TestGoldenExactForward(t *testing.T) {
	g := loadGolden(t)
	for name, data := range goldenData(t) {
		_, d := data.X.Dims()
		for _, icpt := range []bool{false, true} {
			key := fmt.Sprintf("%s/exact/intercept=%s", name, pyBool(icpt))
			var gp goldenPath
			if err := json.Unmarshal(g[key], &gp); err != nil {
				t.Fatal(key, err)
			}
			for _, f := range []struct {
				name string
				fn   func(mat.Matrix, []float64, OMPConfig) (*OMPResult, error)
			}{{"OMP", OMP}, {"OMPTextbook", OMPTextbook}} {
				res, err := f.fn(data.X, data.y, OMPConfig{T: d, Intercept: icpt})
				if err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(res.Support) != fmt.Sprint(gp.Order) {
					t.Errorf("%s %s: order %v, brute force %v", key, f.name, res.Support, gp.Order)
					continue
				}
				for k, rd := range res.Rounds {
					if rss := rd.Residual * rd.Residual; !closeRel(rss, gp.RSS[k], 1e-10) {
						t.Errorf("%s %s round %d: RSS %.15g, brute force %.15g", key, f.name, k+1, rss, gp.RSS[k])
					}
				}
			}
		}
	}
}

// TestGoldenOMPBatch: OMPBatch equals scikit-learn's orthogonal_mp_gram
// (unit-norm atoms, budgets 1, 3, 6 and a tolerance) to 1e-10, and each
// row equals OMP on that signal.
func TestGoldenOMPBatch(t *testing.T) {
	g := loadGolden(t)
	Drows := readCSV(t, "testdata/batch_D.csv", false)
	Yrows := readCSV(t, "testdata/batch_Y.csv", false)
	D := denseOf(Drows, len(Drows[0]))
	Y := denseOf(Yrows, len(Yrows[0]))
	n, _ := Y.Dims()
	for _, c := range []struct {
		key string
		cfg OMPConfig
	}{
		{"batch/T=1", OMPConfig{T: 1, Rule: Correlation}},
		{"batch/T=3", OMPConfig{T: 3, Rule: Correlation}},
		{"batch/T=6", OMPConfig{T: 6, Rule: Correlation}},
		{"batch/tol=0.05", OMPConfig{Tol: 0.05, Rule: Correlation}},
	} {
		var want [][]float64
		if err := json.Unmarshal(g[c.key], &want); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			cfg := c.cfg
			cfg.Workers = workers
			codes, err := OMPBatch(D, Y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				for j, w := range want[i] {
					if got := codes.At(i, j); !closeRel(got, w, 1e-10) {
						t.Errorf("%s workers=%d: code[%d][%d] = %.15g, scikit-learn %.15g", c.key, workers, i, j, got, w)
					}
				}
			}
		}
		for i := 0; i < n; i++ {
			res, err := OMP(D, mat.Row(nil, i, Y), c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			for j, w := range want[i] {
				if !closeRel(res.Coef[j], w, 1e-10) {
					t.Errorf("%s OMP on signal %d: coef[%d] = %.15g, scikit-learn %.15g", c.key, i, j, res.Coef[j], w)
				}
			}
		}
	}
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// TestGoldenOMPGramDiabetes: OMPBatch with the diabetes columns as atoms
// and y as the one signal equals scikit-learn's orthogonal_mp_gram on the
// diabetes Gram matrix for n_nonzero_coefs = 1..10, to 1e-10.
func TestGoldenOMPGramDiabetes(t *testing.T) {
	var want [][]float64
	if err := json.Unmarshal(loadGolden(t)["diabetes/gram"], &want); err != nil {
		t.Fatal(err)
	}
	ds := datasets.Diabetes()
	Y := mat.NewDense(1, len(ds.Y), ds.Y)
	for k, w := range want {
		codes, err := OMPBatch(ds.X, Y, OMPConfig{T: k + 1, Rule: Correlation})
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range w {
			if got := codes.At(0, j); !closeRel(got, v, 1e-10) {
				t.Errorf("k=%d: code[%d] = %.15g, scikit-learn %.15g", k+1, j, got, v)
			}
		}
	}
}
