package synth

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestSensingGenerators(t *testing.T) {
	s, err := SparseVector(50, 7, 3)
	if err != nil {
		t.Fatal(err)
	}
	nz := 0
	for _, v := range s {
		if v != 0 {
			nz++
			if math.Abs(v) < 0.5 {
				t.Errorf("small nonzero %g", v)
			}
		}
	}
	if nz != 7 {
		t.Errorf("%d nonzeros", nz)
	}
	if _, err := SparseVector(5, 6, 1); err == nil {
		t.Error("k > m accepted")
	}
	img := BlockDigit()
	if len(img) != 1024 {
		t.Fatal(len(img))
	}
	M, I, J, V, err := LowRank(LowRankConfig{Rows: 40, Cols: 30, Rank: 3, Fraction: 0.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var svd mat.SVD
	svd.Factorize(M, mat.SVDNone)
	sv := svd.Values(nil)
	if sv[3] > 1e-10*sv[0] || sv[2] < 1e-3*sv[0] {
		t.Errorf("rank not 3: %v", sv[:5])
	}
	for t2, v := range V {
		if M.At(I[t2], J[t2]) != v {
			t.Fatal("triple does not match")
		}
	}
	if f := float64(len(V)) / 1200; f < 0.4 || f > 0.6 {
		t.Errorf("fraction %g", f)
	}
	table, full, _, books, genres := BookRatings()
	if len(books) != 5 || len(genres) != 5 {
		t.Fatal()
	}
	for i := 0; i < 4; i++ {
		rowNaN := false
		for j := 0; j < 5; j++ {
			if v := table.At(i, j); math.IsNaN(v) {
				rowNaN = true
			} else if v != full.At(i, j) {
				t.Errorf("table and full differ at %d,%d", i, j)
			}
		}
		if !rowNaN || full.At(i, 0) != full.At(i, 1) || full.At(i, 2) != full.At(i, 3) {
			t.Errorf("reader %d", i)
		}
	}
}
