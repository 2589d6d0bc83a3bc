package synth

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func TestPlantedDictionary(t *testing.T) {
	p, err := PlantedDictionary(10, 6, 50, 3, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 10; j++ {
		if n := mat.Norm(p.D.RowView(j), 2); math.Abs(n-1) > 1e-12 {
			t.Fatalf("atom %d norm %v", j, n)
		}
	}
	var R mat.Dense
	R.Mul(p.V, p.D)
	if !mat.EqualApprox(&R, p.X, 1e-12) {
		t.Error("X != V D without noise")
	}
	for i := 0; i < 50; i++ {
		nz := 0
		for _, v := range p.V.RawRowView(i) {
			if v != 0 {
				nz++
				if math.Abs(v) < 1 {
					t.Fatalf("coefficient %v below 1 in magnitude", v)
				}
			}
		}
		if nz != 3 {
			t.Fatalf("row %d has %d nonzeros", i, nz)
		}
	}
	q, _ := PlantedDictionary(10, 6, 50, 3, 0, 1)
	if !mat.Equal(p.X, q.X) {
		t.Error("not seeded")
	}
	if _, err := PlantedDictionary(3, 6, 50, 4, 0, 1); !errors.Is(err, featlab.ErrParam) {
		t.Error("s > k accepted")
	}
}

func TestTokenDocuments(t *testing.T) {
	docs, y, err := TokenDocuments(100, TokenDocumentsConfig{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	c := 0.0
	for i, d := range docs {
		if len(d) != 40 {
			t.Fatalf("document %d has %d tokens", i, len(d))
		}
		c += y[i]
	}
	if c != 50 {
		t.Errorf("classes not balanced: %v of class 1", c)
	}
	again, _, _ := TokenDocuments(100, TokenDocumentsConfig{}, 3)
	if again[7][5] != docs[7][5] {
		t.Error("not seeded")
	}
	if _, _, err := TokenDocuments(10, TokenDocumentsConfig{Signal: 2}, 1); !errors.Is(err, featlab.ErrParam) {
		t.Error("Signal 2 accepted")
	}
}

func TestWave(t *testing.T) {
	ds, err := Wave(200, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		x := ds.X.At(i, 0)
		if x < 0 || x > 10 || math.Abs(ds.Y[i]-math.Sin(x)-x/5) > 1.2 {
			t.Fatalf("row %d: x %v y %v", i, x, ds.Y[i])
		}
	}
}
