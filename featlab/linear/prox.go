package linear

import (
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/prox"
)

// solveProx runs proximal gradient descent (Zhou eq. 11.8-11.14) or FISTA
// on (1/2m)||y - Xc w||^2 + (l2/2)||w||^2 + l1 ||w||_1 from w, step 1/L
// with L = lambda_max(Xc^T Xc)/m + l2, until the duality gap is at most
// tol ||y||^2/m: prox.Minimize with z = Xc w, grad f(w) = -Xc^T (y - z)/m
// + l2 w (eq. 11.11) and the prox soft thresholding at l1/L (eq. 11.14).
func solveProx(ds *design.Design, w []float64, l1, l2, tol float64, maxIter int, fista bool, mon *monitor, res *LassoResult) {
	m := ds.M
	fm := float64(m)
	L := ds.Lipschitz()/fm + l2
	tolAbs := tol * ds.YY // unscaled gap threshold
	r := make([]float64, m)
	gx := make([]float64, ds.D)
	// The image is the residual z = y - Xc w; sums from it.
	resid := func(z []float64) (rr, ry float64) {
		for i, v := range ds.Y {
			rr += z[i] * z[i]
			ry += z[i] * v
		}
		return rr, ry
	}
	if L == 0 {
		// X is zero (or constant columns with an intercept): w = 0 is optimal.
		for j := range w {
			w[j] = 0
		}
		rr := ds.Residual(r, w)
		res.Objective, res.Gap, res.Converged = objective(m, rr, w, l1, l2), 0, true
		res.History = []float64{res.Objective}
		return
	}
	pr := prox.Problem{N: ds.D, M: m,
		Apply: func(z, x []float64) { ds.Residual(z, x) },
		Grad: func(g, x, z []float64) {
			ds.MulTVec(gx, z)
			for j := range g {
				g[j] = -gx[j]/fm + l2*x[j]
			}
		},
		Prox: func(x []float64, L float64) {
			for j, v := range x {
				x[j] = SoftThreshold(v, l1/L) // eq. 11.14
			}
		},
		Value: func(x, z []float64) float64 {
			rr, _ := resid(z)
			return objective(m, rr, x, l1, l2)
		},
		Done: func(x, z, g []float64) (float64, bool) {
			rr, ry := resid(z)
			if g == nil { // else Grad has just left Xc^T r in gx
				ds.MulTVec(gx, z)
			}
			gap := dualityGap(x, gx, rr, ry, fm*l1, fm*l2)
			return gap, gap <= tolAbs
		},
	}
	gap0 := -1.0
	out := prox.Minimize(pr, w, prox.Options{L: L, MaxIter: maxIter, Accelerate: fista, CheckEvery: 10,
		Stop: mon.stop,
		Progress: func(iter int, gap float64) {
			if gap0 < 0 {
				gap0 = gap
			}
			mon.fitProgress(gap0, gap, tolAbs, iter, maxIter)
		}})
	res.Iterations = out.Iter
	res.Gap = out.Gap / fm
	res.Converged = out.Converged
	res.Objective = out.History[len(out.History)-1]
	res.History = out.History
}
