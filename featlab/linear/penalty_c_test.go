package linear

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// C on the sum of losses is lambda = 1/(C m) on the average, bit for bit;
// both set, or a bad C, is ErrParam.
func TestPenaltyC(t *testing.T) {
	ds := datasets.BreastCancer()
	X, y := ds.X, ds.Y
	m := len(y)
	a, err := Logistic(X, y, LogisticConfig{C: 0.5, Penalty: L1Penalty, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Logistic(X, y, LogisticConfig{Lambda: 1 / (0.5 * float64(m)), Penalty: L1Penalty, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Lambda != b.Lambda || a.Intercept != b.Intercept {
		t.Errorf("logistic C: lambda %v intercept %v, Lambda form %v %v", a.Lambda, a.Intercept, b.Lambda, b.Intercept)
	}
	for j := range a.Coef {
		if a.Coef[j] != b.Coef[j] {
			t.Fatalf("logistic C: coef %d %v, Lambda form %v", j, a.Coef[j], b.Coef[j])
		}
	}
	Xs, ys := X.Slice(0, 80, 0, 5), y[:80]
	s1, err := SparseSVM(Xs, ys, SparseSVMConfig{C: 2})
	if err != nil {
		t.Fatal(err)
	}
	s2, err := SparseSVM(Xs, ys, SparseSVMConfig{Lambda: 1 / (2 * 80.0)})
	if err != nil {
		t.Fatal(err)
	}
	if s1.Lambda != s2.Lambda || s1.Objective != s2.Objective {
		t.Errorf("SVM C: lambda %v objective %v, Lambda form %v %v", s1.Lambda, s1.Objective, s2.Lambda, s2.Objective)
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"logistic both", func() error { _, e := Logistic(X, y, LogisticConfig{C: 1, Lambda: 0.1}); return e }()},
		{"logistic C<0", func() error { _, e := Logistic(X, y, LogisticConfig{C: -1}); return e }()},
		{"svm both", func() error { _, e := SparseSVM(Xs, ys, SparseSVMConfig{C: 1, Lambda: 0.1}); return e }()},
		{"svm C=Inf", func() error { _, e := SparseSVM(Xs, ys, SparseSVMConfig{C: math.Inf(1)}); return e }()},
		{"svm tiny C", func() error { _, e := SparseSVM(Xs, ys, SparseSVMConfig{C: 1e-320}); return e }()},
	} {
		if !errors.Is(c.err, featlab.ErrParam) {
			t.Errorf("%s: %v, want ErrParam", c.name, c.err)
		}
	}
}
