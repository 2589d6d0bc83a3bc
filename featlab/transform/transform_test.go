package transform

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// randMatrix returns an m x d matrix with entries offset + scale N(0, 1)
// per column (scale j+1, offset 3j), from a fixed seed.
func randMatrix(m, d int, seed uint64) *mat.Dense {
	r := rand.New(rand.NewPCG(seed, 7))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, 3*float64(j)+float64(j+1)*r.NormFloat64())
		}
	}
	return X
}

// all returns a fresh instance of every transformer, each with a
// configuration valid on any finite data (Log gets a large offset).
func all() map[string]featlab.Transformer {
	return map[string]featlab.Transformer{
		"Center":        &Center{},
		"Standardize":   &Standardize{},
		"StandardizeS":  &Standardize{Sample: true},
		"UnitRange":     &UnitRange{Min: -2, Max: 2},
		"MaxAbs":        &MaxAbs{},
		"Clip":          &Clip{B: 1.5},
		"ClipSmall":     &Clip{B: 0.5, Mode: ClipSmall},
		"ClipBelow":     &Clip{B: 0, Mode: ClipBelow},
		"Sigmoid":       &Sigmoid{B: 2},
		"Log":           &Log{B: 1e3},
		"RowNormalize":  &RowNormalize{Norm: L1},
		"MeanNormScale": &MeanNormScale{},
		"OneHot":        &OneHot{Unknown: UnknownIgnore},
		"Polynomial":    &Polynomial{Degree: 3},
		"Pipeline":      &Pipeline{Steps: []featlab.Transformer{&Log{B: 1e3}, &Standardize{}, &Polynomial{InteractionOnly: true}}},
	}
}

func TestNotFittedAndShape(t *testing.T) {
	X := randMatrix(10, 3, 1)
	for name, tr := range all() {
		if _, err := tr.Transform(X); !errors.Is(err, featlab.ErrNotFitted) {
			t.Errorf("%s: Transform before Fit: %v, want ErrNotFitted", name, err)
		}
		if inv, ok := tr.(featlab.InverseTransformer); ok {
			if _, err := inv.InverseTransform(X); !errors.Is(err, featlab.ErrNotFitted) {
				t.Errorf("%s: InverseTransform before Fit: %v, want ErrNotFitted", name, err)
			}
		}
		if nm, ok := tr.(featlab.Namer); ok {
			if _, err := nm.OutputNames(nil); !errors.Is(err, featlab.ErrNotFitted) {
				t.Errorf("%s: OutputNames before Fit: %v, want ErrNotFitted", name, err)
			}
		}
		if err := tr.Fit(X); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := tr.Transform(randMatrix(4, 2, 2)); !errors.Is(err, featlab.ErrShape) {
			t.Errorf("%s: 2 columns after fitting 3: %v, want ErrShape", name, err)
		}
		if _, err := tr.Transform(&mat.Dense{}); !errors.Is(err, featlab.ErrEmpty) {
			t.Errorf("%s: empty matrix: %v, want ErrEmpty", name, err)
		}
		if err := tr.Fit(nil); !errors.Is(err, featlab.ErrEmpty) {
			t.Errorf("%s: Fit(nil): %v, want ErrEmpty", name, err)
		}
	}
}

func TestNotFiniteNamesCell(t *testing.T) {
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for name, tr := range all() {
			X := randMatrix(12, 3, 3)
			X.Set(7, 2, bad)
			err := tr.Fit(X)
			var ce *CellError
			if !errors.Is(err, featlab.ErrNotFinite) || !errors.As(err, &ce) || ce.Row != 7 || ce.Col != 2 {
				t.Errorf("%s: Fit with %v at (7, 2): %v", name, bad, err)
			}
			if err := tr.Fit(randMatrix(12, 3, 3)); err != nil {
				t.Fatal(err)
			}
			Y := randMatrix(5, 3, 4)
			Y.Set(3, 1, bad)
			_, err = tr.Transform(Y)
			ce = nil
			if !errors.Is(err, featlab.ErrNotFinite) || !errors.As(err, &ce) || ce.Row != 3 || ce.Col != 1 {
				t.Errorf("%s: Transform with %v at (3, 1): %v", name, bad, err)
			}
		}
	}
}

