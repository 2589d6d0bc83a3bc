package linear

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// loadCSV reads testdata/name: a header, then rows of features and the
// target in the last column (written by testdata/golden_sklearn.py).
func loadCSV(t testing.TB, name string) (*mat.Dense, []float64) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	recs = recs[1:]
	m, d := len(recs), len(recs[0])-1
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i, r := range recs {
		for j, s := range r {
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				t.Fatal(err)
			}
			if j < d {
				X.Set(i, j, v)
			} else {
				y[i] = v
			}
		}
	}
	return X, y
}

type skFit struct {
	Data       string      `json:"data"`
	Intercept  bool        `json:"intercept"`
	Alpha      float64     `json:"alpha"`
	L1Ratio    float64     `json:"l1_ratio"`
	Coef       []float64   `json:"coef"`
	Intercept_ float64     `json:"intercept_"`
	Rank       int         `json:"rank"`
	Alphas     []float64   `json:"alphas"`
	Coefs      [][]float64 `json:"coefs"`
}

type skGolden struct {
	Lasso []skFit `json:"lasso"`
	Enet  []skFit `json:"enet"`
	Ridge []skFit `json:"ridge"`
	OLS   []skFit `json:"ols"`
	Path  []skFit `json:"path"`
}

// readJSON decodes testdata/name (a golden file written by one of the
// scripts in testdata/) into a T.
func readJSON[T any](t testing.TB, name string) *T {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

func loadGolden(t testing.TB) *skGolden { return readJSON[skGolden](t, "golden_sklearn.json") }

func goldenData(t testing.TB, name string) (*mat.Dense, []float64) {
	switch name {
	case "diabetes":
		return loadCSV(t, "diabetes.csv")
	case "synth":
		return loadCSV(t, "synth.csv")
	}
	X, y := loadCSV(t, "synth.csv")
	switch name {
	case "synth_dup":
		m, _ := X.Dims()
		Z := mat.NewDense(m, 8, nil)
		for i := 0; i < m; i++ {
			for j := 0; j < 6; j++ {
				Z.Set(i, j, X.At(i, j))
			}
			Z.Set(i, 6, 2*X.At(i, 0))
			Z.Set(i, 7, 2*X.At(i, 1))
		}
		return Z, y
	case "synth_wide":
		return mat.DenseCopyOf(X.Slice(0, 12, 0, 26)), y[:12]
	}
	t.Fatalf("unknown data %q", name)
	return nil, nil
}

// maxRelDiff returns max_j |a_j - b_j| / max(1, max_j |b_j|).
func maxRelDiff(a, b []float64) float64 {
	scale := 1.0
	for _, v := range b {
		scale = math.Max(scale, math.Abs(v))
	}
	var d float64
	for j := range a {
		d = math.Max(d, math.Abs(a[j]-b[j]))
	}
	return d / scale
}
