package linear

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// kktViolation returns the largest violation of the lasso/elastic-net
// optimality conditions of (1/2m)||y - Xw - b||^2 + l1||w||_1 + (l2/2)||w||^2
// at (w, b), computed directly from X (not from the solver's state): with
// c_j = X_j^T r/m - l2 w_j and r = y - Xw - b,
//
//	w_j = 0:  |c_j| <= l1          (violation max(|c_j| - l1, 0))
//	w_j != 0: c_j = l1 sign(w_j)   (violation |c_j - l1 sign(w_j)|)
//
// divided by l1 + ||X^T y||_inf/m so that it is relative; and, with an
// intercept, sum(r) = 0 (violation |sum r| / sum |y_i|). It returns the
// larger of the two.
func kktViolation(X mat.Matrix, y, w []float64, b, l1, l2 float64) float64 {
	m, d := X.Dims()
	r := make([]float64, m)
	for i := 0; i < m; i++ {
		s := b
		for j := 0; j < d; j++ {
			s += X.At(i, j) * w[j]
		}
		r[i] = y[i] - s
	}
	var worst, scale, sr, sy float64
	for i, v := range r {
		sr += v
		sy += math.Abs(y[i])
	}
	var icpt float64
	if b != 0 && sy > 0 {
		icpt = math.Abs(sr) / sy
	}
	for j := 0; j < d; j++ {
		var c, cy float64
		for i := 0; i < m; i++ {
			c += X.At(i, j) * r[i]
			cy += X.At(i, j) * y[i]
		}
		c = c/float64(m) - l2*w[j]
		scale = math.Max(scale, math.Abs(cy)/float64(m))
		var v float64
		if w[j] == 0 {
			v = math.Max(math.Abs(c)-l1, 0)
		} else {
			v = math.Abs(c - math.Copysign(l1, w[j]))
		}
		worst = math.Max(worst, v)
	}
	return math.Max(worst/(l1+scale), icpt)
}

// TestGoldenLassoSklearn compares with scikit-learn 1.2.1's Lasso
// (testdata/golden_sklearn.json, tol 1e-13, precompute=False) on diabetes
// and the synthetic set, with and without intercept, at 0.5, 0.1, 0.01 and
// 0.001 lambda_max; and checks that the three solvers reach the same
// objective (to 1e-8, relative) and the KKT conditions.
func TestGoldenLassoSklearn(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Lasso {
		X, y := goldenData(t, c.Data)
		cd, err := Lasso(X, y, LassoConfig{Lambda: c.Alpha, Intercept: c.Intercept, Tol: 1e-13, MaxIter: 1000000})
		if err != nil {
			t.Fatal(err)
		}
		if !cd.Converged {
			t.Errorf("%s alpha=%g: CD did not converge (gap %g)", c.Data, c.Alpha, cd.Gap)
		}
		// 1e-9: sklearn and featlab both stop at a duality gap of
		// 1e-13 ||y||^2/m; the measured differences are <= 2e-11.
		if dd := maxRelDiff(cd.Coef, c.Coef); dd > 1e-9 {
			t.Errorf("%s ic=%v alpha=%g: coef differs from sklearn by %.3g (relative)", c.Data, c.Intercept, c.Alpha, dd)
		}
		if dd := math.Abs(cd.Intercept-c.Intercept_) / math.Max(1, math.Abs(c.Intercept_)); dd > 1e-9 {
			t.Errorf("%s alpha=%g: intercept %v, sklearn %v", c.Data, c.Alpha, cd.Intercept, c.Intercept_)
		}
		if v := kktViolation(X, y, cd.Coef, cd.Intercept, c.Alpha, 0); v > 1e-7 {
			t.Errorf("%s alpha=%g: KKT violation %.3g", c.Data, c.Alpha, v)
		}
		// Proximal gradient and FISTA: skip the synthetic set without
		// intercept, whose uncentred columns (offsets 0..24 and a constant
		// column) make X^T X so ill-conditioned that first-order methods
		// need millions of iterations.
		if c.Data == "synth" && !c.Intercept {
			continue
		}
		for _, s := range []Solver{ProximalGradient, FISTA} {
			r, err := Lasso(X, y, LassoConfig{Lambda: c.Alpha, Intercept: c.Intercept, Solver: s, Tol: 1e-12, MaxIter: 200000})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Converged {
				t.Errorf("%s alpha=%g %v: not converged, gap %g", c.Data, c.Alpha, s, r.Gap)
			}
			if dd := math.Abs(r.Objective-cd.Objective) / math.Max(1, math.Abs(cd.Objective)); dd > 1e-8 {
				t.Errorf("%s alpha=%g %v: objective %v, CD %v", c.Data, c.Alpha, s, r.Objective, cd.Objective)
			}
			if dd := maxRelDiff(r.Coef, c.Coef); dd > 1e-7 {
				t.Errorf("%s alpha=%g %v: coef differs from sklearn by %.3g", c.Data, c.Alpha, s, dd)
			}
			if len(r.History) != r.Iterations+1 {
				t.Errorf("%v: %d history values for %d iterations", s, len(r.History), r.Iterations)
			}
		}
	}
}