func TestLogDomain(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{0, 1, 2, 3, 4, 5})
	l := &Log{B: 0.5}
	if err := l.Fit(X); err != nil {
		t.Fatal(err)
	}
	// b + f = 0.5 - 0.5 = 0 at row 1, column 0.
	Y := mat.NewDense(2, 2, []float64{1, 1, -0.5, 1})
	_, err := l.Transform(Y)
	var ce *CellError
	if !errors.Is(err, featlab.ErrParam) || !errors.As(err, &ce) || ce.Row != 1 || ce.Col != 0 {
		t.Fatalf("Transform: %v, want ErrParam at row 1, column 0", err)
	}
	// The same check at fit time.
	err = (&Log{B: 0.5}).Fit(Y)
	if !errors.Is(err, featlab.ErrParam) || !errors.As(err, &ce) || ce.Row != 1 || ce.Col != 0 {
		t.Fatalf("Fit: %v, want ErrParam at row 1, column 0", err)
	}
	if err := (&Log{}).Fit(mat.NewDense(1, 1, []float64{-1})); !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("log(1 + (-1)): %v", err)
	}
}

func TestBadParams(t *testing.T) {
	X := randMatrix(5, 2, 1)
	for name, tr := range map[string]featlab.Transformer{
		"Clip B<0":          &Clip{B: -1},
		"ClipSmall B<0":     &Clip{B: -1, Mode: ClipSmall},
		"Clip NaN":          &Clip{B: math.NaN()},
		"ClipBelow Inf":     &Clip{B: math.Inf(1), Mode: ClipBelow},
		"Clip mode":         &Clip{Mode: 9},
		"Sigmoid B<0":       &Sigmoid{B: -2},
		"Log B<0":           &Log{B: -1},
		"Log B=Inf":         &Log{B: math.Inf(1)},
		"UnitRange empty":   &UnitRange{Min: 1, Max: 1},
		"UnitRange reverse": &UnitRange{Min: 1, Max: -1},
		"UnitRange NaN":     &UnitRange{Min: math.NaN(), Max: 1},
		"Polynomial -1":     &Polynomial{Degree: -1},
		"RowNormalize norm": &RowNormalize{Norm: 7},
		"MeanNormScale":     &MeanNormScale{Norm: -1},
		"OneHot policy":     &OneHot{Unknown: 5},
		"Pipeline empty":    &Pipeline{},
		"Pipeline nil step": &Pipeline{Steps: []featlab.Transformer{nil}},
	} {
		if err := tr.Fit(X); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v, want ErrParam", name, err)
		}
	}
	// C(30 + 12, 12) > 10^10 columns.
	if err := (&Polynomial{Degree: 12}).Fit(randMatrix(2, 30, 1)); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("huge polynomial: %v, want ErrParam", err)
	}
}

