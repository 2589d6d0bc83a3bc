package synth

import (
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the compressed sensing chapter (Zhou
// 2016, section 11.6; notebook 09).

const (
	streamSparseVec = 0x1119
	streamLowRank   = 0x1124
)

// SparseVector returns a k-sparse vector of length m: a uniformly random
// support of size k, and on it independent values sign * (0.5 + |N(0,1)|),
// bounded away from 0 so that recovery errors are visible. 0 <= k <= m.
func SparseVector(m, k int, seed uint64) ([]float64, error) {
	if m < 1 || k < 0 || k > m {
		return nil, featlab.Errorf(featlab.ErrParam, "synth: sparse vector of length %d with %d nonzeros", m, k)
	}
	r := rand.New(rand.NewPCG(seed, streamSparseVec))
	s := make([]float64, m)
	for _, j := range r.Perm(m)[:k] {
		v := r.NormFloat64()
		s[j] = math.Copysign(0.5+math.Abs(v), v)
	}
	return s, nil
}

// BlockDigit returns the 32 x 32 image (row-major, values in [0, 1]) of
// the digit 2 drawn with 4 x 4 pixel blocks on an 8 x 8 block grid, with a
// lighter shadow block: piecewise constant on dyadic 4 x 4 squares, so that
// its separable 2-D Haar transform has at most 64 nonzero coefficients out
// of 1024. The compressive-sampling example of notebook 09.
func BlockDigit() []float64 {
	pattern := []string{
		"........",
		".######.",
		"......#.",
		"......#.",
		".######.",
		".#......",
		".#....+.",
		".######.",
	}
	img := make([]float64, 32*32)
	for bi, row := range pattern {
		for bj, ch := range row {
			v := 0.0
			switch ch {
			case '#':
				v = 1
			case '+':
				v = 0.5
			}
			for i := 0; i < 4; i++ {
				for j := 0; j < 4; j++ {
					img[(4*bi+i)*32+4*bj+j] = v
				}
			}
		}
	}
	return img
}

// LowRankConfig configures LowRank.
type LowRankConfig struct {
	// Rows, Cols and Rank give the shape: M = L R^T with L (Rows x Rank)
	// and R (Cols x Rank) independent N(0, 1). Defaults 500, 400, 5.
	Rows, Cols, Rank int
	// Fraction in (0, 1] is the probability that an entry is observed,
	// independently. Default 0.2.
	Fraction float64
}

// LowRank samples a rank-r matrix M = L R^T (a synthetic ratings matrix
// of r latent tastes) and the observed entries, each entry independently
// with probability Fraction, as (i, j, value) triples sorted by row. It
// returns the full matrix and the triples.
func LowRank(cfg LowRankConfig, seed uint64) (*mat.Dense, []int, []int, []float64, error) {
	r, c, k, f := cfg.Rows, cfg.Cols, cfg.Rank, cfg.Fraction
	if r == 0 {
		r = 500
	}
	if c == 0 {
		c = 400
	}
	if k == 0 {
		k = 5
	}
	if f == 0 {
		f = 0.2
	}
	if r < 1 || c < 1 || k < 1 || k > min(r, c) || !(f > 0) || f > 1 || r*c > 1<<26 {
		return nil, nil, nil, nil, featlab.Errorf(featlab.ErrParam, "synth: low-rank %d x %d rank %d fraction %g", r, c, k, f)
	}
	rng := rand.New(rand.NewPCG(seed, streamLowRank))
	L := mat.NewDense(r, k, nil)
	R := mat.NewDense(c, k, nil)
	for i := 0; i < r; i++ {
		for q := 0; q < k; q++ {
			L.Set(i, q, rng.NormFloat64())
		}
	}
	for j := 0; j < c; j++ {
		for q := 0; q < k; q++ {
			R.Set(j, q, rng.NormFloat64())
		}
	}
	M := mat.NewDense(r, c, nil)
	M.Mul(L, R.T())
	var I, J []int
	var V []float64
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if rng.Float64() < f {
				I, J, V = append(I, i), append(J, j), append(V, M.At(i, j))
			}
		}
	}
	return M, I, J, V, nil
}

// BookRatings returns an illustrative version of Zhou's Table 11.1 (four
// readers, five books, ratings 1-5, NaN for '?'): the numbers of the
// book's table are not in our copy of the text, so these are ours,
// consistent with its genre story. Gulliver's Travels and Robinson Crusoe
// are novels, The Story of Mankind and A Study of History history books,
// Gitanjali poems; every reader rates the two books of a genre alike, so the
// full table has rank at most 3 (one column per genre); in our numbers the
// poems get the average of a reader's other two ratings, so the rank is 2.
// Every reader has a '?' and so has every book. It returns the table, the
// full table, the readers, the books and each book's genre.
func BookRatings() (table, full *mat.Dense, readers, books, genres []string) {
	nan := math.NaN()
	full = mat.NewDense(4, 5, []float64{
		5, 5, 1, 1, 3,
		1, 1, 3, 3, 2,
		4, 4, 2, 2, 3,
		2, 2, 4, 4, 3,
	})
	table = mat.NewDense(4, 5, []float64{
		5, 5, nan, 1, 3,
		nan, 1, 3, 3, nan,
		4, 4, 2, nan, 3,
		2, nan, 4, 4, 3,
	})
	readers = []string{"reader 1", "reader 2", "reader 3", "reader 4"}
	books = []string{"Gulliver's Travels", "Robinson Crusoe", "The Story of Mankind", "A Study of History", "Gitanjali"}
	genres = []string{"novel", "novel", "history", "history", "poems"}
	return table, full, readers, books, genres
}
