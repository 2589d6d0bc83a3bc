package validate

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/featlab/course/featlab"
)

// goldenFile is testdata/golden.json, written by testdata/golden_sklearn.py
// with scikit-learn 1.2.1.
type goldenFile struct {
	ROCAUC []struct {
		Name  string
		Y     []float64
		Score []float64
		AUC   float64
	} `json:"roc_auc"`
	LogLoss []struct {
		Name    string
		Y       []float64
		P       []float64
		LogLoss float64 `json:"log_loss"`
	} `json:"log_loss"`
	MSE struct {
		Y, Yhat []float64
		MSE     float64
	} `json:"mse"`
	Accuracy struct {
		Y, Yhat     []float64
		Accuracy    float64
		ZeroOneLoss float64 `json:"zero_one_loss"`
	} `json:"accuracy"`
	TrainTestSplit []struct {
		M        int
		TestFrac float64 `json:"test_frac"`
		NTrain   int     `json:"n_train"`
		NTest    int     `json:"n_test"`
	} `json:"train_test_split"`
	KFold []struct {
		M, K      int
		TestSizes []int `json:"test_sizes"`
	} `json:"kfold"`
	Stratified []struct {
		Name       string
		Y          []float64
		K          int
		Labels     []float64
		TestCounts [][]int `json:"test_counts"`
	} `json:"stratified_kfold"`
}

func readGolden(t testing.TB) *goldenFile {
	t.Helper()
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldenFile
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// near reports whether a and b agree to 4 units in the last place: the
// golden values are sklearn's floating-point sums (numpy pairwise
// summation, trapezoids), ours are sums in another order or exact.
func near(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 4*math.Abs(b)*0x1p-52
}

func TestMetricsGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.ROCAUC {
		got, err := ROCAUC(c.Y, c.Score)
		if err != nil {
			t.Fatal(err)
		}
		if !near(got, c.AUC) {
			t.Errorf("ROCAUC %s = %.17g, sklearn %.17g", c.Name, got, c.AUC)
		}
	}
	for _, c := range g.LogLoss {
		got, err := LogLoss(c.Y, c.P)
		if err != nil {
			t.Fatal(err)
		}
		if !near(got, c.LogLoss) {
			t.Errorf("LogLoss %s = %.17g, sklearn %.17g", c.Name, got, c.LogLoss)
		}
	}
	if got, _ := MSE(g.MSE.Y, g.MSE.Yhat); !near(got, g.MSE.MSE) {
		t.Errorf("MSE = %.17g, sklearn %.17g", got, g.MSE.MSE)
	}
	if got, _ := Accuracy(g.Accuracy.Y, g.Accuracy.Yhat); got != g.Accuracy.Accuracy {
		t.Errorf("Accuracy = %.17g, sklearn %.17g", got, g.Accuracy.Accuracy)
	}
	if got, _ := ZeroOneLoss(g.Accuracy.Y, g.Accuracy.Yhat); !near(got, g.Accuracy.ZeroOneLoss) {
		t.Errorf("ZeroOneLoss = %.17g, sklearn %.17g", got, g.Accuracy.ZeroOneLoss)
	}
}

// Hand-checked values.
func TestMetricsByHand(t *testing.T) {
	// 4 positives x 2 negatives = 8 pairs: the positive scored 0.5 ties
	// the negative at 0.5 (1/2) and beats the one at 0.1 (1); the others
	// beat both (6): AUC = 7.5/8.
	auc, err := ROCAUC([]float64{1, 0, 1, 1, 0, 1}, []float64{0.5, 0.5, 0.9, 0.7, 0.1, 0.8})
	if err != nil || auc != 7.5/8 {
		t.Errorf("ROCAUC = %v, %v, want 0.9375", auc, err)
	}
	// A clipped confident mistake costs -log(Eps) = 52 log 2.
	ll, err := LogLoss([]float64{1}, []float64{0})
	if err != nil || !near(ll, 52*math.Ln2) {
		t.Errorf("LogLoss of a sure mistake = %v, %v, want %v", ll, err, 52*math.Ln2)
	}
	// One class in y is allowed for LogLoss: -log 0.8.
	if ll, _ := LogLoss([]float64{0, 0}, []float64{0.2, 0.2}); !near(ll, -math.Log(0.8)) {
		t.Errorf("LogLoss = %v, want %v", ll, -math.Log(0.8))
	}
	if mse, _ := MSE([]float64{1, 2, 3}, []float64{1, 4, 0}); mse != 13.0/3 {
		t.Errorf("MSE = %v, want 13/3", mse)
	}
	acc, _ := Accuracy([]float64{1, 2, 3, 4}, []float64{1, 2, 0, 0})
	zo, _ := ZeroOneLoss([]float64{1, 2, 3, 4}, []float64{1, 2, 0, 0})
	if acc != 0.5 || zo != 0.5 {
		t.Errorf("accuracy %v, 0-1 loss %v", acc, zo)
	}
}

