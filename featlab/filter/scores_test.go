package filter

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func randMatrix(rng *rand.Rand, m, d int) *mat.Dense {
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	for i := range raw {
		raw[i] = rng.NormFloat64()
	}
	return X
}

// allScores runs every score of the package that accepts a two-class
// target y on X.
func allScores(X mat.Matrix, y []float64, workers int) (map[string]*Scores, error) {
	cfg := Config{Workers: workers}
	out := map[string]*Scores{}
	type f func() (*Scores, error)
	fs := map[string]f{
		"pearson":  func() (*Scores, error) { return Pearson(X, y, cfg) },
		"r2":       func() (*Scores, error) { return RSquared(X, y, cfg) },
		"freg":     func() (*Scores, error) { return FRegression(X, y, cfg) },
		"spearman": func() (*Scores, error) { return Spearman(X, y, cfg) },
		"auc":      func() (*Scores, error) { return AUC(X, y, cfg) },
		"stump":    func() (*Scores, error) { return Stump(X, y, cfg) },
		"fclassif": func() (*Scores, error) { return FClassif(X, y, cfg) },
		"minsq":    func() (*Scores, error) { return MinLoss(X, y, MinLossConfig{Workers: workers}) },
		"minhinge": func() (*Scores, error) { return MinLoss(X, y, MinLossConfig{Loss: HingeLoss, Workers: workers}) },
		"minlogit": func() (*Scores, error) {
			return MinLoss(X, y, MinLossConfig{Loss: LogisticLoss, Workers: workers})
		},
		"mi": func() (*Scores, error) { return MutualInfo(X, y, MIConfig{Workers: workers}) },
		"mi-class": func() (*Scores, error) {
			return MutualInfo(X, y, MIConfig{DiscreteTarget: true, Workers: workers})
		},
		"mi-jitter": func() (*Scores, error) {
			return MutualInfo(X, y, MIConfig{Jitter: 1e-10, Seed: 7, Workers: workers})
		},
	}
	for name, fn := range fs {
		s, err := fn()
		if err != nil {
			return nil, errors.Join(errors.New(name), err)
		}
		out[name] = s
	}
	return out, nil
}

func twoClassData(seed uint64, m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	X := randMatrix(rng, m, d)
	y := make([]float64, m)
	for i := range y {
		if X.At(i, 0)+0.5*X.At(i, 1)+rng.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	return X, y
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	X, y := twoClassData(3, 150, 9)
	// a constant column and a column with ties
	for i := 0; i < 150; i++ {
		X.Set(i, 4, 2.5)
		X.Set(i, 5, math.Round(X.At(i, 5)))
	}
	a, err := allScores(X, y, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := allScores(X, y, 4)
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range a {
		if !slices.Equal(s.Values, b[name].Values) || !slices.Equal(s.PValues, b[name].PValues) || !slices.Equal(s.Signs, b[name].Signs) {
			t.Errorf("%s: results differ between 1 and 4 workers", name)
		}
		if !slices.Contains(s.Constant, 4) {
			t.Errorf("%s: constant column 4 not listed: %v", name, s.Constant)
		}
		for j, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s: value %d = %v", name, j, v)
			}
		}
		// A constant feature ranks last (or tied last).
		r := s.Ranking()
		if s.Values[4] > s.Values[r[len(r)-1]] {
			t.Errorf("%s: constant feature scores %v above the worst %v", name, s.Values[4], s.Values[r[len(r)-1]])
		}
	}
	for _, name := range []string{"pearson", "r2", "freg", "spearman", "fclassif", "mi", "mi-class"} {
		if a[name].Values[4] != 0 {
			t.Errorf("%s: constant feature scores %v, want 0", name, a[name].Values[4])
		}
	}
	if v := a["auc"].Values[4]; v != 0.5 {
		t.Errorf("AUC of a constant feature = %v, want 0.5", v)
	}
}

