package greedy

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// AdaBoostCurves are the two views of an AdaBoostGreedy run that notebook
// 04 draws: the risk per round against the weak-learning guarantee, and
// the accuracy against the number of distinct features in use.
type AdaBoostCurves struct {
	// Risk[t] is R(w) of eq. 25.3 after round t+1.
	Risk []float64
	// Bound[t] = R(0) + (t+1) log sqrt(1 - 4 GammaMin^2): what Exercise
	// 25.3 guarantees after t+1 rounds when every round has edge at least
	// GammaMin (R(w) <= Bound[t] always holds, since each round lowers R by
	// -log sqrt(1 - 4 gamma_t^2) >= -log sqrt(1 - 4 GammaMin^2)).
	Bound []float64
	// GammaMin is the smallest edge gamma_t = 1/2 - eps_t over the rounds.
	GammaMin float64
	// Features holds the counts of distinct features in use, increasing;
	// TrainAccuracy[k] and TestAccuracy[k] are the accuracies of sign(f_w)
	// on the training and the test rows after the LAST round that uses
	// Features[k] distinct features.
	Features, TrainAccuracy, TestAccuracy []float64
}

// Curves computes the AdaBoostCurves of the run on test rows Xtest with
// labels ytest in {-1, +1} (a score f_w(x) > 0 predicts +1). Xtest must
// have the columns the run was fitted on and one row per label.
func (r *AdaBoostResult) Curves(Xtest mat.Matrix, ytest []float64) (*AdaBoostCurves, error) {
	if featlab.IsNil(Xtest) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "greedy.AdaBoostResult.Curves: nil matrix")
	}
	m, d, err := featlab.CheckXY(Xtest, ytest, nil)
	if err != nil {
		return nil, err
	}
	if d != len(r.Names) {
		return nil, featlab.Errorf(featlab.ErrShape, "greedy.AdaBoostResult.Curves: X has %d columns, fitted on %d", d, len(r.Names))
	}
	for i, v := range ytest {
		if v != -1 && v != 1 {
			return nil, featlab.Errorf(featlab.ErrParam, "greedy.AdaBoostResult.Curves: label %v at row %d is not -1 or +1", v, i)
		}
	}
	c := &AdaBoostCurves{GammaMin: 0.5}
	for _, rd := range r.Rounds {
		c.GammaMin = math.Min(c.GammaMin, rd.Gamma)
	}
	raw, f, seen := matx.RowMajor(Xtest), make([]float64, m), map[int]bool{}
	for t, rd := range r.Rounds {
		seen[rd.Stump.Feature] = true
		c.Risk = append(c.Risk, rd.Risk)
		c.Bound = append(c.Bound, r.Risk0+float64(t+1)*0.5*math.Log(1-4*c.GammaMin*c.GammaMin))
		correct := 0
		for i := range f {
			f[i] += rd.Weight * rd.Stump.Eval(matx.Row(raw, i))
			if (f[i] > 0) == (ytest[i] > 0) {
				correct++
			}
		}
		te, n := float64(correct)/float64(m), float64(len(seen))
		if k := len(c.Features) - 1; k >= 0 && c.Features[k] == n { // the last round per count
			c.TrainAccuracy[k], c.TestAccuracy[k] = rd.Accuracy, te
			continue
		}
		c.Features = append(c.Features, n)
		c.TrainAccuracy, c.TestAccuracy = append(c.TrainAccuracy, rd.Accuracy), append(c.TestAccuracy, te)
	}
	return c, nil
}
