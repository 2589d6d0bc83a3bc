package viz

import (
	"bytes"
	"math"
	"testing"

	"github.com/featlab/course/featlab/synth"
)

type circleGrid struct{ n int }

func (g circleGrid) Dims() (int, int) { return g.n, g.n }
func (g circleGrid) X(c int) float64  { return -2 + 4*float64(c)/float64(g.n-1) }
func (g circleGrid) Y(r int) float64  { return -2 + 4*float64(r)/float64(g.n-1) }
func (g circleGrid) Z(c, r int) float64 {
	x, y := g.X(c), g.Y(r)
	return x*x + y*y
}

func TestContourLinesCircle(t *testing.T) {
	lines := ContourLines(circleGrid{81}, 1)
	if len(lines) != 1 {
		t.Fatalf("the unit circle came out as %d lines, want 1 closed line", len(lines))
	}
	l := lines[0]
	if first, last := l[0], l[len(l)-1]; first != last {
		t.Errorf("the circle is not closed: starts at %v, ends at %v", first, last)
	}
	for _, p := range l {
		// linear interpolation on a 0.05 grid: radius within 1e-3
		if r := math.Hypot(p.X, p.Y); math.Abs(r-1) > 1e-3 {
			t.Fatalf("point %v has radius %v, want 1", p, r)
		}
	}
	if got := ContourLines(circleGrid{81}, 100); len(got) != 0 {
		t.Errorf("a level above the maximum gave %d lines", len(got))
	}
}

func TestContourLinesDeterministic(t *testing.T) {
	a := ContourLines(circleGrid{41}, 2)
	for k := 0; k < 20; k++ {
		b := ContourLines(circleGrid{41}, 2)
		if len(a) != len(b) {
			t.Fatal("line count changed between calls")
		}
		for i := range a {
			for j := range a[i] {
				if a[i][j] != b[i][j] {
					t.Fatalf("call %d: line %d point %d moved", k, i, j)
				}
			}
		}
	}
}

func TestConstraintContoursSameBytes(t *testing.T) {
	ds, err := synth.TwoFeature(200, 11)
	if err != nil {
		t.Fatal(err)
	}
	sol := fig111(t, ds.X, ds.Y, 1)
	render := func() []byte {
		f, err := ConstraintContours(ds.X, ds.Y, sol)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := f.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := render()
	for k := 0; k < 10; k++ {
		if !bytes.Equal(first, render()) {
			t.Fatalf("render %d gave different SVG bytes", k+2)
		}
	}
}