// TestMinLossSquaredEqualsPearson: eq. 25.1 is var(y)(1 - r^2), so ranking
// by the squared min-loss is ranking by |r| (section 25.1.1), on random data
// for many seeds.
func TestMinLossSquaredEqualsPearson(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		m, d := 20+int(seed)*3, 8
		X := randMatrix(rng, m, d)
		y := make([]float64, m)
		for i := range y {
			y[i] = 3 + 2*X.At(i, 0) - X.At(i, 3) + 0.5*rng.NormFloat64()*float64(seed%3+1)
			// features of different scales and offsets
		}
		for i := 0; i < m; i++ {
			X.Set(i, 2, 100*X.At(i, 2)+1e4)
		}
		ml, err := MinLoss(X, y, MinLossConfig{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Pearson(X, y, Config{})
		if err != nil {
			t.Fatal(err)
		}
		// Same ranking (|r| has no exact ties on continuous random data).
		if !slices.Equal(ml.Ranking(), p.Ranking()) {
			t.Fatalf("seed %d: min-loss ranking %v != |r| ranking %v", seed, ml.Ranking(), p.Ranking())
		}
		// eq. 25.1 by a direct least-squares fit on each column: the
		// normal equations of min (1/m)||a v + b - y||^2.
		var my, vy float64
		for _, v := range y {
			my += v
		}
		my /= float64(m)
		for _, v := range y {
			vy += (v - my) * (v - my)
		}
		vy /= float64(m)
		for j := 0; j < d; j++ {
			v := mat.Col(nil, j, X)
			risk := lsRisk(v, y)
			if !relClose(-ml.Values[j], risk, 1e-9) {
				t.Errorf("seed %d col %d: min-loss %v, least squares %v", seed, j, -ml.Values[j], risk)
			}
			r := p.Signed()[j]
			if !relClose(risk, vy*(1-r*r), 1e-9) {
				t.Errorf("seed %d col %d: risk %v != var(y)(1-r^2) = %v", seed, j, risk, vy*(1-r*r))
			}
		}
	}
}

// lsRisk fits a v + b to y by solving the 2x2 normal equations and returns
// the average squared loss.
func lsRisk(v, y []float64) float64 {
	A := mat.NewDense(len(v), 2, nil)
	for i, x := range v {
		A.Set(i, 0, x)
		A.Set(i, 1, 1)
	}
	var w mat.VecDense
	if err := w.SolveVec(A, mat.NewVecDense(len(y), append([]float64(nil), y...))); err != nil {
		panic(err)
	}
	var s float64
	for i, x := range v {
		e := w.AtVec(0)*x + w.AtVec(1) - y[i]
		s += e * e
	}
	return s / float64(len(v))
}

// bruteStump tries every threshold at every value (and below all) with both
// signs, O(m^2).
func bruteStump(v []float64, pos []bool) float64 {
	m := len(v)
	cands := append([]float64{math.Inf(-1)}, v...)
	best := 0
	for _, t := range cands {
		for _, a := range []bool{true, false} {
			correct := 0
			for i, x := range v {
				pred := (x > t) == a
				if pred == pos[i] {
					correct++
				}
			}
			best = max(best, correct)
		}
	}
	return float64(best) / float64(m)
}

func TestStumpBruteForce(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		m := 5 + int(seed)
		X := mat.NewDense(m, 3, nil)
		y := make([]float64, m)
		pos := make([]bool, m)
		for i := 0; i < m; i++ {
			X.Set(i, 0, rng.NormFloat64())
			X.Set(i, 1, float64(rng.IntN(4))) // ties
			X.Set(i, 2, float64(i%2))
			if rng.Float64() < 0.5 {
				y[i], pos[i] = 1, true
			} else {
				y[i] = -1
			}
		}
		pos[0], y[0], pos[1], y[1] = true, 1, false, -1 // both classes
		s, err := Stump(X, y, Config{})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 3; j++ {
			v := mat.Col(nil, j, X)
			if want := bruteStump(v, pos); s.Values[j] != want {
				t.Errorf("seed %d col %d: stump accuracy %v, brute force %v", seed, j, s.Values[j], want)
			}
			// The reported stump achieves the reported accuracy.
			a, th := s.Signs[j], s.Thresholds[j]
			correct := 0
			for i, x := range v {
				h := -a
				if x > th {
					h = a
				}
				if (h > 0) == pos[i] {
					correct++
				}
			}
			if got := float64(correct) / float64(m); got != s.Values[j] {
				t.Errorf("seed %d col %d: stump (a=%v, t=%v) has accuracy %v, reported %v", seed, j, a, th, got, s.Values[j])
			}
		}
	}
}

