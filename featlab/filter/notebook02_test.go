package filter_test

// The claims notebooks 01-representation and 02-filters add to the texts'
// worked examples (those are in featlab/synth's TestNotebook02* and
// TestExample251): recomputed with the notebooks' data and seeds.

import (
	"math"
	"slices"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/transform"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// 01: eq. 25.1 on Example 251 (1000, seed 1): least squares on v and y
// and on the centred v and y give the same minimum and slope, intercept 0
// on the centred side, and b' = b + a mean(v) - mean(y).
func TestNotebook01Eq251Centring(t *testing.T) {
	ds, err := synth.Example251(1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	yc := slices.Clone(ds.Y)
	floats.AddConst(-stat.Mean(ds.Y, nil), yc)
	for j := 0; j < 2; j++ {
		v := mat.NewDense(1000, 1, mat.Col(nil, j, ds.X))
		vc, _ := transform.FitTransform(&transform.Center{}, v)
		l, err1 := linear.LeastSquares(v, ds.Y, linear.LeastSquaresConfig{Intercept: true})
		r, err2 := linear.LeastSquares(vc, yc, linear.LeastSquaresConfig{Intercept: true})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		b := l.Intercept + l.Coef[0]*stat.Mean(mat.Col(nil, 0, v), nil) - stat.Mean(ds.Y, nil)
		if math.Abs(l.RSS-r.RSS) > 1e-9*math.Max(1, l.RSS) || math.Abs(l.Coef[0]-r.Coef[0]) > 1e-9 || math.Abs(r.Intercept) > 1e-12 || math.Abs(b-r.Intercept) > 1e-12 {
			t.Errorf("feature %d: RSS %v vs %v, slope %v vs %v, intercepts %v, %v", j, l.RSS, r.RSS, l.Coef[0], r.Coef[0], r.Intercept, b)
		}
	}
}

// 02: the least-squares slope of y on the diabetes bmi is r s_y/s_x, not
// r; after standardizing x and y it is r.
func TestNotebook02SlopeIsRAfterStandardizing(t *testing.T) {
	ds := datasets.Diabetes()
	j, _ := ds.Index("bmi")
	x := mat.NewDense(len(ds.Y), 1, mat.Col(nil, j, ds.X))
	r := stat.Correlation(mat.Col(nil, 0, x), ds.Y, nil)
	raw, _ := linear.LeastSquares(x, ds.Y, linear.LeastSquaresConfig{Intercept: true})
	want := r * stat.PopStdDev(ds.Y, nil) / stat.PopStdDev(mat.Col(nil, 0, x), nil)
	zx, _ := transform.FitTransform(&transform.Standardize{}, x)
	zy, _ := transform.FitTransform(&transform.Standardize{}, mat.NewDense(len(ds.Y), 1, ds.Y))
	std, _ := linear.LeastSquares(zx, mat.Col(nil, 0, zy), linear.LeastSquaresConfig{Intercept: true})
	if math.Abs(raw.Coef[0]-want) > 1e-10*want || math.Abs(raw.Coef[0]-r) < 1 || math.Abs(std.Coef[0]-r) > 1e-10 || math.Abs(std.Intercept) > 1e-10 {
		t.Errorf("raw slope %v (r s_y/s_x %v, r %v), standardized %v + %v", raw.Coef[0], want, r, std.Coef[0], std.Intercept)
	}
}

// 02: the k-NN mutual information of x1 in Example 251 (y = x1^2, seed 1)
// grows by more than 1.5 bits per fourfold m (250 ... 16000); that of x2
// changes by less than 0.2 bits from m = 1000 on.
func TestNotebook02MIGrowsWithM(t *testing.T) {
	var mi1, mi2 []float64
	for _, m := range []int{250, 1000, 4000, 16000} {
		ds, _ := synth.Example251(m, 1)
		s, err := filter.MutualInfo(ds.X, ds.Y, filter.MIConfig{Names: ds.Names, Jitter: 1e-10, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		mi1, mi2 = append(mi1, s.Values[0]), append(mi2, s.Values[1])
	}
	for k := 1; k < 4; k++ {
		if mi1[k]-mi1[k-1] <= 1.5 || (k > 1 && math.Abs(mi2[k]-mi2[k-1]) >= 0.2) {
			t.Errorf("I(x1; y) = %v, I(x2; y) = %v", mi1, mi2)
			break
		}
	}
}

// 02: on breast cancer the min-loss score with the hinge and the logistic
// loss chooses the stump's five best features (as a set); the squared loss
// shares exactly 4 of them.
func TestNotebook02MinLossLosses(t *testing.T) {
	ds := datasets.BreastCancer()
	set := func(s *filter.Scores) []int { return slices.Sorted(slices.Values(s.Ranking()[:5])) }
	st, _ := filter.Stump(ds.X, ds.Y, filter.Config{})
	want := set(st)
	for _, c := range []struct {
		loss filter.Loss
		same bool
	}{{filter.HingeLoss, true}, {filter.LogisticLoss, true}, {filter.SquaredLoss, false}} {
		s, err := filter.MinLoss(ds.X, ds.Y, filter.MinLossConfig{Loss: c.loss})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(set(s), want) != c.same {
			t.Errorf("%v: top five %v, stump's %v", c.loss, set(s), want)
		}
		if c.loss == filter.SquaredLoss {
			shared := 0
			for _, j := range set(s) {
				if slices.Contains(want, j) {
					shared++
				}
			}
			if shared != 4 {
				t.Errorf("squared loss shares %d of the stump's five, want 4", shared)
			}
		}
	}
}

// 02: Relief on breast cancer (averaged) from 50, 100, 200 sampled examples
// (seed 1): the correlation of the 30 weights with those from all 569
// rises and exceeds 0.95 from 100 on; the top feature is the same at 100.
func TestNotebook02ReliefSample(t *testing.T) {
	ds := datasets.BreastCancer()
	all, err := filter.Relief(ds.X, ds.Y, filter.ReliefConfig{Mean: true})
	if err != nil {
		t.Fatal(err)
	}
	var corr []float64
	for _, n := range []int{50, 100, 200} {
		sub, err := filter.Relief(ds.X, ds.Y, filter.ReliefConfig{Mean: true, Samples: n, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		corr = append(corr, stat.Correlation(all.Values, sub.Values, nil))
		if n == 100 && sub.Ranking()[0] != all.Ranking()[0] {
			t.Errorf("top feature from 100 examples %d, from all %d", sub.Ranking()[0], all.Ranking()[0])
		}
	}
	if !(corr[0] < corr[1] && corr[1] < corr[2] && corr[1] > 0.95) {
		t.Errorf("correlations %v", corr)
	}
}

// 02: on the two-class watermelon data, Relief-F with Zhou's weight p_l
// differs from Relief (eq. 11.3); with NormalizedPriors it equals it.
func TestNotebook02ReliefFTwoClasses(t *testing.T) {
	wm := datasets.Watermelon()
	plain, err1 := filter.ReliefDataset(wm, filter.ReliefConfig{})
	zhou, err2 := filter.ReliefFDataset(wm, filter.ReliefConfig{})
	kono, err3 := filter.ReliefFDataset(wm, filter.ReliefConfig{NormalizedPriors: true})
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if floats.EqualApprox(zhou.Values, plain.Values, 1e-12) || !floats.EqualApprox(kono.Values, plain.Values, 1e-12) {
		t.Errorf("Relief %v, Relief-F %v, normalized %v", plain.Values, zhou.Values, kono.Values)
	}
}
