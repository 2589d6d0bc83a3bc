package sensing

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"
)

type bpCase struct {
	Name      string    `json:"name"`
	N         int       `json:"n"`
	M         int       `json:"m"`
	K         int       `json:"k"`
	A         []float64 `json:"A"`
	Y         []float64 `json:"y"`
	S0        []float64 `json:"s0"`
	S         []float64 `json:"s"`
	Objective *float64  `json:"objective"`
	Status    int       `json:"status"`
	Recovered bool      `json:"recovered"`
	// Degenerate cases (ties) may have several optimal s; then only the
	// objective and our certificate are compared.
	Degenerate bool `json:"degenerate"`
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// TestBasisPursuitMatchesHiGHS compares BasisPursuit with scipy's
// linprog(method="highs") on the LP form (testdata/golden_bp_linprog.py):
// same solution to 1e-8, same objective, a dual certificate checked to
// 1e-9, and HiGHS's infeasible instance reported as ErrInfeasible.
func TestBasisPursuitMatchesHiGHS(t *testing.T) {
	var g struct{ Cases []bpCase }
	readJSON(t, "testdata/bp_linprog.json", &g)
	if len(g.Cases) < 10 {
		t.Fatalf("%d golden cases", len(g.Cases))
	}
	for _, c := range g.Cases {
		A := mat.NewDense(c.N, c.M, c.A)
		res, err := BasisPursuit(A, c.Y, BasisPursuitConfig{})
		if c.Status == 2 { // HiGHS: infeasible
			if !errors.Is(err, ErrInfeasible) {
				t.Errorf("%s: HiGHS says infeasible, BasisPursuit returned err = %v", c.Name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if d := maxAbsDiff(res.Coef, c.S); d > 1e-8 && !c.Degenerate {
			t.Errorf("%s: max |s - s_highs| = %.3g", c.Name, d)
		}
		if math.Abs(res.L1-*c.Objective) > 1e-8*math.Max(1, *c.Objective) {
			t.Errorf("%s: ||s||_1 = %.12g, HiGHS %.12g", c.Name, res.L1, *c.Objective)
		}
		if !res.Converged || res.DualInfeas > 1e-9 || res.DualGap > 1e-9 || res.Residual > 1e-9 {
			t.Errorf("%s: certificate not proven: converged %v, dual infeasibility %.3g, gap %.3g, residual %.3g", c.Name, res.Converged, res.DualInfeas, res.DualGap, res.Residual)
		}
		if got := maxAbsDiff(res.Coef, c.S0) < 1e-6; got != c.Recovered && !c.Degenerate {
			t.Errorf("%s: recovered s0 = %v, HiGHS %v", c.Name, got, c.Recovered)
		}
		if (c.N >= c.M) != (res.Note != "") {
			t.Errorf("%s: note %q", c.Name, res.Note)
		}
	}
}

type nuclearCase struct {
	Name      string     `json:"name"`
	Rows      int        `json:"rows"`
	Cols      int        `json:"cols"`
	M         []*float64 `json:"M"`
	Full      []float64  `json:"full"`
	X         []float64  `json:"X"`
	Status    string     `json:"status"`
	Objective float64    `json:"objective"`
}

func (c nuclearCase) observations(t testing.TB) *Observations {
	M := mat.NewDense(c.Rows, c.Cols, nil)
	for k, v := range c.M {
		if v == nil {
			M.Set(k/c.Cols, k%c.Cols, math.NaN())
		} else {
			M.Set(k/c.Cols, k%c.Cols, *v)
		}
	}
	o, err := ObserveMatrix(M)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestNuclearNormMatchesCVXOPT compares NuclearNorm with CVXOPT's SDP
// solution of eq. 11.26 (testdata/golden_nuclear_cvxopt.py): objective to
// 1e-7 relative, X to 1e-5 (CVXOPT's own accuracy where the objective is
// flat), and every NuclearNorm solution proven optimal by its dual
// certificate checked to 1e-8.
func TestNuclearNormMatchesCVXOPT(t *testing.T) {
	var g struct{ Cases []nuclearCase }
	readJSON(t, "testdata/nuclear_cvxopt.json", &g)
	for _, c := range g.Cases {
		o := c.observations(t)
		res, err := NuclearNorm(o, NuclearNormConfig{})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if !res.Converged || !res.Certificate.Certified {
			t.Errorf("%s: converged %v, certificate %+v", c.Name, res.Converged, *res.Certificate)
		}
		if math.Abs(res.Nuclear-c.Objective) > 1e-7*c.Objective {
			t.Errorf("%s: ||X||_* = %.12g, CVXOPT %.12g", c.Name, res.Nuclear, c.Objective)
		}
		X := res.Matrix()
		if d := maxAbsDiff(X.RawMatrix().Data, c.X); d > 1e-5*math.Max(1, mat.Max(X)) {
			// Not unique: CVXOPT found another minimiser. Our dual
			// certificate must prove it optimal too (any dual solution is
			// a subgradient at every primal solution), to CVXOPT's accuracy.
			Xc := mat.NewDense(c.Rows, c.Cols, c.X)
			cert, err := CheckCertificate(o, Xc, res.Dual, 1e-5, 1e-6)
			if err != nil || !cert.Certified {
				t.Errorf("%s: max |X - X_cvxopt| = %.3g and our certificate does not prove X_cvxopt optimal: %+v", c.Name, d, cert)
			} else {
				t.Logf("%s: two minimisers %.3g apart, both certified", c.Name, d)
			}
		}
	}
}