func TestStumpHandWorked(t *testing.T) {
	// v = 1..6 with labels - - + - + +: the best stump cuts at 2.5 (one
	// error at v = 4) or at 4.5 (one error at v = 3): accuracy 5/6; the
	// sweep takes the lower cut, 2.5, with a = +1.
	X := mat.NewDense(6, 1, []float64{1, 2, 3, 4, 5, 6})
	y := []float64{0, 0, 1, 0, 1, 1}
	s, err := Stump(X, y, Config{Names: []string{"v"}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Values[0] != 5.0/6 || s.Signs[0] != 1 || s.Thresholds[0] != 2.5 {
		t.Errorf("stump = (acc %v, a %v, t %v), want (5/6, +1, 2.5)", s.Values[0], s.Signs[0], s.Thresholds[0])
	}
	// Reversed labels: the same cut with a = -1.
	s, _ = Stump(X, []float64{1, 1, 0, 1, 0, 0}, Config{})
	if s.Values[0] != 5.0/6 || s.Signs[0] != -1 || s.Thresholds[0] != 2.5 {
		t.Errorf("reversed stump = (acc %v, a %v, t %v), want (5/6, -1, 2.5)", s.Values[0], s.Signs[0], s.Thresholds[0])
	}
}

func TestAUCHandWorked(t *testing.T) {
	// positives {3, 5}, negatives {1, 3, 4}: pairs (pos > neg) = 3>1, 3=3
	// (half), 5>1, 5>3, 5>4 -> 4.5 of 6 = 0.75.
	X := mat.NewDense(5, 2, []float64{3, -3, 5, -5, 1, -1, 3, -3, 4, -4})
	y := []float64{1, 1, 0, 0, 0}
	s, err := AUC(X, y, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Values[0] != 0.75 || s.Signs[0] != 1 || s.Values[1] != 0.75 || s.Signs[1] != -1 {
		t.Errorf("AUC = %v signs %v, want [0.75 0.75] [+1 -1]", s.Values, s.Signs)
	}
}

func TestMinLossHingeLogisticProperties(t *testing.T) {
	// Separable feature: both minima are 0 (the logistic infimum).
	X := mat.NewDense(6, 2, []float64{1, 0, 2, 1, 3, 0, 10, 1, 11, 0, 12, 1})
	y := []float64{0, 0, 0, 1, 1, 1}
	for _, l := range []Loss{HingeLoss, LogisticLoss} {
		s, err := MinLoss(X, y, MinLossConfig{Loss: l})
		if err != nil {
			t.Fatal(err)
		}
		if s.Values[0] != 0 {
			t.Errorf("%v: separable feature scores %v, want 0", l, s.Values[0])
		}
		// Column 2 alternates 0,1,0,1,0,1 against y = 000111: no better
		// than the best constant (hinge 2*min(3,3)/6 = 1, logistic ln 2)?
		// Not quite: it carries a little information. It must beat the
		// constant predictor and lose to the separable feature.
		if !(s.Values[1] < 0) {
			t.Errorf("%v: weak feature scores %v, want < 0", l, s.Values[1])
		}
	}
	// Constant feature: the best constant predictor.
	Xc := mat.NewDense(4, 1, []float64{7, 7, 7, 7})
	yc := []float64{1, 0, 1, 1}
	h, _ := MinLoss(Xc, yc, MinLossConfig{Loss: HingeLoss})
	if h.Values[0] != -0.5 || !slices.Equal(h.Constant, []int{0}) {
		t.Errorf("hinge constant = %v %v, want -0.5 (2*1/4)", h.Values, h.Constant)
	}
	lg, _ := MinLoss(Xc, yc, MinLossConfig{Loss: LogisticLoss})
	want := -(0.75*math.Log(0.75) + 0.25*math.Log(0.25)) // binary entropy (nats)
	if math.Abs(-lg.Values[0]-want) > 1e-15 {
		t.Errorf("logistic constant = %v, want %v", -lg.Values[0], want)
	}
}

func TestSpearmanMonotone(t *testing.T) {
	// y = exp(3 v) is monotone in v: rho = 1 while r < 1.
	m := 50
	X := mat.NewDense(m, 1, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		v := float64(i) / 10
		X.Set(i, 0, v)
		y[i] = math.Exp(3 * v)
	}
	s, _ := Spearman(X, y, Config{})
	p, _ := Pearson(X, y, Config{})
	if s.Values[0] != 1 || !(p.Values[0] < 0.8) {
		t.Errorf("rho = %v (want 1), r = %v (want < 0.8)", s.Values[0], p.Values[0])
	}
}

func TestAverageRanks(t *testing.T) {
	got := averageRanks([]float64{10, 20, 10, 30, 20, 10}, make([]float64, 6), make([]int, 6))
	want := []float64{2, 4.5, 2, 6, 4.5, 2} // scipy.stats.rankdata
	if !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
}

func TestSelectionRules(t *testing.T) {
	s := &Scores{Method: "test", Names: []string{"a", "b", "c", "d", "e"}, Values: []float64{0.2, 0.9, 0.5, 0.9, 0.1}, Constant: []int{4}}
	if r := s.Ranking(); !slices.Equal(r, []int{1, 3, 2, 0, 4}) {
		t.Errorf("ranking %v: ties by lower index expected", r)
	}
	sel, err := s.TopK(2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sel.Chosen, []int{1, 3}) || !slices.Equal(sel.ChosenNames, []string{"b", "d"}) {
		t.Errorf("top 2 = %v %v", sel.Chosen, sel.ChosenNames)
	}
	if !slices.Equal(sel.Constant, []int{4}) || sel.Method != "test, top 2" {
		t.Errorf("selection constant %v method %q", sel.Constant, sel.Method)
	}
	sel, _ = s.TopK(1)
	if !slices.Equal(sel.Chosen, []int{1}) {
		t.Errorf("top 1 = %v: the tie at 0.9 goes to the lower index", sel.Chosen)
	}
	for _, k := range []int{0, -1, 6} {
		if _, err := s.TopK(k); !errors.Is(err, featlab.ErrParam) || !strings.Contains(err.Error(), "k = ") {
			t.Errorf("TopK(%d): err = %v, want ErrParam naming k", k, err)
		}
	}
	sel, _ = s.Threshold(0.5)
	if !slices.Equal(sel.Chosen, []int{1, 3, 2}) {
		t.Errorf("threshold 0.5 = %v", sel.Chosen)
	}
	sel, _ = s.Threshold(2)
	if len(sel.Chosen) != 0 {
		t.Errorf("threshold 2 = %v, want none", sel.Chosen)
	}
	if _, err := s.Threshold(math.NaN()); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Threshold(NaN) err = %v", err)
	}
	for _, p := range []float64{-1, 101, math.NaN()} {
		if _, err := s.Percentile(p); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("Percentile(%v) err = %v", p, err)
		}
	}
	sel, _ = s.Percentile(40)
	if !slices.Equal(sel.Chosen, []int{1, 3}) {
		t.Errorf("percentile 40 = %v", sel.Chosen)
	}
	if str := s.String(); !strings.Contains(str, "constant") || !strings.Contains(str, "rank") {
		t.Errorf("String() = %q", str)
	}
	df := s.DataFrame()
	if r, c := df.Dims(); r != 5 || c != 5 {
		t.Errorf("DataFrame dims %d x %d, want 5 x 5", r, c)
	}
}

func TestErrors(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 8.5})
	y := []float64{1, 2, 3, 4}
	yc := []float64{0, 1, 0, 1}
	type call func(X mat.Matrix, y []float64, names []string) (*Scores, error)
	reg := map[string]call{
		"pearson": func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return Pearson(X, y, Config{Names: n}) },
		"r2":      func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return RSquared(X, y, Config{Names: n}) },
		"freg": func(X mat.Matrix, y []float64, n []string) (*Scores, error) {
			return FRegression(X, y, Config{Names: n})
		},
		"spearman": func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return Spearman(X, y, Config{Names: n}) },
		"minsq": func(X mat.Matrix, y []float64, n []string) (*Scores, error) {
			return MinLoss(X, y, MinLossConfig{Names: n})
		},
		"mi": func(X mat.Matrix, y []float64, n []string) (*Scores, error) {
			return MutualInfo(X, y, MIConfig{Names: n, K: 1})
		},
	}
	cls := map[string]call{
		"auc":      func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return AUC(X, y, Config{Names: n}) },
		"stump":    func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return Stump(X, y, Config{Names: n}) },
		"fclassif": func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return FClassif(X, y, Config{Names: n}) },
		"chi2":     func(X mat.Matrix, y []float64, n []string) (*Scores, error) { return Chi2(X, y, Config{Names: n}) },
		"hinge": func(X mat.Matrix, y []float64, n []string) (*Scores, error) {
			return MinLoss(X, y, MinLossConfig{Names: n, Loss: HingeLoss})
		},
		"mi-class": func(X mat.Matrix, y []float64, n []string) (*Scores, error) {
			return MutualInfo(X, y, MIConfig{Names: n, K: 1, DiscreteTarget: true})
		},
	}
	nanX := mat.NewDense(4, 2, []float64{1, 2, 3, math.NaN(), 5, 6, 7, 8})
	infX := mat.NewDense(4, 2, []float64{1, 2, 3, 4, math.Inf(1), 6, 7, 8})
	expect := func(name string, err, kind error, words ...string) {
		t.Helper()
		if !errors.Is(err, kind) {
			t.Errorf("%s: err = %v, want %v", name, err, kind)
			return
		}
		for _, w := range words {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", name, err, w)
			}
		}
	}
	for name, f := range reg {
		_, err := f(X, y, []string{"u", "v"})
		if err != nil {
			t.Errorf("%s: valid input: %v", name, err)
		}
		_, err = f(X, []float64{5, 5, 5, 5}, nil)
		expect(name+" constant y", err, featlab.ErrConstant, "constant")
		_, err = f(nanX, y, []string{"u", "v"})
		expect(name+" NaN", err, featlab.ErrNotFinite, "row 1", "v")
		_, err = f(infX, y, nil)
		expect(name+" Inf", err, featlab.ErrNotFinite, "row 2", "x1")
		_, err = f(X, []float64{1, 2, math.NaN(), 4}, nil)
		expect(name+" NaN y", err, featlab.ErrNotFinite, "row 2")
		_, err = f(X, y[:3], nil)
		expect(name+" short y", err, featlab.ErrShape, "4 rows", "3 values")
		_, err = f(X, y, []string{"one"})
		expect(name+" names", err, featlab.ErrShape, "names")
		_, err = f(&mat.Dense{}, nil, nil)
		expect(name+" empty", err, featlab.ErrEmpty)
	}
	for name, f := range cls {
		if _, err := f(X, yc, nil); err != nil {
			t.Errorf("%s: valid input: %v", name, err)
		}
		_, err := f(X, []float64{0, 1.5, 0, 1}, nil)
		expect(name+" non-integer", err, featlab.ErrLabels, "row 1")
		_, err = f(X, []float64{1, 1, 1, 1}, nil)
		expect(name+" one class", err, featlab.ErrLabels, "class")
		_, err = f(nanX, yc, nil)
		expect(name+" NaN", err, featlab.ErrNotFinite, "row 1")
	}
	for _, name := range []string{"auc", "stump", "hinge"} {
		_, err := cls[name](mat.NewDense(3, 1, []float64{1, 2, 3}), []float64{0, 1, 2}, nil)
		expect(name+" three classes", err, featlab.ErrLabels, "exactly 2")
	}
	_, err := Chi2(mat.NewDense(2, 2, []float64{1, 2, 3, -1}), []float64{0, 1}, Config{Names: []string{"a", "b"}})
	expect("chi2 negative", err, featlab.ErrParam, "row 1", "\"b\"", "non-negative")
	_, err = MutualInfo(X, y, MIConfig{K: 4})
	expect("MI K >= m", err, featlab.ErrParam, "K = 4")
	_, err = MutualInfo(X, y, MIConfig{K: -1})
	expect("MI K < 0", err, featlab.ErrParam, "K = -1")
	_, err = MutualInfo(X, y, MIConfig{DiscreteFeatures: []bool{true}})
	expect("MI mask", err, featlab.ErrShape, "DiscreteFeatures")
	_, err = MutualInfo(X, y, MIConfig{Jitter: -1})
	expect("MI jitter", err, featlab.ErrParam, "Jitter")
	_, err = MinLoss(X, y, MinLossConfig{Loss: Loss(9)})
	expect("loss", err, featlab.ErrParam, "Loss")
	_, err = MinLoss(X, y, MinLossConfig{Tol: -1})
	expect("tol", err, featlab.ErrParam, "Tol")
}

