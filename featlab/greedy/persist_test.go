package greedy

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/persisttest"
)

func TestSaveLoadOMPBits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	X := mat.NewDense(40, 7, nil)
	y := make([]float64, 40)
	for i := 0; i < 40; i++ {
		for j := 0; j < 7; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = 3*X.At(i, 2) - X.At(i, 5) + 0.1*r.NormFloat64()
	}
	for _, cfg := range []OMPConfig{{T: 3, Intercept: true}, {T: 2, Rule: Correlation, Trace: true}} {
		p, err := cfg.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		back := persisttest.Reload(t, p.(*OMPResult))
		a, _ := p.Predict(X)
		b, _ := back.Predict(X)
		if !persisttest.SameBits(a, b) {
			t.Fatalf("predictions %v, loaded %v", a, b)
		}
		if back.Selection().String() != p.(*OMPResult).Selection().String() {
			t.Fatal("the loaded selection differs")
		}
	}
	bad := `{"format": "featlab", "format_version": 1, "kind": "greedy.OMPResult", "kind_version": 1, "state": {"method": "m", "names": ["a"], "rule": 0, "coef": [1], "intercept": 0, "support": [1], "rss": 0, "stop": 0, "convergence": {"iterations": 1, "converged": true, "gap": 0, "tol": 0}}}`
	if _, err := featlab.Load(strings.NewReader(bad)); !errors.Is(err, featlab.ErrFormat) || !strings.Contains(err.Error(), "support[0] = 1") {
		t.Fatalf("support outside the coefficients: %v", err)
	}
}

// TestSavedFields: the saved state covers every field of OMPResult. A new
// field fails here until the state saves it.
func TestSavedFields(t *testing.T) {
	persisttest.Fields(t, OMPResult{}, "Method", "Names", "Rule", "Coef", "Intercept", "Support", "Rounds", "RSS", "Stop", "Convergence")
	persisttest.Fields(t, OMPRound{}, "Feature", "Name", "Criterion", "Gain", "Residual", "Theta", "Coef", "Intercept", "Scores")
}
