package importance

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// goldenMore is testdata/golden_rfe_more.json (see golden_rfe_more.py).
type goldenMore struct {
	BreastColsum []float64 `json:"breast_colsum"`
	DigitsCols   []int     `json:"digits_cols"`
	SVCCoef      []struct {
		C         float64   `json:"C"`
		Coef      []float64 `json:"coef"`
		Intercept float64   `json:"intercept"`
	} `json:"svc_coef"`
	SVCRFE []struct {
		C       float64 `json:"C"`
		N       int     `json:"n"`
		Step    float64 `json:"step"`
		Ranking []int   `json:"ranking"`
	} `json:"svc_rfe"`
	Folds []struct {
		Train []int `json:"train"`
		Test  []int `json:"test"`
	} `json:"folds"`
	SVCRFECV struct {
		C         float64   `json:"C"`
		Step      float64   `json:"step"`
		Min       int       `json:"min"`
		NFeatures int       `json:"n_features"`
		Ranking   []int     `json:"ranking"`
		Mean      []float64 `json:"mean"`
	} `json:"svc_rfecv"`
	DigitsCoef struct {
		C         float64   `json:"C"`
		Coef      []float64 `json:"coef"`
		Intercept []float64 `json:"intercept"`
	} `json:"digits_coef"`
	DigitsRFE []struct {
		C       float64 `json:"C"`
		N       int     `json:"n"`
		Step    float64 `json:"step"`
		Ranking []int   `json:"ranking"`
	} `json:"digits_rfe"`
}

func readGoldenMore(t testing.TB) *goldenMore {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_rfe_more.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldenMore
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// linearSVC is scikit-learn's LinearSVC(loss="squared_hinge",
// penalty="l2", C): it minimises over v = (w, b)
//
//	(1/2)||v||^2 + C sum_i max(0, 1 - t_i v.z_i)^2,  z_i = (x_i, 1), t_i = 2y_i - 1,
//
// the intercept penalised as liblinear does (intercept_scaling = 1). The
// objective is strongly convex and piecewise quadratic; finite Newton
// (Keerthi and DeCoste 2005) with a backtracking line search reaches the
// minimiser to rounding: gradient v + 2C Z_I^T (Z_I v - t_I) and
// generalised Hessian I + 2C Z_I^T Z_I over the rows I with margin < 1.
func linearSVC(C float64) featlab.Learner {
	return featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		g := matx.RowMajor(X)
		m, d := g.Rows, g.Cols
		n := d + 1
		z := func(i int) []float64 { return g.Data[i*g.Stride : i*g.Stride+d] }
		dot := func(v []float64, i int) float64 {
			s := v[d]
			for j, x := range z(i) {
				s += v[j] * x
			}
			return s
		}
		t := make([]float64, m)
		for i, v := range y {
			t[i] = 2*v - 1
		}
		obj := func(v []float64) float64 {
			f := 0.0
			for _, a := range v {
				f += a * a / 2
			}
			for i := 0; i < m; i++ {
				if r := 1 - t[i]*dot(v, i); r > 0 {
					f += C * r * r
				}
			}
			return f
		}
		v := make([]float64, n)
		grad := make([]float64, n)
		for it := 0; it < 200; it++ {
			H := mat.NewSymDense(n, nil)
			copy(grad, v)
			for j := 0; j < n; j++ {
				H.SetSym(j, j, 1)
			}
			for i := 0; i < m; i++ {
				f := dot(v, i)
				if t[i]*f >= 1 {
					continue
				}
				zi := append(append([]float64(nil), z(i)...), 1)
				for a := 0; a < n; a++ {
					grad[a] += 2 * C * (f - t[i]) * zi[a]
					for b := a; b < n; b++ {
						H.SetSym(a, b, H.At(a, b)+2*C*zi[a]*zi[b])
					}
				}
			}
			gn := mat.Norm(mat.NewVecDense(n, grad), 2)
			if gn <= 1e-13*(1+mat.Norm(mat.NewVecDense(n, v), 2)) {
				break
			}
			var ch mat.Cholesky
			if !ch.Factorize(H) {
				return nil, featlab.Errorf(featlab.ErrNotConverged, "linearSVC: Hessian not positive definite")
			}
			var p mat.VecDense
			if err := ch.SolveVecTo(&p, mat.NewVecDense(n, grad)); err != nil {
				return nil, err
			}
			f0, slope := obj(v), -mat.Dot(&p, mat.NewVecDense(n, grad))
			next := make([]float64, n)
			for s := 1.0; s > 1e-12; s /= 2 {
				for a := range next {
					next[a] = v[a] - s*p.AtVec(a)
				}
				if obj(next) <= f0+1e-4*s*slope {
					break
				}
			}
			if slices.Equal(next, v) {
				break
			}
			copy(v, next)
		}
		return &svcModel{linear.Model{Coef: append([]float64(nil), v[:d]...), Intercept: v[d]}}, nil
	})
}

