package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
)

// TestCompareSolvers: every run reaches the reference objective, Reach is
// the first iteration within the tolerance, coordinate descent needs the
// fewest iterations, and the parameters are checked.
func TestCompareSolvers(t *testing.T) {
	X, y := randomXY(rand.New(rand.NewPCG(3, 3)), 80, 6)
	cfg := LassoConfig{Lambda: 0.05, Intercept: true, Tol: 1e-15, MaxIter: 100000}
	ref, err := Lasso(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Tol = 1e-10
	runs, err := CompareSolvers(X, y, CompareSolversConfig{Lasso: cfg, FStar: ref.Objective, RelTol: 1e-9,
		Solvers: []Solver{ProximalGradient, FISTA, CoordinateDescent}})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		if r.Reach < 0 || math.Abs(r.Objective-ref.Objective) > 1e-8*ref.Objective {
			t.Errorf("run %d (%v): reach %d, objective %g vs %g", i, r.Solver, r.Reach, r.Objective, ref.Objective)
			continue
		}
		if r.History[r.Reach]-ref.Objective > 1e-9*ref.Objective ||
			r.Reach > 0 && r.History[r.Reach-1]-ref.Objective <= 1e-9*ref.Objective {
			t.Errorf("%v: Reach %d is not the first iteration within 1e-9", r.Solver, r.Reach)
		}
	}
	if runs[0].Solver != ProximalGradient || runs[1].Solver != FISTA {
		t.Errorf("runs out of order: %v, %v", runs[0].Solver, runs[1].Solver)
	}
	if runs[2].Reach >= runs[0].Reach {
		t.Errorf("coordinate descent reach %d, proximal gradient %d", runs[2].Reach, runs[0].Reach)
	}
	// the zero config's defaults: RelTol 1e-9, the three solvers in order
	def, err := CompareSolvers(X, y, CompareSolversConfig{Lasso: cfg, FStar: ref.Objective})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range def {
		if r.Solver != runs[i].Solver || r.Reach != runs[i].Reach || r.Rises != runs[i].Rises {
			t.Errorf("defaults, run %d: %v reach %d, want %v reach %d", i, r.Solver, r.Reach, runs[i].Solver, runs[i].Reach)
		}
	}
	if len(def) != 3 {
		t.Errorf("defaults: %d runs, want 3", len(def))
	}
	for _, bad := range [][2]float64{{0, 1e-9}, {math.NaN(), 1e-9}, {math.Inf(1), 0}, {1, -1}, {1, math.NaN()}, {1, math.Inf(1)}} {
		c := CompareSolversConfig{Lasso: cfg, FStar: bad[0], RelTol: bad[1], Solvers: []Solver{FISTA}}
		if _, err := CompareSolvers(X, y, c); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%v: %v", bad, err)
		}
	}
	if _, err := CompareSolvers(X, y, CompareSolversConfig{Lasso: cfg, FStar: 1, Solvers: []Solver{}}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("no solvers: %v", err)
	}
}
