package greedy_test

// The claims of notebooks/04-greedy.ipynb, computed the way the notebook
// computes them, so that a change that breaks the notebook's story breaks
// the build. Each test names the notebook section it backs.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// must returns v or panics (failing the test) on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func centreCols(X *mat.Dense) *mat.Dense {
	m, d := X.Dims()
	C := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		mu := floats.Sum(mat.Col(nil, j, X)) / float64(m)
		for i := 0; i < m; i++ {
			C.Set(i, j, X.At(i, j)-mu)
		}
	}
	return C
}

// TestNotebook04Forward: "Forward greedy selection by its definition": the
// order on diabetes and "the last four features together lower the RSS by
// less than 1%"; OMP, OMPTextbook and Forward agree; s5 is a close second
// (> 90% of bmi's criterion) in round 1.
func TestNotebook04Forward(t *testing.T) {
	ds := datasets.Diabetes()
	fwd := must(greedy.Forward(ds.X, ds.Y, greedy.ForwardConfig{Intercept: true}))
	if got := fmt.Sprint(fwd.Support); got != "[2 8 3 4 1 5 7 9 6 0]" {
		t.Errorf("forward order %v", got)
	}
	if r6, r10 := fwd.Rounds[5].Criterion, fwd.Rounds[9].Criterion; (r6-r10)/r6 > 0.01 {
		t.Errorf("features 7-10 lower the RSS by %.3f", (r6-r10)/r6)
	}
	cfg := greedy.OMPConfig{T: 10, Intercept: true, Trace: true}
	fast := must(greedy.OMP(ds.X, ds.Y, cfg))
	book := must(greedy.OMPTextbook(ds.X, ds.Y, cfg))
	if fmt.Sprint(fast.Support) != fmt.Sprint(fwd.Support) || fmt.Sprint(book.Support) != fmt.Sprint(fwd.Support) {
		t.Errorf("orders differ: %v %v %v", fast.Support, book.Support, fwd.Support)
	}
	if r1 := fast.Rounds[0].Scores; !(r1[8] > 0.9*r1[2] && r1[8] < r1[2]) {
		t.Errorf("round 1: s5 %v, bmi %v", r1[8], r1[2])
	}
}

// TestNotebook04Identity: Example 25.2 at round 2 on diabetes (centred):
// RSS_1 - <u_j,y>^2/||u_j||^2 equals the refit RSS for every candidate to
// 1e-10 relative, u_j is orthogonal to V, and s5's criterion is more than
// twice the runner-up's; ExactCriterion equals OMP's traced scores.
func TestNotebook04Identity(t *testing.T) {
	ds := datasets.Diabetes()
	Xc := centreCols(ds.X)
	yc := append([]float64(nil), ds.Y...)
	floats.AddConst(-floats.Sum(yc)/442, yc)
	fwd := must(greedy.Forward(ds.X, ds.Y, greedy.ForwardConfig{T: 2, Intercept: true}))
	V := must(greedy.OrthonormalBasis(Xc.Slice(0, 442, 2, 3), greedy.SVDBasis))
	crit := must(greedy.ExactCriterion(Xc, yc, []int{2}))
	rss1 := fwd.Rounds[0].Criterion
	second := 0.0
	for j := range ds.Names {
		if j == 2 {
			continue
		}
		if refit := fwd.Rounds[1].Scores[j]; math.Abs(rss1-crit[j]-refit)/refit > 1e-10 {
			t.Errorf("feature %d: identity %v, refit %v", j, rss1-crit[j], refit)
		}
		x := mat.NewVecDense(442, mat.Col(nil, j, Xc))
		var h, v, u, vu mat.VecDense
		h.MulVec(V.T(), x)
		v.MulVec(V, &h)
		u.SubVec(x, &v)
		vu.MulVec(V.T(), &u)
		if mat.Norm(&vu, math.Inf(1)) > 1e-10*mat.Norm(x, 2) {
			t.Errorf("feature %d: V^T u = %v", j, mat.Norm(&vu, math.Inf(1)))
		}
		if j != 8 {
			second = math.Max(second, crit[j])
		}
	}
	if crit[8] < 2*second {
		t.Errorf("s5 %v, runner-up %v", crit[8], second)
	}
	omp := must(greedy.OMP(Xc, yc, greedy.OMPConfig{T: 2, Trace: true}))
	for j, s := range omp.Rounds[1].Scores {
		if math.IsNaN(s) {
			s = 0
		}
		if math.Abs(s-crit[j]) > 1e-8*math.Max(1, crit[j]) {
			t.Errorf("feature %d: OMP trace %v, ExactCriterion %v", j, s, crit[j])
		}
	}
}