func TestExtremeValues(t *testing.T) {
	// Huge magnitudes (sums overflow), a column far from its row-0 value,
	// and a nearly constant column: finite, correct scores.
	m := 8
	X := mat.NewDense(m, 4, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		y[i] = float64(i)
		X.Set(i, 0, 1e300*float64(i))
		X.Set(i, 1, 1e9+float64(i%3))
		X.Set(i, 2, 1+float64(i)*1e-15)
		X.Set(i, 3, -2e300*float64(i))
	}
	X.Set(0, 1, -1e12) // row 0 an outlier: the shift is far from the mean
	p, err := Pearson(X, y, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for j := 1; j < 3; j++ {
		// two-pass reference on the raw column
		want := pearsonVec(mat.Col(nil, j, X), y)
		if !relClose(p.Signed()[j], want, 1e-12) {
			t.Errorf("r[%d] = %v, want %v", j, p.Signed()[j], want)
		}
	}
	if !(p.Signed()[0] > 1-1e-15 && p.Signed()[3] < -1+1e-15) {
		t.Errorf("r of huge linear columns = %v, want 1 and -1", p.Signed())
	}
	// |r| = 1 exactly: F is MaxFloat64 and the p-value 0.
	if f := fFromR(1, 10); f != math.MaxFloat64 || fSurvival(f, 1, 10) != 0 {
		t.Errorf("F for |r| = 1: %v (p %v), want MaxFloat64 (p 0)", f, fSurvival(f, 1, 10))
	}
	if f := fFromR(0.5, 0); f != 0 {
		t.Errorf("F with no degrees of freedom = %v, want 0", f)
	}
	fc, err := FClassif(X, []float64{0, 0, 0, 0, 1, 1, 1, 1}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for j, v := range fc.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
			t.Errorf("F classif[%d] = %v", j, v)
		}
	}
	c, err := Chi2(mat.NewDense(4, 1, []float64{1e308, 1e308, 0, 1e307}), []float64{0, 0, 1, 1}, Config{})
	if err != nil || math.IsNaN(c.Values[0]) || math.IsInf(c.Values[0], 0) {
		t.Errorf("chi2 of huge values = %v, %v", c, err)
	}
}

