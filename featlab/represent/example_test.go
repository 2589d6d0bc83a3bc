package represent_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
)

// The bag of words of 25.3.1: presence of each vocabulary word.
func ExampleBagOfWords() {
	b := &represent.BagOfWords{}
	_ = b.Fit([][]string{{"the", "cat", "sat"}, {"the", "dog"}})
	V, _ := b.Transform([][]string{{"the", "cat", "and", "the", "bird"}})
	fmt.Println(b.Vocabulary)
	fmt.Println(mat.Row(nil, 0, V))
	// Output:
	// [cat dog sat the]
	// [1 0 0 1]
}

// k-means as an auto-encoder: the code is the indicator of the closest
// centroid, the decoder returns the centroid.
func ExampleFitKMeans() {
	X := mat.NewDense(6, 1, []float64{0, 1, 2, 10, 11, 12})
	km, _ := represent.FitKMeans(X, represent.KMeansConfig{K: 2, Seed: 1})
	V, _ := km.Encode(mat.NewDense(1, 1, []float64{9}))
	R, _ := km.Decode(V)
	fmt.Println("inertia", km.Inertia)
	fmt.Println("code of 9:", mat.Row(nil, 0, V), "decoded:", R.At(0, 0))
	// Output:
	// inertia 4
	// code of 9: [1 0] decoded: 11
}

// PCA's reconstruction error is the sum of the discarded squared singular
// values.
func ExampleFitPCA() {
	X := mat.NewDense(4, 2, []float64{1, 1, 2, 2, 3, 3.5, 4, 4})
	p, _ := represent.FitPCA(X, represent.PCAConfig{K: 1})
	e, _ := represent.ReconstructionError(p, X)
	full, _ := represent.FitPCA(X, represent.PCAConfig{})
	s := full.SingularValues[1]
	fmt.Printf("error %.6f = sigma_2^2 %.6f\n", e, s*s)
	// Output:
	// error 0.082508 = sigma_2^2 0.082508
}

// The s-sparse and l1 codes of one sample against a fixed dictionary.
func ExampleSparseEncode() {
	atoms := mat.NewDense(3, 2, []float64{1, 0, 0, 1, 0.6, 0.8})
	x := mat.NewDense(1, 2, []float64{3, 4})
	v, _ := represent.SparseEncode(x, represent.SparseCodeConfig{Atoms: atoms, S: 1})
	l, _ := represent.SparseEncode(x, represent.SparseCodeConfig{Atoms: atoms, Coder: represent.Lasso, Lambda: 2, Tol: 1e-12})
	fmt.Printf("OMP, s = 1:    %.3f\n", mat.Row(nil, 0, v))
	fmt.Printf("l1, lambda = 2: %.3f\n", mat.Row(nil, 0, l))
	// Output:
	// OMP, s = 1:    [0.000 0.000 5.000]
	// l1, lambda = 2: [0.000 0.000 4.000]
}

// K-SVD with one atom per code on samples along the two axes: the atoms
// found are the axes (up to sign) and the objective reaches 0.
func ExampleLearnDictionary() {
	X := mat.NewDense(6, 2, []float64{2, 0, 0, 3, -1, 0, 0, -2, 4, 0, 0, 1})
	dl, _ := represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 2, S: 1, Seed: 1})
	fmt.Printf("objective %.3g after %d alternations\n", dl.Objective[len(dl.Objective)-1], dl.Iterations)
	fmt.Printf("atoms %.3f %.3f\n", mat.Row(nil, 0, dl.Atoms), mat.Row(nil, 1, dl.Atoms))
	// Output:
	// objective 0 after 2 alternations
	// atoms [0.000 -1.000] [1.000 0.000]
}
