package featlab_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/featlab/course/featlab"
)

// A lasso-style selection of one-hot columns, mapped back to the features.
func ExampleSelection_ByGroup() {
	names := []string{"age", "color=blue", "color=green", "color=red", "size=l", "size=s"}
	sel := featlab.NewSelection("lasso", names, []int{2, 0, 3})
	groups := featlab.GroupsFromNames(names, "=")
	fmt.Println(groups)
	byFeature, err := sel.ByGroup(groups)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(byFeature.ChosenNames)
	fmt.Println(byFeature.Method)
	// Output:
	// [{age [0]} {color [1 2 3]} {size [4 5]}]
	// [color age]
	// lasso, by feature (split: color)
}

func TestByGroupRankingAndErrors(t *testing.T) {
	names := []string{"a=1", "a=2", "b", "c=x", "c=y"}
	sel := featlab.NewSelection("filter", names, []int{2, 4})
	sel.Scores = []float64{0.1, 0.5, 0.9, 0.2, 0.3}
	sel.Ranking = []int{2, 1, 4, 3, 0}
	sel.Constant = []int{3}
	g := featlab.GroupsFromNames(names, "=")
	out, err := sel.ByGroup(g)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(out.Ranking) != "[1 0 2]" || fmt.Sprint(out.Scores) != "[0.5 0.9 0.3]" || len(out.Constant) != 0 {
		t.Errorf("ranking %v scores %v constant %v", out.Ranking, out.Scores, out.Constant)
	}
	for _, bad := range [][]featlab.Group{
		nil,
		{{Name: "a", Columns: []int{0, 1, 2, 3}}},
		{{Name: "a", Columns: []int{0, 1, 2, 3, 4, 4}}},
		{{Name: "a", Columns: []int{0, 1}}, {Name: "a", Columns: []int{2, 3, 4}}},
		{{Name: "a", Columns: []int{0, 1, 2, 3, 5}}},
		{{Name: "", Columns: []int{0, 1, 2, 3, 4}}},
		{{Name: "a", Columns: []int{0, 1, 2, 3, 4}}, {Name: "b"}},
	} {
		if _, err := sel.ByGroup(bad); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("groups %v: %v", bad, err)
		}
	}
}