func TestMutualInfoProperties(t *testing.T) {
	// Example 25.1: y = x1^2 with x1 ~ U[-1, 1]: r(x1, y) is near 0 but
	// the k-NN mutual information is large; an independent noise column
	// scores near 0.
	rng := rand.New(rand.NewPCG(25, 1))
	m := 500
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		x1 := 2*rng.Float64() - 1
		X.Set(i, 0, x1)
		X.Set(i, 1, rng.NormFloat64())
		y[i] = x1 * x1
	}
	mi, err := MutualInfo(X, y, MIConfig{Names: []string{"x1", "noise"}})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := Pearson(X, y, Config{})
	if !(p.Values[0] < 0.1 && mi.Values[0] > 1 && mi.Values[1] < 0.05) {
		t.Errorf("|r| = %v, MI = %v bits: want |r| < 0.1, MI(x1) > 1, MI(noise) < 0.05", p.Values[0], mi.Values)
	}
	// Invariant under a strictly monotone map of a feature only through
	// the estimator's use of distances: the plug-in MI is invariant under
	// relabelling of categories exactly.
	a := []int{0, 1, 1, 2, 2, 2, 0, 1}
	b := []int{1, 1, 0, 0, 1, 0, 1, 1}
	relab := []int{2, 0, 0, 1, 1, 1, 2, 0}
	if math.Abs(plugInMI(a, b)-plugInMI(relab, b)) > 1e-15 {
		t.Errorf("plug-in MI changed under relabelling")
	}
	// Hand-worked: X = Y uniform on 4 values: I = H = 2 bits.
	Xd := mat.NewDense(8, 1, []float64{0, 1, 2, 3, 0, 1, 2, 3})
	yd := []float64{0, 1, 2, 3, 0, 1, 2, 3}
	s, _ := MutualInfo(Xd, yd, MIConfig{DiscreteFeatures: []bool{true}, DiscreteTarget: true})
	if math.Abs(s.Values[0]-2) > 1e-15 {
		t.Errorf("I(X; X) for 4 equiprobable values = %v bits, want 2", s.Values[0])
	}
	// Jitter is deterministic given the seed.
	j1, _ := MutualInfo(X, y, MIConfig{Jitter: 1e-10, Seed: 3})
	j2, _ := MutualInfo(X, y, MIConfig{Jitter: 1e-10, Seed: 3, Workers: 1})
	if !slices.Equal(j1.Values, j2.Values) {
		t.Errorf("jittered MI not reproducible")
	}
}

