package chapter

import (
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/filter"
)

// ScoreFunc scores one feature v against the target y (notebook 02).
type ScoreFunc = func(v, y []float64) float64

// ReliefUpdateFunc returns Relief's weights after one example (eq. 11.3).
type ReliefUpdateFunc = func(delta, x, hit, miss []float64) []float64

// Pearson checks the signed Pearson coefficient r of v with y (eq. 25.2)
// against filter.Pearson on 25 random cases; a uniform ratio that only
// the case's m explains hints at 1/m against 1/(m-1).
func Pearson() exercise.Exercise[ScoreFunc] {
	ref := func(v, y []float64) float64 {
		s := must(filter.Pearson(mat.NewDense(len(v), 1, v), y, filter.Config{}))
		return s.Signed()[0]
	}
	ex := exercise.VecVecToScalar("Pearson's r (eq. 25.2)", ref, nil)
	ex.Hint = exercise.SizeHint(0)
	return ex
}

// Stump checks the training accuracy of the best decision stump
// sgn(a v + theta), a in {-1, +1}, against filter.Stump, on labels -1/+1
// and a feature shifted by 0.8 y.
func Stump() exercise.Exercise[ScoreFunc] {
	ref := func(v, y []float64) float64 {
		return must(filter.Stump(mat.NewDense(len(v), 1, v), y, filter.Config{})).Values[0]
	}
	gen := func(r *rand.Rand, i int) ([]float64, []float64) {
		n := exercise.Size(i, 2, 30)
		y := exercise.Signs(r, n)
		v := exercise.Normal(r, n)
		for k := range v {
			v[k] += 0.8 * y[k]
		}
		return v, y
	}
	return exercise.VecVecToScalar("decision-stump accuracy", ref, gen)
}

// ReliefUpdate checks one step of eq. 11.3,
//
//	delta_j <- delta_j - (x_j - hit_j)^2 + (x_j - miss_j)^2,
//
// returned as a new slice, on values in [0, 1].
func ReliefUpdate() exercise.Exercise[ReliefUpdateFunc] {
	ref := func(delta, x, hit, miss []float64) []float64 {
		out := slices.Clone(delta)
		for j := range out {
			out[j] += -(x[j]-hit[j])*(x[j]-hit[j]) + (x[j]-miss[j])*(x[j]-miss[j])
		}
		return out
	}
	gen := func(r *rand.Rand, i int) []any {
		d := exercise.Size(i, 1, 6)
		u := func() []float64 { return exercise.Uniform(r, d, 0, 1) }
		return []any{exercise.Normal(r, d), u(), u(), u()}
	}
	args := []string{"delta", "x", "hit", "miss"}
	return exercise.Func("Relief's weight update (eq. 11.3)", ref, args, gen)
}

// Gain checks the information gain in bits of a binary split v of labels
// y in {0, 1} (Zhou 11.1) against filter.NewInfoGain; every fourth case
// from the second is a pure split (v = y), every fourth from the third an
// empty group (v = 1).
func Gain() exercise.Exercise[ScoreFunc] {
	ref := func(v, y []float64) float64 {
		cfg := filter.InfoGainConfig{Categorical: []bool{true}}
		g := must(filter.NewInfoGain(mat.NewDense(len(v), 1, v), y, cfg))
		return must(g.Gain([]int{0}))
	}
	gen := func(r *rand.Rand, i int) ([]float64, []float64) {
		n := exercise.Size(i, 2, 20)
		y, v := exercise.Labels(r, n, 2), make([]float64, n)
		for k := range v {
			v[k] = float64(r.IntN(2))
			if i%4 == 1 { // a pure split: v = y
				v[k] = y[k]
			} else if i%4 == 2 { // an empty group
				v[k] = 1
			}
		}
		return v, y
	}
	return exercise.VecVecToScalar("information gain of a binary split", ref, gen)
}
