package greedy

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

func pmLabels(y []float64) []float64 {
	out := make([]float64, len(y))
	for i, v := range y {
		out[i] = 2*v - 1
	}
	return out
}

// binaryProblem: a random design with labels from a noisy linear rule.
func binaryProblem(seed uint64, m, d int) (*mat.Dense, []float64) {
	X, s := randomProblem(seed, m, d)
	var mean float64
	for _, v := range s {
		mean += v / float64(m)
	}
	y := make([]float64, m)
	for i, v := range s {
		y[i] = 1
		if v < mean+0.3*float64(i%3-1) {
			y[i] = -1
		}
	}
	return X, y
}

// goldenMin minimises a one-dimensional convex function by golden
// section on [-L, L]: the brute-force reference for the line search.
func goldenMin(f func(float64) float64, L float64) float64 {
	a, b := -L, L
	g := (math.Sqrt(5) - 1) / 2
	c, d := b-g*(b-a), a+g*(b-a)
	for k := 0; k < 200; k++ {
		if f(c) < f(d) {
			b = d
		} else {
			a = c
		}
		c, d = b-g*(b-a), a+g*(b-a)
	}
	return f((a + b) / 2)
}

// TestCoordinateCriteriaBruteForce: the line-search scores equal a
// golden-section minimisation of R(w + eta e_j), and the gradient equals
// central finite differences of R, at every round, for both losses, with
// the weights of the book's (non-corrective) procedure.
func TestCoordinateCriteriaBruteForce(t *testing.T) {
	X, ys := randomProblem(4, 60, 7)
	_, yb := binaryProblem(4, 60, 7)
	for _, loss := range []Loss{Squared, Logistic} {
		y := ys
		if loss == Logistic {
			y = yb
		}
		for _, icpt := range []bool{false, true} {
			res, err := CoordinateGreedy(X, y, CoordinateConfig{T: 4, Loss: loss, Intercept: icpt})
			if err != nil {
				t.Fatal(err)
			}
			m, d := X.Dims()
			riskAt := func(w []float64, b float64) float64 {
				var s float64
				for i := 0; i < m; i++ {
					z := b + mat.Dot(X.RowView(i), mat.NewVecDense(d, w))
					if loss == Squared {
						s += (z - y[i]) * (z - y[i])
					} else {
						s += math.Log1p(math.Exp(-y[i] * z))
					}
				}
				return s / float64(m)
			}
			w := make([]float64, d)
			b := 0.0
			if loss == Logistic && icpt {
				b = res.Rounds[0].Intercept
			}
			for k, rd := range res.Rounds {
				bb := b
				if loss == Squared && icpt {
					// the optimal intercept for given w
					var s float64
					for i := 0; i < m; i++ {
						s += y[i] - mat.Dot(X.RowView(i), mat.NewVecDense(d, w))
					}
					bb = s / float64(m)
				}
				for j := 0; j < d; j++ {
					if math.IsNaN(rd.Scores[j]) {
						continue
					}
					f := func(eta float64) float64 {
						w2 := append([]float64(nil), w...)
						w2[j] += eta
						if loss == Squared && icpt {
							var s float64
							for i := 0; i < m; i++ {
								s += y[i] - mat.Dot(X.RowView(i), mat.NewVecDense(d, w2))
							}
							return riskAt(w2, s/float64(m))
						}
						return riskAt(w2, bb)
					}
					if ref := goldenMin(f, 50); math.Abs(rd.Scores[j]-ref) > 1e-7*math.Max(1, ref) {
						t.Errorf("%v icpt %v round %d feature %d: line search %v, golden section %v", loss, icpt, k+1, j, rd.Scores[j], ref)
					}
				}
				j := rd.Feature
				h := 1e-6
				f := func(eta float64) float64 {
					w2 := append([]float64(nil), w...)
					w2[j] += eta
					return riskAt(w2, bb)
				}
				if fd := (f(h) - f(-h)) / (2 * h); math.Abs(fd-rd.Gradient) > 1e-5*math.Max(1, math.Abs(fd)) && !(loss == Squared && icpt) {
					t.Errorf("%v round %d: gradient %v, finite difference %v", loss, k+1, rd.Gradient, fd)
				}
				copy(w, rd.Coef)
			}
		}
	}
}

