package design

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// Pow2 holds one binary exponent e_j per column of [X y] (the target
// last): the statistics of column j are scaled by 2^(-e_j), which is
// exact for every normal value, so a solver that is equivariant under
// that scaling gives on the scaled statistics the answer it would give on
// the data in a wider exponent range.
type Pow2 []int

// StatsWindow is the exponent window inside which Pow2.Uniform leaves a
// column group as it is: statistics whose root sum of squares lies in
// [2^-60, 2^60] are fitted unscaled, bit for bit as before.
const StatsWindow = 60

// ColumnName returns a name for column j of the p columns of [X y] in
// messages: names[j] (x1, x2, … when names is nil) or the target's.
func ColumnName(j, p int, names []string, target string) string {
	if j == p-1 {
		if target != "" {
			return "target " + target
		}
		return "the target"
	}
	if j < len(names) && names[j] != "" {
		return names[j]
	}
	return fmt.Sprintf("x%d", j+1)
}

// ColumnExponents returns e_j, the binary exponent of column j's root sum
// of squares r_j = √C_jj (C the centred cross products of the p columns
// of [X y]; without intercept r_j = max(√C_jj, √n |z̄_j|), the raw sums
// the fit uses), so that 2^(-e_j) r_j lies in [1/2, 1) (e_j = 0 for a
// zero column). A NaN or infinite statistic (squares that overflowed
// during the pass) wraps featlab.ErrNotFinite naming the column (see
// ColumnName).
func ColumnExponents(C *mat.SymDense, mean []float64, n float64, intercept bool, names []string, target string) (Pow2, error) {
	p := len(mean)
	name := func(j int) string { return ColumnName(j, p, names, target) }
	e := make(Pow2, p)
	for j := 0; j < p; j++ {
		c, m := C.At(j, j), mean[j]
		if math.IsNaN(c) || math.IsInf(c, 0) || math.IsNaN(m) || math.IsInf(m, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "statistics: column %q has mean %v and centred sum of squares %v: its values' squares overflow float64 (values beyond about 1e154 cannot be summarised; rescale the column before the pass)", name(j), m, c)
		}
		r := math.Sqrt(c)
		if !intercept {
			r = math.Max(r, math.Sqrt(n)*math.Abs(m))
		}
		if math.IsInf(r, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "statistics: column %q has mean %v: its raw sum of squares overflows float64 (fit with an intercept, or rescale the column before the pass)", name(j), m)
		}
		if r > 0 {
			_, e[j] = math.Frexp(r)
		}
	}
	return e, nil
}

// Uniform returns the exponents of one scale for all the features (the
// largest feature exponent: the largest column comes to [1/2, 1)) and
// one for the target, each 0 when it lies within [-window, window].
// Solvers that are equivariant only under a common scaling of X (the
// lasso's penalty, ridge, the minimum-norm least-squares fit) use these.
func (e Pow2) Uniform(window int) Pow2 {
	p := len(e)
	out := make(Pow2, p)
	ex := math.MinInt
	for _, v := range e[:p-1] {
		ex = max(ex, v)
	}
	if ex < -window || ex > window {
		for j := range out[:p-1] {
			out[j] = ex
		}
	}
	if ey := e[p-1]; ey < -window || ey > window {
		out[p-1] = ey
	}
	return out
}

// Window returns the exponents with those in [-window, window] set to
// 0: each column outside the window is scaled by its own power of two,
// the others are left as they are (least squares, equivariant under a
// scaling of each column, uses these: its rank decisions on ordinary
// data stay those of the unscaled statistics).
func (e Pow2) Window(window int) Pow2 {
	out := make(Pow2, len(e))
	for j, v := range e {
		if v < -window || v > window {
			out[j] = v
		}
	}
	return out
}

// Zero reports whether every exponent is 0 (no scaling).
func (e Pow2) Zero() bool {
	for _, v := range e {
		if v != 0 {
			return false
		}
	}
	return true
}

// Scale returns the statistics of the scaled columns: C_jk 2^(-e_j-e_k)
// and z̄_j 2^(-e_j) (new values; C and mean unchanged).
func (e Pow2) Scale(C *mat.SymDense, mean []float64) (*mat.SymDense, []float64) {
	p := len(mean)
	S := mat.NewSymDense(p, nil)
	ms := make([]float64, p)
	for j := 0; j < p; j++ {
		ms[j] = math.Ldexp(mean[j], -e[j])
		for k := j; k < p; k++ {
			S.SetSym(j, k, math.Ldexp(C.At(j, k), -e[j]-e[k]))
		}
	}
	return S, ms
}

// GramExponents is ColumnExponents of the statistics of g (a Gram with a
// target, at least one row), naming its columns by g's names.
func GramExponents(g *stream.Gram, intercept bool) (Pow2, error) {
	return ColumnExponents(g.Centred(), g.Mean(), float64(g.Count()), intercept, g.Names(), g.TargetName())
}
