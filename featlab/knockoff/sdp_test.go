package knockoff

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestSDPGolden compares SolveSDP with CVXOPT's solvers.sdp
// (testdata/golden_sdp.py): the same optimum sum_j s_j to 1e-6, s
// feasible (0 <= s_j <= 1, 2R - diag(s) PSD), and the same s to 1e-4.
func TestSDPGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/golden_sdp.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Cases []struct {
			Name      string
			R         [][]float64
			S         []float64
			Objective float64
		}
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range g.Cases {
		d := len(c.R)
		R := mat.NewSymDense(d, nil)
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				R.SetSym(i, j, c.R[i][j])
			}
		}
		r, err := SolveSDP(R, SDPConfig{})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if !r.Converged {
			t.Errorf("%s: %v", c.Name, r.Convergence)
		}
		if e := math.Abs(r.Objective - c.Objective); e > 1e-6 {
			t.Errorf("%s: objective %.10g, CVXOPT %.10g", c.Name, r.Objective, c.Objective)
		}
		maxd := 0.0
		for j := range r.S {
			maxd = math.Max(maxd, math.Abs(r.S[j]-c.S[j]))
			if !(r.S[j] >= 0 && r.S[j] <= 1) {
				t.Errorf("%s: s[%d] = %g outside [0, 1]", c.Name, j, r.S[j])
			}
		}
		if maxd > 1e-4 {
			t.Errorf("%s: max |s - s_cvxopt| = %g", c.Name, maxd)
		}
		A := mat.NewSymDense(d, nil)
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				A.SetSym(i, j, 2*R.At(i, j))
			}
			A.SetSym(i, i, A.At(i, i)-r.S[i])
		}
		if l, _ := minEigen(A); l < -1e-12 {
			t.Errorf("%s: lambda_min(2R - diag s) = %g", c.Name, l)
		}
		t.Logf("%s: d = %d, objective %.10f (CVXOPT %.10f), max |ds| %.2g, %d Newton steps", c.Name, d, r.Objective, c.Objective, maxd, r.Iterations)
	}
}

func ar1(d int, rho float64) *mat.SymDense {
	R := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			R.SetSym(i, j, math.Pow(rho, float64(j-i)))
		}
	}
	return R
}

// TestSDPLarger: at d = 60 the SDP converges, beats the equicorrelated
// sum and stays feasible.
func TestSDPLarger(t *testing.T) {
	R := ar1(60, 0.7)
	r, err := SolveSDP(R, SDPConfig{})
	if err != nil || !r.Converged {
		t.Fatalf("%v %v", err, r)
	}
	eq, _ := EquicorrelatedS(R)
	if r.Objective < 60*eq[0] {
		t.Errorf("SDP sum %g below equicorrelated %g", r.Objective, 60*eq[0])
	}
	A := mat.NewSymDense(60, nil)
	for i := 0; i < 60; i++ {
		for j := i; j < 60; j++ {
			A.SetSym(i, j, 2*R.At(i, j))
		}
		A.SetSym(i, i, A.At(i, i)-r.S[i])
	}
	if l, _ := minEigen(A); l < -1e-12 {
		t.Errorf("lambda_min(2R - diag s) = %g", l)
	}
	t.Logf("d = 60: sum s %.6f (equicorrelated %.6f), %v", r.Objective, 60*eq[0], r.Convergence)
}
