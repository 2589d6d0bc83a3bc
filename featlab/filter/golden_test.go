package filter

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// golden is testdata/golden_sklearn.json, written by golden_sklearn.py
// (scikit-learn 1.2.1, scipy 1.10.1, numpy 1.24.2; see the script header).
type golden struct {
	Real struct {
		Diabetes struct {
			RR            []float64 `json:"r"`
			FF            []float64 `json:"f"`
			FPP           []float64 `json:"f_p"`
			MICCK3        []float64 `json:"mi_cc_k3"`
			MICCK5        []float64 `json:"mi_cc_k5"`
			MISexDiscrete float64   `json:"mi_sex_discrete"`
			SpearmanRhoJ  []float64 `json:"spearman_rho"`
			SpearmanPJ    []float64 `json:"spearman_p"`
		} `json:"diabetes"`
		Wine         classGolden `json:"wine"`
		Iris         classGolden `json:"iris"`
		BreastCancer classGolden `json:"breast_cancer"`
		Watermelon   struct {
			Features []string  `json:"features"`
			MIPlugin []float64 `json:"mi_plugin"`
		} `json:"watermelon"`
	} `json:"real"`
	Synthetic struct {
		Regression struct {
			X          [][]float64 `json:"X"`
			Y          []float64   `json:"y"`
			MIPublicK3 []float64   `json:"mi_public_k3"`
			MIPublicK4 []float64   `json:"mi_public_k4"`
			MICoreK3   []float64   `json:"mi_core_k3"`
			R          []float64   `json:"r"`
			F          []float64   `json:"f"`
			FP         []float64   `json:"f_p"`
		} `json:"regression"`
		Classif struct {
			X          [][]float64 `json:"X"`
			Y          []float64   `json:"y"`
			MIPublicK3 []float64   `json:"mi_public_k3"`
			MICoreK3   []float64   `json:"mi_core_k3"`
			F          []float64   `json:"f"`
			FP         []float64   `json:"f_p"`
		} `json:"classif"`
		Discrete struct {
			X        [][]float64 `json:"X"`
			Y        []float64   `json:"y"`
			MIPublic []float64   `json:"mi_public"`
		} `json:"discrete"`
		Tails struct {
			X      [][]float64 `json:"X"`
			Y      []float64   `json:"y"`
			F      []float64   `json:"f"`
			FP     []float64   `json:"f_p"`
			Xc     [][]float64 `json:"Xc"`
			Labels []float64   `json:"labels"`
			FC     []float64   `json:"fc"`
			FCP    []float64   `json:"fc_p"`
			Chi2   []float64   `json:"chi2"`
			Chi2P  []float64   `json:"chi2_p"`
		} `json:"tails"`
		MinLoss struct {
			X        [][]float64 `json:"X"`
			Y        []float64   `json:"y"`
			Hinge    []float64   `json:"hinge"`
			Logistic []float64   `json:"logistic"`
		} `json:"minloss"`
		Percentile struct {
			Scores []float64 `json:"scores"`
			Cases  []struct {
				P       float64 `json:"p"`
				Support []int   `json:"support"`
			} `json:"cases"`
		} `json:"percentile"`
	} `json:"synthetic"`
}

type classGolden struct {
	F      []float64 `json:"f"`
	FP     []float64 `json:"f_p"`
	Chi2   []float64 `json:"chi2"`
	Chi2P  []float64 `json:"chi2_p"`
	MICDK3 []float64 `json:"mi_cd_k3"`
	AUC    []float64 `json:"auc"`
}

var (
	goldenOnce sync.Once
	goldenData golden
	goldenErr  error
)

func loadGolden(t *testing.T) *golden {
	t.Helper()
	goldenOnce.Do(func() {
		b, err := os.ReadFile("testdata/golden_sklearn.json")
		if err != nil {
			goldenErr = err
			return
		}
		goldenErr = json.Unmarshal(b, &goldenData)
	})
	if goldenErr != nil {
		t.Fatal(goldenErr)
	}
	return &goldenData
}

func dense(rows [][]float64) *mat.Dense {
	m, d := len(rows), len(rows[0])
	X := mat.NewDense(m, d, nil)
	for i, r := range rows {
		X.SetRow(i, r)
	}
	return X
}

