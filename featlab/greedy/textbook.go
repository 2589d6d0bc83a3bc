package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// OMPTextbook is OMP exactly as printed in Shalev-Shwartz & Ben-David,
// section 25.1.2: at every round an SVD of X_I gives an orthonormal basis V
// of the chosen columns (V = 0 at the first round), every remaining column
// is decomposed as X_j = V V^T X_j + u_j, and
//
//	j_t = argmax_{j not in I: ||u_j|| > 0} <u_j, y>^2 / ||u_j||^2
//
// (or |<u_j, y>| under Rule: Correlation). The least-squares fit of each
// round comes from the same SVD (the pseudo-inverse of X_I). It makes the
// same choices as OMP at O(m t d) per round instead of O(m d), which is its
// only purpose: to check OMP and to show what the efficient form buys.
//
// "||u_j|| > 0" is read as ||u_j||^2 > DependenceTol ||X_j||^2, and the
// rank of X_I as the number of singular values above
// max(m, t) eps s_max (numpy's matrix_rank rule). cfg and the result are
// as for OMP; Theta is recorded in the Gram-Schmidt basis (its last entry
// <u_j, y>/||u_j||), which is basis-independent, not in the SVD basis.
func OMPTextbook(X mat.Matrix, y []float64, cfg OMPConfig) (*OMPResult, error) {
	if Xs, s := prescaled(X); s != 1 {
		res, err := OMPTextbook(Xs, y, cfg)
		if res != nil {
			if uerr := res.unscale(s, cfg.Rule == Correlation && !cfg.Normalize); uerr != nil && err == nil {
				return nil, uerr
			}
		}
		return res, err
	}
	m, d, err := checkXY("OMPTextbook", X, y)
	if err != nil {
		return nil, err
	}
	names, T, err := cfg.check("OMPTextbook", m, d)
	if err != nil {
		return nil, err
	}
	ds, err := newOMPDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, fmt.Errorf("greedy.OMPTextbook: %w", err)
	}
	// Centred columns, one slice each.
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, m)
		ds.Column(cols[j], j)
	}
	res := &OMPResult{Method: ompMethod("OMP textbook (SVD)", cfg), Names: names, Rule: cfg.Rule, Coef: make([]float64, d)}
	res.Tol = cfg.Tol
	chosen := make([]bool, d)
	var V *mat.Dense // m x rank basis; nil at the first round
	var theta []float64
	var yy float64
	for _, v := range ds.Y {
		yy += v * v
	}
	ynorm := math.Sqrt(yy)
	rss := yy
	res.Stop = StopBudget
	uy := make([]float64, d)
	un := make([]float64, d)
	for len(res.Support) < T {
		if cfg.Tol > 0 && rss <= cfg.Tol {
			res.Stop = StopTol
			break
		}
		// u_j = X_j - V V^T X_j for every j not chosen.
		par.Blocks(d, cfg.Workers, func(lo, hi int) {
			u := make([]float64, m)
			var h []float64
			if V != nil {
				h = make([]float64, V.RawMatrix().Cols)
			}
			for j := lo; j < hi; j++ {
				if chosen[j] {
					continue
				}
				projectOut(u, cols[j], V, h)
				uy[j] = floats.Dot(u, ds.Y)
				un[j] = floats.Dot(u, u)
			}
		})
		var scores []float64
		if cfg.Trace {
			scores = make([]float64, d)
		}
		jt, crit := -1, 0.0
		for j := 0; j < d; j++ {
			if chosen[j] || !(un[j] > DependenceTol*ds.Norm2[j]) {
				if scores != nil {
					scores[j] = math.NaN()
				}
				continue
			}
			v := criterion(cfg.Rule, cfg.Normalize, uy[j], un[j], ds.Norm2[j])
			if scores != nil {
				scores[j] = v
			}
			if jt < 0 || v > crit {
				jt, crit = j, v
			}
		}
		if jt < 0 {
			res.Stop = StopDependent
			break
		}
		if math.Abs(uy[jt]) <= orthTol*ynorm*math.Sqrt(ds.Norm2[jt]) {
			res.Stop = StopOrthogonal
			break
		}
		chosen[jt] = true
		res.Support = append(res.Support, jt)
		theta = append(theta, uy[jt]/math.Sqrt(un[jt]))
		// SVD of X_I: the basis for the next round and the fit of this one.
		XI := mat.NewDense(m, len(res.Support), nil)
		for k, j := range res.Support {
			XI.SetCol(k, cols[j])
		}
		var svd mat.SVD
		if !svd.Factorize(XI, mat.SVDThin) {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "greedy.OMPTextbook: SVD of X_I failed at round %d", len(res.Support))
		}
		var U, W mat.Dense
		svd.UTo(&U)
		svd.VTo(&W)
		s := svd.Values(nil)
		rank := 0
		for _, sv := range s {
			if sv > float64(max(m, len(s)))*2.220446049250313e-16*s[0] {
				rank++
			}
		}
		V = mat.DenseCopyOf(U.Slice(0, m, 0, rank))
		// w = W diag(1/s) U^T y on the rank leading triplets.
		t := len(res.Support)
		w := make([]float64, t)
		for k := 0; k < rank; k++ {
			coef := floats.Dot(mat.Col(nil, k, &U), ds.Y) / s[k]
			for l := 0; l < t; l++ {
				w[l] += W.At(l, k) * coef
			}
		}
		r := append([]float64(nil), ds.Y...)
		for k, j := range res.Support {
			floats.AddScaled(r, -w[k], cols[j])
		}
		rn := floats.Norm(r, 2)
		rss = rn * rn
		res.Rounds = append(res.Rounds, OMPRound{
			Feature: jt, Name: names[jt], Criterion: crit, Gain: uy[jt] * uy[jt] / un[jt], Residual: rn,
			Theta: append([]float64(nil), theta...), Coef: w, Intercept: ds.intercept(res.Support, w), Scores: scores,
		})
	}
	if res.Stop == StopBudget && cfg.Tol > 0 && rss <= cfg.Tol {
		res.Stop = StopTol
	}
	res.finish(ds, rss)
	return res, nil
}

// projectOut writes u = x - V V^T x (u = x when V is nil), using h as
// scratch of length cols(V).
func projectOut(u, x []float64, V *mat.Dense, h []float64) {
	copy(u, x)
	if V == nil {
		return
	}
	raw := V.RawMatrix()
	for k := range h {
		h[k] = 0
	}
	for i := 0; i < raw.Rows; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols]
		floats.AddScaled(h, x[i], row)
	}
	for i := 0; i < raw.Rows; i++ {
		u[i] -= floats.Dot(raw.Data[i*raw.Stride:i*raw.Stride+raw.Cols], h)
	}
}
