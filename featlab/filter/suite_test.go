package filter

import (
	"errors"
	"slices"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// TestRegressionScoresMatchTheScores checks that the suite is the six
// scores, each called on its own, relabelled, and that |r|, r^2, the
// minimal loss and F rank diabetes identically (notebook 02).
func TestRegressionScoresMatchTheScores(t *testing.T) {
	ds := datasets.Diabetes()
	got, err := RegressionScores(ds.X, ds.Y, SuiteConfig{Names: ds.Names, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Names: ds.Names}
	want := []*Scores{must(Pearson(ds.X, ds.Y, c)), must(RSquared(ds.X, ds.Y, c)),
		must(MinLoss(ds.X, ds.Y, MinLossConfig{Names: ds.Names})), must(Spearman(ds.X, ds.Y, c)),
		must(MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, Jitter: 1e-10, Seed: 1})),
		must(FRegression(ds.X, ds.Y, c))}
	labels := []string{"|r|", "r²", "−min loss", "|ρ|", "MI (bits)", "F"}
	for k, s := range got {
		if s.Method != labels[k] || !slices.Equal(s.Values, want[k].Values) {
			t.Errorf("score %d: %q %v, want %q %v", k, s.Method, s.Values, labels[k], want[k].Values)
		}
	}
	for _, k := range []int{1, 2, 5} {
		if !slices.Equal(got[k].Ranking(), got[0].Ranking()) {
			t.Errorf("%s ranks %v, |r| %v", got[k].Method, got[k].Ranking(), got[0].Ranking())
		}
	}
}

func TestClassificationScoresLabels(t *testing.T) {
	ds := datasets.BreastCancer()
	got, err := ClassificationScores(ds.X, ds.Y, SuiteConfig{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	want := must(AUC(ds.X, ds.Y, Config{Names: ds.Names}))
	if len(got) != 7 || got[3].Method != "AUC" || !slices.Equal(got[3].Values, want.Values) ||
		got[6].Method != "Relief" {
		t.Errorf("got %d scores, AUC %q", len(got), got[3].Method)
	}
	if _, err := ClassificationScores(ds.X, ds.Y[:10], SuiteConfig{}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v, want ErrShape", err)
	}
}

func TestRankTable(t *testing.T) {
	a := &Scores{Method: "a", Names: []string{"u", "v", "w"}, Values: []float64{1, 3, 2}}
	b := &Scores{Values: []float64{5, 4, 5}} // unnamed: x1..x3, tie to the lower index
	df, err := RankTable(2, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if got := df.Names(); !slices.Equal(got, []string{"rank", "a", "score 2"}) {
		t.Errorf("columns %v", got)
	}
	if got := df.Col("a").Records(); !slices.Equal(got, []string{"v", "w"}) {
		t.Errorf("a: %v", got)
	}
	if got := df.Col("score 2").Records(); !slices.Equal(got, []string{"x1", "x3"}) {
		t.Errorf("score 2: %v", got)
	}
	for _, c := range []struct {
		k    int
		s    []*Scores
		want error
	}{{0, []*Scores{a}, featlab.ErrParam}, {4, []*Scores{a}, featlab.ErrParam},
		{1, nil, featlab.ErrEmpty}, {1, []*Scores{a, {Values: []float64{1}}}, featlab.ErrShape}} {
		if _, err := RankTable(c.k, c.s...); !errors.Is(err, c.want) {
			t.Errorf("k = %d, %d scores: %v, want %v", c.k, len(c.s), err, c.want)
		}
	}
}

func must(s *Scores, err error) *Scores {
	if err != nil {
		panic(err)
	}
	return s
}