func TestDigammaInt(t *testing.T) {
	// scipy.special.digamma (Cephes psi), printed with repr.
	for _, c := range []struct {
		n    int
		want float64
	}{
		{1, -0.5772156649015329}, {2, 0.42278433509846713}, {3, 0.9227843350984671},
		{10, 2.251752589066721}, {11, 2.3517525890667215}, {100, 4.600161852738088},
		{442, 6.0901782338042665}, {10000, 9.21029037114285},
	} {
		if got := digammaInt(c.n); got != c.want {
			t.Errorf("digamma(%d) = %.17g, want %.17g", c.n, got, c.want)
		}
	}
}

func TestGeneralMatrixAndNames(t *testing.T) {
	// Any mat.Matrix works (here a transposed view); results equal those
	// on the Dense copy. Scores without names use x1..xd.
	X, y := twoClassData(9, 40, 3)
	var Xt mat.Dense
	Xt.CloneFrom(X.T())
	view := Xt.T() // a mat.Transpose, not a RawMatrixer
	a, _ := Pearson(X, y, Config{})
	b, err := Pearson(view, y, Config{})
	if err != nil || !slices.Equal(a.Values, b.Values) {
		t.Errorf("Pearson on a view: %v %v, want %v", b, err, a.Values)
	}
	s := &Scores{Method: "m", Values: []float64{1, 3, 2}}
	sel, err := s.TopK(2)
	if err != nil || !slices.Equal(sel.ChosenNames, []string{"x2", "x3"}) {
		t.Errorf("unnamed TopK = %v, %v", sel, err)
	}
	if !strings.Contains(s.String(), "x2") {
		t.Errorf("String() = %q", s.String())
	}
}

