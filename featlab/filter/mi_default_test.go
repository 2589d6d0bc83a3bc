package filter

import (
	"math"
	"testing"

	"github.com/featlab/course/datasets"
)

// On real data with repeated values the k-NN estimator needs its tiny noise.
// scikit-learn 1.2.1's mutual_info_regression on diabetes, in bits, for
// random_state 0, 1, 2 (computed with /usr/bin/python3, numpy.loadtxt of
// datasets/diabetes.csv, divided by ln 2):
var sklearnDiabetesMI = [3][10]float64{
	{0.0015, 0.0229, 0.2467, 0.0952, 0.0909, 0.0218, 0.0935, 0.1635, 0.2075, 0.1526},
	{0.0, 0.0609, 0.2566, 0.0995, 0.0903, 0.0229, 0.0995, 0.1396, 0.2109, 0.1523},
	{0.0004, 0.0366, 0.2463, 0.1061, 0.1005, 0.0165, 0.0921, 0.1678, 0.2144, 0.1528},
}

func TestMutualInfoDefaultJitterMatchesSklearnOnTiedData(t *testing.T) {
	ds := datasets.Diabetes()
	s, err := MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	for j, name := range ds.Names {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, run := range sklearnDiabetesMI {
			lo, hi = math.Min(lo, run[j]), math.Max(hi, run[j])
		}
		// Within scikit-learn's own seed-to-seed spread, widened by 0.02 bits.
		if v := s.Values[j]; v < lo-0.02 || v > hi+0.02 {
			t.Errorf("MI(%s; y) = %.4f bits with the default noise, scikit-learn gives %.4f..%.4f", name, v, lo, hi)
		}
	}
	// Without the noise the estimate on tied values is far off: s4 takes
	// few distinct values and comes out above 0.4 bits.
	exact, err := MutualInfo(ds.X, ds.Y, MIConfig{Names: ds.Names, NoJitter: true})
	if err != nil {
		t.Fatal(err)
	}
	if j, _ := ds.Index("s4"); exact.Values[j] < 0.4 {
		t.Errorf("MI(s4; y) without noise = %.4f; expected the tie bias (> 0.4 bits)", exact.Values[j])
	}
}