// TestNotebook04Theta: ||y||^2 - ||theta_t||^2 is the RSS after round t.
func TestNotebook04Theta(t *testing.T) {
	ds := datasets.Diabetes()
	res := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true}))
	mu := floats.Sum(ds.Y) / 442
	var yy float64
	for _, v := range ds.Y {
		yy += (v - mu) * (v - mu)
	}
	for k, r := range res.Rounds {
		if e := yy - floats.Dot(r.Theta, r.Theta); math.Abs(e-r.Residual*r.Residual) > 1e-8*yy {
			t.Errorf("round %d: %v vs %v", k+1, e, r.Residual*r.Residual)
		}
	}
}

// TestNotebook04GramSchmidt: "Gram-Schmidt or SVD?": classical GS loses
// more than 1e-3 at kappa = 1e8 and more than 1 from 1e10; modified GS
// stays between; SVD below 1e-13 throughout.
func TestNotebook04GramSchmidt(t *testing.T) {
	for _, c := range []float64{1, 1e2, 1e4, 1e6, 1e8, 1e10, 1e12} {
		X := must(synth.Conditioned(100, 10, c, 1))
		cl := greedy.OrthogonalityLoss(must(greedy.OrthonormalBasis(X, greedy.ClassicalGS)))
		mg := greedy.OrthogonalityLoss(must(greedy.OrthonormalBasis(X, greedy.ModifiedGS)))
		sv := greedy.OrthogonalityLoss(must(greedy.OrthonormalBasis(X, greedy.SVDBasis)))
		if sv > 1e-13 || (c >= 1e8 && cl < 1e-3) || (c >= 1e10 && cl < 1) || (c >= 1e4 && !(cl > mg && mg > sv)) {
			t.Errorf("kappa %g: classical %v modified %v SVD %v", c, cl, mg, sv)
		}
	}
}

// TestNotebook04Rules: the book's rule starts with bmi, scikit-learn's
// with s1 (largest spread); normalized, the correlation rule agrees with
// the book for three rounds and differs at the fourth.
func TestNotebook04Rules(t *testing.T) {
	ds := datasets.Diabetes()
	ex := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true}))
	co := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true, Rule: greedy.Correlation}))
	cn := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true, Rule: greedy.Correlation, Normalize: true}))
	if ex.Support[0] != 2 || co.Support[0] != 4 || fmt.Sprint(cn.Support[:3]) != fmt.Sprint(ex.Support[:3]) || cn.Support[3] == ex.Support[3] {
		t.Errorf("exact %v correlation %v normalized %v", ex.Support, co.Support, cn.Support)
	}
	Xc := centreCols(ds.X)
	for j := range ds.Names {
		if floats.Norm(mat.Col(nil, j, Xc), 2) > floats.Norm(mat.Col(nil, 4, Xc), 2) {
			t.Errorf("feature %d spreads more than s1", j)
		}
	}
}

// TestNotebook04Methods: "Cheaper criteria": only the fully corrective
// line search, at k = 5, has a lower risk than exact forward selection
// (2913.8 vs 2965.8), and the book's line search stalls more than 100
// above the least-squares risk; the lasso path's first three entries are
// OMP-correlation's and its first differs from the exact rule's.
func TestNotebook04Methods(t *testing.T) {
	ds := datasets.Diabetes()
	ex := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true}))
	for _, c := range []greedy.CoordinateConfig{
		{Criterion: greedy.LineSearch}, {Criterion: greedy.Gradient},
		{Criterion: greedy.LineSearch, FullyCorrective: true}, {Criterion: greedy.Gradient, FullyCorrective: true},
	} {
		c.Intercept = true
		res := must(greedy.CoordinateGreedy(ds.X, ds.Y, c))
		for k, r := range res.Rounds {
			e := ex.Rounds[k].Residual * ex.Rounds[k].Residual / 442
			if beats := r.Risk < e-1e-9; beats != (c.Criterion == greedy.LineSearch && c.FullyCorrective && k == 4) {
				t.Errorf("%s k=%d: risk %v, exact %v", res.Method, k+1, r.Risk, e)
			}
		}
		if c.Criterion == greedy.LineSearch && !c.FullyCorrective && res.Risk < ex.RSS/442+100 {
			t.Errorf("book line search ends at %v", res.Risk)
		}
		if c.Criterion == greedy.LineSearch && c.FullyCorrective && math.Abs(res.Rounds[4].Risk-2913.8) > 0.05 {
			t.Errorf("corrective line search at k=5: %v", res.Rounds[4].Risk)
		}
	}
	path := must(linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true}))
	co := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true, Rule: greedy.Correlation}))
	if fmt.Sprint(path.Order[:3]) != fmt.Sprint(co.Support[:3]) || path.Order[0] == ex.Support[0] {
		t.Errorf("lasso %v, correlation %v", path.Order, co.Support)
	}
}

