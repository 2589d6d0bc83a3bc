package synth

import (
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the filter chapter: Shalev-Shwartz and
// Ben-David, Understanding Machine Learning (2014), Example 25.1 and
// section 25.1.1; Guyon and Elisseeff, "An introduction to variable and
// feature selection", JMLR 3 (2003) 1157-1182, figures 2 and 3 (as shown in
// the Aalto CS-E4710 lecture 10); and Zhou, Machine Learning (2016),
// section 11.1 (relevant, redundant and irrelevant features).
//
// Every generator takes the number of examples m and a seed; the random
// stream is rand.New(rand.NewPCG(seed, stream)) with a stream constant per
// generator, so two generators given the same seed do not share draws.

// Stream constants: the second PCG word of each generator.
const (
	streamExample251 = 0x2501
	streamPearson    = 0x2511
	streamXOR        = 0x6e03
	streamElongated  = 0x6e02
	streamRelevance  = 0x1101
	streamMonotone   = 0x1302
)

func newRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

func checkM(m, min int) error {
	if m < min {
		return featlab.Errorf(featlab.ErrParam, "m = %d examples, need at least %d", m, min)
	}
	return nil
}

// Example251 samples m examples of Shalev-Shwartz and Ben-David's Example
// 25.1 (regression, squared loss):
//
//	x1 ~ U[-1, 1],  y = x1^2,  x2 = y + z,  z ~ U[-0.01, 0.01].
//
// y is a deterministic function of x1, so a quadratic predictor on x1 has
// zero risk; yet a linear predictor on x2 has a far smaller risk than one
// on x1 (whose best linear fit is nearly constant: E[x1 y] = E[x1^3] = 0).
// Which single feature is "better" depends on the hypothesis class.
// Features are named x1, x2; the target y. m must be at least 2.
func Example251(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamExample251)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		x1 := 2*r.Float64() - 1
		y[i] = x1 * x1
		z := 0.02*r.Float64() - 0.01
		X.Set(i, 0, x1)
		X.Set(i, 1, y[i]+z)
	}
	return featlab.NewDataset(X, y, nil, "y")
}

// PearsonFailure samples m examples of the case in section 25.1.1 where
// Pearson's coefficient misses a necessary feature:
//
//	x1, z ~ U{-1, +1} independently,  x2 = (z - x1)/2,  y = x1 + 2 x2 (= z).
//
// E[x1] = E[y] = 0 and E[y x1] = E[x1^2] - E[x1^2] + E[z x1] = 0, so the
// empirical r(x1, y) is near 0 (it is exactly the average of z x1), yet
// without x1 no function predicts y: given x2 = 0, y is +1 or -1 with equal
// chance. Features are named x1, x2; the target y. m must be at least 2.
func PearsonFailure(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamPearson)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		x1 := sign(r)
		z := sign(r)
		x2 := (z - x1) / 2
		X.Set(i, 0, x1)
		X.Set(i, 1, x2)
		y[i] = x1 + 2*x2
	}
	return featlab.NewDataset(X, y, nil, "y")
}

func sign(r *rand.Rand) float64 {
	if r.IntN(2) == 0 {
		return -1
	}
	return 1
}

// XOR samples m examples (m a multiple of 4 is best; clusters get m/4
// each, the first m mod 4 clusters one more) of Guyon and Elisseeff's
// XOR-like problem (2003, figure 3b): four Gaussian clusters of standard
// deviation 0.2 centred at (+-1, +-1), class 1 for the clusters at (1, 1)
// and (-1, -1) and class 0 for the other two:
//
//	(x1, x2) = (s1, s2) + 0.2 N(0, I),  s1, s2 in {-1, +1},  y = [s1 = s2].
//
// Each feature alone is useless (both classes have the same marginal
// distribution of x1 and of x2), while the pair separates the classes
// perfectly up to the clusters' tails (5 standard deviations to the axes).
// Rows are shuffled. Classes are named "0" and "1"; features x1, x2; m must
// be at least 4.
func XOR(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 4); err != nil {
		return nil, err
	}
	r := newRand(seed, streamXOR)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	centres := [4][2]float64{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	for i := 0; i < m; i++ {
		c := centres[i%4]
		X.Set(i, 0, c[0]+0.2*r.NormFloat64())
		X.Set(i, 1, c[1]+0.2*r.NormFloat64())
		if c[0] == c[1] {
			y[i] = 1
		}
	}
	shuffleRows(r, X, y)
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, err
	}
	ds.Classes = []string{"0", "1"}
	return ds, nil
}

