package transform_test

// The claims of notebook 06-transformations beyond the worked examples of
// 25.2 (which are in example25_test.go): each number or ordering the
// notebook states, recomputed with the notebook's data and seeds.

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

func col(t *testing.T, ds *featlab.Dataset, name string) *mat.Dense {
	t.Helper()
	j, err := ds.Index(name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ds.Columns([]int{j})
	if err != nil {
		t.Fatal(err)
	}
	return c.X
}

// "skewness of mean_area: raw 1.646, log(1 + f) 0.287".
func TestNotebookLogSkew(t *testing.T) {
	X := col(t, datasets.BreastCancer(), "mean_area")
	out, err := transform.FitTransform(&transform.Log{B: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	before, after := stat.Skew(mat.Col(nil, 0, X), nil), stat.Skew(mat.Col(nil, 0, out), nil)
	if math.Abs(before-1.646) > 5e-4 || math.Abs(after-0.287) > 5e-4 {
		t.Errorf("skewness %v -> %v, notebook 1.646 -> 0.287", before, after)
	}
}

// One-hot on watermelon 3.0: 10 columns -> 21; the Dataset has 19
// features (17 indicators, density, sugar) and 2 classes.
func TestNotebookWatermelonOneHot(t *testing.T) {
	melons := datasets.WatermelonFrame()
	enc, err := transform.ApplyFrame(&transform.OneHot{}, melons, "color", "root", "sound", "texture", "umbilicus", "surface")
	if err != nil {
		t.Fatal(err)
	}
	if melons.Ncol() != 10 || enc.Ncol() != 21 {
		t.Errorf("%d -> %d columns, notebook 10 -> 21", melons.Ncol(), enc.Ncol())
	}
	ds, _, err := transform.OneHotDataset(melons.Drop("id"), "ripe", transform.UnknownIgnore)
	if err != nil {
		t.Fatal(err)
	}
	if _, d := ds.Dims(); d != 19 || len(ds.Classes) != 2 {
		t.Errorf("%d features, %d classes", d, len(ds.Classes))
	}
}

// Row normalization of the documents: every word's AUC rises (word1 from
// 0.823 to 0.998); Remark 25.5 scaling gives mean norm 1.
func TestNotebookRowNormalization(t *testing.T) {
	docs, err := synth.Documents(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	l1, _ := transform.FitTransform(&transform.RowNormalize{Norm: transform.L1}, docs.X)
	before, _ := filter.AUC(docs.X, docs.Y, filter.Config{Names: docs.Names})
	after, _ := filter.AUC(l1, docs.Y, filter.Config{Names: docs.Names})
	for j := range docs.Names {
		if after.Values[j] <= before.Values[j] || after.Values[j] < 0.9 {
			t.Errorf("%s: AUC %v -> %v", docs.Names[j], before.Values[j], after.Values[j])
		}
	}
	if math.Abs(before.Values[0]-0.823) > 5e-4 || math.Abs(after.Values[0]-0.998) > 5e-4 {
		t.Errorf("word1 AUC %v -> %v, notebook 0.823 -> 0.998", before.Values[0], after.Values[0])
	}
	sc := &transform.MeanNormScale{}
	out, _ := transform.FitTransform(sc, docs.X)
	norms, _ := transform.Norms(out, transform.L2)
	if m := stat.Mean(norms, nil); math.Abs(m-1) > 1e-12 {
		t.Errorf("mean norm %v", m)
	}
}

// XOR: least squares on (x1, x2) is at chance (0.497), on the degree-2
// monomials perfect (1.000).
func TestNotebookPolynomialXOR(t *testing.T) {
	xor, err := synth.XOR(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	acc := func(X mat.Matrix) float64 {
		md, err := linear.LeastSquares(X, xor.Y, linear.LeastSquaresConfig{Intercept: true})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := md.Predict(X)
		for i, v := range p {
			p[i] = 0
			if v > 0.5 {
				p[i] = 1
			}
		}
		a, _ := validate.Accuracy(xor.Y, p)
		return a
	}
	P, _ := transform.FitTransform(&transform.Polynomial{Degree: 2, NoBias: true}, xor.X)
	if a, b := acc(xor.X), acc(P); math.Abs(a-0.4975) > 1e-9 || b != 1 {
		t.Errorf("accuracy raw %v, degree 2 %v; notebook 0.497 and 1.000", a, b)
	}
}

// Leakage: over 200 splits (5% training), the scaler fitted on all rows
// gives a test MSE lower by 1.53% on average, lower in 146 of 200 splits.
func TestNotebookLeakage(t *testing.T) {
	ds := datasets.Diabetes()
	var sum float64
	better := 0
	for seed := 0; seed < 200; seed++ {
		tr, te, err := validate.Holdout(len(ds.Y), 0.95, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		train, test := ds.Rows(tr), ds.Rows(te)
		mse := func(fitOn *featlab.Dataset) float64 {
			s := &transform.Standardize{}
			if err := s.Fit(fitOn.X); err != nil {
				t.Fatal(err)
			}
			Xtr, _ := s.Transform(train.X)
			Xte, _ := s.Transform(test.X)
			md, err := linear.Ridge(Xtr, train.Y, linear.RidgeConfig{Lambda: 0.1, Intercept: true})
			if err != nil {
				t.Fatal(err)
			}
			p, _ := md.Predict(Xte)
			v, _ := validate.MSE(test.Y, p)
			return v
		}
		h, l := mse(train), mse(ds)
		sum += (l - h) / h
		if l < h {
			better++
		}
	}
	if mean := 100 * sum / 200; math.Abs(mean-(-1.53)) > 0.005 || better != 146 {
		t.Errorf("mean change %.4f%%, leaky lower in %d of 200; notebook -1.53%%, 146", mean, better)
	}
}

// "Clipping can also hurt": x ~ U[-3, 3] (seed (1, 1), 10000 examples),
// y = 2x; least squares on x has risk 0, after clipping at 1 above 0.5 (the
// notebook prints 1.278).
func TestNotebookClippingHurts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	x := mat.NewDense(10000, 1, nil)
	y := make([]float64, 10000)
	for i := range y {
		x.Set(i, 0, 6*r.Float64()-3)
		y[i] = 2 * x.At(i, 0)
	}
	raw, err := linear.LeastSquares(x, y, linear.LeastSquaresConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	xc, err := transform.FitTransform(&transform.Clip{B: 1}, x)
	if err != nil {
		t.Fatal(err)
	}
	clipped, err := linear.LeastSquares(xc, y, linear.LeastSquaresConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if raw.RSS/1e4 > 1e-20 || clipped.RSS/1e4 < 0.5 || math.Abs(clipped.RSS/1e4-1.278) > 5e-4 {
		t.Errorf("risk %v raw, %v clipped; want 0 and 1.278", raw.RSS/1e4, clipped.RSS/1e4)
	}
}

// "ClipSmall at b = 0.5 moves 160 of 442 standardized bmi values out to
// +-0.5": no value shrinks or changes sign, every |value| >= b afterwards.
func TestNotebookClipSmallBMI(t *testing.T) {
	ds := datasets.Diabetes()
	z, err := transform.FitTransform(&transform.Standardize{}, col(t, ds, "bmi"))
	if err != nil {
		t.Fatal(err)
	}
	zs, err := transform.FitTransform(&transform.Clip{B: 0.5, Mode: transform.ClipSmall}, z)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for i := 0; i < 442; i++ {
		a, b := z.At(i, 0), zs.At(i, 0)
		if a != b {
			moved++
		}
		if math.Abs(b) < math.Abs(a) || math.Signbit(a) != math.Signbit(b) || math.Abs(b) < 0.5 {
			t.Fatalf("row %d: %v -> %v", i, a, b)
		}
	}
	if moved != 160 {
		t.Errorf("moved %d values, the notebook says 160", moved)
	}
}
