package linear

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestClassSupportSizes(t *testing.T) {
	r := &MultinomialResult{Classes: []float64{0, 1, 2}, Coef: mat.NewDense(4, 3, []float64{
		1, 0, 0,
		0, 0, 2,
		3, 0, -1,
		0, 0, 0,
	})}
	if got := r.ClassSupportSizes(); !slices.Equal(got, []int{2, 0, 2}) {
		t.Errorf("ClassSupportSizes = %v, want [2 0 2]", got)
	}
	if got := len(r.Support()); got != 3 {
		t.Errorf("Support has %d features, want 3 (the union of the classes')", got)
	}
	if (*MultinomialResult)(nil).ClassSupportSizes() != nil || (&MultinomialResult{}).ClassSupportSizes() != nil {
		t.Error("a nil result or Coef must give nil")
	}
}

// On a grouped fit every class uses every selected feature.
func TestClassSupportSizesGrouped(t *testing.T) {
	X := mat.NewDense(9, 2, []float64{0, 1, 1, 0, 2, 2, 5, 1, 6, 0, 7, 2, 1, 5, 0, 6, 2, 7})
	y := []float64{0, 0, 0, 1, 1, 1, 2, 2, 2}
	fit, err := Multinomial(X, y, MultinomialConfig{Lambda: 0.01, Grouped: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, n := range fit.ClassSupportSizes() {
		if n != len(fit.Support()) {
			t.Errorf("class %d uses %d features, the support has %d", k, n, len(fit.Support()))
		}
	}
}
