package stream

import (
	"bytes"
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func classBlock(lo, hi int) *Block {
	X, _ := data(hi, 3, 1e3, 5)
	y := make([]float64, hi)
	for i := range y {
		y[i] = float64(i%3) - 1
	}
	return &Block{Names: []string{"a", "b", "c"}, Target: "t", X: X.Slice(lo, hi, 0, 3).(*mat.Dense), Y: y[lo:hi]}
}

// TestClassStatsMergeAndEncode: merging in any order gives the same
// classes and counts, statistics within rounding; the encodings round trip
// bit for bit; names are checked.
func TestClassStatsMergeAndEncode(t *testing.T) {
	all, _ := NewClassStats(3)
	if err := all.Add(classBlock(0, 90)); err != nil {
		t.Fatal(err)
	}
	a, _ := NewClassStats(3)
	b, _ := NewClassStats(3)
	_ = a.Add(classBlock(50, 90))
	_ = b.Add(classBlock(0, 50))
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	if a.Count() != 90 || len(a.Classes()) != 3 || a.ClassCounts()[0] != 30 {
		t.Fatalf("count %d classes %v %v", a.Count(), a.Classes(), a.ClassCounts())
	}
	s1, s2 := all.Sums(), a.Sums()
	for k := range s1 {
		for j := range s1[k] {
			if !relClose(s1[k][j], s2[k][j], 1e-12) {
				t.Errorf("sum %d,%d: %v %v", k, j, s1[k][j], s2[k][j])
			}
		}
	}
	raw, _ := a.MarshalBinary()
	var back ClassStats
	if err := back.UnmarshalBinary(raw); err != nil {
		t.Fatal(err)
	}
	raw2, _ := back.MarshalBinary()
	if !bytes.Equal(raw, raw2) || back.Names()[2] != "c" || back.TargetName() != "t" {
		t.Fatal("ClassStats round trip differs")
	}
	other, _ := NewClassStats(3)
	_ = other.SetNames([]string{"c", "b", "a"}, "t")
	if err := other.Merge(a); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("reordered names: %v", err)
	}
	bad := classBlock(0, 4)
	bad.Y = []float64{0.5, 1, 1, 1}
	if err := a.Add(bad); !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("fractional label: %v", err)
	}
	if _, err := NewClassStats(0); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("d = 0: %v", err)
	}
}

// TestContingencyMergeAndEncode: counts from any split equal, encodings
// round trip, other cut points are refused.
func TestContingencyMergeAndEncode(t *testing.T) {
	cuts := [][]float64{{1000}, {999.5, 1000, 1000.5}, nil}
	all, err := NewContingency(cuts)
	if err != nil {
		t.Fatal(err)
	}
	_ = all.Add(classBlock(0, 90))
	a := all.Empty().(*Contingency)
	b := all.Empty().(*Contingency)
	_ = a.Add(classBlock(50, 90))
	_ = b.Add(classBlock(0, 50))
	if err := b.Merge(a); err != nil {
		t.Fatal(err)
	}
	r1, _ := all.MarshalBinary()
	r2, _ := b.MarshalBinary()
	if !bytes.Equal(r1, r2) || all.Count() != 90 {
		t.Fatal("split counts differ")
	}
	var back Contingency
	if err := back.UnmarshalBinary(r1); err != nil {
		t.Fatal(err)
	}
	r3, _ := back.MarshalBinary()
	if !bytes.Equal(r1, r3) {
		t.Fatal("round trip differs")
	}
	tab, _ := back.Table(1)
	if len(tab) != 4 || len(tab[0]) != 3 {
		t.Fatalf("table %v", tab)
	}
	o, _ := NewContingency([][]float64{{1}, {2}, nil})
	if err := o.Merge(all); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("other cuts: %v", err)
	}
	if _, err := NewContingency([][]float64{{2, 1}}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("decreasing cuts: %v", err)
	}
}

func FuzzUnmarshalClassStats(f *testing.F) {
	c, _ := NewClassStats(3)
	_ = c.Add(classBlock(0, 20))
	raw, _ := c.MarshalBinary()
	f.Add(raw)
	e, _ := NewClassStats(2)
	raw, _ = e.MarshalBinary()
	f.Add(raw)
	f.Add([]byte("FLST\x02\x03\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c ClassStats
		if err := c.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, featlab.ErrParam) && !errors.Is(err, featlab.ErrTooLarge) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		again, _ := c.MarshalBinary()
		if !bytes.Equal(again, data) {
			t.Fatalf("accepted encoding does not round trip")
		}
		if c.Count() > 0 && len(c.Classes()) == 0 {
			t.Fatal("rows without classes")
		}
	})
}

func FuzzUnmarshalContingency(f *testing.F) {
	c, _ := NewContingency([][]float64{{1000}, {999, 1001}, nil})
	_ = c.Add(classBlock(0, 20))
	raw, _ := c.MarshalBinary()
	f.Add(raw)
	e, _ := NewContingency([][]float64{nil})
	raw, _ = e.MarshalBinary()
	f.Add(raw)
	f.Add([]byte("FLST\x02\x04\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Contingency
		if err := c.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, featlab.ErrParam) && !errors.Is(err, featlab.ErrTooLarge) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		again, _ := c.MarshalBinary()
		if !bytes.Equal(again, data) {
			t.Fatalf("accepted encoding does not round trip")
		}
		for j := 0; j < c.Features(); j++ {
			if _, err := c.Table(j); err != nil {
				t.Fatal(err)
			}
		}
	})
}
