package search_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
)

// TestNotebook03Correlations: the sentence after the bootstrap figure of
// notebook 03. On our diabetes CSV, s1 and s2 are strongly correlated
// (r = 0.90), s3 and s4 strongly anti-correlated (r = -0.74), and s3 only
// weakly correlated with s1 and s2 (r = 0.05 and -0.20).
func TestNotebook03Correlations(t *testing.T) {
	ds := datasets.Diabetes()
	r := func(a, b int) float64 {
		return stat.Correlation(mat.Col(nil, a, ds.X), mat.Col(nil, b, ds.X), nil)
	}
	for _, c := range []struct {
		a, b int
		want float64
	}{{4, 5, 0.8967}, {6, 7, -0.7385}, {4, 6, 0.0515}, {5, 6, -0.1965}} {
		if got := r(c.a, c.b); math.Abs(got-c.want) > 5e-4 {
			t.Errorf("r(%s, %s) = %.4f, want %.4f", ds.Names[c.a], ds.Names[c.b], got, c.want)
		}
	}
	if ds.Names[4] != "s1" || ds.Names[5] != "s2" || ds.Names[6] != "s3" || ds.Names[7] != "s4" {
		t.Errorf("column names %v", ds.Names)
	}
}
