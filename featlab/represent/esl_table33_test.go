package represent

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
)

// TestESLTable33PCRPLS reproduces the test errors of the PCR and PLS
// columns of ESL Table 3.3 (prostate, ESL's split, PCR with 7 components
// and PLS with 2 directions as chosen there; the issue quotes 0.449 and
// 0.528). ESL standardized the features by the mean and standard
// deviation of all 97 rows (TestProstateESLTable32 in datasets shows it
// for least squares) and then fitted on the training rows without
// rescaling: here NoScale on the pre-standardized X. PCR gives 0.4494;
// PLS 0.5269, 0.001 below the printed 0.528 (not explained here). With R
// pls's scale = TRUE on the training rows instead (our default) they are
// 0.448 and 0.536 (ExampleFitPLS, ExampleFitPCR). The coefficients are
// logged, not compared: the book's columns were not at hand to check.
func TestESLTable33PCRPLS(t *testing.T) {
	ds := datasets.Prostate()
	train, test := datasets.ProstateSplit()
	m, d := ds.X.Dims()
	z := mat.NewDense(m, d, nil)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, ds.X)
		mu, sd := stat.MeanStdDev(col, nil)
		for i, v := range col {
			z.Set(i, j, (v-mu)/sd)
		}
	}
	Xt, yt := matx.Rows(z, train), matx.Take(ds.Y, train)
	Xs, ys := matx.Rows(z, test), matx.Take(ds.Y, test)
	testErr := func(p *ComponentPath, k int) float64 {
		yhat, err := p.Model(k).Predict(Xs)
		if err != nil {
			t.Fatal(err)
		}
		s := 0.0
		for i, v := range yhat {
			s += (v - ys[i]) * (v - ys[i])
		}
		return s / float64(len(ys))
	}
	pcr, err := FitPCR(Xt, yt, PCRConfig{NoScale: true})
	if err != nil {
		t.Fatal(err)
	}
	pls, err := FitPLS(Xt, yt, PLSConfig{NoScale: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		p         *ComponentPath
		k         int
		err, tolE float64
	}{
		{"PCR", &pcr.ComponentPath, 7, 0.449, 5e-4},
		{"PLS", &pls.ComponentPath, 2, 0.528, 1.5e-3},
	} {
		md := c.p.Model(c.k)
		got := append([]float64{md.Intercept}, md.Coef...)
		if e := testErr(c.p, c.k); math.Abs(e-c.err) > c.tolE {
			t.Errorf("%s: test error %.4f, ESL %.3f", c.name, e, c.err)
		}
		t.Logf("%s %d: intercept and coefficients %.4f, test error %.4f", c.name, c.k, got, testErr(c.p, c.k))
	}
}
