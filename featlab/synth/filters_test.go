package synth_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// col returns column j of ds.X.
func col(ds *featlab.Dataset, j int) []float64 { return mat.Col(nil, j, ds.X) }

// lsRisk is the empirical squared risk (1/m)||Xw + b - y||^2 of the least
// squares fit with an intercept on the given columns (derived features
// allowed), computed with a QR solve.
func lsRisk(t *testing.T, cols [][]float64, y []float64) float64 {
	t.Helper()
	m := len(y)
	A := mat.NewDense(m, len(cols)+1, nil)
	for i := 0; i < m; i++ {
		A.Set(i, 0, 1)
		for k, c := range cols {
			A.Set(i, k+1, c[i])
		}
	}
	var w mat.VecDense
	if err := w.SolveVec(A, mat.NewVecDense(m, y)); err != nil {
		t.Fatal(err)
	}
	var pred mat.VecDense
	pred.MulVec(A, &w)
	s := 0.0
	for i := range y {
		d := pred.AtVec(i) - y[i]
		s += d * d
	}
	return s / float64(m)
}

func square(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x * x
	}
	return out
}

func TestExample251(t *testing.T) {
	ds, err := synth.Example251(1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	m, d := ds.Dims()
	if m != 1000 || d != 2 || !slices.Equal(ds.Names, []string{"x1", "x2"}) || ds.Target != "y" {
		t.Fatalf("dataset %v", ds)
	}
	x1, x2 := col(ds, 0), col(ds, 1)
	for i := range ds.Y {
		if x1[i] < -1 || x1[i] > 1 || ds.Y[i] != x1[i]*x1[i] || math.Abs(x2[i]-ds.Y[i]) > 0.01 {
			t.Fatalf("row %d: x1 %v x2 %v y %v", i, x1[i], x2[i], ds.Y[i])
		}
	}
	// The claims of notebook 01 (Example 25.1), seed 1, m = 1000.
	r1 := lsRisk(t, [][]float64{x1}, ds.Y)
	r2 := lsRisk(t, [][]float64{x2}, ds.Y)
	rq := lsRisk(t, [][]float64{x1, square(x1)}, ds.Y)
	// Population values: linear on x1, Var(y) = 1/5 - 1/9 = 4/45 = 0.0889
	// (E[x1 y] = E[x1^3] = 0); linear on x2, about Var(z) = 0.02^2/12 =
	// 3.3e-5; quadratic on x1, 0.
	if math.Abs(r1-4.0/45) > 0.01 {
		t.Errorf("linear risk on x1 = %v, want near 4/45 = 0.0889", r1)
	}
	if math.Abs(r2-0.0004/12) > 1e-5 {
		t.Errorf("linear risk on x2 = %v, want near 3.3e-5", r2)
	}
	if rq > 1e-25 {
		t.Errorf("quadratic risk on x1 = %v, want 0 (rounding only)", rq)
	}
	if !(r2 < r1/1000) {
		t.Errorf("linear on x2 (%v) should beat linear on x1 (%v) by three orders of magnitude", r2, r1)
	}
	// The same ordering holds for every seed we try.
	for seed := uint64(2); seed < 12; seed++ {
		ds, _ := synth.Example251(200, seed)
		a, b := lsRisk(t, [][]float64{col(ds, 0)}, ds.Y), lsRisk(t, [][]float64{col(ds, 1)}, ds.Y)
		q := lsRisk(t, [][]float64{col(ds, 0), square(col(ds, 0))}, ds.Y)
		if !(q < b && b < a) {
			t.Errorf("seed %d: risks quadratic %v, linear x2 %v, linear x1 %v not ordered", seed, q, b, a)
		}
	}
}

func TestPearsonFailure(t *testing.T) {
	ds, err := synth.PearsonFailure(1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	x1, x2 := col(ds, 0), col(ds, 1)
	for i, y := range ds.Y {
		z := 2*x2[i] + x1[i]
		if math.Abs(x1[i]) != 1 || math.Abs(z) != 1 || y != x1[i]+2*x2[i] || y != z {
			t.Fatalf("row %d: x1 %v x2 %v y %v", i, x1[i], x2[i], y)
		}
	}
	// Notebook 02 claims: r(x1, y) near 0; least squares on (x1, x2) has
	// risk 0; on x2 alone about 1/2 (population value: the residual
	// y - x2 = (z + x1)/2 has mean square 1/2).
	r := stat.Correlation(x1, ds.Y, nil)
	if math.Abs(r) > 0.1 {
		t.Errorf("r(x1, y) = %v, want near 0", r)
	}
	if rb := lsRisk(t, [][]float64{x1, x2}, ds.Y); rb > 1e-25 {
		t.Errorf("risk with both = %v, want 0", rb)
	}
	if r2 := lsRisk(t, [][]float64{x2}, ds.Y); math.Abs(r2-0.5) > 0.05 {
		t.Errorf("risk without x1 = %v, want near 1/2", r2)
	}
	if r1 := lsRisk(t, [][]float64{x1}, ds.Y); math.Abs(r1-1) > 0.05 {
		t.Errorf("risk on x1 alone = %v, want near var(y) = 1", r1)
	}
	if rx2 := stat.Correlation(x2, ds.Y, nil); rx2 < 0.6 {
		t.Errorf("r(x2, y) = %v, want about 1/sqrt(2) = 0.707", rx2)
	}
}

func TestXOR(t *testing.T) {
	ds, err := synth.XOR(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	x1, x2 := col(ds, 0), col(ds, 1)
	var n1 int
	for i, y := range ds.Y {
		// Perfect separation by the sign of x1 x2 (both axes).
		if (x1[i]*x2[i] > 0) != (y == 1) {
			t.Errorf("row %d (%v, %v) class %v on the wrong side of the axes", i, x1[i], x2[i], y)
		}
		n1 += int(y)
	}
	if n1 != 200 {
		t.Errorf("class 1 has %d of 400 examples", n1)
	}
	// Each feature alone: the class means agree to within sampling error.
	for j, v := range [][]float64{x1, x2} {
		if d := meanGap(v, ds.Y); math.Abs(d) > 0.2 {
			t.Errorf("x%d: class means differ by %v", j+1, d)
		}
	}
}

func TestElongated(t *testing.T) {
	ds, err := synth.Elongated(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	x1, x2 := col(ds, 0), col(ds, 1)
	for i, y := range ds.Y {
		// Perfect separation by the line x1 = x2.
		if (x1[i] > x2[i]) != (y == 1) {
			t.Errorf("row %d (%v, %v) class %v on the wrong side of x1 = x2", i, x1[i], x2[i], y)
		}
	}
	// x2 alone: same distribution in both classes; x1 alone: class means
	// about 2 apart (population gap 2, within-class sd 1: overlap).
	if d := meanGap(x2, ds.Y); math.Abs(d) > 0.3 {
		t.Errorf("x2: class means differ by %v, want near 0", d)
	}
	if d := meanGap(x1, ds.Y); math.Abs(d-2) > 0.3 {
		t.Errorf("x1: class means differ by %v, want near 2", d)
	}
	// Within-class correlation about 0.98.
	var a, b []float64
	for i, y := range ds.Y {
		if y == 0 {
			a, b = append(a, x1[i]), append(b, x2[i])
		}
	}
	if r := stat.Correlation(a, b, nil); math.Abs(r-0.98) > 0.01 {
		t.Errorf("within-class correlation %v, want near 0.98", r)
	}
}

// meanGap is mean(v | y = 1) - mean(v | y = 0).
func meanGap(v, y []float64) float64 {
	var s [2]float64
	var n [2]int
	for i, c := range y {
		s[int(c)] += v[i]
		n[int(c)]++
	}
	return s[1]/float64(n[1]) - s[0]/float64(n[0])
}

func TestRelevance(t *testing.T) {
	ds, roles, err := synth.Relevance(2000, synth.RelevanceConfig{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, d := ds.Dims()
	if d != 10 || len(roles.Relevant) != 3 || len(roles.Redundant) != 2 || len(roles.Irrelevant) != 5 {
		t.Fatalf("d = %d, roles %+v", d, roles)
	}
	all := slices.Concat(roles.Relevant, roles.Redundant, roles.Irrelevant)
	slices.Sort(all)
	for j := range all {
		if all[j] != j {
			t.Fatalf("roles are not a partition of the columns: %v", all)
		}
	}
	// The label is exactly the rule on the relevant columns.
	for i, y := range ds.Y {
		s := 0.0
		for k, j := range roles.Relevant {
			s += roles.Weights[k] * ds.X.At(i, j)
		}
		if (s > 0) != (y == 1) {
			t.Fatalf("row %d: rule gives %v, label %v", i, s > 0, y)
		}
	}
	// Redundant column k is r_{k mod R} + 0.1 noise: correlation with its
	// source near 1/sqrt(1 + 0.01) = 0.995.
	R := len(roles.Relevant)
	for k, j := range roles.Redundant {
		if r := stat.Correlation(col(ds, j), col(ds, roles.Relevant[k%R]), nil); r < 0.99 {
			t.Errorf("redundant column %d: correlation %v with its source", j, r)
		}
	}
	// Irrelevant columns are uncorrelated with the label.
	for _, j := range roles.Irrelevant {
		if r := stat.Correlation(col(ds, j), ds.Y, nil); math.Abs(r) > 0.1 {
			t.Errorf("irrelevant column %d: correlation %v with y", j, r)
		}
	}
	// Sizes and no-noise variant.
	ds2, roles2, err := synth.Relevance(50, synth.RelevanceConfig{Relevant: 1, Redundant: -1, Irrelevant: 2, Noise: -1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, d := ds2.Dims(); d != 3 || len(roles2.Redundant) != 0 || len(roles2.Irrelevant) != 2 {
		t.Errorf("custom sizes: d = %d roles %+v", d, roles2)
	}
	if _, _, err := synth.Relevance(50, synth.RelevanceConfig{Relevant: -1}, 1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("negative Relevant: %v", err)
	}
}

func TestFilterGeneratorsSeeded(t *testing.T) {
	gens := map[string]func(m int, seed uint64) (*featlab.Dataset, error){
		"Example251": synth.Example251, "PearsonFailure": synth.PearsonFailure,
		"XOR": synth.XOR, "Elongated": synth.Elongated,
		"Relevance": func(m int, seed uint64) (*featlab.Dataset, error) {
			ds, _, err := synth.Relevance(m, synth.RelevanceConfig{}, seed)
			return ds, err
		},
	}
	for name, g := range gens {
		a, err := g(40, 5)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := g(40, 5)
		c, _ := g(40, 6)
		if !mat.Equal(a.X, b.X) || !slices.Equal(a.Y, b.Y) {
			t.Errorf("%s: same seed, different data", name)
		}
		if mat.Equal(a.X, c.X) {
			t.Errorf("%s: different seeds, same data", name)
		}
		if _, err := g(1, 5); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: m = 1 gave %v", name, err)
		}
	}
}

func ExampleExample251() {
	ds, _ := synth.Example251(5, 1)
	fmt.Println(ds)
	for i := 0; i < 3; i++ {
		fmt.Printf("x1 = %+.4f  x2 = %.4f  y = %.4f\n", ds.X.At(i, 0), ds.X.At(i, 1), ds.Y[i])
	}
	// Output:
	// Dataset 5 examples x 2 features [x1, x2], target "y" (regression)
	// x1 = +0.1535  x2 = 0.0311  y = 0.0236
	// x1 = +0.8813  x2 = 0.7752  y = 0.7768
	// x1 = +0.1090  x2 = 0.0169  y = 0.0119
}

func ExampleRelevance() {
	ds, roles, _ := synth.Relevance(100, synth.RelevanceConfig{}, 1)
	fmt.Println(ds.Dims())
	fmt.Println("relevant", roles.Relevant, "weights", roles.Weights)
	fmt.Println("redundant", roles.Redundant, "irrelevant", roles.Irrelevant)
	// Output:
	// 100 10
	// relevant [3 8 5] weights [1 -0.8 0.6]
	// redundant [1 4] irrelevant [0 6 7 9 2]
}

func TestMonotone(t *testing.T) {
	ds, err := synth.Monotone(500, 1)
	if err != nil {
		t.Fatal(err)
	}
	x1 := col(ds, 0)
	for i, y := range ds.Y {
		if x1[i] < 0 || x1[i] >= 1 || y != math.Exp(8*x1[i]) {
			t.Fatalf("row %d: x1 %v y %v", i, x1[i], y)
		}
	}
}

// The claims of notebook 02 (02-filters.ipynb), each with the data and
// calls the notebook makes.

// miConfig is the notebook's mutual-information setting.
func miConfig(names []string) filter.MIConfig {
	return filter.MIConfig{Names: names, Jitter: 1e-10, Seed: 1}
}

// mustScores returns s, panicking (which fails the test) on an error.
func mustScores(s *filter.Scores, err error) *filter.Scores {
	if err != nil {
		panic(err)
	}
	return s
}

func namesOf(ds *featlab.Dataset, idx []int) []string {
	out := make([]string, len(idx))
	for k, j := range idx {
		out[k] = ds.Names[j]
	}
	return out
}

// "eq. 25.1 = eq. 25.2": on diabetes the minimal squared loss equals
// var(y)(1 - r^2) and ranks the features exactly as |r|; the regression
// scores' top 3 as printed.
func TestNotebook02Diabetes(t *testing.T) {
	ds := datasets.Diabetes()
	X, y, names := ds.X, ds.Y, ds.Names
	ml := mustScores(filter.MinLoss(X, y, filter.MinLossConfig{Names: names}))
	r := mustScores(filter.Pearson(X, y, filter.Config{Names: names}))
	vy := stat.PopVariance(y, nil)
	for j := range names {
		fromR := vy * (1 - r.Values[j]*r.Values[j])
		if d := math.Abs(-ml.Values[j]-fromR) / fromR; d > 1e-12 {
			t.Errorf("%s: min loss %v, var(y)(1-r^2) %v", names[j], -ml.Values[j], fromR)
		}
	}
	if !slices.Equal(ml.Ranking(), r.Ranking()) {
		t.Errorf("rankings differ: %v vs %v", ml.Ranking(), r.Ranking())
	}
	top3 := func(s *filter.Scores) []string { return namesOf(ds, s.Ranking()[:3]) }
	want := map[string][]string{
		"pearson":  {"bmi", "s5", "bp"},
		"rsquared": {"bmi", "s5", "bp"},
		"minloss":  {"bmi", "s5", "bp"},
		"freg":     {"bmi", "s5", "bp"},
		"spearman": {"s5", "bmi", "s4"},
		"mi":       {"bmi", "s5", "s4"},
	}
	got := map[string]*filter.Scores{
		"pearson":  r,
		"rsquared": mustScores(filter.RSquared(X, y, filter.Config{Names: names})),
		"minloss":  ml,
		"freg":     mustScores(filter.FRegression(X, y, filter.Config{Names: names})),
		"spearman": mustScores(filter.Spearman(X, y, filter.Config{Names: names})),
		"mi":       mustScores(filter.MutualInfo(X, y, miConfig(names))),
	}
	for k, w := range want {
		if g := top3(got[k]); !slices.Equal(g, w) {
			t.Errorf("%s top 3 = %v, notebook says %v", k, g, w)
		}
	}
}

// "Where Pearson fails": r(x1, y) near 0 while r(x2, y) is about 0.7; the
// risks are in TestPearsonFailure.
func TestNotebook02PearsonFailure(t *testing.T) {
	ds, _ := synth.PearsonFailure(1000, 1)
	r := mustScores(filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names}))
	if math.Abs(r.Signed()[0]) > 0.05 || math.Abs(r.Signed()[1]-0.7) > 0.05 {
		t.Errorf("r = %v", r.Signed())
	}
	if r.Ranking()[0] != 1 {
		t.Error("Pearson should rank x2 first")
	}
}

// notebookClassScores are the scores beside the Guyon-Elisseeff panels.
func notebookClassScores(ds *featlab.Dataset) map[string]*filter.Scores {
	X, y, names := ds.X, ds.Y, ds.Names
	return map[string]*filter.Scores{
		"pearson":  mustScores(filter.Pearson(X, y, filter.Config{Names: names})),
		"spearman": mustScores(filter.Spearman(X, y, filter.Config{Names: names})),
		"mi":       mustScores(filter.MutualInfo(X, y, filter.MIConfig{Names: names, DiscreteTarget: true})),
		"auc":      mustScores(filter.AUC(X, y, filter.Config{Names: names})),
		"stump":    mustScores(filter.Stump(X, y, filter.Config{Names: names})),
		"f":        mustScores(filter.FClassif(X, y, filter.Config{Names: names})),
		"relief":   mustScores(filter.Relief(X, y, filter.ReliefConfig{Names: names, Mean: true})),
	}
}

// XOR: every univariate score at its chance level for both features
// (|r|, |rho| < 0.1; MI < 0.05 bits; AUC, stump accuracy < 0.6; F < 1),
// Relief clearly positive (> 0.05) for both; the pair separates perfectly
// (TestXOR).
func TestNotebook02XOR(t *testing.T) {
	ds, _ := synth.XOR(200, 1)
	s := notebookClassScores(ds)
	for j := 0; j < 2; j++ {
		chance := map[string]float64{"pearson": 0.1, "spearman": 0.1, "mi": 0.05, "auc": 0.6, "stump": 0.6, "f": 1}
		for k, lim := range chance {
			if v := s[k].Values[j]; v >= lim {
				t.Errorf("XOR x%d: %s = %v, not at chance (< %v)", j+1, k, v, lim)
			}
		}
		if v := s["relief"].Values[j]; v < 0.05 {
			t.Errorf("XOR x%d: Relief %v, want clearly positive", j+1, v)
		}
	}
}

// Elongated: x2 alone at chance (|r| < 0.2, AUC < 0.6, stump < 0.6), x1
// partial (AUC about 0.9, stump about 0.83, far from 1); every univariate
// score ranks x1 first; the pair separates perfectly (TestElongated).
func TestNotebook02Elongated(t *testing.T) {
	ds, _ := synth.Elongated(200, 1)
	s := notebookClassScores(ds)
	if s["pearson"].Values[1] > 0.2 || s["auc"].Values[1] > 0.6 || s["stump"].Values[1] > 0.6 {
		t.Errorf("x2 not at chance: r %v auc %v stump %v", s["pearson"].Values[1], s["auc"].Values[1], s["stump"].Values[1])
	}
	if a := s["auc"].Values[0]; a < 0.85 || a > 0.95 {
		t.Errorf("x1 AUC %v, want partial separation about 0.9", a)
	}
	if a := s["stump"].Values[0]; a < 0.75 || a > 0.9 {
		t.Errorf("x1 stump accuracy %v, want about 0.83", a)
	}
	for k, sc := range s {
		if sc.Ranking()[0] != 0 {
			t.Errorf("%s ranks x2 first", k)
		}
	}
}

// Spearman versus Pearson: Pearson prefers x2, Spearman x1 (rho = 1).
func TestNotebook02Monotone(t *testing.T) {
	ds, _ := synth.Monotone(500, 1)
	pr := mustScores(filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names}))
	sp := mustScores(filter.Spearman(ds.X, ds.Y, filter.Config{Names: ds.Names}))
	if pr.Ranking()[0] != 1 || sp.Ranking()[0] != 0 {
		t.Errorf("Pearson first %d, Spearman first %d", pr.Ranking()[0], sp.Ranking()[0])
	}
	if sp.Values[0] != 1 {
		t.Errorf("rho(x1, y) = %v, want exactly 1", sp.Values[0])
	}
	if !(pr.Values[1] > 0.85 && pr.Values[0] < 0.8 && sp.Values[1] < 0.7) {
		t.Errorf("r = %v, rho = %v", pr.Values, sp.Values)
	}
}

// MI finds Example 25.1's x1: |r(x1, y)| < 0.05 but MI ranks x1 first,
// with more than 5 bits.
func TestNotebook02MutualInfo(t *testing.T) {
	ds, _ := synth.Example251(1000, 1)
	pr := mustScores(filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names}))
	mi := mustScores(filter.MutualInfo(ds.X, ds.Y, miConfig(ds.Names)))
	if pr.Values[0] > 0.05 || pr.Ranking()[0] != 1 {
		t.Errorf("Pearson %v", pr.Values)
	}
	if mi.Ranking()[0] != 0 || mi.Values[0] < 5 {
		t.Errorf("MI %v", mi.Values)
	}
}

// Decision stumps on breast cancer: the best stump is on worst_radius,
// threshold 16.795, 525 of 569 correct; the top five by stump accuracy.
func TestNotebook02Stump(t *testing.T) {
	ds := datasets.BreastCancer()
	st := mustScores(filter.Stump(ds.X, ds.Y, filter.Config{Names: ds.Names}))
	top := namesOf(ds, st.Ranking()[:5])
	want := []string{"worst_radius", "worst_area", "worst_perimeter", "worst_concave_points", "mean_concave_points"}
	if !slices.Equal(top, want) {
		t.Errorf("top 5 %v, want %v", top, want)
	}
	b := st.Ranking()[0]
	if st.Values[b] != 525.0/569 || st.Thresholds[b] != 16.795 {
		t.Errorf("best stump accuracy %v (525/569 = %v), threshold %v", st.Values[b], 525.0/569, st.Thresholds[b])
	}
	// Larger radius points to malignant (class 0, the smaller label).
	if st.Signs[b] != -1 {
		t.Errorf("orientation %v", st.Signs[b])
	}
}

// Relief on watermelon: texture 9, umbilicus 7, root 4 first; colour and
// surface negative. Relief-F on wine: flavanoids, od280/od315, proline.
func TestNotebook02Relief(t *testing.T) {
	wm := datasets.Watermelon()
	s := mustScores(filter.ReliefDataset(wm, filter.ReliefConfig{}))
	if top := namesOf(wm, s.Ranking()[:3]); !slices.Equal(top, []string{"texture", "umbilicus", "root"}) {
		t.Errorf("watermelon top 3 %v", top)
	}
	for _, n := range []string{"color", "surface"} {
		j, _ := wm.Index(n)
		if s.Values[j] >= 0 {
			t.Errorf("%s scores %v, want negative", n, s.Values[j])
		}
	}
	w := datasets.Wine()
	f := mustScores(filter.ReliefFDataset(w, filter.ReliefConfig{}))
	if top := namesOf(w, f.Ranking()[:3]); !slices.Equal(top, []string{"flavanoids", "od280_od315_of_diluted_wines", "proline"}) {
		t.Errorf("wine top 3 %v", top)
	}
}

// Information gain: the best of the 28 watermelon pairs is {texture,
// surface} with gain 0.835; the subsets shown and their gains are in
// filter's TestInfoGainNotebookSubsets.
func TestNotebook02BestPair(t *testing.T) {
	ds := datasets.Watermelon()
	g, err := filter.NewInfoGainDataset(ds, filter.InfoGainConfig{})
	if err != nil {
		t.Fatal(err)
	}
	gain := g.Gain
	bestA, bestB, best := 0, 0, -1.0
	for a := range ds.Names {
		for b := a + 1; b < len(ds.Names); b++ {
			v, err := gain([]int{a, b})
			if err != nil {
				t.Fatal(err)
			}
			if v > best {
				bestA, bestB, best = a, b, v
			}
		}
	}
	if ds.Names[bestA] != "texture" || ds.Names[bestB] != "surface" || math.Round(best*1000)/1000 != 0.835 {
		t.Errorf("best pair {%s, %s} gain %v", ds.Names[bestA], ds.Names[bestB], best)
	}
}