func load(t *testing.T, name string) *featlab.Dataset {
	t.Helper()
	ds, err := datasets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// close reports |a-b| <= tol*max(1e-300, |b|) (relative) or, with abs, |a-b| <= tol.
func relClose(a, b, tol float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*math.Abs(b)
}

func checkVec(t *testing.T, what string, got, want []float64, tol float64, relative bool) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d values, want %d", what, len(got), len(want))
	}
	for j := range want {
		ok := false
		if relative {
			ok = relClose(got[j], want[j], tol)
		} else {
			ok = math.Abs(got[j]-want[j]) <= tol
		}
		if !ok {
			t.Errorf("%s[%d] = %.17g, want %.17g (tol %g)", what, j, got[j], want[j], tol)
		}
	}
}

// ok(t)(s, err) fails the test on err and returns s.
func ok(t *testing.T) func(*Scores, error) *Scores {
	return func(s *Scores, err error) *Scores {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

func TestGoldenPearsonDiabetes(t *testing.T) {
	g := loadGolden(t)
	ds := load(t, "diabetes")
	want := g.Real.Diabetes.RR
	s := ok(t)(Pearson(ds.X, ds.Y, Config{Names: ds.Names}))
	// sklearn's r_regression (from sum x^2 - m mean^2) agrees to ~1e-14.
	checkVec(t, "diabetes r", s.Signed(), want, 1e-12, true)
	r2 := ok(t)(RSquared(ds.X, ds.Y, Config{Names: ds.Names}))
	sq := make([]float64, len(want))
	for j, r := range want {
		sq[j] = r * r
	}
	checkVec(t, "diabetes r^2", r2.Values, sq, 1e-12, true)
	f := ok(t)(FRegression(ds.X, ds.Y, Config{Names: ds.Names}))
	checkVec(t, "diabetes F", f.Values, g.Real.Diabetes.FF, 1e-11, true)
	checkVec(t, "diabetes F p-value", f.PValues, g.Real.Diabetes.FPP, 1e-9, true)
	checkVec(t, "diabetes pearson p-value", s.PValues, g.Real.Diabetes.FPP, 1e-9, true)
	if s.Names[2] != "bmi" {
		t.Errorf("names not carried: %v", s.Names)
	}
}

func TestGoldenSpearmanDiabetes(t *testing.T) {
	g := loadGolden(t)
	ds := load(t, "diabetes")
	s := ok(t)(Spearman(ds.X, ds.Y, Config{Names: ds.Names}))
	// scipy.stats.spearmanr.
	checkVec(t, "diabetes rho", s.Signed(), g.Real.Diabetes.SpearmanRhoJ, 1e-12, true)
	checkVec(t, "diabetes rho p-value", s.PValues, g.Real.Diabetes.SpearmanPJ, 1e-8, true)
}

func TestGoldenSynthRegression(t *testing.T) {
	g := loadGolden(t).Synthetic.Regression
	X := dense(g.X)
	s := ok(t)(Pearson(X, g.Y, Config{}))
	checkVec(t, "synthetic r", s.Signed(), g.R, 1e-12, true)
	f := ok(t)(FRegression(X, g.Y, Config{}))
	checkVec(t, "synthetic F", f.Values, g.F, 1e-11, true)
	checkVec(t, "synthetic F p", f.PValues, g.FP, 1e-9, true)
}

func TestGoldenTinyPValues(t *testing.T) {
	g := loadGolden(t).Synthetic.Tails
	f := ok(t)(FRegression(dense(g.X), g.Y, Config{}))
	// p-values down to 1.6e-70 (scipy's fdtrc): relative accuracy kept.
	checkVec(t, "tails F", f.Values, g.F, 1e-10, true)
	checkVec(t, "tails F p", f.PValues, g.FP, 1e-8, true)
	fc := ok(t)(FClassif(dense(g.Xc), g.Labels, Config{}))
	checkVec(t, "tails F classif", fc.Values, g.FC, 1e-10, true)
	checkVec(t, "tails F classif p", fc.PValues, g.FCP, 1e-8, true)
	c := ok(t)(Chi2(dense(g.Xc), g.Labels, Config{}))
	checkVec(t, "tails chi2", c.Values, g.Chi2, 1e-10, true)
	checkVec(t, "tails chi2 p", c.PValues, g.Chi2P, 1e-8, true)
}

func TestGoldenClassification(t *testing.T) {
	g := loadGolden(t)
	for _, c := range []struct {
		name string
		g    classGolden
	}{{"wine", g.Real.Wine}, {"iris", g.Real.Iris}, {"breast_cancer", g.Real.BreastCancer}} {
		ds := load(t, c.name)
		f := ok(t)(FClassif(ds.X, ds.Y, Config{Names: ds.Names}))
		checkVec(t, c.name+" F", f.Values, c.g.F, 1e-10, true)
		checkVec(t, c.name+" F p", f.PValues, c.g.FP, 1e-8, true)
		x2 := ok(t)(Chi2(ds.X, ds.Y, Config{Names: ds.Names}))
		checkVec(t, c.name+" chi2", x2.Values, c.g.Chi2, 1e-11, true)
		checkVec(t, c.name+" chi2 p", x2.PValues, c.g.Chi2P, 1e-8, true)
		mi := ok(t)(MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true, DiscreteTarget: true, Nats: true}))
		checkVec(t, c.name+" MI (Ross)", mi.Values, c.g.MICDK3, 1e-12, false)
		if c.g.AUC != nil {
			a := ok(t)(AUC(ds.X, ds.Y, Config{Names: ds.Names}))
			want := make([]float64, len(c.g.AUC))
			for j, v := range c.g.AUC {
				want[j] = math.Max(v, 1-v)
				if s := a.Signs[j]; (v > 0.5 && s != 1) || (v < 0.5 && s != -1) {
					t.Errorf("%s AUC sign[%d] = %v for AUC %v", c.name, j, s, v)
				}
			}
			checkVec(t, c.name+" AUC", a.Values, want, 1e-14, false)
		}
	}
}

