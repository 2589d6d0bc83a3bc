package design

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

func randXY(seed uint64, m, d int, shift float64) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64()+shift*float64(j))
		}
		y[i] = r.NormFloat64()
	}
	return X, y
}

// centred returns X - 1 mean^T and y - mean(y), computed directly.
func centred(X *mat.Dense, y []float64) (*mat.Dense, []float64) {
	m, d := X.Dims()
	C := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		mu := mat.Sum(X.ColView(j)) / float64(m)
		for i := 0; i < m; i++ {
			C.Set(i, j, X.At(i, j)-mu)
		}
	}
	var my float64
	for _, v := range y {
		my += v
	}
	my /= float64(m)
	yc := make([]float64, m)
	for i, v := range y {
		yc[i] = v - my
	}
	return C, yc
}

func maxDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// TestProducts: every product of the design agrees with the same product
// on an explicitly centred copy, with and without intercept, for implicit
// centring and for the centred-copy fallback (means 1e5 sd away).
func TestProducts(t *testing.T) {
	for _, shift := range []float64{0, 3, 1e5} {
		for _, icpt := range []bool{false, true} {
			X, y := randXY(1, 37, 6, shift)
			ds, err := New(X, y, icpt)
			if err != nil {
				t.Fatal(err)
			}
			C, yc := X, y
			if icpt {
				C, yc = centred(X, y)
			}
			m, d := C.Dims()
			tol := 1e-9 * (1 + shift*shift)
			w := []float64{1, -2, 0, 0.5, 3, -1}
			got := make([]float64, m)
			ds.MulVec(got, w)
			want := make([]float64, m)
			mat.NewVecDense(m, want).MulVec(C, mat.NewVecDense(d, w))
			if e := maxDiff(got, want); e > tol*10 {
				t.Errorf("shift %v icpt %v: MulVec off by %v", shift, icpt, e)
			}
			gt := make([]float64, d)
			ds.MulTVec(gt, yc)
			wt := make([]float64, d)
			mat.NewVecDense(d, wt).MulVec(C.T(), mat.NewVecDense(m, yc))
			if e := maxDiff(gt, wt); e > tol*10 || maxDiff(ds.XtY, wt) > tol*10 {
				t.Errorf("shift %v icpt %v: MulTVec/XtY off by %v", shift, icpt, e)
			}
			var G mat.Dense
			G.Mul(C.T(), C)
			cols := [][]float64{make([]float64, d), make([]float64, d)}
			var buf []float64
			ds.GramCols(cols, []int{4, 1}, &buf)
			one := make([]float64, d)
			ds.GramCol(one, 4, make([]float64, m))
			for b, j := range []int{4, 1} {
				if e := maxDiff(cols[b], mat.Col(nil, j, &G)); e > tol*100*float64(m) {
					t.Errorf("shift %v icpt %v: Gram column %d off by %v", shift, icpt, j, e)
				}
				if math.Abs(ds.Norm2[j]-G.At(j, j)) > tol*100*float64(m) {
					t.Errorf("norm2[%d] = %v, want %v", j, ds.Norm2[j], G.At(j, j))
				}
			}
			if e := maxDiff(one, cols[0]); e > tol*100*float64(m) {
				t.Errorf("GramCol and GramCols differ by %v", e)
			}
			col := make([]float64, m)
			ds.Column(col, 2)
			if e := maxDiff(col, mat.Col(nil, 2, C)); e > tol {
				t.Errorf("Column off by %v", e)
			}
			cc := ds.Columns()
			if e := maxDiff(cc.Col(2), col); e != 0 {
				t.Errorf("Columns.Col differs from Column by %v", e)
			}
			cf := ds.Columns()
			cf.Fill()
			for j := 0; j < d; j++ {
				ds.Column(col, j)
				if e := maxDiff(cf.Col(j), col); e != 0 {
					t.Errorf("Columns.Fill column %d differs by %v", j, e)
				}
			}
			r := make([]float64, m)
			rr := ds.Residual(r, w)
			var want2 float64
			for i := range r {
				e := yc[i] - want[i]
				want2 += e * e
				if math.Abs(r[i]-e) > tol*10 {
					t.Fatalf("residual %d: %v vs %v", i, r[i], e)
				}
			}
			if math.Abs(rr-want2) > 1e-9*want2 {
				t.Errorf("||r||^2 = %v, want %v", rr, want2)
			}
			// Lipschitz: the largest eigenvalue of C^T C.
			var es mat.EigenSym
			es.Factorize(mat.NewSymDense(d, G.RawMatrix().Data), false)
			vals := es.Values(nil)
			if L := ds.Lipschitz(); math.Abs(L-vals[d-1]) > 1e-9*vals[d-1] {
				t.Errorf("Lipschitz %v, want %v", L, vals[d-1])
			}
		}
	}
}

// TestPowerIteration agrees with an eigendecomposition on a random PSD
// matrix (the path Lipschitz takes for min(m, d) > 500).
func TestPowerIteration(t *testing.T) {
	X, _ := randXY(3, 50, 8, 0)
	var G mat.Dense
	G.Mul(X.T(), X)
	lam := PowerIteration(8, func(dst, v []float64) {
		mat.NewVecDense(8, dst).MulVec(&G, mat.NewVecDense(8, v))
	}, 1e-14, 100000)
	var es mat.EigenSym
	es.Factorize(mat.NewSymDense(8, G.RawMatrix().Data), false)
	vals := es.Values(nil)
	if math.Abs(lam-vals[7]) > 1e-8*vals[7] {
		t.Errorf("power iteration %v, eigen %v", lam, vals[7])
	}
}

// TestConstantAndErrors: a constant column has norm exactly 0 and is
// listed; bad input is an error with the right sentinel.
func TestConstantAndErrors(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 7, 2, 7, 3, 7, 5, 7})
	ds, err := New(X, []float64{1, 2, 3, 4}, true)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Norm2[1] != 0 || len(ds.Constant()) != 1 || ds.Constant()[0] != 1 {
		t.Errorf("constant column: norm %v, constant %v", ds.Norm2[1], ds.Constant())
	}
	if _, err := New(X, []float64{1, 2}, false); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	X.Set(2, 0, math.NaN())
	if _, err := New(X, []float64{1, 2, 3, 4}, false); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := New(mat.NewDense(1, 1, nil), []float64{math.Inf(1)}, false); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("Inf target: %v", err)
	}
}