// svcModel is a fitted linearSVC: Coef for the importance, Predict the
// class labels 0 and 1 (1 where the decision value is positive, as
// liblinear).
type svcModel struct{ linear.Model }

func (s *svcModel) Predict(X mat.Matrix) ([]float64, error) {
	z, err := s.Model.Predict(X)
	for i, v := range z {
		z[i] = 0
		if v > 0 {
			z[i] = 1
		}
	}
	return z, err
}

func TestRFELinearSVCGolden(t *testing.T) {
	g := readGoldenMore(t)
	X, y := standardized(t, datasets.BreastCancer(), g.BreastColsum)
	for _, c := range g.SVCCoef {
		p, err := linearSVC(c.C).Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		lm := p.(*svcModel)
		for j, w := range c.Coef {
			if math.Abs(lm.Coef[j]-w) > 1e-7*(1+math.Abs(w)) {
				t.Errorf("C %v coef %d: %v, LinearSVC %v", c.C, j, lm.Coef[j], w)
			}
		}
		if math.Abs(lm.Intercept-c.Intercept) > 1e-7 {
			t.Errorf("C %v intercept %v, LinearSVC %v", c.C, lm.Intercept, c.Intercept)
		}
	}
	for _, c := range g.SVCRFE {
		r, err := RFE(X, y, RFEConfig{Learner: linearSVC(c.C), NFeatures: c.N, Step: c.Step})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Ranking, c.Ranking) {
			t.Errorf("C %v n %d step %v: ranking\n got %v\nwant %v", c.C, c.N, c.Step, r.Ranking, c.Ranking)
		}
	}
	if testing.Short() {
		return
	}
	folds := make([]validate.Fold, len(g.Folds))
	for f, fo := range g.Folds {
		folds[f] = validate.Fold{Train: fo.Train, Test: fo.Test}
	}
	c := g.SVCRFECV
	r, err := RFECV(X, y, RFECVConfig{Learner: linearSVC(c.C), Step: c.Step, MinFeatures: c.Min, Folds: folds})
	if err != nil {
		t.Fatal(err)
	}
	if r.NFeatures != c.NFeatures || !slices.Equal(r.Ranking, c.Ranking) {
		t.Errorf("RFECV: %d features, ranking %v; want %d, %v", r.NFeatures, r.Ranking, c.NFeatures, c.Ranking)
	}
	for k := range c.Mean {
		if k >= len(r.Mean) || math.Abs(r.Mean[k]-c.Mean[k]) > 1e-12 {
			t.Errorf("RFECV mean at size index %d: %v, want %v", k, r.Mean, c.Mean)
			break
		}
	}
}

// sklearnMultinomial is LogisticRegression(multi_class="multinomial", C):
// linear.Multinomial with Ridge, NoStandardize and lambda = 1/(C m).
func sklearnMultinomial(C float64) featlab.Learner {
	return featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		m, _ := X.Dims()
		return linear.Multinomial(X, y, linear.MultinomialConfig{Lambda: 1 / (C * float64(m)), Ridge: true, NoStandardize: true, Tol: 1e-10})
	})
}

func TestRFEMultinomialDigitsGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("digits RFE fits multinomial models on 1797 x 61")
	}
	g := readGoldenMore(t)
	ds := datasets.Digits()
	X0, y := standardized(t, &featlab.Dataset{X: matx.Cols(mat.DenseCopyOf(ds.X), g.DigitsCols), Y: ds.Y}, nil)
	c0 := g.DigitsCoef
	p, err := sklearnMultinomial(c0.C).Fit(X0, y)
	if err != nil {
		t.Fatal(err)
	}
	rows := p.(*linear.MultinomialResult).Coefficients()
	d := len(g.DigitsCols)
	for k := range rows {
		for j := 0; j < d; j++ {
			if w := c0.Coef[k*d+j]; math.Abs(rows[k][j]-w) > 1e-6*(1+math.Abs(w)) {
				t.Errorf("class %d coef %d: %v, sklearn %v", k, j, rows[k][j], w)
			}
		}
	}
	for _, c := range g.DigitsRFE {
		r, err := RFE(X0, y, RFEConfig{Learner: sklearnMultinomial(c.C), NFeatures: c.N, Step: c.Step})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Ranking, c.Ranking) {
			t.Errorf("C %v n %d step %v: ranking\n got %v\nwant %v", c.C, c.N, c.Step, r.Ranking, c.Ranking)
		}
	}
}
