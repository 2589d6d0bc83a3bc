package linear

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// lmRow is one row of testdata/lm_golden.csv, made by R's lm and
// summary.lm (testdata/golden_lm.R).
type lmRow struct {
	term                                      string
	est, se, t, p, rss, sigma2, df, r2, adjr2 float64
}

func loadLMGolden(t *testing.T) map[string][]lmRow {
	out := map[string][]lmRow{}
	for _, r := range readRecords(t, "lm_golden.csv") {
		v := parseFields(t, r[2:11])
		out[r[0]] = append(out[r[0]], lmRow{r[1], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]})
	}
	return out
}

// readRecords returns the rows of the CSV file testdata/name after its
// header.
func readRecords(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs[1:]
}

// parseFields parses CSV fields (R pads them with spaces) as numbers.
func parseFields(t *testing.T, fields []string) []float64 {
	t.Helper()
	v := make([]float64, len(fields))
	for k, s := range fields {
		var err error
		if v[k], err = strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// lmCase is one fit of testdata/golden_lm.R.
type lmCase struct {
	name      string
	X         *mat.Dense
	y         []float64
	intercept bool
}

// lmCases are the fits of testdata/golden_lm.R: diabetes with and without
// an intercept, and the prostate-style data.
func lmCases(t *testing.T) []lmCase {
	dia, dy := loadCSV(t, "diabetes.csv")
	pro, py := loadCSV(t, "lm_prostate_style.csv")
	return []lmCase{{"diabetes", dia, dy, true}, {"diabetes_nointercept", dia, dy, false}, {"prostate_style", pro, py, true}}
}

// TestLeastSquaresStatisticsR: coefficients, standard errors, t scores,
// p-values, RSS, sigma^2, residual degrees of freedom, R^2 and adjusted
// R^2 agree with R's lm on diabetes (with and without intercept) and on
// ESL-prostate-style data (Table 3.2's layout).
func TestLeastSquaresStatisticsR(t *testing.T) {
	g := loadLMGolden(t)
	close := func(what string, got, want, rel float64) {
		t.Helper()
		if math.Abs(got-want) > rel*math.Max(math.Abs(want), 1e-300) {
			t.Errorf("%s = %.17g, R %.17g", what, got, want)
		}
	}
	for _, c := range lmCases(t) {
		rows := g[c.name]
		r, err := LeastSquares(c.X, c.y, LeastSquaresConfig{Intercept: c.intercept})
		if err != nil {
			t.Fatal(err)
		}
		g0 := rows[0]
		st := r.Stats
		if st == nil {
			t.Fatalf("%s: no statistics", c.name)
		}
		close(c.name+" RSS", r.RSS, g0.rss, 1e-10)
		close(c.name+" sigma2", st.Sigma2, g0.sigma2, 1e-10)
		close(c.name+" R2", st.R2, g0.r2, 1e-10)
		close(c.name+" adjR2", st.AdjR2, g0.adjr2, 1e-10)
		if float64(r.DF) != g0.df {
			t.Errorf("%s: df %d, R %v", c.name, r.DF, g0.df)
		}
		k := 0
		if c.intercept {
			close(c.name+" intercept", r.Intercept, g0.est, 1e-10)
			close(c.name+" intercept se", st.InterceptStdErr, g0.se, 1e-9)
			close(c.name+" intercept t", st.InterceptT, g0.t, 1e-9)
			close(c.name+" intercept p", st.InterceptP, g0.p, 1e-6)
			k = 1
		}
		for j := range r.Coef {
			w := rows[k+j]
			close(c.name+" "+w.term, r.Coef[j], w.est, 1e-9)
			close(c.name+" "+w.term+" se", st.StdErr[j], w.se, 1e-9)
			close(c.name+" "+w.term+" t", st.T[j], w.t, 1e-9)
			close(c.name+" "+w.term+" p", st.P[j], w.p, 1e-6)
		}
	}
}

// TestLeastSquaresStatsUndefined: no statistics (nil Stats) for a
// rank-deficient design, zero residual degrees of freedom or a constant
// target, as R prints NA there.
func TestLeastSquaresStatsUndefined(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 2, 2, 4, 3, 6, 4, 8.5})
	for name, c := range map[string]struct {
		X *mat.Dense
		y []float64
	}{
		"df 0":           {mat.NewDense(2, 1, []float64{1, 2}), []float64{1, 3}},
		"constant y":     {X, []float64{1, 1, 1, 1}},
		"rank deficient": {mat.NewDense(4, 2, []float64{1, 2, 2, 4, 3, 6, 4, 8}), []float64{1, 2, 3, 5}},
	} {
		r, err := LeastSquares(c.X, c.y, LeastSquaresConfig{Intercept: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stats != nil {
			t.Errorf("%s: stats %+v", name, r.Stats)
		}
		if !strings.Contains(r.Table(), "NA") {
			t.Errorf("%s: table\n%s", name, r.Table())
		}
	}
}

// ExampleLeastSquaresResult_Table prints ESL Table 3.2's layout for the
// prostate-style data of testdata/golden_lm.R.
func ExampleLeastSquaresResult_Table() {
	X, y := loadCSV(&testing.T{}, "lm_prostate_style.csv")
	names := []string{"lcavol", "lweight", "age", "lbph", "svi", "lcp", "gleason", "pgg45"}
	r, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: true, Names: names})
	if err != nil {
		panic(err)
	}
	fmt.Print(r.Table())
	// Output:
	// Term          Coefficient  Std. Error  Z Score    p-value
	// Intercept           2.401     0.09028    26.59   3.51e-34
	// lcavol              0.638      0.1004     6.35   3.55e-08
	// lweight            0.3122      0.1083     2.88    0.00554
	// age               -0.1134      0.1101    -1.03      0.307
	// lbph               0.2982      0.1041     2.86    0.00581
	// svi                0.2393       0.112     2.14     0.0369
	// lcp               -0.4615      0.1117    -4.13   0.000118
	// gleason          -0.03128      0.1124    -0.28      0.782
	// pgg45              0.3711      0.1044     3.55    0.00076
	// Residual standard error 0.739 on 58 degrees of freedom; R^2 = 0.6988, adjusted R^2 = 0.6573
	// F-statistic 16.82 on 8 and 58 DF, p-value 1.36e-12
}

