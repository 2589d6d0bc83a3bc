package sensing

import (
	"math"

	"github.com/featlab/course/featlab/internal/matx"
)

// prescaled returns the observations multiplied by an exact power of two
// s when their values lie far outside the ordinary range (matx.Pow2Scale),
// sharing the indices; s = 1 returns o itself. The completion solvers run
// on s A, where squared sums neither overflow nor underflow, and unscale
// their results: the completions of s A are s times those of A when the
// scale parameters (Tau, Lambda) are scaled alike.
func (o *Observations) prescaled() (*Observations, float64) {
	var mx float64
	for _, v := range o.V {
		mx = math.Max(mx, math.Abs(v))
	}
	s := matx.Pow2Scale(mx)
	if s == 1 {
		return o, 1
	}
	q := *o
	q.V = make([]float64, len(o.V))
	for t, v := range o.V {
		q.V[t] = v * s
	}
	return &q, s
}

// unscale turns a completion of s A into the completion of A: singular
// values, nuclear norms, Lambda, Tau and the certificate's feasibility
// divided by s. U, V, Residual, the dual certificate Y and the relative
// stopping quantities are scale-free; NuclearNorm's Change and Gap are
// those of the scaled run.
func (c *Completion) unscale(s float64) {
	if c == nil || s == 1 {
		return
	}
	sig := make([]float64, len(c.Sigma))
	for k, v := range c.Sigma {
		sig[k] = v / s
	}
	c.Sigma = sig
	c.Nuclear /= s
	c.Lambda /= s
	c.Tau /= s
	hist := make([]CompletionStep, len(c.History))
	for h, st := range c.History {
		st.Nuclear /= s
		hist[h] = st
	}
	c.History = hist
	if c.Certificate != nil {
		cert := *c.Certificate
		cert.Feasibility /= s
		c.Certificate = &cert
	}
}

// unscale turns a path on s A into the path on A.
func (p *CompletionPath) unscale(s float64) {
	if p == nil || s == 1 {
		return
	}
	lam := make([]float64, len(p.Lambdas))
	for k, v := range p.Lambdas {
		lam[k] = v / s
	}
	p.Lambdas = lam
	for _, f := range p.Fits {
		f.unscale(s)
	}
	p.Refit.unscale(s)
}