func TestGoldenSynthClassif(t *testing.T) {
	g := loadGolden(t).Synthetic.Classif
	X := dense(g.X)
	f := ok(t)(FClassif(X, g.Y, Config{}))
	checkVec(t, "synthetic F classif", f.Values, g.F, 1e-10, true)
	checkVec(t, "synthetic F classif p", f.PValues, g.FP, 1e-8, true)
	mi := ok(t)(MutualInfo(X, g.Y, MIConfig{NoJitter: true, DiscreteTarget: true, Nats: true}))
	checkVec(t, "synthetic MI Ross core", mi.Values, g.MICoreK3, 1e-12, false)
	// The public mutual_info_classif adds 1e-10 noise; on tie-free data it
	// does not change a neighbour count here, so the values agree.
	checkVec(t, "synthetic mutual_info_classif", mi.Values, g.MIPublicK3, 1e-9, false)
}

func TestGoldenMutualInfoKSG(t *testing.T) {
	g := loadGolden(t)
	ds := load(t, "diabetes")
	for _, c := range []struct {
		k    int
		want []float64
	}{{3, g.Real.Diabetes.MICCK3}, {5, g.Real.Diabetes.MICCK5}} {
		mi := ok(t)(MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true, K: c.k, Nats: true}))
		checkVec(t, "diabetes MI (KSG)", mi.Values, c.want, 1e-12, false)
		bits := ok(t)(MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true, K: c.k}))
		for j := range bits.Values {
			if !relClose(bits.Values[j]*math.Ln2, mi.Values[j], 1e-14) {
				t.Errorf("bits[%d]*ln2 = %v, nats %v", j, bits.Values[j]*math.Ln2, mi.Values[j])
			}
		}
	}
	// sex (column 1) as a discrete feature against the continuous target.
	disc := make([]bool, 10)
	disc[1] = true
	mi := ok(t)(MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true, DiscreteFeatures: disc, Nats: true}))
	if math.Abs(mi.Values[1]-g.Real.Diabetes.MISexDiscrete) > 1e-12 {
		t.Errorf("MI(sex discrete; y) = %.17g, want %.17g", mi.Values[1], g.Real.Diabetes.MISexDiscrete)
	}
	checkVec(t, "diabetes MI others", slices.Delete(slices.Clone(mi.Values), 1, 2), slices.Delete(slices.Clone(g.Real.Diabetes.MICCK3), 1, 2), 1e-12, false)

	s := loadGolden(t).Synthetic.Regression
	X := dense(s.X)
	mi = ok(t)(MutualInfo(X, s.Y, MIConfig{NoJitter: true, Nats: true}))
	checkVec(t, "synthetic MI KSG core", mi.Values, s.MICoreK3, 1e-12, false)
	checkVec(t, "synthetic mutual_info_regression", mi.Values, s.MIPublicK3, 1e-9, false)
	mi4 := ok(t)(MutualInfo(X, s.Y, MIConfig{NoJitter: true, K: 4, Nats: true}))
	checkVec(t, "synthetic mutual_info_regression k=4", mi4.Values, s.MIPublicK4, 1e-9, false)
}