// TestLeastSquaresFStatisticR: the overall F statistic, its degrees of
// freedom and its upper-tail p-value agree with R's summary.lm and
// pf(lower.tail = FALSE) (testdata/lm_golden_f.csv, made by
// testdata/golden_lm.R), with and without an intercept.
func TestLeastSquaresFStatisticR(t *testing.T) {
	want := map[string][]float64{}
	for _, r := range readRecords(t, "lm_golden_f.csv") {
		want[r[0]] = parseFields(t, r[1:5])
	}
	for _, c := range lmCases(t) {
		w, ok := want[c.name]
		if !ok {
			t.Fatalf("%s: no golden row", c.name)
		}
		r, err := LeastSquares(c.X, c.y, LeastSquaresConfig{Intercept: c.intercept})
		if err != nil {
			t.Fatal(err)
		}
		st := r.Stats
		if float64(st.FNumDF) != w[1] || float64(st.FDenDF) != w[2] {
			t.Errorf("%s: F on %d and %d DF, R %v and %v", c.name, st.FNumDF, st.FDenDF, w[1], w[2])
		}
		if math.Abs(st.F-w[0]) > 1e-10*w[0] {
			t.Errorf("%s: F = %.17g, R %.17g", c.name, st.F, w[0])
		}
		if math.Abs(st.FP-w[3]) > 1e-8*w[3] {
			t.Errorf("%s: F p-value = %.17g, R %.17g", c.name, st.FP, w[3])
		}
	}
}

// TestLeastSquaresFStatisticProperties: with one feature and an
// intercept, F is the square of the slope's t score and its p-value the
// t test's; the p-value lies in [0, 1] and falls as F grows.
func TestLeastSquaresFStatisticProperties(t *testing.T) {
	X := mat.NewDense(6, 1, []float64{1, 2, 3, 4, 5, 6})
	y := []float64{1.1, 1.9, 3.2, 3.8, 5.3, 5.9}
	r, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	st := r.Stats
	if tt := st.T[0] * st.T[0]; math.Abs(st.F-tt) > 1e-10*tt {
		t.Errorf("F = %v, t^2 = %v", st.F, tt)
	}
	if math.Abs(st.FP-st.P[0]) > 1e-10*st.P[0] {
		t.Errorf("F p-value %v, t p-value %v", st.FP, st.P[0])
	}
	prev := 1.0
	for _, f := range []float64{0, 0.5, 1, 4, 100, 1e6} {
		p := fUpper(f, 3, 20)
		if p < 0 || p > prev {
			t.Errorf("fUpper(%v, 3, 20) = %v after %v", f, p, prev)
		}
		prev = p
	}
}