// Elongated samples m examples (half per class, the first class one more
// when m is odd) of Guyon and Elisseeff's elongated clusters with high
// within-class covariance (2003, figure 3a): two Gaussian classes centred
// at (-1, 0) (class 0) and (1, 0) (class 1) with the same covariance
//
//	Sigma = [[1, 0.98], [0.98, 1]],
//
// so each class is a long thin cloud along the diagonal x1 = x2. Feature x2
// has the same N(0, 1) distribution in both classes (useless alone), x1 is
// N(-1, 1) against N(1, 1) (a partial separation with much overlap), and
// together they separate the classes: x1 - x2 is N(-+1, 0.04), ten
// standard deviations apart, so the line x1 = x2 splits them.
// Rows are shuffled. Classes are named "0" and "1"; features x1, x2; m must
// be at least 2.
func Elongated(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	const rho = 0.98
	r := newRand(seed, streamElongated)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	s := math.Sqrt(1 - rho*rho)
	for i := 0; i < m; i++ {
		mu := -1.0
		if i%2 == 1 {
			mu = 1
			y[i] = 1
		}
		u, v := r.NormFloat64(), r.NormFloat64()
		// (u, rho u + s v) has covariance [[1, rho], [rho, 1]].
		X.Set(i, 0, mu+u)
		X.Set(i, 1, rho*u+s*v)
	}
	shuffleRows(r, X, y)
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, err
	}
	ds.Classes = []string{"0", "1"}
	return ds, nil
}

