package filter_test

import (
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

// On watermelon 3.0 the tree splits on texture, surface and density,
// once each (notebook 03).
func TestTreeSplitsWatermelon(t *testing.T) {
	wm := datasets.Watermelon()
	cat := make([]bool, len(wm.Names))
	for j := range cat {
		cat[j] = wm.IsCategorical(j)
	}
	used, err := filter.TreeSplits(wm.X, wm.Y, filter.InfoGainConfig{Names: wm.Names, Categorical: cat})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) != 3 || used["texture"] != 1 || used["surface"] != 1 || used["density"] != 1 {
		t.Errorf("TreeSplits = %v, want texture, surface, density once each", used)
	}
}

// A pure node is a leaf: no split at all.
func TestTreeSplitsPure(t *testing.T) {
	wm := datasets.Watermelon()
	y := make([]float64, len(wm.Y))
	used, err := filter.TreeSplits(wm.X, y, filter.InfoGainConfig{})
	if err != nil || len(used) != 0 {
		t.Errorf("TreeSplits on one class = %v, %v; want no split", used, err)
	}
}
