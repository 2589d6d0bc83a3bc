package search

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// TestSequentialSelectionLogisticC: forward and backward selection with
// linear.LogisticConfig{C: 1} and scikit-learn's cv=5 for a classifier
// (validate.StratifiedKFoldUnshuffled) reproduce
// SequentialFeatureSelector(LogisticRegression(C=1), cv=5,
// scoring="accuracy") on breast cancer (testdata/sfs_c.py), with no
// hand-written LearnerFunc: C is converted to lambda = 1/(C m) for the
// training rows of each fold.
func TestSequentialSelectionLogisticC(t *testing.T) {
	raw, err := os.ReadFile("testdata/sfs_c.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		C     float64
		Folds []int
		Cases []struct {
			Direction string
			Steps     []sfsStep
		}
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	ds := datasets.BreastCancer()
	X, y := standardize(ds.X), ds.Y
	folds, err := validate.StratifiedKFoldUnshuffled(y, 5)
	if err != nil {
		t.Fatal(err)
	}
	for f, fold := range folds {
		for _, i := range fold.Test {
			if g.Folds[i] != f {
				t.Fatalf("row %d is tested in fold %d, scikit-learn's StratifiedKFold(5) fold %d", i, f, g.Folds[i])
			}
		}
	}
	crit := CV{
		Learner: linear.LogisticConfig{C: g.C, Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-10},
		Folds:   folds, Metric: validate.Accuracy, Higher: true,
	}
	for _, c := range g.Cases {
		checkSequential(t, "breast cancer, C = 1, cv=5", X, y, crit, c.Direction, c.Steps, 1)
	}
}