// A constant feature maps to 0 under unit range and standardization, and
// an all-zero one under MaxAbs: never NaN.
func TestConstantFeature(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{5, 1, 5, 2, 5, 3, 5, 4})
	for name, tr := range map[string]featlab.Transformer{
		"UnitRange": &UnitRange{}, "Standardize": &Standardize{}, "Center": &Center{},
	} {
		out, err := FitTransform(tr, X)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 4; i++ {
			if out.At(i, 0) != 0 {
				t.Errorf("%s: constant column maps to %v at row %d, want 0", name, out.At(i, 0), i)
			}
		}
	}
	// The four ranges all contain 0: a constant maps to 0 in each.
	// A range without 0 sends it to Min.
	for _, r := range [][3]float64{{0, 1, 0}, {-1, 1, 0}, {0, 7, 0}, {-3, 3, 0}, {2, 5, 2}, {-5, -2, -5}} {
		out, _ := FitTransform(&UnitRange{Min: r[0], Max: r[1]}, X)
		if out.At(0, 0) != r[2] {
			t.Errorf("UnitRange [%v, %v]: constant maps to %v, want %v", r[0], r[1], out.At(0, 0), r[2])
		}
		if out.At(3, 1) != r[1] {
			t.Errorf("UnitRange [%v, %v]: the maximum maps to %v, want Max", r[0], r[1], out.At(3, 1))
		}
	}
	Z := mat.NewDense(3, 1, nil)
	out, _ := FitTransform(&MaxAbs{}, Z)
	if out.At(1, 0) != 0 {
		t.Errorf("MaxAbs all-zero column: %v", out.At(1, 0))
	}
	// A nearly constant column, as in scikit-learn's test: 1e6 + tiny
	// rounding-level noise, is treated as constant.
	N := mat.NewDense(3, 1, []float64{1e6, 1e6 + 1.1641532182693481e-10, 1e6})
	s := &Standardize{}
	if err := s.Fit(N); err != nil {
		t.Fatal(err)
	}
	if s.Scale()[0] != 1 {
		t.Errorf("near-constant column: scale %v, want 1", s.Scale()[0])
	}
}

func colStats(X mat.Matrix, j int) (mean, variance, lo, hi float64) {
	r, _ := X.Dims()
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := 0; i < r; i++ {
		v := X.At(i, j)
		mean += v
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	mean /= float64(r)
	for i := 0; i < r; i++ {
		variance += (X.At(i, j) - mean) * (X.At(i, j) - mean)
	}
	return mean, variance / float64(r), lo, hi
}

// Fitted on training data, each scaling maps it exactly as documented.
func TestTrainingProperties(t *testing.T) {
	X := randMatrix(200, 4, 11)
	st, _ := FitTransform(&Standardize{}, X)
	ce, _ := FitTransform(&Center{}, X)
	for _, rg := range [][2]float64{{0, 1}, {-1, 1}, {0, 4}, {-4, 4}} {
		u, _ := FitTransform(&UnitRange{Min: rg[0], Max: rg[1]}, X)
		for j := 0; j < 4; j++ {
			_, _, lo, hi := colStats(u, j)
			if math.Abs(lo-rg[0]) > 1e-14 || math.Abs(hi-rg[1]) > 1e-14 {
				t.Errorf("UnitRange %v column %d: range [%v, %v]", rg, j, lo, hi)
			}
		}
	}
	ma, _ := FitTransform(&MaxAbs{}, X)
	for j := 0; j < 4; j++ {
		mean, v, _, _ := colStats(st, j)
		if math.Abs(mean) > 1e-14 || math.Abs(v-1) > 1e-13 {
			t.Errorf("Standardize column %d: mean %v variance %v", j, mean, v)
		}
		if mean, _, _, _ := colStats(ce, j); math.Abs(mean) > 1e-13 {
			t.Errorf("Center column %d: mean %v", j, mean)
		}
		_, _, lo, hi := colStats(ma, j)
		if math.Max(-lo, hi) != 1 {
			t.Errorf("MaxAbs column %d: max |f| = %v", j, math.Max(-lo, hi))
		}
	}
	// Test data is mapped with the training parameters, not its own.
	s := &Standardize{}
	_ = s.Fit(X)
	T := randMatrix(50, 4, 12)
	tt, _ := s.Transform(T)
	for j := 0; j < 4; j++ {
		mean, _, _, _ := colStats(T, j)
		want := (mean - s.Mean()[j]) / s.Scale()[j]
		if got, _, _, _ := colStats(tt, j); math.Abs(got-want) > 1e-12 {
			t.Errorf("test column %d: mean %v, want (test mean - train mean)/train scale = %v", j, got, want)
		}
	}
}

func TestClipProperties(t *testing.T) {
	X := randMatrix(100, 3, 5)
	out, _ := FitTransform(&Clip{B: 2}, X)
	r, c := X.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v, w := X.At(i, j), out.At(i, j)
			if math.Abs(w) > 2 || (math.Abs(v) <= 2 && w != v) || math.Signbit(v) != math.Signbit(w) {
				t.Fatalf("clip(%v) = %v", v, w)
			}
		}
	}
	small, _ := FitTransform(&Clip{B: 2, Mode: ClipSmall}, mat.NewDense(1, 4, []float64{0, -0.5, 3, 1}))
	if !mat.Equal(small, mat.NewDense(1, 4, []float64{0, -2, 3, 2})) {
		t.Errorf("ClipSmall: %v", mat.Formatted(small))
	}
}

