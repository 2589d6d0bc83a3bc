package represent

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// TestPCAWhitenSklearn: with Whiten, the codes of digits rows 0..19 and
// the decoding of a fixed code matrix agree with scikit-learn 1.2.1's
// PCA(n_components=10, whiten=True) (testdata/sklearn_pca_whiten.py), up
// to the sign of each component.
func TestPCAWhitenSklearn(t *testing.T) {
	var g struct {
		Components, Codes, V, Inverse [][]float64
	}
	readTestJSON(t, "sklearn_pca_whiten.json", &g)
	X := datasets.Digits().X
	p, err := FitPCA(X, PCAConfig{K: 10, Whiten: true})
	if err != nil {
		t.Fatal(err)
	}
	sign := make([]float64, 10)
	for j, c := range g.Components {
		sign[j] = math.Copysign(1, mat.Dot(mat.NewVecDense(64, c), p.Components.RowView(j)))
	}
	codes, err := p.Encode(X.Slice(0, 20, 0, 64))
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range g.Codes {
		for j, want := range row {
			if got := sign[j] * codes.At(i, j); math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
				t.Fatalf("code (%d, %d) = %.17g, scikit-learn %.17g", i, j, got, want)
			}
		}
	}
	V := dense(g.V)
	for j, sg := range sign {
		for i := range g.V {
			V.Set(i, j, sg*V.At(i, j))
		}
	}
	back, err := p.Decode(V)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range g.Inverse {
		for j, want := range row {
			if got := back.At(i, j); math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
				t.Fatalf("inverse (%d, %d) = %.17g, scikit-learn %.17g", i, j, got, want)
			}
		}
	}
}

// TestPCAWhitenProperties: the whitened codes of the training rows have
// sample covariance I; Decode(Encode(X)) is the same with and without
// Whiten; the codes do not change when X is scaled by 1e-300, 1e-150 or 1e150;
// a kept component of zero variance or a single row is ErrConstant.
func TestPCAWhitenProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m, d := 50, 6
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()*float64(j+1)+float64(j))
		}
	}
	p, err := FitPCA(X, PCAConfig{K: 4, Whiten: true})
	if err != nil {
		t.Fatal(err)
	}
	Z, err := p.Encode(X)
	if err != nil {
		t.Fatal(err)
	}
	var C mat.SymDense
	stat.CovarianceMatrix(&C, Z, nil)
	if !mat.EqualApprox(&C, eye(4), 1e-12) {
		t.Errorf("covariance of whitened codes\n%v", mat.Formatted(&C))
	}
	q, err := FitPCA(X, PCAConfig{K: 4})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := p.Decode(Z)
	zq, _ := q.Encode(X)
	b, _ := q.Decode(zq)
	if !mat.EqualApprox(a, b, 1e-12) {
		t.Error("whitened round trip differs from the plain one")
	}
	for _, s := range []float64{1e-300, 1e-150, 1e150} {
		var Xs mat.Dense
		Xs.Scale(s, X)
		ps, err := FitPCA(&Xs, PCAConfig{K: 4, Whiten: true})
		if err != nil {
			t.Fatalf("scale %g: %v", s, err)
		}
		Zs, err := ps.Encode(&Xs)
		if err != nil {
			t.Fatalf("scale %g: %v", s, err)
		}
		if !mat.EqualApprox(Zs, Z, 1e-9) {
			t.Errorf("scale %g: whitened codes differ", s)
		}
	}
	low := mat.NewDense(4, 3, []float64{1, 2, 0, 2, 4, 0, 3, 6, 0, 4, 8, 0})
	if _, err := FitPCA(low, PCAConfig{K: 2, Whiten: true}); !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("rank 1, K = 2: %v", err)
	}
	if _, err := FitPCA(low, PCAConfig{K: 1, Whiten: true}); err != nil {
		t.Errorf("rank 1, K = 1: %v", err)
	}
	if _, err := FitPCA(mat.NewDense(1, 2, []float64{1, 2}), PCAConfig{Whiten: true}); !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("one row: %v", err)
	}
}

func eye(n int) *mat.Dense {
	I := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		I.Set(i, i, 1)
	}
	return I
}
