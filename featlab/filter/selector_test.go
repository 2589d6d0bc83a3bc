package filter_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

func TestSelectorsMatchTheRules(t *testing.T) {
	ds := datasets.Diabetes()
	s, err := filter.FRegression(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	top, _ := s.TopK(4)
	pct, _ := s.Percentile(30)
	thr, _ := s.Threshold(50)
	for _, c := range []struct {
		name string
		sel  featlab.Selector
		want *featlab.Selection
	}{
		{"top 4", filter.TopKSelector(filter.FRegression, filter.Config{Names: ds.Names}, 4), top},
		{"30%", filter.PercentileSelector(filter.FRegression, filter.Config{Names: ds.Names}, 30), pct},
		{"F >= 50", filter.ThresholdSelector(filter.FRegression, filter.Config{Names: ds.Names}, 50), thr},
	} {
		got, err := c.sel.Select(ds.X, ds.Y)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Chosen, c.want.Chosen) || !slices.Equal(got.ChosenNames, c.want.ChosenNames) || got.Method != c.want.Method {
			t.Errorf("%s: %v %v, want %v %v", c.name, got.Method, got.ChosenNames, c.want.Method, c.want.ChosenNames)
		}
	}
	// other config types
	mi := filter.TopKSelector(filter.MutualInfo, filter.MIConfig{Seed: 1}, 2)
	if got, err := mi.Select(ds.X, ds.Y); err != nil || len(got.Chosen) != 2 {
		t.Errorf("mutual information top 2: %v, %v", got, err)
	}
	// k out of range is an error at selection time
	if _, err := filter.TopKSelector(filter.Pearson, filter.Config{}, 11).Select(ds.X, ds.Y); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("k = 11 of 10: %v", err)
	}
	if _, err := filter.TopKSelector[filter.Config](nil, filter.Config{}, 1).Select(ds.X, ds.Y); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil score: %v", err)
	}
}

func ExampleTopKSelector() {
	ds := datasets.Diabetes()
	sel := filter.TopKSelector(filter.FRegression, filter.Config{Names: ds.Names}, 3)
	s, _ := sel.Select(ds.X, ds.Y)
	fmt.Println(s.ChosenNames)
	// Output: [bmi s5 bp]
}
