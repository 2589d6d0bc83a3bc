package search_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/transform"
)

// groupedData: a categorical feature "c" (4 levels, one-hot: 4 columns),
// numeric features u, v, w; y depends on c and u.
func groupedData() (*mat.Dense, []float64, []string, []featlab.Group) {
	r := rand.New(rand.NewPCG(19, 1))
	m := 120
	raw := mat.NewDense(m, 4, nil)
	y := make([]float64, m)
	effect := []float64{0, 3, -2, 1}
	for i := 0; i < m; i++ {
		c := float64(r.IntN(4))
		raw.Set(i, 0, r.NormFloat64())
		raw.Set(i, 1, c)
		raw.Set(i, 2, r.NormFloat64())
		raw.Set(i, 3, r.NormFloat64())
		y[i] = 2*raw.At(i, 0) + effect[int(c)] + 0.3*r.NormFloat64()
	}
	d := &transform.Dummies{Columns: []int{1}}
	X, err := transform.FitTransform(d, raw)
	if err != nil {
		panic(err)
	}
	in := []string{"u", "c", "v", "w"}
	names, _ := d.OutputNames(in)
	groups, _ := d.Groups(in)
	return X, y, names, groups
}

// Every strategy through Grouped moves whole groups; Exhaustive finds the
// best subset of groups; Select and ByGroup agree.
func TestGroupedKeepsGroupsWhole(t *testing.T) {
	X, y, names, groups := groupedData()
	crit := search.LeastSquares{Score: search.BIC}
	owner := map[int]int{}
	for g, gr := range groups {
		for _, j := range gr.Columns {
			owner[j] = g
		}
	}
	for _, st := range []search.Strategy{
		search.Forward{}, search.Backward{}, search.Bidirectional{}, search.Floating{},
		search.Exhaustive{}, search.LVW{T: 30, Seed: 1},
	} {
		g := search.Grouped{Config: search.Config{Strategy: st, Criterion: crit, Names: names}, Groups: groups}
		res, err := g.Search(X, y)
		if err != nil {
			t.Fatalf("%T: %v", st, err)
		}
		if len(res.Names) != 4 || res.Names[1] != "c" {
			t.Errorf("%T: names %q", st, res.Names)
		}
		sel, err := g.Select(X, y)
		if err != nil {
			t.Fatal(err)
		}
		// Column selection: whole groups only.
		count := map[int]int{}
		for _, j := range sel.Chosen {
			count[owner[j]]++
		}
		for gi, n := range count {
			if n != len(groups[gi].Columns) {
				t.Errorf("%T: group %q split (%d of %d columns)", st, groups[gi].Name, n, len(groups[gi].Columns))
			}
		}
		for _, h := range sel.History {
			c := map[int]int{}
			for _, j := range h.Subset {
				c[owner[j]]++
			}
			for gi, n := range c {
				if n != len(groups[gi].Columns) {
					t.Errorf("%T: step %q splits group %q", st, h.Action, groups[gi].Name)
				}
			}
		}
		back, err := sel.ByGroup(groups)
		if err != nil {
			t.Fatal(err)
		}
		a, b := slices.Clone(back.Chosen), slices.Clone(res.Subset)
		sort.Ints(a)
		sort.Ints(b)
		if !slices.Equal(a, b) {
			t.Errorf("%T: ByGroup %v, grouped result %v", st, back.Chosen, res.Subset)
		}
		if _, ok := st.(search.Exhaustive); ok {
			if !slices.Equal(b, []int{0, 1}) {
				t.Errorf("exhaustive over groups chose %v (%q), want u and c", res.Subset, res.SubsetNames(res.Subset))
			}
		}
	}
	// Bad groups.
	bad := []featlab.Group{{Name: "a", Columns: []int{0, 1}}}
	if _, err := (search.Grouped{Config: search.Config{Criterion: crit}, Groups: bad}).Search(X, y); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("groups not covering the columns: %v", err)
	}
}

// ByGroup on a column-wise method (the lasso's support) reports the split
// groups; GroupsFromNames reads the encoders' names.
func TestByGroupOfLasso(t *testing.T) {
	X, y, names, groups := groupedData()
	fromNames := featlab.GroupsFromNames(names, "=")
	if len(fromNames) != len(groups) {
		t.Fatalf("GroupsFromNames %v, encoder %v", fromNames, groups)
	}
	for g := range groups {
		if fromNames[g].Name != groups[g].Name || !slices.Equal(fromNames[g].Columns, groups[g].Columns) {
			t.Errorf("group %d: %v, encoder %v", g, fromNames[g], groups[g])
		}
	}
	fit, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: 0.3, Intercept: true, Names: names})
	if err != nil {
		t.Fatal(err)
	}
	sel := fit.Selection()
	byg, err := sel.ByGroup(groups)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(byg.ChosenNames, "u") || !slices.Contains(byg.ChosenNames, "c") {
		t.Errorf("lasso by group chose %q from %q", byg.ChosenNames, sel.ChosenNames)
	}
	t.Logf("%s: %q", byg.Method, byg.ChosenNames)
}
