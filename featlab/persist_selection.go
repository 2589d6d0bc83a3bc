package featlab

import "encoding/json"

func init() {
	RegisterKind("featlab.Selection", 1, saveSelection, loadSelection)
}

type selectionState struct {
	Method      string      `json:"method"`
	Names       []string    `json:"names"`
	Scores      JSONFloats  `json:"scores,omitempty"`
	Ranking     []int       `json:"ranking,omitempty"`
	Chosen      []int       `json:"chosen"`
	ChosenNames []string    `json:"chosen_names"`
	Constant    []int       `json:"constant,omitempty"`
	History     []stepState `json:"history,omitempty"`
}

type stepState struct {
	Action  string    `json:"action"`
	Feature int       `json:"feature"`
	Name    string    `json:"name"`
	Score   JSONFloat `json:"score"`
	Subset  []int     `json:"subset"`
}

func saveSelection(s *Selection) (any, error) {
	st := selectionState{Method: s.Method, Names: s.Names, Scores: s.Scores, Ranking: s.Ranking,
		Chosen: s.Chosen, ChosenNames: s.ChosenNames, Constant: s.Constant}
	for _, h := range s.History {
		st.History = append(st.History, stepState{h.Action, h.Feature, h.Name, JSONFloat(h.Score), h.Subset})
	}
	return st, nil
}

func loadSelection(_ int, data json.RawMessage) (*Selection, error) {
	var st selectionState
	if err := DecodeState(data, &st); err != nil {
		return nil, err
	}
	n := len(st.Names)
	if n == 0 {
		return nil, Errorf(ErrFormat, "load: inconsistent state: a selection over no feature")
	}
	if st.Scores != nil && len(st.Scores) != n {
		return nil, Errorf(ErrFormat, "load: inconsistent state: %d scores for %d features", len(st.Scores), n)
	}
	for _, c := range []struct {
		what string
		idx  []int
	}{{"chosen", st.Chosen}, {"ranking", st.Ranking}, {"constant", st.Constant}} {
		if err := CheckIndices(c.what, c.idx, n); err != nil {
			return nil, err
		}
	}
	if len(st.ChosenNames) != len(st.Chosen) {
		return nil, Errorf(ErrFormat, "load: inconsistent state: %d chosen names for %d chosen features", len(st.ChosenNames), len(st.Chosen))
	}
	for k, j := range st.Chosen {
		if st.ChosenNames[k] != st.Names[j] {
			return nil, Errorf(ErrFormat, "load: inconsistent state: chosen name %q is not the name %q of feature %d", st.ChosenNames[k], st.Names[j], j)
		}
	}
	s := &Selection{Method: st.Method, Names: st.Names, Scores: st.Scores, Ranking: st.Ranking,
		Chosen: st.Chosen, ChosenNames: st.ChosenNames, Constant: st.Constant}
	for k, h := range st.History {
		if h.Feature < -1 || h.Feature >= n {
			return nil, Errorf(ErrFormat, "load: inconsistent state: history step %d names feature %d outside [-1, %d)", k, h.Feature, n)
		}
		if err := CheckIndices("history subset", h.Subset, n); err != nil {
			return nil, err
		}
		s.History = append(s.History, Step{h.Action, h.Feature, h.Name, float64(h.Score), h.Subset})
	}
	return s, nil
}
