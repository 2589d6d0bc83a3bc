package sensing_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/synth"
)

// Basis pursuit recovers a 5-sparse vector of length 100 from 30 Gaussian
// measurements, and proves its answer optimal with a dual certificate.
func ExampleBasisPursuit() {
	A, _ := sensing.Gaussian(30, 100, 1)
	s0, _ := synth.SparseVector(100, 5, 2)
	var y mat.VecDense
	y.MulVec(A, mat.NewVecDense(100, s0))
	res, err := sensing.BasisPursuit(A, y.RawVector().Data, sensing.BasisPursuitConfig{})
	if err != nil {
		panic(err)
	}
	var e float64
	for j := range s0 {
		e = math.Max(e, math.Abs(res.Coef[j]-s0[j]))
	}
	fmt.Println("support:", res.Support)
	fmt.Println("recovered to 1e-12:", e < 1e-12)
	fmt.Println("certificate holds:", res.Converged, res.DualInfeas < 1e-12, res.DualGap < 1e-12)
	// Output:
	// support: [2 11 27 38 45]
	// recovered to 1e-12: true
	// certificate holds: true true true
}

// Nuclear-norm minimisation completes the illustrative book-ratings table
// (Zhou, Table 11.1) as its genre story predicts.
func ExampleNuclearNorm() {
	table, _, _, _, _ := synth.BookRatings()
	obs, _ := sensing.ObserveMatrix(table)
	c, err := sensing.NuclearNorm(obs, sensing.NuclearNormConfig{})
	if err != nil {
		panic(err)
	}
	X := c.Matrix()
	fmt.Printf("rank %d, certified %v\n", c.Rank, c.Certificate.Certified)
	for i := 0; i < 4; i++ {
		fmt.Printf("%.2f\n", mat.Row(nil, i, X))
	}
	// Output:
	// rank 2, certified true
	// [5.00 5.00 1.00 1.00 3.00]
	// [1.00 1.00 3.00 3.00 2.00]
	// [4.00 4.00 2.00 2.00 3.00]
	// [2.00 2.00 4.00 4.00 3.00]
}

// The coherence of the spikes-and-cosines dictionary guarantees recovery
// of every 3-sparse vector.
func ExampleCoherence() {
	n := 64
	P, _ := sensing.BasisMatrix(sensing.NewDCT(n))
	A := mat.NewDense(n, 2*n, nil)
	for i := 0; i < n; i++ {
		A.Set(i, i, 1)
		for j := 0; j < n; j++ {
			A.Set(i, n+j, P.At(i, j))
		}
	}
	mu, _, _, _ := sensing.Coherence(A)
	fmt.Printf("mu = %.4f, recovery guaranteed for k < %.2f\n", mu, sensing.CoherenceBound(mu))
	// Output:
	// mu = 0.1767, recovery guaranteed for k < 3.33
}

// Soft-impute with a rank refit completes a 200 x 150 rank-3 matrix from
// 25% of its entries.
func ExampleSoftImpute() {
	M, I, J, V, _ := synth.LowRank(synth.LowRankConfig{Rows: 200, Cols: 150, Rank: 3, Fraction: 0.25}, 1)
	obs, _ := sensing.ObserveEntries(200, 150, I, J, V)
	path, err := sensing.SoftImpute(obs, sensing.SoftImputeConfig{NLambda: 5, Tol: 1e-4, MaxRank: 20, Refit: true})
	if err != nil {
		panic(err)
	}
	X := path.Last()
	fmt.Printf("rank %d, error on the missing entries below 1e-9: %v\n", X.Rank, sensing.MissingError(obs, X, M) < 1e-9)
	// Output:
	// rank 3, error on the missing entries below 1e-9: true
}
