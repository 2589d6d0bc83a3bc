package search

import (
	"encoding/csv"
	"os"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

// readCSV reads a numeric CSV with a header; the last column is y.
func readCSV(t testing.TB, path string) (*mat.Dense, []float64) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	m, d := len(recs)-1, len(recs[0])-1
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i, r := range recs[1:] {
		for j, c := range r {
			v, err := strconv.ParseFloat(c, 64)
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

func parseSubset(s string) []int {
	var out []int
	for _, p := range strings.Split(s, ";") {
		v, _ := strconv.Atoi(p)
		out = append(out, v)
	}
	return out
}

// TestBestSubsetsLeaps: the best subset of every size and its RSS, R^2,
// adjusted R^2 and Cp agree with leaps::regsubsets (method "exhaustive",
// testdata/leaps.R); BIC agrees up to one constant per data set (leaps
// drops the term that does not depend on the subset). Exhaustive search
// with the RSS criterion finds the same subsets.
func TestBestSubsetsLeaps(t *testing.T) {
	recs := func() [][]string {
		f, err := os.Open("testdata/leaps.csv")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return r[1:]
	}()
	data := map[string]func() (*mat.Dense, []float64){
		"diabetes": func() (*mat.Dense, []float64) {
			ds := datasets.Diabetes()
			return mat.DenseCopyOf(ds.X), ds.Y
		},
		"random1": func() (*mat.Dense, []float64) { return readCSV(t, "testdata/random1.csv") },
		"random2": func() (*mat.Dense, []float64) { return readCSV(t, "testdata/random2.csv") },
	}
	byName := map[string][][]string{}
	for _, r := range recs {
		byName[r[0]] = append(byName[r[0]], r)
	}
	if len(byName) != 3 {
		t.Fatalf("golden file holds %d data sets", len(byName))
	}
	for name, rows := range byName {
		X, y := data[name]()
		res, err := BestSubsets(X, y, BestSubsetsConfig{})
		if err != nil {
			t.Fatal(err)
		}
		ev, _ := LeastSquares{}.Evaluator(X, y)
		ex, err := Run(t.Context(), ev, Config{Strategy: Exhaustive{}})
		if err != nil {
			t.Fatal(err)
		}
		var off float64
		for k, r := range rows {
			f := func(i int) float64 { v, _ := strconv.ParseFloat(r[i], 64); return v }
			want := parseSubset(r[2])
			got := res.Sizes[k]
			if !sameSet(got.Subset, want) || !sameSet(ex.BySize[k].Subset, want) {
				t.Errorf("%s size %d: branch and bound %v, exhaustive %v, leaps %v", name, k+1, got.Subset, ex.BySize[k].Subset, want)
			}
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"RSS", got.RSS, f(3)}, {"R2", got.R2, f(4)}, {"adjR2", got.AdjR2, f(5)}, {"Cp", got.Cp, f(6)}} {
				if !close(c.got, c.want, 1e-10) {
					t.Errorf("%s size %d %s: %v, leaps %v", name, k+1, c.what, c.got, c.want)
				}
			}
			if k == 0 {
				off = got.BIC - f(7)
			} else if !close(got.BIC-f(7), off, 1e-10) {
				t.Errorf("%s size %d: BIC - leaps bic = %v, size 1 had %v", name, k+1, got.BIC-f(7), off)
			}
		}
	}
}