func TestSigmoidConventions(t *testing.T) {
	X := mat.NewDense(1, 3, []float64{-1, 0, 2})
	inc, _ := FitTransform(&Sigmoid{B: 3}, X)
	dec, _ := FitTransform(&Sigmoid{B: 3, Decreasing: true}, X)
	for j := 0; j < 3; j++ {
		f := X.At(0, j)
		if w := 1 / (1 + math.Exp(-3*f)); inc.At(0, j) != w {
			t.Errorf("increasing sigmoid(%v) = %v, want %v", f, inc.At(0, j), w)
		}
		if math.Abs(inc.At(0, j)+dec.At(0, j)-1) > 1e-15 {
			t.Errorf("s_inc + s_dec != 1 at %v", f)
		}
	}
	if inc.At(0, 1) != 0.5 || !(inc.At(0, 2) > inc.At(0, 0)) {
		t.Errorf("sigmoid not centred or not increasing: %v", mat.Formatted(inc))
	}
	// Saturated values have no inverse.
	s := &Sigmoid{}
	_ = s.Fit(X)
	if _, err := s.InverseTransform(mat.NewDense(1, 3, []float64{0.5, 1, 0.2})); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("inverse of 1: %v", err)
	}
}

func TestRoundTrip(t *testing.T) {
	X := randMatrix(60, 4, 8)
	pos := mat.NewDense(60, 4, nil)
	pos.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, X)
	for name, c := range map[string]struct {
		tr featlab.InverseTransformer
		X  *mat.Dense
	}{
		"Center":        {&Center{}, X},
		"Standardize":   {&Standardize{}, X},
		"UnitRange":     {&UnitRange{Min: -3, Max: 0.5}, X},
		"MaxAbs":        {&MaxAbs{}, X},
		"Sigmoid":       {&Sigmoid{B: 0.3}, X},
		"Log":           {&Log{}, pos},
		"Log b=2":       {&Log{B: 2}, pos},
		"MeanNormScale": {&MeanNormScale{Norm: L1}, X},
		"Pipeline":      {&Pipeline{Steps: []featlab.Transformer{&Log{}, &Standardize{}, &UnitRange{}}}, pos},
	} {
		out, err := FitTransform(c.tr, c.X)
		if err != nil {
			t.Fatal(err)
		}
		back, err := c.tr.InverseTransform(out)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(back, c.X, 1e-12) {
			t.Errorf("%s: inverse(transform(X)) != X", name)
		}
	}
	p := &Pipeline{Steps: []featlab.Transformer{&Standardize{}, &Clip{}}}
	_ = p.Fit(X)
	if _, err := p.InverseTransform(X); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("pipeline with Clip inverse: %v, want ErrParam", err)
	}
}

