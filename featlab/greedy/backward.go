package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// BackwardConfig configures Backward.
type BackwardConfig struct {
	// K is the number of features to keep. Default (0): eliminate down to
	// the empty set, recording the whole order of removal.
	K int
	// Intercept fits an unpenalised intercept (centring X and y). Default
	// false.
	Intercept bool
	// Names names the features. Default x1..xd.
	Names []string
}

// BackwardStep is one elimination.
type BackwardStep struct {
	Feature int    // the feature removed
	Name    string // its name
	// Increase is the growth of the residual sum of squares caused by the
	// removal, w_j^2 / [(X_I^T X_I)^{-1}]_jj (0 for a column in the span
	// of the others).
	Increase float64
	// RSS is the residual sum of squares of the refit on what remains.
	RSS float64
	// Remaining lists the features left, in increasing index order.
	Remaining []int
	// Coef is the least-squares fit on Remaining; Intercept its intercept.
	Coef      []float64
	Intercept float64
	// Scores holds, for every feature, the RSS increase its removal would
	// cause at this step (NaN for features already removed).
	Scores []float64
}

// BackwardResult is the outcome of Backward.
type BackwardResult struct {
	Method  string
	Names   []string
	Removed []int // features in order of removal
	Support []int // the K features kept, in increasing index order
	Steps   []BackwardStep
	// Coef and Intercept are the least-squares fit on Support.
	Coef      []float64
	Intercept float64
	RSS       float64
}

// Selection returns the kept features with one "remove" step per
// elimination (Score: RSS after it); Ranking lists all features from the
// last removed (most useful) to the first removed.
func (r *BackwardResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, r.Names, append([]int(nil), r.Support...))
	rank := append([]int(nil), r.Support...)
	for k := len(r.Removed) - 1; k >= 0; k-- {
		rank = append(rank, r.Removed[k])
	}
	if len(rank) == len(r.Names) {
		s.Ranking = rank
	}
	for _, st := range r.Steps {
		s.History = append(s.History, featlab.Step{Action: "remove", Feature: st.Feature, Name: st.Name,
			Score: st.RSS, Subset: append([]int(nil), st.Remaining...)})
	}
	return s
}

