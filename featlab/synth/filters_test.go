package synth_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/featlab/course/featlab"
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