func TestRowNormalize(t *testing.T) {
	X := randMatrix(30, 5, 9)
	X.SetRow(4, make([]float64, 5))
	for _, n := range []Norm{L1, L2, LInf} {
		out, _ := FitTransform(&RowNormalize{Norm: n}, X)
		norms, _ := Norms(out, n)
		for i, v := range norms {
			want := 1.0
			if i == 4 {
				want = 0 // a zero row stays zero
			}
			if math.Abs(v-want) > 1e-14 {
				t.Errorf("%v: row %d has norm %v", n, i, v)
			}
		}
		// Invariant to the size of the object: 7x maps to the same row.
		Y := mat.DenseCopyOf(X)
		Y.Scale(7, Y)
		out2, _ := FitTransform(&RowNormalize{Norm: n}, Y)
		if !mat.EqualApprox(out, out2, 1e-15) {
			t.Errorf("%v: not scale invariant", n)
		}
	}
	// Remark 25.5: the average training norm becomes 1.
	for _, n := range []Norm{L1, L2, LInf} {
		s := &MeanNormScale{Norm: n}
		out, _ := FitTransform(s, X)
		norms, _ := Norms(out, n)
		avg := 0.0
		for _, v := range norms {
			avg += v
		}
		if avg /= float64(len(norms)); math.Abs(avg-1) > 1e-14 {
			t.Errorf("MeanNormScale %v: average norm %v", n, avg)
		}
	}
	// An l2 norm whose square overflows is still right.
	big, _ := Norms(mat.NewDense(1, 2, []float64{3e200, 4e200}), L2)
	if math.Abs(big[0]-5e200) > 1e186 {
		t.Errorf("overflow-safe l2 norm: %v", big[0])
	}
}

func TestOneHotMatrix(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{2, 0, 1, 0, 2, 5, 3, 5})
	oh := &OneHot{}
	out, err := FitTransform(oh, X)
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(4, 5, []float64{
		0, 1, 0, 1, 0,
		1, 0, 0, 1, 0,
		0, 1, 0, 0, 1,
		0, 0, 1, 0, 1,
	})
	if !mat.Equal(out, want) {
		t.Fatalf("one-hot:\n%v", mat.Formatted(out))
	}
	names, _ := oh.OutputNames([]string{"size", "n"})
	if got := names[0] + " " + names[4]; got != "size=1 n=5" {
		t.Errorf("names %v", names)
	}
	_, err = oh.Transform(mat.NewDense(1, 2, []float64{4, 0}))
	if !errors.Is(err, ErrUnknownCategory) {
		t.Errorf("unseen category: %v", err)
	}
	ig := &OneHot{Unknown: UnknownIgnore}
	_ = ig.Fit(X)
	out, err = ig.Transform(mat.NewDense(1, 2, []float64{4, 0}))
	if err != nil || !mat.Equal(out, mat.NewDense(1, 5, []float64{0, 0, 0, 1, 0})) {
		t.Errorf("ignored unseen category: %v %v", err, out)
	}
}

func TestPolynomialCounts(t *testing.T) {
	// C(d + k, k) monomials of degree <= k; sum_{i<=k} C(d, i) with
	// interactions only.
	binom := func(n, k int) int {
		if k < 0 || k > n {
			return 0
		}
		c := 1
		for i := 1; i <= k; i++ {
			c = c * (n - k + i) / i
		}
		return c
	}
	X := randMatrix(3, 6, 1)
	for k := 1; k <= 4; k++ {
		p := &Polynomial{Degree: k}
		_ = p.Fit(X)
		if p.NumOutputs() != binom(6+k, k) {
			t.Errorf("degree %d: %d columns, want %d", k, p.NumOutputs(), binom(6+k, k))
		}
		q := &Polynomial{Degree: k, InteractionOnly: true, NoBias: true}
		_ = q.Fit(X)
		want := 0
		for i := 1; i <= k; i++ {
			want += binom(6, i)
		}
		if q.NumOutputs() != want {
			t.Errorf("interactions degree %d: %d columns, want %d", k, q.NumOutputs(), want)
		}
	}
	p := &Polynomial{Degree: 3}
	_ = p.Fit(randMatrix(2, 3, 1))
	names, _ := p.OutputNames(nil)
	if names[0] != "1" || names[len(names)-1] != "x3^3" || names[12] != "x1^2*x3" {
		t.Errorf("names %v", names)
	}
}

