package represent_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/validate"
)

// TestMLPDeterministicAndLossFalls: the same Seed gives the same network
// bit for bit, and the training loss after 300 steps is far below the first.
func TestMLPDeterministicAndLossFalls(t *testing.T) {
	ds := datasets.Digits()
	X := mat.DenseCopyOf(ds.X.Slice(0, 300, 0, 64))
	y := ds.Y[:300]
	a, err := represent.FitMLP(X, y, represent.MLPConfig{Units: 8, MaxIter: 100, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := represent.FitMLP(X, y, represent.MLPConfig{Units: 8, MaxIter: 100, Seed: 5})
	if !mat.Equal(a.W1, b.W1) || !mat.Equal(a.W2, b.W2) || a.Loss[99] != b.Loss[99] {
		t.Error("two fits with the same Seed differ")
	}
	if a.Iterations != 100 || len(a.Loss) != 100 || a.Loss[99] > 0.2*a.Loss[0] {
		t.Errorf("loss %v -> %v after %d steps: expected a fall below 20%%", a.Loss[0], a.Loss[len(a.Loss)-1], a.Iterations)
	}
	var buf bytes.Buffer
	if err := featlab.Save(&buf, a); err != nil {
		t.Fatal(err)
	}
	c, err := featlab.LoadAs[*represent.MLP](&buf)
	if err != nil {
		t.Fatal(err)
	}
	Ha, _ := a.Encode(X)
	Hc, _ := c.Encode(X)
	if !mat.Equal(Ha, Hc) {
		t.Error("a saved and loaded MLP encodes differently")
	}
	H, _ := a.Encode(X)
	if r, c := H.Dims(); r != 300 || c != 8 {
		t.Errorf("psi is %d x %d, want 300 x 8", r, c)
	}
}

// TestMLPErrors: settings out of range, use before fitting and a wrong
// width give the documented sentinels.
func TestMLPErrors(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 2, 2, 3, 1})
	y := []float64{0, 1, 0, 1}
	for _, c := range []represent.MLPConfig{{Units: -1}, {Lambda: -1}, {MaxIter: -2}, {Step: -0.1}} {
		if _, err := represent.FitMLP(X, y, c); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%+v: got %v, want ErrParam", c, err)
		}
	}
	if _, err := (&represent.MLP{}).Encode(X); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("Encode before fit: %v", err)
	}
	net, err := represent.FitMLP(X, y, represent.MLPConfig{Units: 3, MaxIter: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := net.Predict(mat.NewDense(1, 3, nil)); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}

// TestNotebook07MLPRepresentation is notebook 07's claim about the hidden
// layer as psi (digits, 70/30 split of seed 1, 32 tanh units, seed 1): a
// linear classifier on the trained psi beats one on the raw pixels, one on
// psi after a single step (close to the random start) does worse than raw,
// and the network's own linear output layer beats the ridge classifier on psi.
func TestNotebook07MLPRepresentation(t *testing.T) {
	ds := datasets.Digits()
	tr, te, _ := validate.Holdout(len(ds.Y), 0.3, 1)
	a, b := ds.Rows(tr), ds.Rows(te)
	acc := func(A, B *mat.Dense) float64 {
		c, _ := represent.LinearClassifier{Lambda: 1e-4}.Fit(A, a.Y)
		p, _ := c.Predict(B)
		v, _ := validate.Accuracy(b.Y, p)
		return v
	}
	onPsi := func(iters int) (lin, own float64) {
		net, err := represent.FitMLP(a.X, a.Y, represent.MLPConfig{MaxIter: iters, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		A, _ := net.Encode(a.X)
		B, _ := net.Encode(b.X)
		p, _ := net.Predict(b.X)
		own, _ = validate.Accuracy(b.Y, p)
		return acc(A, B), own
	}
	raw := acc(a.X, b.X)
	start, _ := onPsi(1)
	trained, own := onPsi(0)
	if !(trained > raw+0.02 && start < raw && own > trained) {
		t.Errorf("raw %.3f, psi after 1 step %.3f, trained psi %.3f, network %.3f", raw, start, trained, own)
	}
}

func ExampleFitMLP() {
	// XOR: no linear classifier of (x1, x2) fits it; one on psi(x) does.
	X := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []float64{0, 1, 1, 0}
	net, _ := represent.FitMLP(X, y, represent.MLPConfig{Units: 4, MaxIter: 500, Step: 0.05, Seed: 1})
	p, _ := net.Predict(X)
	psi, _ := net.Encode(X)
	r, c := psi.Dims()
	fmt.Println(p, r, c)
	// Output: [0 1 1 0] 4 4
}