func TestGoldenMutualInfoDiscrete(t *testing.T) {
	g := loadGolden(t)
	s := g.Synthetic.Discrete
	all := []bool{true, true, true}
	mi := ok(t)(MutualInfo(dense(s.X), s.Y, MIConfig{NoJitter: true, DiscreteFeatures: all, DiscreteTarget: true, Nats: true}))
	checkVec(t, "synthetic plug-in MI", mi.Values, s.MIPublic, 1e-13, false)

	ds := load(t, "watermelon")
	var cols []int
	for _, name := range g.Real.Watermelon.Features {
		j, err := ds.Index(name)
		if err != nil {
			t.Fatal(err)
		}
		cols = append(cols, j)
	}
	sub, err := ds.Columns(cols)
	if err != nil {
		t.Fatal(err)
	}
	disc := make([]bool, len(cols))
	for k := range disc {
		disc[k] = true
	}
	bits := ok(t)(MutualInfo(sub.X, sub.Y, MIConfig{Names: sub.Names, NoJitter: true, DiscreteFeatures: disc, DiscreteTarget: true}))
	want := make([]float64, len(cols))
	for k, v := range g.Real.Watermelon.MIPlugin {
		want[k] = v / math.Ln2 // sklearn's nats to bits
	}
	checkVec(t, "watermelon MI (bits)", bits.Values, want, 1e-13, false)
}

func TestGoldenMinLossHingeLogistic(t *testing.T) {
	g := loadGolden(t).Synthetic.MinLoss
	X := dense(g.X)
	h := ok(t)(MinLoss(X, g.Y, MinLossConfig{Loss: HingeLoss}))
	// scipy linprog (HiGHS) solves the LP to ~1e-9.
	for j, want := range g.Hinge {
		if math.Abs(-h.Values[j]-want) > 1e-8 {
			t.Errorf("hinge min-loss[%d] = %.12g, want %.12g (LP)", j, -h.Values[j], want)
		}
	}
	l := ok(t)(MinLoss(X, g.Y, MinLossConfig{Loss: LogisticLoss}))
	// Unpenalised LogisticRegression (lbfgs, tol 1e-14).
	for j, want := range g.Logistic {
		if math.Abs(-l.Values[j]-want) > 1e-9 {
			t.Errorf("logistic min-loss[%d] = %.12g, want %.12g (sklearn)", j, -l.Values[j], want)
		}
		if -l.Values[j] > want+1e-12 {
			t.Errorf("logistic min-loss[%d] = %.15g above sklearn's %.15g", j, -l.Values[j], want)
		}
	}
}

func TestGoldenPercentile(t *testing.T) {
	g := loadGolden(t).Synthetic.Percentile
	s := &Scores{Method: "test", Names: featlab.DefaultNames(len(g.Scores)), Values: g.Scores}
	for _, c := range g.Cases {
		sel, err := s.Percentile(c.P)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Clone(sel.Chosen)
		slices.Sort(got)
		if !slices.Equal(got, c.Support) && !(len(got) == 0 && len(c.Support) == 0) {
			t.Errorf("Percentile(%v) chose %v, SelectPercentile %v", c.P, got, c.Support)
		}
	}
}

func TestMutualInfoDataset(t *testing.T) {
	// Watermelon 3.0: six categorical attributes (plug-in, bits) and two
	// continuous ones (Ross, k = 3) against the two classes.
	g := loadGolden(t)
	ds := load(t, "watermelon")
	s, err := MutualInfoDataset(ds, MIConfig{NoJitter: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, name := range g.Real.Watermelon.Features {
		j, _ := ds.Index(name)
		if want := g.Real.Watermelon.MIPlugin[k] / math.Ln2; math.Abs(s.Values[j]-want) > 1e-13 {
			t.Errorf("MI(%s; ripe) = %v bits, want %v", name, s.Values[j], want)
		}
	}
	for _, name := range []string{"density", "sugar"} {
		j, _ := ds.Index(name)
		cont, err := MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true, DiscreteTarget: true})
		if err != nil {
			t.Fatal(err)
		}
		if s.Values[j] != cont.Values[j] {
			t.Errorf("MI(%s; ripe) = %v, continuous estimate %v", name, s.Values[j], cont.Values[j])
		}
	}
	if _, err := MutualInfoDataset(nil, MIConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("nil dataset: %v", err)
	}
}