// TestGoldenElasticNetSklearn compares with ElasticNet(alpha, l1_ratio) at
// l1_ratio 0.2, 0.5, 0.8 (golden_sklearn.json), CD and FISTA.
func TestGoldenElasticNetSklearn(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Enet {
		X, y := goldenData(t, c.Data)
		solvers := []Solver{CoordinateDescent, FISTA}
		if c.Data == "synth" && !c.Intercept {
			solvers = solvers[:1] // ill-conditioned for first-order methods, as above
		}
		for _, s := range solvers {
			r, err := ElasticNet(X, y, ElasticNetConfig{Alpha: c.Alpha, L1Ratio: c.L1Ratio, Intercept: c.Intercept, Solver: s, Tol: 1e-13, MaxIter: 1000000})
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-9
			if s != CoordinateDescent {
				tol = 1e-7
			}
			if dd := maxRelDiff(r.Coef, c.Coef); dd > tol {
				t.Errorf("%s ic=%v alpha=%g rho=%g %v: coef differs from sklearn by %.3g", c.Data, c.Intercept, c.Alpha, c.L1Ratio, s, dd)
			}
			if v := kktViolation(X, y, r.Coef, r.Intercept, r.Lambda1, r.Lambda2); v > 1e-7 {
				t.Errorf("%s alpha=%g rho=%g %v: KKT violation %.3g", c.Data, c.Alpha, c.L1Ratio, s, v)
			}
		}
	}
}

// TestGoldenRidgeSklearn: Ridge(alpha, solver="cholesky") is RidgeSum with
// lambda = alpha, RidgeHalfMean with lambda = alpha/(2m) and RidgeMean
// with lambda = alpha/m.
func TestGoldenRidgeSklearn(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Ridge {
		X, y := goldenData(t, c.Data)
		m, _ := X.Dims()
		for _, o := range []struct {
			obj RidgeObjective
			lam float64
		}{{RidgeSum, c.Alpha}, {RidgeHalfMean, c.Alpha / (2 * float64(m))}, {RidgeMean, c.Alpha / float64(m)}} {
			md, err := Ridge(X, y, RidgeConfig{Lambda: o.lam, Objective: o.obj, Intercept: c.Intercept})
			if err != nil {
				t.Fatal(err)
			}
			// 1e-8: both are direct (Cholesky) solves; the synthetic
			// set without intercept at alpha = 0.01 has condition
			// number ~1e6.
			if dd := maxRelDiff(md.Coef, c.Coef); dd > 1e-8 {
				t.Errorf("%s ic=%v alpha=%g %v: coef differs by %.3g", c.Data, c.Intercept, c.Alpha, o.obj, dd)
			}
			if dd := math.Abs(md.Intercept - c.Intercept_); dd > 1e-8*math.Max(1, math.Abs(c.Intercept_)) {
				t.Errorf("%s alpha=%g: intercept %v, sklearn %v", c.Data, c.Alpha, md.Intercept, c.Intercept_)
			}
		}
	}
}

// TestGoldenLeastSquaresSklearn: LinearRegression, including a design with
// two duplicated (scaled) columns and a wide one (12 x 26), where both
// return the minimum-norm solution; and the constant column of the
// synthetic set, which gets coefficient 0 with an intercept.
func TestGoldenLeastSquaresSklearn(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.OLS {
		X, y := goldenData(t, c.Data)
		r, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: c.Intercept})
		if err != nil {
			t.Fatal(err)
		}
		if dd := maxRelDiff(r.Coef, c.Coef); dd > 1e-8 {
			t.Errorf("%s ic=%v: coef differs by %.3g", c.Data, c.Intercept, dd)
		}
		if dd := math.Abs(r.Intercept - c.Intercept_); dd > 1e-8*math.Max(1, math.Abs(c.Intercept_)) {
			t.Errorf("%s ic=%v: intercept %v, sklearn %v", c.Data, c.Intercept, r.Intercept, c.Intercept_)
		}
		if r.Rank != c.Rank {
			t.Errorf("%s ic=%v: rank %d, sklearn %d", c.Data, c.Intercept, r.Rank, c.Rank)
		}
	}
}