func TestPearsonChunksDeterministic(t *testing.T) {
	// m = 3000 rows make 11 chunks; any number of workers gives the same
	// bits, and the values agree with a two-pass computation per column.
	X, y := benchData(3000, 7)
	ref, err := Pearson(X, y, Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3, 5} {
		s, _ := Pearson(X, y, Config{Workers: w})
		if !slices.Equal(s.Values, ref.Values) {
			t.Errorf("%d workers: %v != %v", w, s.Values, ref.Values)
		}
	}
	for j := 0; j < 7; j++ {
		want := pearsonVec(mat.Col(nil, j, X), y)
		// r is in [-1, 1]: relative to max(|r|, 0.01), so that a
		// correlation near 0 (formed by cancellation) is held to the
		// same absolute accuracy as the others.
		if math.Abs(ref.Signed()[j]-want) > 1e-13*max(math.Abs(want), 0.01) {
			t.Errorf("r[%d] = %v, two-pass %v", j, ref.Signed()[j], want)
		}
	}
}

// Found by the reliability review (issue 9): plug-in MI of two variables
// with a value per example allocated m^2 joint counts (80 GB at m =
// 100000); the sparse count gives the same bits in O(m).
func TestPlugInMISparseSameBits(t *testing.T) {
	m := 3000 // 9e6 cells: the sparse path
	a := make([]int, m)
	b := make([]int, m)
	for i := range a {
		a[i] = (i * 7919) % m
		b[i] = (i * 104729) % (m - 1)
	}
	got := plugInMI(a, b)
	// The dense reference, written out.
	na, nb := m, m-1
	joint := make([]float64, na*nb)
	ca := make([]float64, na)
	cb := make([]float64, nb)
	for i := range a {
		joint[a[i]*nb+b[i]]++
		ca[a[i]]++
		cb[b[i]]++
	}
	var want float64
	for p := 0; p < na; p++ {
		for q := 0; q < nb; q++ {
			if n := joint[p*nb+q]; n != 0 {
				want += n / float64(m) * math.Log(float64(m)*n/(ca[p]*cb[q]))
			}
		}
	}
	want = math.Max(0, want)
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("sparse %v, dense %v", got, want)
	}
	// m = 100000 with a value per example: runs in O(m) memory.
	m = 100000
	a, b = make([]int, m), make([]int, m)
	for i := range a {
		a[i], b[i] = i, (i*31)%m
	}
	if v := plugInMI(a, b); !(v > 0) {
		t.Fatalf("MI %v", v)
	}
}