// TestNotebook04Suboptimal: "When greedy is not optimal": on the trap,
// greedy takes x3 first and its pair has more than ten times the RSS of
// the best pair {x1, x2}; on diabetes the best five features beat
// greedy's five by more than 1000 in RSS; backward elimination keeps
// {x1, x2} on the trap and removes diabetes features in the reverse of
// forward's order.
func TestNotebook04Suboptimal(t *testing.T) {
	trap := must(synth.GreedyTrap(200, 1))
	fw := must(greedy.OMP(trap.X, trap.Y, greedy.OMPConfig{T: 2, Intercept: true}))
	best, bestRSS, err := greedy.BestSubset(trap.X, trap.Y, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	if fw.Support[0] != 2 || fmt.Sprint(best) != "[0 1]" || fw.RSS < 10*bestRSS {
		t.Errorf("trap: greedy %v (%v), best %v (%v)", fw.Support, fw.RSS, best, bestRSS)
	}
	bwt := must(greedy.Backward(trap.X, trap.Y, greedy.BackwardConfig{K: 2, Intercept: true}))
	if fmt.Sprint(bwt.Support) != "[0 1]" {
		t.Errorf("backward on trap keeps %v", bwt.Support)
	}
	ds := datasets.Diabetes()
	b5, rss5, err := greedy.BestSubset(ds.X, ds.Y, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	ex := must(greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 10, Intercept: true}))
	if !(rss5 < ex.Rounds[4].Residual*ex.Rounds[4].Residual-1000) || fmt.Sprint(b5) != "[1 2 3 6 8]" {
		t.Errorf("best 5 %v (%v)", b5, rss5)
	}
	bw := must(greedy.Backward(ds.X, ds.Y, greedy.BackwardConfig{Intercept: true}))
	for k := range bw.Removed {
		if bw.Removed[k] != ex.Support[9-k] {
			t.Errorf("backward removed %v, forward %v", bw.Removed, ex.Support)
			break
		}
	}
}

// TestNotebook04AdaBoost: the breast-cancer section on the notebook's
// split: gradient = 2 eps - 1, decrease = -log sqrt(1 - 4 gamma^2),
// |grad| >= 2 gamma, features come back, R ends below half the
// gamma_min bound, and the test accuracy per number of distinct features
// peaks at 7 and 8 features, above every count before and after.
func TestNotebook04AdaBoost(t *testing.T) {
	bc := datasets.BreastCancer()
	train, test, err := validate.Holdout(569, 1.0/3, 4)
	if err != nil {
		t.Fatal(err)
	}
	rows := func(idx []int) (*mat.Dense, []float64) {
		X, y := mat.NewDense(len(idx), 30, nil), make([]float64, len(idx))
		for k, i := range idx {
			X.SetRow(k, bc.X.RawRowView(i))
			y[k] = 2*bc.Y[i] - 1
		}
		return X, y
	}
	Xtr, ytr := rows(train)
	Xte, yte := rows(test)
	res := must(greedy.AdaBoostGreedy(Xtr, ytr, greedy.AdaBoostConfig{T: 40}))
	if len(res.Rounds) != 40 || len(res.Features) >= 40 {
		t.Fatalf("%d rounds, %d features", len(res.Rounds), len(res.Features))
	}
	gmin := 0.5
	for k, r := range res.Rounds {
		gmin = math.Min(gmin, r.Gamma)
		if math.Abs(r.Gradient-(2*r.Eps-1)) > 1e-12 || math.Abs(r.Decrease-r.Bound) > 1e-10 || math.Abs(r.Gradient) < 2*r.Gamma-1e-12 {
			t.Errorf("round %d: %+v", k+1, r)
		}
	}
	bound := res.Risk0 + 40*0.5*math.Log(1-4*gmin*gmin)
	if last := res.Rounds[39].Risk; last > bound/2 {
		t.Errorf("R %v, bound %v", last, bound)
	}
	// byCount[k] is the test accuracy of the last round that uses k+1
	// distinct features, as in the notebook's figure.
	seen := map[int]bool{}
	var byCount []float64
	for k, r := range res.Rounds {
		seen[r.Stump.Feature] = true
		f := must(res.Decision(Xte, k+1))
		correct := 0
		for i := range f {
			if (f[i] > 0) == (yte[i] > 0) {
				correct++
			}
		}
		acc := float64(correct) / float64(len(yte))
		if len(seen) > len(byCount) {
			byCount = append(byCount, acc)
		} else {
			byCount[len(byCount)-1] = acc
		}
	}
	if len(byCount) != len(res.Features) || len(byCount) < 9 {
		t.Fatalf("%d feature counts, %d features", len(byCount), len(res.Features))
	}
	best := floats.Max(byCount)
	if byCount[6] != best || byCount[7] != best {
		t.Errorf("best test accuracy %v, with 7 features %v, with 8 %v", best, byCount[6], byCount[7])
	}
	if m := floats.Max(byCount[:6]); m >= best {
		t.Errorf("best test accuracy with <= 6 features %v, not below the best %v", m, best)
	}
	// Every later count, not only the final one.
	if m := floats.Max(byCount[8:]); m >= best {
		t.Errorf("best test accuracy with >= 9 features %v, not below the best %v", m, best)
	}
}

