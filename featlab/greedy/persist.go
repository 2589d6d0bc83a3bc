package greedy

import (
	"encoding/json"

	"github.com/featlab/course/featlab"
)

// An OMPResult (the predictor OMPConfig.Fit returns) is saved and loaded
// with featlab.Save and featlab.Load (kind "greedy.OMPResult"), its rounds
// included; a loaded one predicts the same bits.
func init() {
	featlab.RegisterKind("greedy.OMPResult", 1, saveOMP, loadOMP)
}

type ompRoundState struct {
	Feature   int                `json:"feature"`
	Name      string             `json:"name"`
	Criterion featlab.JSONFloat  `json:"criterion"`
	Gain      featlab.JSONFloat  `json:"gain"`
	Residual  featlab.JSONFloat  `json:"residual"`
	Theta     featlab.JSONFloats `json:"theta"`
	Coef      featlab.JSONFloats `json:"coef"`
	Intercept featlab.JSONFloat  `json:"intercept"`
	Scores    featlab.JSONFloats `json:"scores,omitempty"`
}

type ompState struct {
	Method      string                   `json:"method"`
	Names       []string                 `json:"names,omitempty"`
	Rule        int                      `json:"rule"`
	Coef        []float64                `json:"coef"`
	Intercept   float64                  `json:"intercept"`
	Support     []int                    `json:"support"`
	Rounds      []ompRoundState          `json:"rounds,omitempty"`
	RSS         featlab.JSONFloat        `json:"rss"`
	Stop        int                      `json:"stop"`
	Convergence featlab.ConvergenceState `json:"convergence"`
}

func saveOMP(r *OMPResult) (any, error) {
	st := ompState{r.Method, r.Names, int(r.Rule), r.Coef, r.Intercept, r.Support, nil, featlab.JSONFloat(r.RSS), int(r.Stop), featlab.NewConvergenceState(r.Convergence)}
	for _, rd := range r.Rounds {
		st.Rounds = append(st.Rounds, ompRoundState{rd.Feature, rd.Name, featlab.JSONFloat(rd.Criterion), featlab.JSONFloat(rd.Gain),
			featlab.JSONFloat(rd.Residual), rd.Theta, rd.Coef, featlab.JSONFloat(rd.Intercept), rd.Scores})
	}
	return st, nil
}

func loadOMP(_ int, data json.RawMessage) (*OMPResult, error) {
	var st ompState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	d := len(st.Coef)
	if d == 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: OMP result with no coefficient")
	}
	if err := featlab.CheckFinite("OMP coef", append(append([]float64(nil), st.Coef...), st.Intercept), d+1); err != nil {
		return nil, err
	}
	if st.Names != nil && len(st.Names) != d {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d names for %d coefficients", len(st.Names), d)
	}
	if err := featlab.CheckIndices("OMP support", st.Support, d); err != nil {
		return nil, err
	}
	if r := Rule(st.Rule); r != Exact && r != Correlation {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown OMP rule %d", st.Rule)
	}
	if s := StopReason(st.Stop); s < StopBudget || s > StopOrthogonal {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown OMP stop reason %d", st.Stop)
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	r := &OMPResult{Method: st.Method, Names: st.Names, Rule: Rule(st.Rule), Coef: st.Coef, Intercept: st.Intercept,
		Support: st.Support, RSS: float64(st.RSS), Stop: StopReason(st.Stop), Convergence: conv}
	if st.Names == nil && len(st.Support) > 0 {
		// Selection needs names for the support.
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: an OMP result with a support and no feature names")
	}
	for k, rd := range st.Rounds {
		if rd.Feature < 0 || rd.Feature >= d {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: OMP round %d adds feature %d outside [0, %d)", k, rd.Feature, d)
		}
		r.Rounds = append(r.Rounds, OMPRound{Feature: rd.Feature, Name: rd.Name, Criterion: float64(rd.Criterion), Gain: float64(rd.Gain),
			Residual: float64(rd.Residual), Theta: rd.Theta, Coef: rd.Coef, Intercept: float64(rd.Intercept), Scores: rd.Scores})
	}
	if len(r.Rounds) > len(r.Support) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d OMP rounds for a support of %d", len(r.Rounds), len(r.Support))
	}
	return r, nil
}