// Backward is backward elimination for least squares with the exact
// criterion (Shalev-Shwartz & Ben-David 25.1.2, "Backward Elimination"):
// starting from all features it removes, one at a time, the feature whose
// removal increases the residual sum of squares ||y - X_I w||^2 the least,
// after refitting. The refits are never computed from scratch: with
// S = (X_I^T X_I)^{-1} and the fit w on I, removing j raises the RSS by
// exactly w_j^2 / S_jj, and the inverse for I \ {j} is the downdate
//
//	S' = S_{-j,-j} - S_{-j,j} S_{j,-j} / S_jj,   w' = w_{-j} - S_{-j,j} w_j / S_jj,
//
// so a step costs O(d^2) after one O(md^2) start. Features whose column
// lies in the span of earlier columns (zero, duplicated, or collinear,
// detected by Gram-Schmidt in index order with DependenceTol) are removed
// first, at zero cost, so that the full least-squares fit is unique.
// Ties go to the lowest index.
//
// Errors: as for OMP; K < 0 or K > d (ErrParam).
func Backward(X mat.Matrix, y []float64, cfg BackwardConfig) (*BackwardResult, error) {
	if Xs, s := prescaled(X); s != 1 {
		res, err := Backward(Xs, y, cfg)
		if res != nil {
			if uerr := res.unscale(s); uerr != nil && err == nil {
				return nil, uerr
			}
		}
		return res, err
	}
	m, d, err := checkXY("Backward", X, y)
	if err != nil {
		return nil, err
	}
	if cfg.K < 0 || cfg.K > d {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.Backward: K = %d outside [0, %d]", cfg.K, d)
	}
	names, _, err := (&OMPConfig{T: 1, Names: cfg.Names}).check("Backward", m, d)
	if err != nil {
		return nil, err
	}
	ds, err := newOMPDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, fmt.Errorf("greedy.Backward: %w", err)
	}
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, m)
		ds.Column(cols[j], j)
	}
	method := "backward elimination (exact, downdates)"
	if cfg.Intercept {
		method = "backward elimination (exact, downdates, intercept)"
	}
	res := &BackwardResult{Method: method, Names: names}
	// Gram-Schmidt in index order finds the dependent columns.
	var basis [][]float64
	var indep, dep []int
	for j := 0; j < d; j++ {
		u := append([]float64(nil), cols[j]...)
		for pass := 0; pass < 2; pass++ {
			for _, v := range basis {
				floats.AddScaled(u, -floats.Dot(v, u), v)
			}
		}
		nu := floats.Norm(u, 2)
		if ds.Norm2[j] == 0 || nu*nu <= DependenceTol*ds.Norm2[j] {
			dep = append(dep, j)
			continue
		}
		floats.Scale(1/nu, u)
		basis = append(basis, u)
		indep = append(indep, j)
	}
	// Full fit on the independent columns: S = (A^T A)^{-1}, w = S A^T y.
	p := len(indep)
	var S mat.SymDense
	w := make([]float64, p)
	if p > 0 {
		A := mat.NewDense(m, p, nil)
		for k, j := range indep {
			A.SetCol(k, cols[j])
		}
		var G mat.SymDense
		G.SymOuterK(1, A.T())
		var ch mat.Cholesky
		if !ch.Factorize(&G) {
			return nil, featlab.Errorf(featlab.ErrParam, "greedy.Backward: X^T X is numerically singular on the independent columns")
		}
		if err := ch.InverseTo(&S); err != nil {
			return nil, fmt.Errorf("greedy.Backward: %w", err)
		}
		var aty mat.VecDense
		aty.MulVec(A.T(), mat.NewVecDense(m, ds.Y))
		var wv mat.VecDense
		wv.MulVec(&S, &aty)
		copy(w, wv.RawVector().Data)
	}
	cur := append([]int(nil), indep...) // features in the fit, matching rows of S
	Sd := mat.NewDense(max(p, 1), max(p, 1), nil)
	for i := 0; i < p; i++ {
		for k := 0; k < p; k++ {
			Sd.Set(i, k, S.At(i, k))
		}
	}
	rssOf := func(feats []int, coef []float64) float64 {
		r := append([]float64(nil), ds.Y...)
		for k, j := range feats {
			floats.AddScaled(r, -coef[k], cols[j])
		}
		return floats.Dot(r, r)
	}
	remaining := make([]bool, d)
	for j := range remaining {
		remaining[j] = true
	}
	listRemaining := func() []int {
		var out []int
		for j, ok := range remaining {
			if ok {
				out = append(out, j)
			}
		}
		return out
	}
	fitOn := func() ([]int, []float64) {
		// coefficients by increasing index over the remaining features
		rem := listRemaining()
		coef := make([]float64, len(rem))
		pos := map[int]float64{}
		for k, j := range cur {
			pos[j] = w[k]
		}
		for k, j := range rem {
			coef[k] = pos[j]
		}
		return rem, coef
	}
	rss := rssOf(cur, w)
	n := d
	for n > cfg.K {
		scores := make([]float64, d)
		for j := range scores {
			scores[j] = math.NaN()
		}
		var jt, kt int
		var inc float64
		if len(dep) > 0 {
			jt, kt, inc = dep[0], -1, 0
			dep = dep[1:]
			for _, j := range dep {
				scores[j] = 0
			}
			scores[jt] = 0
			for k, j := range cur {
				scores[j] = w[k] * w[k] / Sd.At(k, k)
			}
		} else {
			kt = -1
			for k, j := range cur {
				v := w[k] * w[k] / Sd.At(k, k)
				scores[j] = v
				if kt < 0 || v < inc || (v == inc && j < jt) {
					jt, kt, inc = j, k, v
				}
			}
			// Downdate S and w.
			q := len(cur)
			sjj := Sd.At(kt, kt)
			wj := w[kt]
			keep := make([]int, 0, q-1)
			for k := 0; k < q; k++ {
				if k != kt {
					keep = append(keep, k)
				}
			}
			nS := mat.NewDense(max(q-1, 1), max(q-1, 1), nil)
			nw := make([]float64, q-1)
			for a, ka := range keep {
				sa := Sd.At(ka, kt)
				nw[a] = w[ka] - sa*wj/sjj
				for b, kb := range keep {
					nS.Set(a, b, Sd.At(ka, kb)-sa*Sd.At(kt, kb)/sjj)
				}
			}
			Sd, w = nS, nw
			nc := make([]int, 0, q-1)
			for _, k := range keep {
				nc = append(nc, cur[k])
			}
			cur = nc
		}
		remaining[jt] = false
		n--
		rss += inc
		rem, coef := fitOn()
		rss = rssOf(rem, coef) // exact, not accumulated
		res.Removed = append(res.Removed, jt)
		res.Steps = append(res.Steps, BackwardStep{Feature: jt, Name: names[jt], Increase: inc, RSS: rss,
			Remaining: rem, Coef: coef, Intercept: ds.intercept(rem, coef), Scores: scores})
	}
	res.Support, res.Coef = fitOn()
	res.Intercept = ds.intercept(res.Support, res.Coef)
	res.RSS = rssOf(res.Support, res.Coef)
	return res, nil
}
