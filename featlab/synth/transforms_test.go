package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

func TestRidgeScaleSample(t *testing.T) {
	ds, err := RidgeScale(2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := RidgeScale(2000, 1)
	if !mat.Equal(ds.X, again.X) {
		t.Fatal("same seed, different data")
	}
	seen := map[[2]float64]int{}
	for i, y := range ds.Y {
		x1, x2 := ds.X.At(i, 0), ds.X.At(i, 1)
		if (y != 1 && y != -1) || x2 != 1e-4*y || math.Abs(x1-y) != 0.5 {
			t.Fatalf("row %d: x = (%v, %v), y = %v", i, x1, x2, y)
		}
		seen[[2]float64{x1, y}]++
	}
	// Four equally likely (x1, y) pairs: 500 expected each, sd ~19.
	for k, n := range seen {
		if len(seen) != 4 || math.Abs(float64(n)-500) > 100 {
			t.Errorf("pair %v seen %d times of 2000", k, n)
		}
	}
}

func TestRidgeScalePopulation(t *testing.T) {
	// The text's numbers (section 25.2): L_D(w*) = 0 with w* = [0; 10^4],
	// ||w*||^2 = 10^8; L_D([1; 0]) = 0.25 (the "0.25 + lambda").
	ws, _ := RidgeScaleWStar(nil)
	if ws[0] != 0 || ws[1] != 1e4 || ws[1]*ws[1] != 1e8 {
		t.Errorf("w* = %v", ws)
	}
	if r, _ := RidgeScaleRisk(ws, nil); r > 1e-15 {
		t.Errorf("L_D(w*) = %v", r)
	}
	if r, _ := RidgeScaleRisk([]float64{1, 0}, nil); math.Abs(r-0.25) > 1e-15 {
		t.Errorf("L_D([1; 0]) = %v, want 0.25", r)
	}
	// Ridge objectives at the two points are equal at RidgeScaleSwitch.
	l := RidgeScaleSwitch
	if a, b := l*1e8, 0.25+l; math.Abs(a-b) > 1e-15 {
		t.Errorf("objectives at the switch: %v vs %v", a, b)
	}
	if math.Abs(RidgeScaleSwitch-0.25e-8) > 2e-8*0.25e-8 { // 0.25/(1e8-1) = 0.25e-8 (1 + 1e-8 + ...)
		t.Errorf("switch %v, text: about 0.25 x 10^-8", RidgeScaleSwitch)
	}
	// After dividing by the maxima (1.5, 10^-4): w* = [0; 1], ||w*||^2 = 1.
	norm := []float64{1.5, 1e-4}
	ws, _ = RidgeScaleWStar(norm)
	if ws[0] != 0 || ws[1] != 1 {
		t.Errorf("normalized w* = %v", ws)
	}
	if r, _ := RidgeScaleRisk(ws, norm); r > 1e-15 {
		t.Errorf("normalized L_D(w*) = %v", r)
	}
	// Population ridge at lambda = 0 is w*.
	w0, _ := RidgeScalePopulation(0, nil)
	if math.Abs(w0[0]) > 1e-12 || math.Abs(w0[1]-1e4) > 1e-6 {
		t.Errorf("ridge at 0: %v", w0)
	}
	// It solves (C + lambda I) w = b.
	for _, lam := range []float64{1e-10, RidgeScaleSwitch, 1e-3, 1} {
		for _, sc := range [][]float64{nil, norm} {
			w, _ := RidgeScalePopulation(lam, sc)
			C, b, _ := RidgeScaleMoments(sc)
			for k := 0; k < 2; k++ {
				r := (C[k][0]+lam*b2f(k == 0))*w[0] + (C[k][1]+lam*b2f(k == 1))*w[1] - b[k]
				if math.Abs(r) > 1e-12*math.Max(1, math.Abs(b[k])) {
					t.Errorf("lambda %v scale %v: residual %v", lam, sc, r)
				}
			}
		}
	}
	if _, err := RidgeScalePopulation(-1, nil); !errors.Is(err, featlab.ErrParam) {
		t.Error("negative lambda accepted")
	}
	if _, err := RidgeScaleRisk([]float64{1, 2}, []float64{0, 1}); !errors.Is(err, featlab.ErrParam) {
		t.Error("zero scale accepted")
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func TestClipExample(t *testing.T) {
	ds, err := ClipExample(100000, 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	big := 0
	for i, y := range ds.Y {
		x := ds.X.At(i, 0)
		switch x {
		case y:
		case 10 * y:
			big++
		default:
			t.Fatalf("row %d: x = %v, y = %v", i, x, y)
		}
	}
	// P(x = a y) = 1/a = 0.1: 10000 expected, sd 95.
	if math.Abs(float64(big)-10000) > 500 {
		t.Errorf("%d large values of 100000", big)
	}
	// The text's w* = (2a - 1)/(a^2 + a - 1) is E[xy]/E[x^2] of the
	// two-point distribution, and L_D(w*) >= 0.48 at a = 100.
	for _, a := range []float64{1.5, 2, 10, 100, 1e4} {
		w, risk, _ := ClipExampleOptimum(a, math.Inf(1))
		exy := (1 - 1/a) + a/a
		ex2 := (1 - 1/a) + a*a/a
		if math.Abs(w-exy/ex2) > 1e-15 {
			t.Errorf("a = %v: w* = %v, E[xy]/E[x^2] = %v", a, w, exy/ex2)
		}
		// w* minimises: the risk is larger on both sides.
		for _, dw := range []float64{-1e-4, 1e-4} {
			if r, _ := ClipExampleRisk(a, math.Inf(1), w+dw); r <= risk {
				t.Errorf("a = %v: risk(w* %+g) = %v <= %v", a, dw, r, risk)
			}
		}
		// Clipping at 1 makes x = y: w* = 1 and zero risk.
		wc, rc, _ := ClipExampleOptimum(a, 1)
		if wc != 1 || rc != 0 {
			t.Errorf("a = %v clipped: w* = %v, L_D = %v", a, wc, rc)
		}
	}
	w, risk, _ := ClipExampleOptimum(100, math.Inf(1))
	if w != 199.0/10099 || !(risk >= 0.48) || math.Abs(risk-0.48039360332706216) > 1e-15 {
		// 0.48039360332706216: numpy, (1-1/a)/2 (w-1)^2 + (1/a)/2 (a w - 1)^2.
		t.Errorf("a = 100: w* = %v, L_D(w*) = %v", w, risk)
	}
	// L_D(w*) -> 1/2 as a grows.
	if _, r, _ := ClipExampleOptimum(1e8, math.Inf(1)); math.Abs(r-0.5) > 1e-7 {
		t.Errorf("a = 1e8: L_D(w*) = %v", r)
	}
	for _, bad := range []float64{1, 0.5, math.Inf(1), math.NaN()} {
		if _, err := ClipExample(10, bad, 1); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("a = %v accepted", bad)
		}
	}
	if _, _, err := ClipExampleOptimum(10, 0); !errors.Is(err, featlab.ErrParam) {
		t.Error("b = 0 accepted")
	}
}

func TestDocuments(t *testing.T) {
	ds, err := Documents(400, 5)
	if err != nil {
		t.Fatal(err)
	}
	m, d := ds.Dims()
	if d != 6 || m != 400 {
		t.Fatalf("dims %d x %d", m, d)
	}
	minL, maxL := math.Inf(1), 0.0
	for i := 0; i < m; i++ {
		L := 0.0
		for _, v := range ds.X.RawRowView(i) {
			if v < 0 || v != math.Trunc(v) {
				t.Fatalf("count %v", v)
			}
			L += v
		}
		minL, maxL = math.Min(minL, L), math.Max(maxL, L)
	}
	if minL < 10 || maxL > 1000 || maxL/minL < 20 {
		t.Errorf("lengths in [%v, %v]", minL, maxL)
	}
}
