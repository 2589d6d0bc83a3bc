package stream

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// shardCSV writes the rows of X and y as CSV with the feature columns in
// the given order (a permutation of 0..d-1) under their names x1..xd.
func shardCSV(X *mat.Dense, y []float64, order []int) string {
	var sb strings.Builder
	for _, j := range order {
		fmt.Fprintf(&sb, "x%d,", j+1)
	}
	sb.WriteString("y\n")
	m, _ := X.Dims()
	for i := 0; i < m; i++ {
		for _, j := range order {
			sb.WriteString(strconvG(X.At(i, j)) + ",")
		}
		sb.WriteString(strconvG(y[i]) + "\n")
	}
	return sb.String()
}

func gramOfCSV(t *testing.T, text string, g *Gram) error {
	t.Helper()
	src, err := NewCSV(strings.NewReader(text), CSVConfig{Target: "y", ChunkBytes: 256})
	if err != nil {
		t.Fatal(err)
	}
	return Pass(src, g, 2)
}

func TestMergeRefusesReorderedColumns(t *testing.T) {
	X, y := data(60, 3, 5, 4)
	same := shardCSV(X, y, []int{0, 1, 2})
	swapped := shardCSV(X, y, []int{0, 2, 1})
	const want = `column 1 is "x2" here, "x3" in the other`

	// Two shards passed into one Gram: the reordered one is refused and
	// the Gram keeps the first shard's rows.
	g, _ := NewGram(3, true)
	if err := gramOfCSV(t, same, g); err != nil {
		t.Fatal(err)
	}
	err := gramOfCSV(t, swapped, g)
	if !errors.Is(err, featlab.ErrShape) || !strings.Contains(err.Error(), want) {
		t.Errorf("Pass of a reordered shard: %v", err)
	}
	if got := g.Names(); strings.Join(got, ",") != "x1,x2,x3" || g.TargetName() != "y" {
		t.Errorf("names %q, target %q", got, g.TargetName())
	}

	// Merge of two Grams of the shards.
	a, _ := NewGram(3, true)
	b, _ := NewGram(3, true)
	if err := gramOfCSV(t, same, a); err != nil {
		t.Fatal(err)
	}
	if err := gramOfCSV(t, swapped, b); err != nil {
		t.Fatal(err)
	}
	before, _ := a.MarshalBinary()
	if err := a.Merge(b); !errors.Is(err, featlab.ErrShape) || !strings.Contains(err.Error(), want) {
		t.Errorf("Merge of reordered Grams: %v", err)
	}
	if after, _ := a.MarshalBinary(); !bytes.Equal(before, after) {
		t.Error("a refused Merge changed the Gram")
	}

	// Moments are refused the same way.
	ma, _ := NewMoments(3, true)
	mb, _ := NewMoments(3, true)
	_ = ma.Add(&Block{Names: []string{"a", "b", "c"}, Target: "y", X: X, Y: y})
	_ = mb.Add(&Block{Names: []string{"a", "c", "b"}, Target: "y", X: X, Y: y})
	if err := ma.Merge(mb); !errors.Is(err, featlab.ErrShape) || !strings.Contains(err.Error(), `column 1 is "b" here, "c" in the other`) {
		t.Errorf("Merge of reordered Moments: %v", err)
	}

	// The same order passes, into one Gram or by Merge, and agrees.
	one, _ := NewGram(3, true)
	c, _ := NewGram(3, true)
	for _, acc := range []*Gram{one, one, c} {
		if err := gramOfCSV(t, same, acc); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Merge(c); err != nil {
		t.Fatal(err)
	}
	if a.Count() != 120 || one.Count() != 120 {
		t.Errorf("counts %d, %d", a.Count(), one.Count())
	}

	// Unnamed blocks match only unnamed ones; another target name is
	// refused; an empty accumulator takes the names of what it merges.
	u, _ := NewGram(3, true)
	if err := u.Add(&Block{X: X, Y: y}); err != nil {
		t.Fatal(err)
	}
	if err := u.Add(&Block{X: X, Y: y}); err != nil {
		t.Error(err)
	}
	if err := u.Add(&Block{Names: []string{"x1", "x2", "x3"}, Target: "y", X: X, Y: y}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("named block into unnamed Gram: %v", err)
	}
	if err := a.Merge(u); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("unnamed Gram into named: %v", err)
	}
	if err := a.Add(&Block{Names: []string{"x1", "x2", "x3"}, Target: "z", X: X, Y: y}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("other target name: %v", err)
	}
	e, _ := NewGram(3, true)
	if err := e.Merge(a); err != nil || strings.Join(e.Names(), ",") != "x1,x2,x3" {
		t.Errorf("merge into empty: %v, names %q", err, e.Names())
	}

	// SetNames fixes the names before any block.
	s, _ := NewGram(3, true)
	if err := s.SetNames([]string{"x1", "x2"}, "y"); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("SetNames of 2 names for 3 features: %v", err)
	}
	if err := s.SetNames([]string{"x1", "x3", "x2"}, "y"); err != nil {
		t.Fatal(err)
	}
	if err := gramOfCSV(t, same, s); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("Pass after SetNames of another order: %v", err)
	}
	if err := gramOfCSV(t, swapped, s); err != nil {
		t.Errorf("Pass in the SetNames order: %v", err)
	}
}

func TestEncodingRoundTripNames(t *testing.T) {
	X, y := data(30, 2, 1, 3)
	named, _ := NewGram(2, true)
	_ = named.Add(&Block{Names: []string{"alpha", ""}, Target: "ÿ", X: X, Y: y})
	unnamed, _ := NewMoments(2, false)
	_ = unnamed.Add(&Block{X: X})
	fresh, _ := NewMoments(2, true)
	_ = fresh.SetNames([]string{"a", "b"}, "y")

	bg, _ := named.MarshalBinary()
	var g Gram
	if err := g.UnmarshalBinary(bg); err != nil {
		t.Fatal(err)
	}
	if strings.Join(g.Names(), "|") != "alpha|" || g.TargetName() != "ÿ" || !g.set {
		t.Errorf("decoded names %q, target %q", g.Names(), g.TargetName())
	}
	if err := g.Add(&Block{Names: []string{"", "alpha"}, Target: "ÿ", X: X, Y: y}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("decoded Gram takes reordered names: %v", err)
	}
	for _, acc := range []interface {
		MarshalBinary() ([]byte, error)
		UnmarshalBinary([]byte) error
	}{unnamed, fresh} {
		b, _ := acc.MarshalBinary()
		var back Moments
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if b2, _ := back.MarshalBinary(); !bytes.Equal(b, b2) {
			t.Error("round trip differs")
		}
	}
	var m Moments
	_ = m.UnmarshalBinary(func() []byte { b, _ := fresh.MarshalBinary(); return b }())
	if strings.Join(m.Names(), ",") != "a,b" || m.TargetName() != "y" {
		t.Errorf("Moments names %q, target %q", m.Names(), m.TargetName())
	}
	mu, _ := unnamed.MarshalBinary()
	_ = m.UnmarshalBinary(mu)
	if m.Names() != nil || !m.set {
		t.Errorf("unnamed decoded as %q (set %v)", m.Names(), m.set)
	}
	// A name length past the end is refused, before allocating it.
	bad := append([]byte(nil), bg[:headerLen+1]...)
	bad = append(bad, 0xff, 0xff, 0xff, 0x7f, 'a')
	if err := g.UnmarshalBinary(bad); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("long name: %v", err)
	}
}
