// Package prox is featlab's one proximal-gradient loop: plain proximal
// gradient (ISTA, Zhou eq. 11.8-11.14) and FISTA (Beck and Teboulle 2009)
// with optional gradient-based adaptive restart (O'Donoghue and Candes
// 2015), for composite problems
//
//	minimise F(x) = f(x) + h(x),   f with an L-Lipschitz gradient,
//
// where f depends on x through an affine image z = A x + c (plus terms
// in x itself): least squares (z = y - X w, the residual), logistic loss
// (z = X w + b), l1-constrained least squares. The loop keeps z next to x
// and extrapolates both (exact, the map being affine), so each iteration
// costs one product with A (to get z at the new point) and one with A^T
// (inside Grad), never a third.
package prox

import (
	"math"
)

// Problem describes a composite problem through callbacks on raw slices.
// N is the length of x, M that of z = A x.
type Problem struct {
	N, M int
	// Apply sets z = A x + c. The map must be affine (extrapolation is
	// applied to z).
	Apply func(z, x []float64)
	// Grad sets g = grad f(x), given z = A x.
	Grad func(g, x, z []float64)
	// Prox replaces x by prox_{h/L}(x) in place, L the Lipschitz constant
	// of Options (for a constraint: the projection).
	Prox func(x []float64, L float64)
	// Value, when non-nil, returns F(x) given z = A x; it is recorded in
	// the history after every iteration.
	Value func(x, z []float64) float64
	// Done is the stopping test at x (z = A x); g is grad f(x) when the
	// loop has it at hand, else nil (Done then computes what it needs).
	// It returns the final value of its stopping quantity and whether it
	// passed.
	Done func(x, z, g []float64) (gap float64, ok bool)
}

// Options controls the loop.
type Options struct {
	L          float64 // Lipschitz constant of grad f (> 0); the step is 1/L
	MaxIter    int     // iterations at most
	Accelerate bool    // FISTA momentum
	Restart    bool    // with Accelerate: reset the momentum when it points uphill
	CheckEvery int     // with Accelerate: call Done every CheckEvery iterations (and at the end); <= 0 means 1
	// Stop, when non-nil, is called before each iteration; when it
	// returns true the loop stops with the current point (a cancelled
	// context, a failed callback).
	Stop func() bool
	// Progress, when non-nil, is called after each stopping test with the
	// iteration count and the test's value.
	Progress func(iter int, gap float64)
}

// Result is the loop's record.
type Result struct {
	Iter      int       // iterations made
	Converged bool      // Done passed
	Gap       float64   // the last value Done returned
	History   []float64 // Value after each iteration, History[0] at the start (nil without Value)
}

// Minimize runs the loop from x (overwritten with the result). With
// Accelerate false it is proximal gradient descent: x <- prox_{h/L}(x -
// grad f(x)/L), with Done tested at every iterate (reusing the gradient
// the next step needs). With Accelerate, the step is taken at the
// extrapolated point v = x_k + ((t_{k-1} - 1)/t_k)(x_k - x_{k-1}).
func Minimize(p Problem, x []float64, o Options) Result {
	z := make([]float64, p.M)
	g := make([]float64, p.N)
	p.Apply(z, x)
	var res Result
	record := func() {
		if p.Value != nil {
			res.History = append(res.History, p.Value(x, z))
		}
	}
	record()
	every := o.CheckEvery
	if every <= 0 || !o.Accelerate {
		every = 1
	}
	cancelled := func() bool { return o.Stop != nil && o.Stop() }
	if !o.Accelerate {
		for {
			p.Grad(g, x, z)
			res.Gap, res.Converged = p.Done(x, z, g)
			if o.Progress != nil {
				o.Progress(res.Iter, res.Gap)
			}
			if res.Converged || res.Iter >= o.MaxIter || cancelled() {
				return res
			}
			for j := range x {
				x[j] -= g[j] / o.L
			}
			p.Prox(x, o.L)
			p.Apply(z, x)
			res.Iter++
			record()
		}
	}
	res.Gap, res.Converged = p.Done(x, z, nil)
	if o.Progress != nil {
		o.Progress(0, res.Gap)
	}
	if res.Converged {
		return res
	}
	prev := append([]float64(nil), x...)
	zprev := append([]float64(nil), z...)
	v := make([]float64, p.N)
	zv := make([]float64, p.M)
	t := 1.0
	for res.Iter < o.MaxIter && !cancelled() {
		tn := (1 + math.Sqrt(1+4*t*t)) / 2
		beta := (t - 1) / tn
		t = tn
		for j := range v {
			v[j] = x[j] + beta*(x[j]-prev[j])
		}
		for i := range zv {
			zv[i] = z[i] + beta*(z[i]-zprev[i])
		}
		p.Grad(g, v, zv)
		copy(prev, x)
		copy(zprev, z)
		for j := range x {
			x[j] = v[j] - g[j]/o.L
		}
		p.Prox(x, o.L)
		p.Apply(z, x)
		res.Iter++
		record()
		if o.Restart {
			// (v - x_{k+1}).(x_{k+1} - x_k) > 0: the momentum points uphill.
			var dot float64
			for j := range x {
				dot += (v[j] - x[j]) * (x[j] - prev[j])
			}
			if dot > 0 {
				t = 1
			}
		}
		if res.Iter%every == 0 || res.Iter == o.MaxIter {
			res.Gap, res.Converged = p.Done(x, z, nil)
			if o.Progress != nil {
				o.Progress(res.Iter, res.Gap)
			}
			if res.Converged {
				return res
			}
		}
	}
	if res.Iter%every != 0 && res.Iter != o.MaxIter {
		res.Gap, res.Converged = p.Done(x, z, nil)
	}
	return res
}