// TestGoldenPathSklearn compares with lasso_path(n_alphas=30, eps=1e-3,
// tol=1e-13): the grid and every coefficient vector; the intercept case is
// sklearn's path on centred data.
func TestGoldenPathSklearn(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Path {
		X, y := goldenData(t, c.Data)
		p, err := LassoPath(X, y, LassoPathConfig{NLambdas: 30, Intercept: c.Intercept, Tol: 1e-13, MaxIter: 1000000})
		if err != nil {
			t.Fatal(err)
		}
		for k, a := range c.Alphas {
			if math.Abs(p.Lambdas[k]-a) > 1e-13*a {
				t.Errorf("%s: lambda[%d] = %v, sklearn %v", c.Data, k, p.Lambdas[k], a)
			}
			if dd := maxRelDiff(p.Coef(k), c.Coefs[k]); dd > 1e-9 {
				t.Errorf("%s ic=%v: coef at lambda[%d] differs by %.3g", c.Data, c.Intercept, k, dd)
			}
			if v := kktViolation(X, y, p.Coef(k), p.Intercepts[k], p.Lambdas[k], 0); v > 1e-7 {
				t.Errorf("%s ic=%v lambda[%d]: KKT violation %.3g", c.Data, c.Intercept, k, v)
			}
		}
		if !p.Converged {
			t.Errorf("%s: path not converged", c.Data)
		}
	}
}

// TestGoldenPathGlmnet compares with R glmnet 4.1.6 (testdata/golden_glmnet.R:
// standardize = FALSE, thresh = 1e-14) on diabetes: lasso and elastic net
// (glmnet alpha = 0.5 is L1Ratio 0.5, on y/sd(y)), 30 lambdas, intercept.
func TestGoldenPathGlmnet(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	f, err := os.Open(filepath.Join("testdata", "glmnet_diabetes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		alpha, yscale, lambda, a0 float64
		beta                      []float64
	}
	var rows []row
	for _, r := range recs[1:] {
		v := make([]float64, len(r))
		for j, s := range r {
			if v[j], err = strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil {
				t.Fatal(err)
			}
		}
		rows = append(rows, row{v[0], v[1], v[2], v[3], v[4:]})
	}
	for _, rho := range []float64{1, 0.5} {
		var lams []float64
		var want []row
		for _, r := range rows {
			if r.alpha == rho {
				lams = append(lams, r.lambda)
				want = append(want, r)
			}
		}
		// The elastic-net path is fitted to y/sd(y) (see the R script).
		ys := make([]float64, len(y))
		for i, v := range y {
			ys[i] = v / want[0].yscale
		}
		p, err := LassoPath(X, ys, LassoPathConfig{Lambdas: lams, L1Ratio: rho, Intercept: true, Tol: 1e-14, MaxIter: 1000000})
		if err != nil {
			t.Fatal(err)
		}
		// glmnet's own grid is ours: lambda_max = ||Xc^T yc||_inf/(m rho).
		if math.Abs(p.LambdaMax-lams[0]) > 1e-12*lams[0] {
			t.Errorf("rho=%g: lambda_max %v, glmnet %v", rho, p.LambdaMax, lams[0])
		}
		var worst float64
		for k, w := range want {
			worst = math.Max(worst, maxRelDiff(p.Coef(k), w.beta))
			// 1e-8: glmnet's threshold is on the change in a scaled
			// deviance, not a duality gap; the measured agreement is
			// 2e-10 relative to the largest coefficient.
			if dd := maxRelDiff(p.Coef(k), w.beta); dd > 1e-8 {
				t.Errorf("rho=%g lambda[%d]=%g: coef differs from glmnet by %.3g", rho, k, w.lambda, dd)
			}
			if dd := math.Abs(p.Intercepts[k] - w.a0); dd > 1e-7*w.a0 {
				t.Errorf("rho=%g lambda[%d]: intercept %v, glmnet %v", rho, k, p.Intercepts[k], w.a0)
			}
		}
		t.Logf("rho=%g: largest relative difference from glmnet %.2g", rho, worst)
	}
}
