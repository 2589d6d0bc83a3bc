package greedy

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/validate"
)

// TestNotebook11OMPCV: notebook 11's OMPCV claim on ESL's prostate rows
// (standardized by all 97 rows, folds validate.KFold(67, 10, 3)): 7
// non-zeros, test error 0.517.
func TestNotebook11OMPCV(t *testing.T) {
	ds := datasets.Prostate()
	m, d := ds.X.Dims()
	z := mat.NewDense(m, d, nil)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, ds.X)
		mu, sd := stat.MeanStdDev(col, nil)
		for i, v := range col {
			z.Set(i, j, (v-mu)/sd)
		}
	}
	train, test := datasets.ProstateSplit()
	Xtr := mat.NewDense(len(train), d, nil)
	ytr := make([]float64, len(train))
	for k, i := range train {
		Xtr.SetRow(k, z.RawRowView(i))
		ytr[k] = ds.Y[i]
	}
	folds, err := validate.KFold(len(train), 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	oc, err := OMPCV(Xtr, ytr, OMPCVConfig{OMP: OMPConfig{T: 8, Rule: Correlation, Intercept: true}, Splits: folds})
	if err != nil {
		t.Fatal(err)
	}
	s := 0.0
	for _, i := range test {
		p := oc.Fit.Intercept + mat.Dot(mat.NewVecDense(d, oc.Fit.Coef), mat.NewVecDense(d, z.RawRowView(i)))
		s += (p - ds.Y[i]) * (p - ds.Y[i])
	}
	if e := s / float64(len(test)); oc.NNonZero != 7 || math.Abs(e-0.517) >= 5e-4 {
		t.Errorf("OMPCV: %d non-zeros, test error %v; notebook: 7, 0.517", oc.NNonZero, e)
	}
}
