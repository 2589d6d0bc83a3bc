package linear

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
)

// eslProstate returns ESL's prostate training and test rows, standardized
// by the mean and sd of all 97 rows (notebook 11's prostate()).
func eslProstate(t *testing.T) (Xtr, Xte *mat.Dense, ytr, yte []float64) {
	t.Helper()
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
	rows := func(idx []int) (*mat.Dense, []float64) {
		X := mat.NewDense(len(idx), d, nil)
		y := make([]float64, len(idx))
		for k, i := range idx {
			X.SetRow(k, z.RawRowView(i))
			y[k] = ds.Y[i]
		}
		return X, y
	}
	train, test := datasets.ProstateSplit()
	Xtr, ytr = rows(train)
	Xte, yte = rows(test)
	return Xtr, Xte, ytr, yte
}

func testMSE(t *testing.T, md *Model, X *mat.Dense, y []float64) float64 {
	t.Helper()
	p, err := md.Predict(X)
	if err != nil {
		t.Fatal(err)
	}
	s := 0.0
	for i := range p {
		s += (p[i] - y[i]) * (p[i] - y[i])
	}
	return s / float64(len(p))
}

// TestNotebook11LassoICRidgeCV: the claims of notebook 11's section on
// information criteria and leave-one-out ridge on ESL's prostate rows.
func TestNotebook11LassoICRidgeCV(t *testing.T) {
	Xtr, Xte, ytr, yte := eslProstate(t)
	bic, err := LassoIC(Xtr, ytr, LassoICConfig{Criterion: BIC, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if e := testMSE(t, bic.Model, Xte, yte); bic.DF[bic.Index] != 5 || math.Abs(e-0.459) >= 5e-4 {
		t.Errorf("BIC: %d non-zeros, test error %v; notebook: 5, 0.459", bic.DF[bic.Index], e)
	}
	if got := bic.Selection().Chosen; !slices.Equal(slices.Sorted(slices.Values(got)), []int{0, 1, 3, 4, 7}) {
		t.Errorf("BIC keeps %v, want lcavol lweight lbph svi pgg45", got)
	}
	aic, err := LassoIC(Xtr, ytr, LassoICConfig{Criterion: AIC, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if aic.DF[aic.Index] != 7 || aic.Index != len(aic.Alphas)-2 {
		t.Errorf("AIC: %d non-zeros at breakpoint %d of %d; notebook: 7, one before the last", aic.DF[aic.Index], aic.Index, len(aic.Alphas))
	}
	al := floats.LogSpan(make([]float64, 60), 1e-2, 1e4)
	rc, err := RidgeCV(Xtr, ytr, RidgeCVConfig{Alphas: al, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if e := testMSE(t, rc.Model, Xte, yte); rc.Index == 0 || rc.Index == len(al)-1 || math.Abs(e-0.496) >= 5e-4 {
		t.Errorf("RidgeCV LOO: alpha index %d of %d, test error %v; notebook: inside, 0.496", rc.Index, len(al), e)
	}
}
