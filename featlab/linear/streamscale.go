package linear

import (
	"math"

	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// statsScale is the exact power-of-two scaling under which the solvers
// from statistics fit data whose values lie far outside float64's
// comfortable range (near 1e±150): column j of [X y] is scaled by
// 2^(-e_j), and a column whose root sum of squares lies in [2^-60, 2^60]
// is left as it is, so ordinary data are fitted bit for bit as without
// it. The lasso and ridge use one exponent a for all the features
// (design.Pow2.Uniform: their penalties are the same problem only under a
// common scaling of X), least squares one per column (design.Pow2.Window:
// the fit is equivariant under each column's scaling, and its rank is
// decided on equilibrated columns). With b the target's exponent, the
// weights on the scaled data are 2^(e_j−b) w_j, the intercept 2^(−b) b_0,
// a penalty lambda becomes 2^(−a−b) lambda and squared errors 2^(−2b)
// times the data's.
type statsScale struct {
	e    design.Pow2
	a, b int
}

// gramScale returns the scaling of the Gram g's statistics, one exponent
// for all the features when uniform; a NaN or infinite statistic wraps
// ErrNotFinite naming the column.
func gramScale(g *stream.Gram, intercept, uniform bool) (statsScale, error) {
	e, err := design.GramExponents(g, intercept)
	if err != nil {
		return statsScale{}, err
	}
	if uniform {
		e = e.Uniform(design.StatsWindow)
	} else {
		e = e.Window(design.StatsWindow)
	}
	return statsScale{e: e, a: e[0], b: e[len(e)-1]}, nil
}

// fromGram is design.FromGram of g's statistics scaled by s.
func (s statsScale) fromGram(g *stream.Gram, intercept bool, scale float64) (*design.Design, error) {
	C, mean := s.e.Scale(g.Centred(), g.Mean())
	ds, _, err := design.FromGram(C, mean, float64(g.Count()), intercept, scale)
	return ds, err
}

// lambdas returns the penalties of the scaled problem (nil for nil).
func (s statsScale) lambdas(l []float64) []float64 {
	if l == nil || s.a+s.b == 0 {
		return l
	}
	out := make([]float64, len(l))
	for k, v := range l {
		out[k] = math.Ldexp(v, -s.a-s.b)
	}
	return out
}

// path maps a path fitted on the (uniformly) scaled statistics back to the data's
// units: lambdas, weights, intercepts and gaps (ErrNotFinite when one
// leaves float64's range).
func (s statsScale) path(p *Path) error {
	if s.a == 0 && s.b == 0 {
		return nil
	}
	if err := p.unscale(math.Ldexp(1, s.b-s.a), math.Ldexp(1, -s.a-s.b)); err != nil {
		return err
	}
	for k := range p.Intercepts {
		p.Intercepts[k] = math.Ldexp(p.Intercepts[k], s.b)
		p.Fits[k].Gap = math.Ldexp(p.Fits[k].Gap, 2*s.b)
	}
	p.Gap = math.Ldexp(p.Gap, 2*s.b)
	return nil
}

// model maps a least-squares or ridge model fitted on the scaled
// statistics back to the data's units.
func (s statsScale) model(md *Model) {
	if s.e.Zero() {
		return
	}
	for j := range md.Coef {
		md.Coef[j] = math.Ldexp(md.Coef[j], s.b-s.e[j])
	}
	md.Intercept = math.Ldexp(md.Intercept, s.b)
}

// leastSquares maps a least-squares result fitted on the scaled
// statistics back to the data's units (t, p, R², adjusted R² and F are
// scale-free).
func (s statsScale) leastSquares(r *LeastSquaresResult) {
	if s.e.Zero() {
		return
	}
	s.model(&r.Model)
	r.RSS = math.Ldexp(r.RSS, 2*s.b)
	if st := r.Stats; st != nil {
		st.Sigma2 = math.Ldexp(st.Sigma2, 2*s.b)
		for j := range st.StdErr {
			st.StdErr[j] = math.Ldexp(st.StdErr[j], s.b-s.e[j])
		}
		st.InterceptStdErr = math.Ldexp(st.InterceptStdErr, s.b)
	}
}
