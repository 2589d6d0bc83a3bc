package validate_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// TestMultiLogLoss: a hand-computed value, agreement with LogLoss on two
// classes, and row normalisation as scikit-learn's log_loss.
func TestMultiLogLoss(t *testing.T) {
	y := []float64{0, 2, 1}
	P := mat.NewDense(3, 3, []float64{0.7, 0.2, 0.1, 0.1, 0.3, 0.6, 0.25, 0.5, 0.25})
	got, err := validate.MultiLogLoss(y, P, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := -(math.Log(0.7) + math.Log(0.6) + math.Log(0.5)) / 3
	if math.Abs(got-want) > 1e-15 {
		t.Errorf("MultiLogLoss = %v, want %v", got, want)
	}
	yb := []float64{1, 0, 1, 0}
	p := []float64{0.9, 0.2, 0.6, 0.4}
	P2 := mat.NewDense(4, 2, nil)
	for i, v := range p {
		P2.Set(i, 0, 1-v)
		P2.Set(i, 1, v)
	}
	a, _ := validate.LogLoss(yb, p)
	b, _ := validate.MultiLogLoss(yb, P2, []float64{0, 1})
	if math.Abs(a-b) > 1e-15 {
		t.Errorf("two classes: MultiLogLoss %v, LogLoss %v", b, a)
	}
	// Labels in any coding, rows not summing to 1 are normalised.
	c, _ := validate.MultiLogLoss([]float64{7, -1}, mat.NewDense(2, 2, []float64{0.5, 1, 0.5, 0.5}), []float64{-1, 7})
	if math.Abs(c-(-(math.Log(2.0/3)+math.Log(0.5))/2)) > 1e-15 {
		t.Errorf("normalised rows: %v", c)
	}
}

// TestTwoClassScoresRefuseThird: ROCAUC and LogLoss refuse a third class
// with ErrLabels naming MultiLogLoss.
func TestTwoClassScoresRefuseThird(t *testing.T) {
	y := []float64{0, 1, 2}
	for name, f := range map[string]validate.Metric{"ROCAUC": validate.ROCAUC, "LogLoss": validate.LogLoss} {
		_, err := f(y, []float64{0.1, 0.5, 0.9})
		if !errors.Is(err, featlab.ErrLabels) || !contains(err.Error(), "MultiLogLoss") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func ExampleConfusionMatrix() {
	y := []float64{0, 0, 1, 1, 2, 2}
	pred := []float64{0, 1, 1, 1, 2, 0}
	c, _ := validate.ConfusionMatrix(y, pred)
	fmt.Println(c.Counts)
	fmt.Printf("accuracy %.3f\n", c.Accuracy())
	// Output:
	// [[1 1 0] [0 2 0] [1 0 1]]
	// accuracy 0.667
}

func ExampleMultiLogLoss() {
	y := []float64{0, 2}
	P := mat.NewDense(2, 3, []float64{0.8, 0.1, 0.1, 0.2, 0.2, 0.6})
	l, _ := validate.MultiLogLoss(y, P, nil)
	fmt.Printf("%.4f\n", l)
	// Output:
	// 0.3670
}
