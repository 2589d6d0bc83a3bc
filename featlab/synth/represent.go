package synth

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Planted is a data set made of sparse combinations of a known dictionary
// (Zhou 11.5): X = V D + noise, with D (K x d) of unit-norm rows drawn
// uniformly on the sphere and each row of V holding S nonzeros at random
// atoms (see PlantedDictionary).
type Planted struct {
	X *mat.Dense // m x d samples
	D *mat.Dense // K x d planted atoms (unit-norm rows)
	V *mat.Dense // m x K planted codes (S nonzeros per row)
}

// PlantedDictionary returns m samples x_i = v_i D + sigma e_i in R^d: D has
// k unit-norm rows drawn uniformly on the sphere, v_i has s nonzeros at
// distinct random atoms, each sign * (1 + |N(0, 1)|) with a random sign,
// and e_i ~ N(0, I_d). It is the set-up for recovering a dictionary up to
// sign and permutation by dictionary learning.
//
// Errors: k, d, m, s < 1, s > k, sigma < 0 or not finite (ErrParam).
func PlantedDictionary(k, d, m, s int, sigma float64, seed uint64) (*Planted, error) {
	if k < 1 || d < 1 || m < 1 || s < 1 || s > k {
		return nil, featlab.Errorf(featlab.ErrParam, "synth: PlantedDictionary: need k, d, m >= 1 and 1 <= s <= k, got k=%d d=%d m=%d s=%d", k, d, m, s)
	}
	if !(sigma >= 0) || math.IsInf(sigma, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "synth: PlantedDictionary: sigma = %v must be finite and >= 0", sigma)
	}
	r := newRand(seed, 25031)
	D := mat.NewDense(k, d, nil)
	for j := 0; j < k; j++ {
		row := D.RawRowView(j)
		n := 0.0
		for n == 0 {
			n = 0
			for t := range row {
				row[t] = r.NormFloat64()
				n += row[t] * row[t]
			}
		}
		n = math.Sqrt(n)
		for t := range row {
			row[t] /= n
		}
	}
	V := mat.NewDense(m, k, nil)
	for i := 0; i < m; i++ {
		for _, j := range r.Perm(k)[:s] {
			V.Set(i, j, sign(r)*(1+math.Abs(r.NormFloat64())))
		}
	}
	X := mat.NewDense(m, d, nil)
	X.Mul(V, D)
	if sigma > 0 {
		for i, v := range X.RawMatrix().Data {
			X.RawMatrix().Data[i] = v + sigma*r.NormFloat64()
		}
	}
	return &Planted{X: X, D: D, V: V}, nil
}

// TokenDocumentsConfig configures TokenDocuments.
type TokenDocumentsConfig struct {
	// Vocabulary is the number of distinct words the language has, named
	// "w0001", "w0002", ... in order of frequency. Default 2000.
	Vocabulary int
	// Length is the number of tokens per document. Default 40.
	Length int
	// Topic is the number of words that carry each class: class c draws
	// with probability Signal from its own Topic words, taken from the
	// middle-frequency band of the vocabulary. Default 20.
	Topic int
	// Signal in [0, 1] is the share of a document's tokens drawn from its
	// class's topic words. Default 0.15.
	Signal float64
	// Classes >= 2. Default 2.
	Classes int
}

// TokenDocuments returns m documents, as token lists, of a synthetic language for the
// bag-of-words examples (25.3.1, Zhou 11.5): the background words follow
// Zipf's law (probability of the r-th word proportional to 1/r), and a
// document of class c (labels 0..Classes-1, balanced, in random order)
// draws each token with probability Signal from class c's topic words
// (uniformly) instead. A few hundred frequent words make most documents
// linearly separable by class; the full vocabulary makes the
// document-term matrix very sparse.
func TokenDocuments(m int, cfg TokenDocumentsConfig, seed uint64) (docs [][]string, labels []float64, err error) {
	V := orDefault(cfg.Vocabulary, 2000)
	L := orDefault(cfg.Length, 40)
	T := orDefault(cfg.Topic, 20)
	C := orDefault(cfg.Classes, 2)
	sig := cfg.Signal
	if sig == 0 {
		sig = 0.15
	}
	if m < 1 || V < 1 || L < 1 || T < 1 || C < 2 || !(sig >= 0 && sig <= 1) || C*T > V/2 {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "synth: TokenDocuments: need m >= 1, Classes >= 2, Signal in [0, 1], Classes*Topic <= Vocabulary/2; got m=%d %+v", m, cfg)
	}
	r := newRand(seed, 25032)
	words := make([]string, V)
	for i := range words {
		words[i] = fmt.Sprintf("w%04d", i+1)
	}
	cum := make([]float64, V)
	s := 0.0
	for i := range cum {
		s += 1 / float64(i+1)
		cum[i] = s
	}
	band := V / 8 // topic words start here: moderately frequent words
	docs = make([][]string, m)
	labels = make([]float64, m)
	for i := 0; i < m; i++ {
		c := i % C
		labels[i] = float64(c)
		doc := make([]string, L)
		for t := range doc {
			if r.Float64() < sig {
				doc[t] = words[band+c*T+r.IntN(T)]
				continue
			}
			u := r.Float64() * s
			lo, hi := 0, V-1
			for lo < hi {
				mid := (lo + hi) / 2
				if cum[mid] < u {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
			doc[t] = words[lo]
		}
		docs[i] = doc
	}
	r.Shuffle(m, func(a, b int) {
		docs[a], docs[b] = docs[b], docs[a]
		labels[a], labels[b] = labels[b], labels[a]
	})
	return docs, labels, nil
}

// Wave returns m points for the piecewise-constant example of 25.3.1: x ~
// U[0, 10] and y = sin(x) + x/5 + N(0, 0.2^2), one feature "x" and a
// numeric target "y". A linear predictor on the k-means indicator of x is
// a step function of x.
func Wave(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, 25033)
	X := mat.NewDense(m, 1, nil)
	y := make([]float64, m)
	for i := range y {
		x := 10 * r.Float64()
		X.Set(i, 0, x)
		y[i] = math.Sin(x) + x/5 + 0.2*r.NormFloat64()
	}
	return featlab.NewDataset(X, y, []string{"x"}, "y")
}