// ROCAUC equals the pair-counting definition on random inputs with ties,
// and is invariant under strictly increasing maps of the scores.
func TestROCAUCProperties(t *testing.T) {
	r := newRand(7)
	for trial := range 200 {
		m := 2 + r.IntN(40)
		y := make([]float64, m)
		s := make([]float64, m)
		for i := range y {
			y[i] = float64(r.IntN(2))
			s[i] = float64(r.IntN(5)) // many ties
		}
		y[0], y[1] = 0, 1
		num, P, N := 0.0, 0.0, 0.0
		for i := range y {
			if y[i] == 1 {
				P++
			} else {
				N++
			}
			for j := range y {
				if y[i] == 1 && y[j] == 0 {
					switch {
					case s[i] > s[j]:
						num++
					case s[i] == s[j]:
						num += 0.5
					}
				}
			}
		}
		got, err := ROCAUC(y, s)
		if err != nil || got != num/(P*N) {
			t.Fatalf("trial %d: ROCAUC %v, pair count %v (%v)", trial, got, num/(P*N), err)
		}
		e := make([]float64, m)
		for i, v := range s {
			e[i] = math.Exp(v) - 3
		}
		if g2, _ := ROCAUC(y, e); g2 != got {
			t.Fatalf("trial %d: not invariant under a monotone map", trial)
		}
		neg := make([]float64, m)
		for i, v := range y {
			neg[i] = 1 - v
		}
		if g3, _ := ROCAUC(neg, s); !near(g3, 1-got) {
			t.Fatalf("trial %d: swapping classes gives %v, want %v", trial, g3, 1-got)
		}
	}
}

func TestMetricErrors(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name string
		f    Metric
		y, p []float64
		kind error
	}{
		{"mse length", MSE, []float64{1, 2}, []float64{1}, featlab.ErrShape},
		{"mse empty", MSE, nil, nil, featlab.ErrEmpty},
		{"mse NaN", MSE, []float64{1, nan}, []float64{1, 2}, featlab.ErrNotFinite},
		{"mse Inf pred", MSE, []float64{1, 2}, []float64{1, math.Inf(1)}, featlab.ErrNotFinite},
		{"accuracy length", Accuracy, []float64{1}, []float64{1, 2}, featlab.ErrShape},
		{"accuracy NaN", Accuracy, []float64{nan}, []float64{1}, featlab.ErrNotFinite},
		{"0-1 empty", ZeroOneLoss, []float64{}, []float64{}, featlab.ErrEmpty},
		{"auc one class", ROCAUC, []float64{1, 1}, []float64{0.1, 0.2}, featlab.ErrLabels},
		{"auc bad label", ROCAUC, []float64{0, 2}, []float64{0.1, 0.2}, featlab.ErrLabels},
		{"auc NaN score", ROCAUC, []float64{0, 1}, []float64{0.1, nan}, featlab.ErrNotFinite},
		{"auc length", ROCAUC, []float64{0, 1}, []float64{0.1}, featlab.ErrShape},
		{"logloss p > 1", LogLoss, []float64{0, 1}, []float64{0.1, 1.5}, featlab.ErrParam},
		{"logloss p < 0", LogLoss, []float64{0, 1}, []float64{-0.1, 0.5}, featlab.ErrParam},
		{"logloss label", LogLoss, []float64{0, 0.5}, []float64{0.1, 0.5}, featlab.ErrLabels},
		{"logloss NaN", LogLoss, []float64{0, 1}, []float64{nan, 0.5}, featlab.ErrNotFinite},
		{"logloss empty", LogLoss, nil, nil, featlab.ErrEmpty},
	}
	for _, c := range cases {
		if _, err := c.f(c.y, c.p); !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.kind)
		}
	}
}

// partition checks that test sets partition 0..m-1 and that each train
// set is the complement of its test set, both sorted.
func partition(t *testing.T, folds []Fold, m int) {
	t.Helper()
	seen := make([]int, m)
	for f, fold := range folds {
		if !slices.IsSorted(fold.Train) || !slices.IsSorted(fold.Test) {
			t.Fatalf("fold %d not sorted", f)
		}
		if len(fold.Train)+len(fold.Test) != m {
			t.Fatalf("fold %d: %d + %d != %d", f, len(fold.Train), len(fold.Test), m)
		}
		in := make([]bool, m)
		for _, i := range fold.Test {
			seen[i]++
			in[i] = true
		}
		for _, i := range fold.Train {
			if in[i] {
				t.Fatalf("fold %d: %d in both train and test", f, i)
			}
		}
	}
	for i, s := range seen {
		if s != 1 {
			t.Fatalf("index %d tested %d times", i, s)
		}
	}
}

func TestSplitSizesGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.TrainTestSplit {
		train, test, err := Holdout(c.M, c.TestFrac, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(train) != c.NTrain || len(test) != c.NTest {
			t.Errorf("Holdout(%d, %v): %d/%d, sklearn %d/%d", c.M, c.TestFrac, len(train), len(test), c.NTrain, c.NTest)
		}
		all := append(append([]int(nil), train...), test...)
		slices.Sort(all)
		for i, v := range all {
			if v != i {
				t.Fatalf("Holdout(%d, %v) does not partition 0..m-1", c.M, c.TestFrac)
			}
		}
	}
	for _, c := range g.KFold {
		folds, err := KFold(c.M, c.K, 3)
		if err != nil {
			t.Fatal(err)
		}
		partition(t, folds, c.M)
		for f, fold := range folds {
			if len(fold.Test) != c.TestSizes[f] {
				t.Errorf("KFold(%d, %d) fold %d: %d, sklearn %d", c.M, c.K, f, len(fold.Test), c.TestSizes[f])
			}
		}
	}
}

func TestStratifiedKFoldGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.Stratified {
		for _, seed := range []uint64{0, 1, 99} {
			folds, err := StratifiedKFold(c.Y, c.K, seed)
			if err != nil {
				t.Fatal(err)
			}
			partition(t, folds, len(c.Y))
			for f, fold := range folds {
				counts := make([]int, len(c.Labels))
				for _, i := range fold.Test {
					counts[slices.Index(c.Labels, c.Y[i])]++
				}
				if !reflect.DeepEqual(counts, c.TestCounts[f]) {
					t.Errorf("%s, k=%d, fold %d: class counts %v, sklearn %v", c.Name, c.K, f, counts, c.TestCounts[f])
				}
			}
		}
	}
}

// Balance properties on random label vectors: each class's count in every
// test fold is floor or ceil of n_c/k, and fold sizes differ by <= 1.
func TestStratifiedKFoldBalance(t *testing.T) {
	r := newRand(11)
	for trial := range 100 {
		m := 10 + r.IntN(200)
		k := 2 + r.IntN(9)
		y := make([]float64, m)
		for i := range y {
			y[i] = float64(r.IntN(4) * r.IntN(3)) // skewed labels 0..6
		}
		folds, err := StratifiedKFold(y, k, uint64(trial))
		if err != nil {
			continue // every class smaller than k
		}
		partition(t, folds, m)
		total := map[float64]int{}
		for _, v := range y {
			total[v]++
		}
		minSize, maxSize := m, 0
		for _, fold := range folds {
			c := map[float64]int{}
			for _, i := range fold.Test {
				c[y[i]]++
			}
			for l, n := range total {
				if c[l] != n/k && c[l] != (n+k-1)/k {
					t.Fatalf("trial %d: class %v has %d in a fold, want %d or %d", trial, l, c[l], n/k, (n+k-1)/k)
				}
			}
			minSize, maxSize = min(minSize, len(fold.Test)), max(maxSize, len(fold.Test))
		}
		if maxSize-minSize > 1 {
			t.Fatalf("trial %d: fold sizes from %d to %d", trial, minSize, maxSize)
		}
	}
}

func TestSplitsSeeded(t *testing.T) {
	a1, b1, _ := Holdout(50, 0.3, 42)
	a2, b2, _ := Holdout(50, 0.3, 42)
	a3, _, _ := Holdout(50, 0.3, 43)
	if !reflect.DeepEqual(a1, a2) || !reflect.DeepEqual(b1, b2) {
		t.Error("Holdout: same seed, different split")
	}
	if reflect.DeepEqual(a1, a3) {
		t.Error("Holdout: seeds 42 and 43 give the same split")
	}
	f1, _ := KFold(30, 4, 5)
	f2, _ := KFold(30, 4, 5)
	if !reflect.DeepEqual(f1, f2) {
		t.Error("KFold: same seed, different folds")
	}
	y := []float64{0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2}
	s1, _ := StratifiedKFold(y, 3, 8)
	s2, _ := StratifiedKFold(y, 3, 8)
	if !reflect.DeepEqual(s1, s2) {
		t.Error("StratifiedKFold: same seed, different folds")
	}
	b1s, _ := Bootstrap(20, 5, 9)
	b2s, _ := Bootstrap(20, 5, 9)
	if !reflect.DeepEqual(b1s, b2s) {
		t.Error("Bootstrap: same seed, different samples")
	}
	tr, va, te, err := TrainValTest(20, 0.2, 0.25, 4)
	if err != nil {
		t.Fatal(err)
	}
	// ceil(0.25*20) = 5 test, ceil(0.2*20) = 4 validation, 11 training.
	if len(tr) != 11 || len(va) != 4 || len(te) != 5 {
		t.Errorf("TrainValTest sizes %d/%d/%d, want 11/4/5", len(tr), len(va), len(te))
	}
	all := append(append(append([]int(nil), tr...), va...), te...)
	slices.Sort(all)
	for i, v := range all {
		if v != i {
			t.Fatalf("TrainValTest does not partition 0..19: %v", all)
		}
	}
}