// orDefault maps 0 to def and a negative count to 0.
func orDefault(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

func shuffleRows(r *rand.Rand, X *mat.Dense, y []float64) {
	_, d := X.Dims()
	tmp := make([]float64, d)
	r.Shuffle(len(y), func(a, b int) {
		ra, rb := X.RawRowView(a), X.RawRowView(b)
		copy(tmp, ra)
		copy(ra, rb)
		copy(rb, tmp)
		y[a], y[b] = y[b], y[a]
	})
}

// RelevanceConfig sets the sizes of the Relevance problem. The zero value
// is the default noted at each field.
type RelevanceConfig struct {
	// Relevant is the number of relevant features. Default 3.
	Relevant int
	// Redundant is the number of redundant features. Default 2; a
	// negative value means none.
	Redundant int
	// Irrelevant is the number of irrelevant features. Default 5; a
	// negative value means none.
	Irrelevant int
	// Noise is the standard deviation of the noise added to each redundant
	// feature. Default 0.1; a negative value means none (exact copies of a
	// combination).
	Noise float64
}

// Roles says which features of a Relevance data set are which (indices are
// columns of X, 0-based). Weights holds the coefficients of the relevant
// features in the labelling rule, in the order of Relevant.
type Roles struct {
	Relevant   []int
	Redundant  []int
	Irrelevant []int
	Weights    []float64
}

// Relevance samples m examples of a binary classification problem with
// known relevant, redundant and irrelevant features (Zhou 11.1: relevant
// features are useful for the task, irrelevant ones useless, redundant ones
// carry information that other features already hold):
//
//	relevant    r_1..r_R ~ N(0, 1) independently
//	label       y = [sum_k w_k r_k > 0],  w_k = k-th of 1, -1, 1, -1, ... scaled
//	            by 1, 0.8, 0.6, ... (so the relevant features matter unequally:
//	            w = (1, -0.8, 0.6, ...), never below 0.2 in size)
//	redundant   q_k = r_a + Noise N(0, 1), a = k mod R (a noisy copy of a
//	            relevant feature: useful alone, useless beside r_a)
//	irrelevant  u_k ~ N(0, 1), independent of everything else
//
// The columns are shuffled so that roles cannot be read off the order; the
// returned Roles says which column is which. Features are named x1..xd;
// classes "0" and "1". m must be at least 2.
func Relevance(m int, cfg RelevanceConfig, seed uint64) (*featlab.Dataset, Roles, error) {
	if err := checkM(m, 2); err != nil {
		return nil, Roles{}, err
	}
	R := cfg.Relevant
	if R < 0 {
		return nil, Roles{}, featlab.Errorf(featlab.ErrParam, "Relevant = %d must be >= 0 (0 means the default 3)", R)
	}
	if R == 0 {
		R = 3
	}
	Q := orDefault(cfg.Redundant, 2)
	U := orDefault(cfg.Irrelevant, 5)
	noise := cfg.Noise
	switch {
	case noise == 0:
		noise = 0.1
	case noise < 0:
		noise = 0
	}
	d := R + Q + U
	if err := featlab.CheckCells("synth: the data", "", m, d, 0); err != nil {
		return nil, Roles{}, err
	}
	r := newRand(seed, streamRelevance)
	w := make([]float64, R)
	for k := range w {
		w[k] = math.Max(1-0.2*float64(k), 0.2)
		if k%2 == 1 {
			w[k] = -w[k]
		}
	}
	// perm[c] is the generating feature placed in column c.
	perm := r.Perm(d)
	col := make([]int, d) // generating feature g -> column
	for c, g := range perm {
		col[g] = c
	}
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	row := make([]float64, d)
	for i := 0; i < m; i++ {
		s := 0.0
		for k := 0; k < R; k++ {
			row[k] = r.NormFloat64()
			s += w[k] * row[k]
		}
		for k := 0; k < Q; k++ {
			row[R+k] = row[k%R] + noise*r.NormFloat64()
		}
		for k := 0; k < U; k++ {
			row[R+Q+k] = r.NormFloat64()
		}
		if s > 0 {
			y[i] = 1
		}
		dst := X.RawRowView(i)
		for g, v := range row {
			dst[col[g]] = v
		}
	}
	roles := Roles{Weights: w}
	for g := 0; g < d; g++ {
		switch {
		case g < R:
			roles.Relevant = append(roles.Relevant, col[g])
		case g < R+Q:
			roles.Redundant = append(roles.Redundant, col[g])
		default:
			roles.Irrelevant = append(roles.Irrelevant, col[g])
		}
	}
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, Roles{}, err
	}
	ds.Classes = []string{"0", "1"}
	return ds, roles, nil
}

// Monotone samples m examples of a regression problem where Spearman's
// rho and Pearson's r disagree (lecture 13: Spearman's rho is Pearson's
// coefficient on ranks):
//
//	x1 ~ U[0, 1],  y = exp(8 x1),  x2 = y + 300 N(0, 1).
//
// y is a strictly increasing function of x1, so the ranks of x1 and y
// agree and rho(x1, y) = 1, but the relation is far from linear and
// r(x1, y) is only about 0.77. x2 is linear in y with noise, so r(x2, y) is
// high (about 0.9: sd(y) is about 646 against the noise's 300) while its
// ranks are scrambled among the many small values of y and rho(x2, y) is
// far lower. Pearson prefers x2; Spearman prefers x1. Features x1, x2;
// target y; m must be at least 2.
func Monotone(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamMonotone)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		x1 := r.Float64()
		y[i] = math.Exp(8 * x1)
		X.Set(i, 0, x1)
		X.Set(i, 1, y[i]+300*r.NormFloat64())
	}
	return featlab.NewDataset(X, y, nil, "y")
}