// TestNotebook04Exercises: the exercise references: ExactCriterion
// against a direct computation by least squares (RSS drop), and
// AdaBoostGradient against 2 eps - 1 on random +-1 hypothesis matrices.
func TestNotebook04Exercises(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 25))
	for c := 0; c < 20; c++ {
		m, d := 10+c, 2+c%5
		X := mat.NewDense(m, d, nil)
		y := make([]float64, m)
		for i := 0; i < m; i++ {
			y[i] = r.NormFloat64()
			for j := 0; j < d; j++ {
				X.Set(i, j, r.NormFloat64())
			}
		}
		chosen := r.Perm(d)[:r.IntN(d)]
		crit := must(greedy.ExactCriterion(X, y, chosen))
		base := rssOn(X, y, chosen)
		for j := 0; j < d; j++ {
			in := false
			for _, k := range chosen {
				in = in || k == j
			}
			want := 0.0
			if !in {
				want = base - rssOn(X, y, append(append([]int(nil), chosen...), j))
			}
			if math.Abs(crit[j]-want) > 1e-9*math.Max(1, base) {
				t.Errorf("case %d feature %d: %v, RSS drop %v", c, j, crit[j], want)
			}
		}
		H := mat.NewDense(m, d, nil)
		w := make([]float64, d)
		for j := range w {
			w[j] = r.NormFloat64()
			for i := 0; i < m; i++ {
				H.Set(i, j, float64(2*r.IntN(2)-1))
			}
		}
		for i := range y {
			y[i] = float64(2*r.IntN(2) - 1)
		}
		g := must(greedy.AdaBoostGradient(H, y, w))
		D := make([]float64, m)
		var Z float64
		for i := range D {
			D[i] = math.Exp(-y[i] * mat.Dot(H.RowView(i), mat.NewVecDense(d, w)))
			Z += D[i]
		}
		for j := range g {
			var eps float64
			for i := range D {
				if H.At(i, j) != y[i] {
					eps += D[i] / Z
				}
			}
			if math.Abs(g[j]-(2*eps-1)) > 1e-12 {
				t.Errorf("case %d h_%d: gradient %v, 2 eps - 1 = %v", c, j, g[j], 2*eps-1)
			}
		}
	}
}

func rssOn(X *mat.Dense, y []float64, idx []int) float64 {
	if len(idx) == 0 {
		return floats.Dot(y, y)
	}
	m, _ := X.Dims()
	A := mat.NewDense(m, len(idx), nil)
	for k, j := range idx {
		A.SetCol(k, mat.Col(nil, j, X))
	}
	var qr mat.QR
	qr.Factorize(A)
	var w, p mat.VecDense
	if err := qr.SolveVecTo(&w, false, mat.NewVecDense(m, y)); err != nil {
		panic(err)
	}
	p.MulVec(A, &w)
	r := make([]float64, m)
	floats.SubTo(r, y, p.RawVector().Data)
	return floats.Dot(r, r)
}
