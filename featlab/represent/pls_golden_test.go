package represent

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
)

// plsGolden is testdata/golden_pls.json, written by testdata/golden_pls.R
// (R pls 2.8 pcr and plsr, scale = TRUE).
type plsGolden struct {
	Source      string         `json:"source"`
	ProstatePCR []plsGoldenFit `json:"prostate_pcr"`
	ProstatePLS []plsGoldenFit `json:"prostate_pls"`
	PLS2X       [][]float64    `json:"pls2_x"`
	PLS2Y       [][]float64    `json:"pls2_y"`
	PLS2        []plsGoldenFit `json:"pls2"`
}

type plsGoldenFit struct {
	K         int         `json:"k"`
	Coef      [][]float64 `json:"coef"` // d x r
	Intercept []float64   `json:"intercept"`
}

func readPLSGolden(t *testing.T) *plsGolden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_pls.json")
	if err != nil {
		t.Fatal(err)
	}
	var g plsGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func denseOf(rows [][]float64) *mat.Dense {
	out := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		out.SetRow(i, r)
	}
	return out
}

// prostateTrain returns ESL's 67 training rows of the prostate data.
func prostateTrain() (*mat.Dense, []float64) {
	ds := datasets.Prostate()
	train, _ := datasets.ProstateSplit()
	return matx.Rows(ds.X, train), matx.Take(ds.Y, train)
}

// checkPath compares every model of a path with R's, to 1e-10 relative to
// the largest coefficient of each fit.
func checkPath(t *testing.T, what string, p *ComponentPath, want []plsGoldenFit) {
	t.Helper()
	if p.M != len(want) {
		t.Fatalf("%s: M = %d, golden has %d fits", what, p.M, len(want))
	}
	worst := 0.0
	defer func() { t.Logf("%s: %d fits, largest relative difference from R %.2g", what, len(want), worst) }()
	for _, w := range want {
		got := p.Coefs[w.K]
		scale := 1.0
		for _, row := range w.Coef {
			for _, v := range row {
				scale = math.Max(scale, math.Abs(v))
			}
		}
		for j, row := range w.Coef {
			for c, v := range row {
				worst = math.Max(worst, math.Abs(got.At(j, c)-v)/scale)
				if math.Abs(got.At(j, c)-v) > 1e-10*scale {
					t.Errorf("%s k=%d: coef[%d,%d] = %.15g, R %.15g", what, w.K, j, c, got.At(j, c), v)
				}
			}
		}
		for c, v := range w.Intercept {
			if math.Abs(p.Intercepts[w.K][c]-v) > 1e-10*math.Max(1, math.Abs(v)) {
				t.Errorf("%s k=%d: intercept[%d] = %.15g, R %.15g", what, w.K, c, p.Intercepts[w.K][c], v)
			}
		}
	}
}

func TestPCRGoldenRProstate(t *testing.T) {
	g := readPLSGolden(t)
	X, y := prostateTrain()
	res, err := FitPCR(X, y, PCRConfig{})
	if err != nil {
		t.Fatal(err)
	}
	checkPath(t, "pcr", &res.ComponentPath, g.ProstatePCR)
}

func TestPLS1GoldenRProstate(t *testing.T) {
	g := readPLSGolden(t)
	X, y := prostateTrain()
	res, err := FitPLS(X, y, PLSConfig{})
	if err != nil {
		t.Fatal(err)
	}
	checkPath(t, "pls1", &res.ComponentPath, g.ProstatePLS)
}

func TestPLS2GoldenRSynthetic(t *testing.T) {
	g := readPLSGolden(t)
	res, err := FitPLS2(denseOf(g.PLS2X), denseOf(g.PLS2Y), PLSConfig{})
	if err != nil {
		t.Fatal(err)
	}
	checkPath(t, "pls2", &res.ComponentPath, g.PLS2)
}
