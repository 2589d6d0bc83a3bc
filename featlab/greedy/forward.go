package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// ForwardConfig configures Forward.
type ForwardConfig struct {
	// T is the budget of features. Default (0): d, the whole order of
	// entry. A budget above the rank of X stops early (Stop says why).
	T int
	// Intercept fits an unpenalised intercept (centring X and y).
	// Default false.
	Intercept bool
	// Names names the features. Default x1..xd.
	Names []string
	// Workers bounds the goroutines refitting candidates (0: all cores);
	// results do not depend on it.
	Workers int
	// Progress, when non-nil, is called after each round with (t, T).
	Progress featlab.Progress
}

// Forward is forward greedy selection for least squares by its definition
// (Shalev-Shwartz & Ben-David 25.1.2, the display before Example 25.2's
// OMP): at round t it refits least squares from scratch, by Householder QR
// of X_{I u {j}}, for every candidate j and adds
//
//	j_t = argmin_j min_w ||X_{I_{t-1} u {j}} w - y||^2
//
// (ties to the lowest index). Candidates whose column lies in the span of
// the chosen ones (||u_j||^2 <= DependenceTol ||X_j||^2, read from the
// last diagonal entry of R) are skipped, as in OMP. It costs O(m t^2 d) per
// round; it exists to teach the definition and to check OMP, which makes
// the same choices at O(md) per round.
//
// The result is an OMPResult: Criterion and Scores hold the residual sum
// of squares after adding each candidate (smaller is better), Gain its
// decrease, Theta is nil.
func Forward(X mat.Matrix, y []float64, cfg ForwardConfig) (*OMPResult, error) {
	if Xs, s := prescaled(X); s != 1 {
		res, err := Forward(Xs, y, cfg)
		if res != nil {
			if uerr := res.unscale(s, false); uerr != nil && err == nil {
				return nil, uerr
			}
		}
		return res, err
	}
	m, d, err := checkXY("Forward", X, y)
	if err != nil {
		return nil, err
	}
	oc := OMPConfig{T: cfg.T, Names: cfg.Names, Intercept: cfg.Intercept}
	if cfg.T == 0 {
		oc.T = d
	}
	names, T, err := oc.check("Forward", m, d)
	if err != nil {
		return nil, err
	}
	ds, err := newOMPDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, fmt.Errorf("greedy.Forward: %w", err)
	}
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, m)
		ds.Column(cols[j], j)
	}
	method := "forward (exact refit)"
	if cfg.Intercept {
		method = "forward (exact refit, intercept)"
	}
	res := &OMPResult{Method: method, Names: names, Rule: Exact, Coef: make([]float64, d), Stop: StopBudget}
	chosen := make([]bool, d)
	rss := floats.Dot(ds.Y, ds.Y)
	ynorm := math.Sqrt(rss)
	scores := make([]float64, d)
	coefs := make([][]float64, d)
	for len(res.Support) < T {
		t := len(res.Support)
		par.For(d, cfg.Workers, func(j int) {
			scores[j], coefs[j] = math.NaN(), nil
			if chosen[j] || ds.Norm2[j] == 0 || t+1 > m {
				return // t+1 > m columns cannot be independent
			}
			A := mat.NewDense(m, t+1, nil)
			for k, l := range res.Support {
				A.SetCol(k, cols[l])
			}
			A.SetCol(t, cols[j])
			var qr mat.QR
			qr.Factorize(A)
			var R mat.Dense
			qr.RTo(&R)
			if rt := R.At(t, t); rt*rt <= DependenceTol*ds.Norm2[j] {
				return
			}
			var w mat.VecDense
			if err := qr.SolveVecTo(&w, false, mat.NewVecDense(m, ds.Y)); err != nil {
				return
			}
			r := append([]float64(nil), ds.Y...)
			for k := 0; k <= t; k++ {
				l := j
				if k < t {
					l = res.Support[k]
				}
				floats.AddScaled(r, -w.AtVec(k), cols[l])
			}
			scores[j], coefs[j] = floats.Dot(r, r), mat.Col(nil, 0, &w)
		})
		jt := -1
		for j, s := range scores {
			if !math.IsNaN(s) && (jt < 0 || s < scores[jt]) {
				jt = j
			}
		}
		if jt < 0 {
			res.Stop = StopDependent
			break
		}
		if rss-scores[jt] <= orthTol*orthTol*ynorm*ynorm {
			res.Stop = StopOrthogonal
			break
		}
		gain := rss - scores[jt]
		rss = scores[jt]
		chosen[jt] = true
		res.Support = append(res.Support, jt)
		res.Rounds = append(res.Rounds, OMPRound{
			Feature: jt, Name: names[jt], Criterion: rss, Gain: gain, Residual: math.Sqrt(rss),
			Coef: coefs[jt], Intercept: ds.intercept(res.Support, coefs[jt]), Scores: append([]float64(nil), scores...),
		})
		if cfg.Progress != nil {
			if err := callProgress(cfg.Progress, len(res.Support), T); err != nil {
				return nil, err
			}
		}
	}
	res.finish(ds, rss)
	return res, nil
}

// callProgress calls the user's Progress, turning a panic into an error
// wrapping featlab.ErrPanic.
func callProgress(p featlab.Progress, done, total int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = featlab.Errorf(featlab.ErrPanic, "greedy.Forward: Progress panicked at round %d: %v", done, r)
		}
	}()
	p(done, total)
	return nil
}
