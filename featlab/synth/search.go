package synth

import (
	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the subset-search chapter (notebook
// 03-search): Zhou, Machine Learning (2016), section 11.1 (the cuboid and
// the pitfall of greedy search) and the Aalto CS-E4710 lecture 10 (the
// case where forward selection misses the best pair, after Guyon and
// Elisseeff 2003), and pure-noise data for selection bias (Ambroise and
// McLachlan 2002).

const (
	streamCuboid   = 0x1103
	streamPitfall  = 0x1104
	streamPair     = 0x1105
	streamNoiseClf = 0x1106
)

// Cuboid samples m cuboids (Zhou 11.1's redundant feature that is an
// intermediate concept): length, width and height ~ U[1, 3] independently,
// base_area = length x width (redundant given length and width), and the
// target volume = length x width x height. The volume is a degree-2
// polynomial of (base_area, height) but a degree-3 one of (length, width,
// height). m must be at least 2.
func Cuboid(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamCuboid)
	X := mat.NewDense(m, 4, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		l, w, h := 1+2*r.Float64(), 1+2*r.Float64(), 1+2*r.Float64()
		X.SetRow(i, []float64{l, w, h, l * w})
		y[i] = l * w * h
	}
	return &featlab.Dataset{X: X, Y: y, Names: []string{"length", "width", "height", "base_area"}, Target: "volume"}, nil
}

// GreedyPitfall samples m examples of a regression built to exhibit Zhou's
// pitfall of greedy search (11.1): with the training RSS of least squares
// as the criterion, forward search picks a2, then a4, then a5 in round 3
// (a5 beats a6), yet {a2, a4, a6, a8} has a lower RSS than every
// {a2, a4, a5, a_i}. The features a1, ..., a8:
//
//	a1, a2, a3, a4, a6, a7, a8 ~ N(0, 1) independently
//	a5 = a6 + a8 + N(0, 0.5^2)          (a noisy summary of a6 and a8)
//	y  = 3 a2 + 2 a4 + a6 + a8 + N(0, 0.1^2)
//
// a5 alone explains about 2/2.25 of the variance of a6 + a8 (a6 alone half
// of it), so round 3 prefers a5; but a6 and a8 together explain all of it,
// and beside a5 one of them leaves the noise of a5 unexplained. a1, a3 and
// a7 are irrelevant. m must be at least 10.
func GreedyPitfall(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 10); err != nil {
		return nil, err
	}
	r := newRand(seed, streamPitfall)
	X := mat.NewDense(m, 8, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		a := make([]float64, 8)
		for _, j := range []int{0, 1, 2, 3, 5, 6, 7} {
			a[j] = r.NormFloat64()
		}
		a[4] = a[5] + a[7] + 0.5*r.NormFloat64()
		X.SetRow(i, a)
		y[i] = 3*a[1] + 2*a[3] + a[5] + a[7] + 0.1*r.NormFloat64()
	}
	return &featlab.Dataset{X: X, Y: y, Names: []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"}, Target: "y"}, nil
}

// MissedPair samples m examples (half per class, rows alternating) of the
// lecture's case where forward selection misses the best pair (after
// Guyon and Elisseeff 2003, figure 3): with c = -1 for class 0 and +1 for
// class 1,
//
//	t ~ N(0, 3^2),  x1 = t + c/2 + N(0, 0.1^2),  x2 = t - c/2 + N(0, 0.1^2)
//	x3 = c + N(0, 1)
//
// x1 and x2 are each N(+-1/2, 9): nearly useless alone; together x1 - x2 =
// c + N(0, 0.02) separates the classes perfectly. x3 alone is the best
// single feature (about 84% accuracy). Classes "0" and "1"; m must be at
// least 4.
func MissedPair(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 4); err != nil {
		return nil, err
	}
	r := newRand(seed, streamPair)
	X := mat.NewDense(m, 3, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		c := float64(2*(i%2) - 1)
		t := 3 * r.NormFloat64()
		X.SetRow(i, []float64{t + c/2 + 0.1*r.NormFloat64(), t - c/2 + 0.1*r.NormFloat64(), c + r.NormFloat64()})
		y[i] = float64(i % 2)
	}
	return &featlab.Dataset{X: X, Y: y, Names: []string{"x1", "x2", "x3"}, Target: "class", Classes: []string{"0", "1"}}, nil
}

// NoiseClassification samples m examples of d pure-noise features, X ~
// N(0, 1) independently, with balanced labels (rows alternate 0, 1)
// independent of X: no feature carries any information, so every
// classifier's true error is 1/2 (selection bias, Ambroise and McLachlan
// 2002). m must be at least 4 and d at least 1.
func NoiseClassification(m, d int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 4); err != nil {
		return nil, err
	}
	if d < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "d = %d features, need at least 1", d)
	}
	if err := featlab.CheckCells("synth: the data", "", m, d, 0); err != nil {
		return nil, err
	}
	r := newRand(seed, streamNoiseClf)
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	raw := X.RawMatrix().Data
	for k := range raw {
		raw[k] = r.NormFloat64()
	}
	for i := range y {
		y[i] = float64(i % 2)
	}
	return &featlab.Dataset{X: X, Y: y, Names: featlab.DefaultNames(d), Target: "class", Classes: []string{"0", "1"}}, nil
}