func TestBootstrap(t *testing.T) {
	const m, rounds = 1000, 50
	folds, err := Bootstrap(m, rounds, 1)
	if err != nil {
		t.Fatal(err)
	}
	oob := 0
	for b, f := range folds {
		if len(f.Train) != m || len(f.Test) == 0 || !slices.IsSorted(f.Test) {
			t.Fatalf("round %d: %d drawn, %d out of bag", b, len(f.Train), len(f.Test))
		}
		in := make([]bool, m)
		for _, i := range f.Train {
			in[i] = true
		}
		for _, i := range f.Test {
			if in[i] {
				t.Fatalf("round %d: %d both drawn and out of bag", b, i)
			}
		}
		n := 0
		for _, ok := range in {
			if !ok {
				n++
			}
		}
		if n != len(f.Test) {
			t.Fatalf("round %d: %d not drawn but %d out of bag", b, n, len(f.Test))
		}
		oob += n
	}
	// Expected out-of-bag fraction (1-1/m)^m = 0.36770 for m = 1000 (Zhou
	// 2016, eq. 2.1, -> 1/e); over 50000 draws its standard deviation is
	// about 0.0022, so 0.01 is a loose bound.
	frac := float64(oob) / (m * rounds)
	if want := math.Pow(1-1.0/m, m); math.Abs(frac-want) > 0.01 {
		t.Errorf("out-of-bag fraction %v, expected %v", frac, want)
	}
	// m = 2: half of all draws take both indices; redrawn until one is out.
	small, _ := Bootstrap(2, 20, 3)
	for _, f := range small {
		if len(f.Test) != 1 {
			t.Fatalf("m=2: out of bag %v", f.Test)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	check := func(name string, err, kind error) {
		t.Helper()
		if !errors.Is(err, kind) {
			t.Errorf("%s: error %v, want %v", name, err, kind)
		}
	}
	_, _, err := Holdout(1, 0.5, 0)
	check("Holdout m=1", err, featlab.ErrEmpty)
	_, _, err = Holdout(10, 0, 0)
	check("Holdout frac 0", err, featlab.ErrParam)
	_, _, err = Holdout(10, 1, 0)
	check("Holdout frac 1", err, featlab.ErrParam)
	_, _, err = Holdout(10, math.NaN(), 0)
	check("Holdout frac NaN", err, featlab.ErrParam)
	_, _, err = Holdout(2, 0.9, 0) // ceil(1.8) = 2 leaves no training example
	check("Holdout no training", err, featlab.ErrParam)
	_, _, _, err = TrainValTest(10, 0.5, 0.5, 0)
	check("TrainValTest no training", err, featlab.ErrParam)
	_, _, _, err = TrainValTest(10, -0.1, 0.5, 0)
	check("TrainValTest negative", err, featlab.ErrParam)
	_, err = KFold(10, 1, 0)
	check("KFold k=1", err, featlab.ErrParam)
	_, err = KFold(10, 11, 0)
	check("KFold k>m", err, featlab.ErrParam)
	_, err = StratifiedKFold([]float64{0, 0, 1, 1}, 3, 0)
	check("StratifiedKFold k > every class", err, featlab.ErrParam)
	_, err = StratifiedKFold([]float64{0, 0.5, 1, 1}, 2, 0)
	check("StratifiedKFold fractional label", err, featlab.ErrLabels)
	_, err = StratifiedKFold([]float64{0, math.NaN()}, 2, 0)
	check("StratifiedKFold NaN", err, featlab.ErrNotFinite)
	_, err = Bootstrap(10, 0, 0)
	check("Bootstrap rounds", err, featlab.ErrParam)
	_, err = Bootstrap(0, 3, 0)
	check("Bootstrap m=0", err, featlab.ErrEmpty)
}