// Results do not depend on the number of cores.
func TestParallelDeterministic(t *testing.T) {
	X := randMatrix(20000, 7, 3)
	run := func() []*mat.Dense {
		var outs []*mat.Dense
		for _, tr := range []featlab.Transformer{&Standardize{}, &Center{}, &UnitRange{}, &MaxAbs{}, &Polynomial{}, &RowNormalize{}} {
			o, err := FitTransform(tr, X)
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, o)
		}
		return outs
	}
	many := run()
	old := runtime.GOMAXPROCS(1)
	one := run()
	runtime.GOMAXPROCS(old)
	for k := range many {
		if !mat.Equal(many[k], one[k]) {
			t.Errorf("transformer %d: results differ between 1 and %d cores", k, old)
		}
	}
}

func TestPipelineNames(t *testing.T) {
	p := &Pipeline{Steps: []featlab.Transformer{&Standardize{}, &Polynomial{Degree: 2, NoBias: true}}}
	X := randMatrix(10, 2, 4)
	out, err := FitTransform(p, X)
	if err != nil {
		t.Fatal(err)
	}
	names, _ := p.OutputNames([]string{"a", "b"})
	if _, c := out.Dims(); c != 5 || len(names) != 5 || names[3] != "a*b" {
		t.Errorf("pipeline names %v (%d columns)", names, c)
	}
	// Each step is fitted on the previous step's output: the polynomial
	// features of the standardized data.
	s, _ := FitTransform(&Standardize{}, X)
	want, _ := FitTransform(&Polynomial{Degree: 2, NoBias: true}, s)
	if !mat.Equal(out, want) {
		t.Error("pipeline != step by step")
	}
	// Errors carry the step and still unwrap.
	_, err = FitTransform(&Pipeline{Steps: []featlab.Transformer{&Standardize{}, &Log{B: 0.1}}}, X)
	if !errors.Is(err, featlab.ErrParam) {
		t.Errorf("log of standardized data with b = 0.1: %v", err)
	}
}

// Rows whose squares underflow are not zero rows: RowNormalize still gives
// them unit norm and MeanNormScale still maps the average norm to 1, at
// every scale (issue 9: both turned such rows into zeros).
func TestRowNormsAtExtremeScales(t *testing.T) {
	X := randMatrix(20, 4, 3)
	for _, c := range []float64{1e-160, 1e-200, 1e-300, 1e-310, 1e200, 1e300} {
		Y := mat.DenseCopyOf(X)
		Y.Scale(c, Y)
		tiny, _ := Norms(mat.NewDense(1, 2, []float64{3 * c, 4 * c}), L2)
		if math.Abs(tiny[0]-5*c) > 1e-12*5*c {
			t.Errorf("scale %g: l2 norm of (3c, 4c) = %v, want %v", c, tiny[0], 5*c)
		}
		for _, n := range []Norm{L1, L2, LInf} {
			out, err := FitTransform(&RowNormalize{Norm: n}, Y)
			if err != nil {
				t.Fatalf("scale %g, %v: %v", c, n, err)
			}
			ref, _ := FitTransform(&RowNormalize{Norm: n}, X)
			if !mat.EqualApprox(out, ref, 1e-12) {
				t.Errorf("scale %g, %v: RowNormalize differs from the unscaled rows", c, n)
			}
			s := &MeanNormScale{Norm: n}
			out, err = FitTransform(s, Y)
			if err != nil {
				t.Fatalf("scale %g, %v: MeanNormScale: %v", c, n, err)
			}
			ref, _ = FitTransform(&MeanNormScale{Norm: n}, X)
			// subnormal inputs (1e-310) carry only about 14 digits
			if !mat.EqualApprox(out, ref, 1e-9) {
				t.Errorf("scale %g, %v: MeanNormScale differs from the unscaled result (factor %v)", c, n, s.Factor())
			}
		}
	}
}