// TestCoordinateSquaredIsOMP: for the squared loss, the fully corrective
// line-search rule is OMP with the Correlation rule and Normalize, and the
// fully corrective gradient rule is scikit-learn's OMP (Correlation); at
// the first round the line search agrees with the Exact rule.
func TestCoordinateSquaredIsOMP(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		X, y := randomProblem(seed, 50, 8)
		for _, icpt := range []bool{false, true} {
			ls, _ := CoordinateGreedy(X, y, CoordinateConfig{FullyCorrective: true, Intercept: icpt})
			gr, _ := CoordinateGreedy(X, y, CoordinateConfig{FullyCorrective: true, Intercept: icpt, Criterion: Gradient})
			on, _ := OMP(X, y, OMPConfig{T: 8, Rule: Correlation, Normalize: true, Intercept: icpt})
			oc, _ := OMP(X, y, OMPConfig{T: 8, Rule: Correlation, Intercept: icpt})
			ex, _ := OMP(X, y, OMPConfig{T: 1, Intercept: icpt})
			if fmt.Sprint(ls.Support) != fmt.Sprint(on.Support) || fmt.Sprint(gr.Support) != fmt.Sprint(oc.Support) {
				t.Errorf("seed %d: line search %v vs OMP normalized %v; gradient %v vs OMP %v", seed, ls.Support, on.Support, gr.Support, oc.Support)
			}
			if ls.Support[0] != ex.Support[0] {
				t.Errorf("seed %d: first line-search pick %d, exact %d", seed, ls.Support[0], ex.Support[0])
			}
			for j := range ls.Coef {
				if !closeRel(ls.Coef[j], on.Coef[j], 1e-8) {
					t.Errorf("seed %d: coef %d %v vs %v", seed, j, ls.Coef[j], on.Coef[j])
				}
			}
		}
	}
}

// TestCoordinateRiskDecreases: every round lowers the risk, and the fully
// corrective variant is never worse than the book's after the same number
// of rounds on the same support... here: never worse than keeping weights
// on its own support (the corrective refit minimises over it).
func TestCoordinateRiskDecreases(t *testing.T) {
	X, y := binaryProblem(9, 80, 6)
	for _, fc := range []bool{false, true} {
		for _, cr := range []Criterion{LineSearch, Gradient} {
			res, err := CoordinateGreedy(X, y, CoordinateConfig{Loss: Logistic, Criterion: cr, FullyCorrective: fc, Intercept: true})
			if err != nil {
				t.Fatal(err)
			}
			prev := res.Risk0
			for k, rd := range res.Rounds {
				if rd.Risk > prev+1e-12 {
					t.Errorf("fc %v %v round %d: risk rose %v -> %v", fc, cr, k+1, prev, rd.Risk)
				}
				prev = rd.Risk
			}
		}
	}
}

func TestCoordinateBadInput(t *testing.T) {
	X, y := randomProblem(1, 10, 3)
	if _, err := CoordinateGreedy(X, y, CoordinateConfig{Loss: Logistic}); !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("labels: %v", err)
	}
	if _, err := CoordinateGreedy(X, y, CoordinateConfig{Loss: 5}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("loss: %v", err)
	}
	if _, err := CoordinateGreedy(X, y, CoordinateConfig{Criterion: 5}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("criterion: %v", err)
	}
	if _, err := CoordinateGreedy(X, y, CoordinateConfig{Tol: -1}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("tol: %v", err)
	}
	if _, err := AdaBoostGreedy(X, y, AdaBoostConfig{}); !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("adaboost labels: %v", err)
	}
	if _, err := AdaBoostGreedy(nil, y, AdaBoostConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("adaboost nil: %v", err)
	}
	_, yb := binaryProblem(1, 10, 3)
	if _, err := AdaBoostGreedy(X, yb, AdaBoostConfig{T: -1}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("adaboost T: %v", err)
	}
	// zero column: never chosen
	Z := mat.DenseCopyOf(X)
	for i := 0; i < 10; i++ {
		Z.Set(i, 1, 0)
	}
	res, err := CoordinateGreedy(Z, y, CoordinateConfig{})
	if err != nil || len(res.Support) != 2 {
		t.Errorf("zero column: %v %v", err, res.Support)
	}
}

// directAdaBoost is AdaBoost as in Shalev-Shwartz & Ben-David ch. 10,
// written independently: D^(1) uniform; each round the stump of least
// weighted error by brute force over all (feature, threshold, sign);
// w_t = (1/2) log(1/eps_t - 1); D^(t+1)_i proportional to
// D^(t)_i exp(-w_t y_i h_t(x_i)).
func directAdaBoost(X *mat.Dense, y []float64, T int) (stumps []Stump, ws, epss []float64, Ds [][]float64) {
	m, d := X.Dims()
	D := make([]float64, m)
	for i := range D {
		D[i] = 1 / float64(m)
	}
	for t := 0; t < T; t++ {
		bestE, best := math.Inf(1), Stump{}
		for j := 0; j < d; j++ {
			vals := mat.Col(nil, j, X)
			sortFloats(vals)
			ths := []float64{math.Inf(-1)}
			for k := 1; k < m; k++ {
				if vals[k] != vals[k-1] {
					ths = append(ths, (vals[k]+vals[k-1])/2)
				}
			}
			for _, th := range ths {
				for _, s := range []float64{1, -1} {
					st := Stump{j, th, s}
					var e float64
					for i := 0; i < m; i++ {
						if st.Eval(X.RawRowView(i)) != y[i] {
							e += D[i]
						}
					}
					if e < bestE-1e-14 {
						bestE, best = e, st
					}
				}
			}
		}
		Ds = append(Ds, append([]float64(nil), D...))
		w := 0.5 * math.Log(1/bestE-1)
		var Z float64
		for i := range D {
			D[i] *= math.Exp(-w * y[i] * best.Eval(X.RawRowView(i)))
			Z += D[i]
		}
		for i := range D {
			D[i] /= Z
		}
		stumps, ws, epss = append(stumps, best), append(ws, w), append(epss, bestE)
	}
	return
}

