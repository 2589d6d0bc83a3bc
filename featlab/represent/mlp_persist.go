package represent

import (
	"encoding/json"

	"github.com/featlab/course/featlab"
)

// An MLP is saved as kind "represent.MLP": its settings, classes, weights,
// input standardization, loss record and convergence record.
func init() { featlab.RegisterKind("represent.MLP", 1, saveMLP, loadMLP) }

type mlpState struct {
	Units       int                      `json:"units,omitempty"`
	Lambda      float64                  `json:"lambda,omitempty"`
	Step        float64                  `json:"step,omitempty"`
	MaxIter     int                      `json:"max_iter,omitempty"`
	Tol         float64                  `json:"tol,omitempty"`
	Seed        uint64                   `json:"seed,omitempty"`
	MaxCells    int                      `json:"max_cells,omitempty"`
	Classes     []int                    `json:"classes"`
	W1          *featlab.Matrix          `json:"w1"`
	B1          []float64                `json:"b1"`
	W2          *featlab.Matrix          `json:"w2"`
	B2          []float64                `json:"b2"`
	Mean        []float64                `json:"mean"`
	Scale       []float64                `json:"scale"`
	Loss        featlab.JSONFloats       `json:"loss"`
	Convergence featlab.ConvergenceState `json:"convergence"`
}

func saveMLP(n *MLP) (any, error) {
	if n.W1 == nil {
		return nil, notFitted("MLP")
	}
	c := n.MLPConfig
	return mlpState{c.Units, c.Lambda, c.Step, c.MaxIter, c.Tol, c.Seed, c.MaxCells, n.Classes,
		featlab.NewMatrix(n.W1), n.B1, featlab.NewMatrix(n.W2), n.B2, n.Mean, n.Scale, n.Loss,
		featlab.NewConvergenceState(n.Convergence)}, nil
}

func loadMLP(_ int, data json.RawMessage) (*MLP, error) {
	var st mlpState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	W1, err := st.W1.Dense("MLP W1")
	if err != nil {
		return nil, err
	}
	W2, err := st.W2.Dense("MLP W2")
	if err != nil {
		return nil, err
	}
	d, h := W1.Dims()
	h2, c := W2.Dims()
	if h2 != h || len(st.Classes) != c || c < 2 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: MLP W1 %dx%d, W2 %dx%d, %d classes", d, h, h2, c, len(st.Classes))
	}
	for _, v := range []struct {
		what string
		v    []float64
		n    int
	}{{"MLP b1", st.B1, h}, {"MLP b2", st.B2, c}, {"MLP mean", st.Mean, d}, {"MLP scale", st.Scale, d}} {
		if err := featlab.CheckFinite(v.what, v.v, v.n); err != nil {
			return nil, err
		}
	}
	for j, s := range st.Scale {
		if s == 0 {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: MLP scale %d is 0", j)
		}
	}
	cfg := MLPConfig{Units: st.Units, Lambda: st.Lambda, Step: st.Step, MaxIter: st.MaxIter, Tol: st.Tol, Seed: st.Seed, MaxCells: st.MaxCells}
	if err := cfg.check(); err != nil {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %v", err)
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	return &MLP{MLPConfig: cfg, Classes: st.Classes, W1: W1, B1: st.B1, W2: W2, B2: st.B2,
		Mean: st.Mean, Scale: st.Scale, Loss: st.Loss, Convergence: conv}, nil
}
