package featlab

import (
	"fmt"
	"strings"
)

// Group is one feature of the original data and the columns of an encoded
// design that carry it: the indicator columns of a one-hot encoded
// categorical feature, or the single column of a numeric one.
type Group struct {
	Name    string // the feature's name
	Columns []int  // its columns, in the encoded design's order
}

// GroupsFromNames groups encoded columns by the name before sep
// ("color=green" and "color=red" with sep "=" form the group "color"), in
// order of first appearance; a name without sep is a group of its own.
// It reads the names one-hot encoders of featlab give (transform.OneHot,
// transform.Dummies, transform.OneHotDataset), sep "=".
func GroupsFromNames(names []string, sep string) []Group {
	at := map[string]int{}
	var groups []Group
	for j, n := range names {
		g := n
		if sep != "" {
			if k := strings.Index(n, sep); k > 0 {
				g = n[:k]
			}
		}
		k, ok := at[g]
		if !ok {
			k = len(groups)
			at[g] = k
			groups = append(groups, Group{Name: g})
		}
		groups[k].Columns = append(groups[k].Columns, j)
	}
	return groups
}

// CheckGroups returns an error wrapping ErrParam unless groups partition
// the columns 0..d-1: every column in exactly one group, no group empty,
// group names distinct and non-empty.
func CheckGroups(groups []Group, d int) error {
	if len(groups) == 0 {
		return Errorf(ErrParam, "no groups for %d columns", d)
	}
	owner := make([]int, d)
	for j := range owner {
		owner[j] = -1
	}
	names := map[string]bool{}
	for g, gr := range groups {
		if gr.Name == "" {
			return Errorf(ErrParam, "group %d has no name", g)
		}
		if names[gr.Name] {
			return Errorf(ErrParam, "group name %q used twice", gr.Name)
		}
		names[gr.Name] = true
		if len(gr.Columns) == 0 {
			return Errorf(ErrParam, "group %q has no column", gr.Name)
		}
		for _, j := range gr.Columns {
			if j < 0 || j >= d {
				return Errorf(ErrParam, "group %q: column %d outside [0, %d)", gr.Name, j, d)
			}
			if owner[j] >= 0 {
				return Errorf(ErrParam, "column %d is in groups %q and %q", j, groups[owner[j]].Name, gr.Name)
			}
			owner[j] = g
		}
	}
	for j, g := range owner {
		if g < 0 {
			return Errorf(ErrParam, "column %d is in no group", j)
		}
	}
	return nil
}

// ByGroup maps a selection of columns back to the features the columns
// encode: a feature (group) is chosen when any of its columns is, in the
// order its first column was chosen; groups must partition the columns
// of s (CheckGroups). With a ranking, a group ranks where its best-ranked
// column does and takes that column's score; without one, Scores is nil.
// A group whose columns are all constant is Constant. A step of the
// history becomes the step of the group of its feature, with the subset
// of groups touched.
//
// Methods that choose columns one at a time (filters, the lasso, OMP, the
// searches without search.Grouped) can choose part of a group: the Method
// of the result names such split groups ("split: color"), and a caller who
// needs whole groups uses search.Grouped (or a group penalty). The
// returned Selection's Apply takes the encoded columns' features, not the
// columns: use the groups' Columns to take them from the encoded design.
func (s *Selection) ByGroup(groups []Group) (*Selection, error) {
	if s == nil {
		return nil, Errorf(ErrParam, "Selection.ByGroup of a nil Selection")
	}
	s.checkConsistent("Selection.ByGroup")
	if err := CheckGroups(groups, len(s.Names)); err != nil {
		return nil, err
	}
	owner := make([]int, len(s.Names))
	names := make([]string, len(groups))
	for g, gr := range groups {
		names[g] = gr.Name
		for _, j := range gr.Columns {
			owner[j] = g
		}
	}
	chosenCols := make([]int, len(groups))
	var chosen []int
	for _, j := range s.Chosen {
		g := owner[j]
		if chosenCols[g] == 0 {
			chosen = append(chosen, g)
		}
		chosenCols[g]++
	}
	var split []string
	for _, g := range chosen {
		if chosenCols[g] < len(groups[g].Columns) {
			split = append(split, groups[g].Name)
		}
	}
	method := s.Method + ", by feature"
	if len(split) > 0 {
		method += fmt.Sprintf(" (split: %s)", strings.Join(split, ", "))
	}
	out := NewSelection(method, names, chosen)
	if s.Ranking != nil {
		seen := make([]bool, len(groups))
		for _, j := range s.Ranking {
			if g := owner[j]; !seen[g] {
				seen[g] = true
				out.Ranking = append(out.Ranking, g)
				if s.Scores != nil {
					if out.Scores == nil {
						out.Scores = make([]float64, len(groups))
					}
					out.Scores[g] = s.Scores[j]
				}
			}
		}
		if len(out.Ranking) < len(groups) {
			out.Scores = nil // a partial ranking: not every group has a score
		}
	}
	nconst := make([]int, len(groups))
	for _, j := range s.Constant {
		nconst[owner[j]]++
	}
	for g, n := range nconst {
		if n == len(groups[g].Columns) {
			out.Constant = append(out.Constant, g)
		}
	}
	for _, st := range s.History {
		gs := Step{Action: st.Action, Feature: -1, Score: st.Score}
		if st.Feature >= 0 && st.Feature < len(owner) {
			gs.Feature = owner[st.Feature]
			gs.Name = names[gs.Feature]
		}
		in := make([]bool, len(groups))
		for _, j := range st.Subset {
			if j >= 0 && j < len(owner) && !in[owner[j]] {
				in[owner[j]] = true
				gs.Subset = append(gs.Subset, owner[j])
			}
		}
		out.History = append(out.History, gs)
	}
	return out, nil
}