func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// TestAdaBoostGreedyIsAdaBoost: on breast cancer, round by round, the
// greedy procedure on eq. 25.3 has AdaBoost's distribution, stump, error
// and weight; its gradient at the chosen coordinate is 2 eps - 1; and R
// falls by exactly -log sqrt(1 - 4 gamma^2) each round (exercise 25.3's
// bound, attained).
func TestAdaBoostGreedyIsAdaBoost(t *testing.T) {
	ds := datasets.BreastCancer()
	y := pmLabels(ds.Y)
	const T = 12
	res, err := AdaBoostGreedy(ds.X, y, AdaBoostConfig{T: T, Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	stumps, ws, epss, Ds := directAdaBoost(ds.X, y, T)
	if len(res.Rounds) != T {
		t.Fatalf("%d rounds (%s)", len(res.Rounds), res.Stop)
	}
	for k, rd := range res.Rounds {
		if rd.Stump.Feature != stumps[k].Feature || rd.Stump.Sign != stumps[k].Sign || !closeRel(rd.Stump.Threshold, stumps[k].Threshold, 1e-12) {
			t.Errorf("round %d: stump %+v, AdaBoost %+v", k+1, rd.Stump, stumps[k])
		}
		if !closeRel(rd.Eps, epss[k], 1e-10) || !closeRel(rd.Weight, ws[k], 1e-10) {
			t.Errorf("round %d: eps %v weight %v, AdaBoost %v %v", k+1, rd.Eps, rd.Weight, epss[k], ws[k])
		}
		for i := range rd.D {
			if math.Abs(rd.D[i]-Ds[k][i]) > 1e-12 {
				t.Fatalf("round %d: D[%d] %v, AdaBoost %v", k+1, i, rd.D[i], Ds[k][i])
			}
		}
		if math.Abs(rd.Gradient-(2*rd.Eps-1)) > 1e-12 {
			t.Errorf("round %d: gradient %v, 2 eps - 1 = %v", k+1, rd.Gradient, 2*rd.Eps-1)
		}
		if math.Abs(rd.Decrease-rd.Bound) > 1e-10 {
			t.Errorf("round %d: decrease %v, bound %v", k+1, rd.Decrease, rd.Bound)
		}
		// exercise 25.3's conclusion |dR/dw| >= gamma/2 holds, and so does 2 gamma.
		if math.Abs(rd.Gradient) < 2*rd.Gamma-1e-12 {
			t.Errorf("round %d: |grad| %v < 2 gamma %v", k+1, math.Abs(rd.Gradient), 2*rd.Gamma)
		}
	}
	if res.Risk0 != math.Log(float64(len(y))) {
		t.Errorf("R(0) = %v", res.Risk0)
	}
	sel := res.Selection()
	if len(sel.Chosen) == 0 || sel.Chosen[0] != res.Rounds[0].Stump.Feature {
		t.Errorf("selection %v", sel.Chosen)
	}
}

// TestAdaBoostGradientAllStumps: for every stump of the class (not only
// the chosen one) the partial derivative of eq. 25.3, by finite
// differences of R, equals 2 eps_j - 1 after a few rounds.
func TestAdaBoostGradientAllStumps(t *testing.T) {
	X, y := binaryProblem(2, 40, 3)
	res, err := AdaBoostGreedy(X, y, AdaBoostConfig{T: 3})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := res.Decision(X, 0)
	R := func(g []float64) float64 {
		var s float64
		for i := range g {
			s += math.Exp(-y[i] * g[i])
		}
		return math.Log(s)
	}
	var Z float64
	D := make([]float64, len(y))
	for i := range y {
		D[i] = math.Exp(-y[i] * f[i])
		Z += D[i]
	}
	for j := 0; j < 3; j++ {
		for _, th := range []float64{math.Inf(-1), -0.5, 0, 1.3} {
			st := Stump{j, th, 1}
			var eps float64
			g1, g2 := append([]float64(nil), f...), append([]float64(nil), f...)
			const h = 1e-6
			for i := range y {
				hv := st.Eval(X.RawRowView(i))
				if hv != y[i] {
					eps += D[i] / Z
				}
				g1[i] += h * hv
				g2[i] -= h * hv
			}
			if fd := (R(g1) - R(g2)) / (2 * h); math.Abs(fd-(2*eps-1)) > 1e-7 {
				t.Errorf("stump %+v: dR/dw %v, 2 eps - 1 = %v", st, fd, 2*eps-1)
			}
		}
	}
}
