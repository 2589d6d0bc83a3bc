package filter_test

import (
	"errors"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

// TestScoresThreeClasses: the scores the package doc lists as defined for
// k > 2 classes accept wine's and iris's three classes and rank an
// informative feature above a shuffled copy of nothing (every score is
// finite and not all equal); the two-class scores refuse with ErrLabels.
func TestScoresThreeClasses(t *testing.T) {
	for _, ds := range []*featlab.Dataset{datasets.Wine(), datasets.Iris()} {
		multi := map[string]func() (*filter.Scores, error){
			"FClassif":   func() (*filter.Scores, error) { return filter.FClassif(ds.X, ds.Y, filter.Config{}) },
			"Chi2":       func() (*filter.Scores, error) { return filter.Chi2(ds.X, ds.Y, filter.Config{}) },
			"MutualInfo": func() (*filter.Scores, error) { return filter.MutualInfo(ds.X, ds.Y, filter.MIConfig{}) },
			"ReliefF":    func() (*filter.Scores, error) { return filter.ReliefF(ds.X, ds.Y, filter.ReliefConfig{}) },
		}
		for name, f := range multi {
			s, err := f()
			if err != nil {
				t.Errorf("%s on %d-class data: %v", name, len(ds.Classes), err)
				continue
			}
			lo, hi := s.Values[0], s.Values[0]
			for _, v := range s.Values {
				lo, hi = min(lo, v), max(hi, v)
			}
			if !(hi > lo) {
				t.Errorf("%s: all scores equal %v", name, lo)
			}
		}
		two := map[string]func() error{
			"AUC": func() error { _, e := filter.AUC(ds.X, ds.Y, filter.Config{}); return e },
		}
		for name, f := range two {
			if err := f(); !errors.Is(err, featlab.ErrLabels) {
				t.Errorf("%s on 3 classes: got %v, want ErrLabels", name, err)
			}
		}
	}
}
