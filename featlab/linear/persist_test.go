package linear

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/persisttest"
)

func TestSaveLoadLinearBits(t *testing.T) {
	X, y := randProblem(3, 50, 8, 3, 0.5)
	Xt, _ := randProblem(4, 20, 8, 3, 0.5)
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	labels := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			labels[i] = 1
		}
	}

	ls, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: true, Names: names})
	if err != nil {
		t.Fatal(err)
	}
	lsBack := persisttest.Reload(t, ls)
	persisttest.SamePredict(t, "least squares", ls, lsBack, Xt)
	if lsBack.Table() != ls.Table() || !reflect.DeepEqual(lsBack.Stats, ls.Stats) {
		t.Fatalf("least squares table:\n%s\nloaded:\n%s", ls.Table(), lsBack.Table())
	}

	rg, err := Ridge(X, y, RidgeConfig{Lambda: 0.3, Objective: RidgeMean, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	persisttest.SamePredict(t, "ridge", rg, persisttest.Reload(t, rg), Xt)
	persisttest.SamePredict(t, "model", &rg.Model, persisttest.Reload(t, &rg.Model), Xt)

	for _, solver := range []Solver{CoordinateDescent, FISTA} {
		la, err := ElasticNet(X, y, ElasticNetConfig{Alpha: 0.1, L1Ratio: 0.7, Intercept: true, Solver: solver, Names: names})
		if err != nil {
			t.Fatal(err)
		}
		back := persisttest.Reload(t, la)
		persisttest.SamePredict(t, "elastic net "+solver.String(), la, back, Xt)
		if back.Selection().String() != la.Selection().String() || back.Convergence != la.Convergence || !reflect.DeepEqual(back.History, la.History) {
			t.Fatalf("elastic net: the loaded result reports otherwise")
		}
	}

	for _, pen := range []Penalty{L1Penalty, L2Penalty} {
		lg, err := Logistic(X, labels, LogisticConfig{Lambda: 0.02, Penalty: pen, Intercept: true, Names: names})
		if err != nil {
			t.Fatal(err)
		}
		back := persisttest.Reload(t, lg)
		persisttest.SamePredict(t, "logistic "+pen.String(), lg, back, Xt)
		pa, _ := lg.Proba(Xt)
		pb, _ := back.Proba(Xt)
		if !reflect.DeepEqual(pa, pb) || back.Selection().String() != lg.Selection().String() {
			t.Fatalf("logistic %v: probabilities or selection differ", pen)
		}
	}

	sv, err := SparseSVM(X, labels, SparseSVMConfig{Lambda: 0.05, Intercept: true, Names: names})
	if err != nil {
		t.Fatal(err)
	}
	back := persisttest.Reload(t, sv)
	persisttest.SamePredict(t, "sparse SVM", sv, back, Xt)
	da, _ := sv.Decision(Xt)
	db, _ := back.Decision(Xt)
	if !reflect.DeepEqual(da, db) || !reflect.DeepEqual(back.Alpha, sv.Alpha) || back.Polished != sv.Polished {
		t.Fatal("sparse SVM: decision, alpha or polish differ")
	}
}

func TestSaveLoadConstrainedSGDBits(t *testing.T) {
	X, y := randProblem(6, 40, 5, 2, 0.3)
	cl, err := ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: 1, Intercept: true, Names: []string{"a", "b", "c", "d", "e"}})
	if err != nil {
		t.Fatal(err)
	}
	clBack := persisttest.Reload(t, cl)
	persisttest.SamePredict(t, "constrained lasso", cl, clBack, X)
	if clBack.Selection().String() != cl.Selection().String() || clBack.Convergence != cl.Convergence {
		t.Fatal("constrained lasso: the loaded result reports otherwise")
	}
	cr, err := ConstrainedRidge(X, y, ConstrainedRidgeConfig{Radius: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	persisttest.SamePredict(t, "constrained ridge", cr, persisttest.Reload(t, cr), X)
	sg, err := SGDLeastSquares(X, y, SGDLeastSquaresConfig{Step: 0.01, MaxIter: 200, CheckEvery: 50, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sgBack := persisttest.Reload(t, sg)
	persisttest.SamePredict(t, "SGD", sg, sgBack, X)
	if !reflect.DeepEqual(sgBack.Trace, sg.Trace) {
		t.Fatal("SGD: trace differs")
	}
}

// TestSaveLoadMulticlassBits: the multinomial model and one-vs-rest
// around each binary learner predict (and score) the same bits after a
// save and load.
func TestSaveLoadMulticlassBits(t *testing.T) {
	X, y := randProblem(8, 90, 6, 3, 0.5)
	classes := make([]float64, len(y))
	for i, v := range y {
		switch {
		case v < -1:
			classes[i] = 3
		case v < 1:
			classes[i] = 5
		default:
			classes[i] = 9
		}
	}
	Xt, _ := randProblem(9, 30, 6, 3, 0.5)
	for _, cfg := range []MultinomialConfig{{Lambda: 0.01, Names: []string{"a", "b", "c", "d", "e", "f"}}, {Lambda: 0.02, Alpha: 0.5, Grouped: true}} {
		mn, err := Multinomial(X, classes, cfg)
		if err != nil {
			t.Fatal(err)
		}
		back := persisttest.Reload(t, mn)
		persisttest.SamePredict(t, "multinomial", mn, back, Xt)
		pa, _ := mn.PredictProba(Xt)
		pb, _ := back.PredictProba(Xt)
		if !persisttest.DenseBits(pa, pb) || back.Selection().String() != mn.Selection().String() {
			t.Fatal("multinomial: probabilities or selection differ")
		}
	}
	for _, learner := range []featlab.Learner{LogisticConfig{Lambda: 0.01, Intercept: true}, SparseSVMConfig{Lambda: 0.02, Intercept: true}, LassoConfig{Lambda: 0.01}} {
		ovr, err := OneVsRest(X, classes, OneVsRestConfig{Learner: learner})
		if err != nil {
			t.Fatal(err)
		}
		back := persisttest.Reload(t, ovr)
		persisttest.SamePredict(t, "one-vs-rest", ovr, back, Xt)
		sa, _ := ovr.Scores(Xt)
		sb, _ := back.Scores(Xt)
		if !persisttest.DenseBits(sa, sb) || back.Selection().String() != ovr.Selection().String() {
			t.Fatalf("one-vs-rest %T: scores or selection differ", learner)
		}
	}
}

// TestLoadLinearBadState: inconsistent states are errors wrapping
// featlab.ErrFormat that say what is wrong.
func TestLoadLinearBadState(t *testing.T) {
	env := func(kind, state string) string {
		return `{"format": "featlab", "format_version": 1, "kind": "linear.` + kind + `", "kind_version": 1, "state": ` + state + `}`
	}
	conv := `"convergence": {"iterations": 3, "converged": true, "gap": 0, "tol": 1e-4}`
	for _, c := range []struct{ file, says string }{
		{env("Model", `{"coef": [], "intercept": 0}`), "no coefficient"},
		{env("Model", `{"coef": ["NaN"], "intercept": 0}`), "coef"},
		{env("Model", `{"coef": [1], "intercept": 1e400}`), "1e400"},
		{env("RidgeResult", `{"coef": [1], "intercept": 0, "lambda": -1, "objective": 0}`), "penalty weight -1"},
		{env("LeastSquaresResult", `{"coef": [1, 2], "intercept": 0, "rank": 3, "rss": 1, "df": 2}`), "rank 3"},
		{env("LeastSquaresResult", `{"coef": [1, 2], "intercept": 0, "rank": 2, "rss": 1, "df": 2, "names": ["a"]}`), "1 feature names for 2"},
		{env("LeastSquaresResult", `{"coef": [1, 2], "intercept": 0, "rank": 2, "rss": 1, "df": 2, "stats": {"std_err": [1], "t": [1, 2], "p": [1, 2]}}`), "statistics for 1"},
		{env("LassoResult", `{"coef": [1, 2], "intercept": 0, `+conv+`, "lambda1": 1, "lambda2": 0, "solver": 0, "objective": 1, "constant": [2]}`), "constant[0] = 2"},
		{env("LassoResult", `{"coef": [1, 2], "intercept": 0, "convergence": {"iterations": -1}, "lambda1": 1, "lambda2": 0, "solver": 0, "objective": 1}`), "-1 iterations"},
		{env("LogisticResult", `{"coef": [1], "intercept": 0, `+conv+`, "lambda": 1, "labels": [1, 0], "objective": 1, "solver": 0, "penalty": 0}`), "negative label"},
		{env("LogisticResult", `{"coef": [1], "intercept": 0, `+conv+`, "lambda": 1, "labels": [0, 1], "objective": 1, "solver": 0, "penalty": 8}`), "unknown penalty 8"},
		{env("MultinomialResult", `{"convergence": {"iterations": 1, "converged": true, "gap": 0, "tol": 0}, "classes": [1, 0], "coef": {"rows": 1, "cols": 2, "data": [1, 2]}, "intercept": [0, 0], "lambda": 0, "alpha": 1, "objective": 0}`), "not increasing"},
		{env("MultinomialResult", `{"convergence": {"iterations": 1, "converged": true, "gap": 0, "tol": 0}, "classes": [0, 1, 2], "coef": {"rows": 1, "cols": 2, "data": [1, 2]}, "intercept": [0, 0], "lambda": 0, "alpha": 1, "objective": 0}`), "3 classes for 2 columns"},
		{env("OneVsRestResult", `{"classes": [0, 1], "models": [{"kind": "linear.Model", "kind_version": 1, "state": {"coef": [1], "intercept": 0}}], "d": 1}`), "1 models for 2 classes"},
		{env("OneVsRestResult", `{"classes": [0, 1], "models": [{"kind": "transform.Nope", "kind_version": 1, "state": {}}, {"kind": "linear.Model", "kind_version": 1, "state": {"coef": [1], "intercept": 0}}], "d": 1}`), "unknown kind"},
		{env("SparseSVMResult", `{"coef": [1], "intercept": 0, `+conv+`, "lambda": 1, "labels": [0, 1], "objective": 1, "solver": 0, "dual": 1, "alpha": ["+Inf"]}`), "alpha"},
	} {
		_, err := featlab.Load(strings.NewReader(c.file))
		if !errors.Is(err, featlab.ErrFormat) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s:\nerror %v, want ErrFormat saying %q", c.file, err, c.says)
		}
	}
}

// TestSavedFields: the saved states cover every field of the saved types.
// A new field fails here until its type's state saves it.
func TestSavedFields(t *testing.T) {
	persisttest.Fields(t, Model{}, "Coef", "Intercept")
	persisttest.Fields(t, LeastSquaresResult{}, "Model", "Rank", "MinNorm", "RSS", "DF", "Stats", "names", "intercept")
	persisttest.Fields(t, LeastSquaresStats{}, "Sigma2", "R2", "AdjR2", "StdErr", "T", "P", "InterceptStdErr", "InterceptT", "InterceptP", "F", "FP", "FNumDF", "FDenDF")
	persisttest.Fields(t, RidgeResult{}, "Model", "Lambda", "Objective")
	persisttest.Fields(t, LassoResult{}, "Model", "Convergence", "Lambda1", "Lambda2", "Solver", "Objective", "Constant", "History", "names")
	persisttest.Fields(t, LogisticResult{}, "Convergence", "Coef", "Intercept", "Lambda", "Penalty", "Labels", "Objective", "Solver", "names")
	persisttest.Fields(t, SparseSVMResult{}, "Convergence", "Coef", "Intercept", "Lambda", "Labels", "Objective", "Dual", "Alpha", "Solver", "Polished", "names")
	persisttest.Fields(t, ConstrainedLassoResult{}, "Model", "Convergence", "Radius", "Objective", "Multiplier", "History", "names")
	persisttest.Fields(t, ConstrainedRidgeResult{}, "Model", "Radius", "Objective", "Multiplier")
	persisttest.Fields(t, SGDLeastSquaresResult{}, "Model", "Convergence", "Step", "Trace")
	persisttest.Fields(t, featlab.Convergence{}, "Iterations", "Converged", "Gap", "Tol")
	persisttest.Fields(t, MultinomialResult{}, "Convergence", "Classes", "Coef", "Intercept", "Lambda", "Alpha", "Grouped", "Objective", "names")
	persisttest.Fields(t, OneVsRestResult{}, "Classes", "Models", "names", "d")
}
