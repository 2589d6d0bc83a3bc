package stream

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// data returns m x d features and a target with column means mu and
// spread 1, correlated through a shared factor.
func data(m, d int, mu float64, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		f := rng.NormFloat64()
		for j := 0; j < d; j++ {
			X.Set(i, j, mu+0.5*f+rng.NormFloat64()*float64(j+1)/float64(d))
		}
		y[i] = mu + f + 0.3*rng.NormFloat64()
	}
	return X, y
}

// twoPass returns the means and centred cross products of [X y].
func twoPass(X *mat.Dense, y []float64) ([]float64, [][]float64) {
	m, d := X.Dims()
	p := d + 1
	z := func(i, j int) float64 {
		if j == d {
			return y[i]
		}
		return X.At(i, j)
	}
	mean := make([]float64, p)
	for j := range mean {
		for i := 0; i < m; i++ {
			mean[j] += z(i, j)
		}
		mean[j] /= float64(m)
	}
	c := make([][]float64, p)
	for j := range c {
		c[j] = make([]float64, p)
		for k := range c[j] {
			for i := 0; i < m; i++ {
				c[j][k] += (z(i, j) - mean[j]) * (z(i, k) - mean[k])
			}
		}
	}
	return mean, c
}

func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// gramFrom accumulates the rows in blocks of size, merging the block
// summaries in the given order (a permutation of the blocks).
func gramFrom(t *testing.T, X *mat.Dense, y []float64, size int, order []int) *Gram {
	t.Helper()
	m, d := X.Dims()
	var parts []*Gram
	for lo := 0; lo < m; lo += size {
		hi := min(lo+size, m)
		g, err := NewGram(d, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Add(&Block{X: X.Slice(lo, hi, 0, d).(*mat.Dense), Y: y[lo:hi], Names: featlab.DefaultNames(d)}); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, g)
	}
	total, _ := NewGram(d, true)
	for _, k := range order {
		if k < len(parts) {
			if err := total.Merge(parts[k]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return total
}

func TestGramLargeMeanCorrelations(t *testing.T) {
	const m, d = 1000, 4
	for _, mu := range []float64{0, 1e6} {
		X, y := data(m, d, mu, 7)
		mean, c := twoPass(X, y)
		rng := rand.New(rand.NewPCG(3, 3))
		for _, size := range []int{1, 7, 100, 333, 1000} {
			nb := (m + size - 1) / size
			for _, order := range [][]int{seq(nb), rng.Perm(nb)} {
				g := gramFrom(t, X, y, size, order)
				if g.Count() != m {
					t.Fatalf("count %d", g.Count())
				}
				gm, gc, corr := g.Mean(), g.Centred(), g.Corr()
				for j := 0; j <= d; j++ {
					if !relClose(gm[j], mean[j], 1e-13) {
						t.Errorf("mu %g size %d: mean %d = %v, two-pass %v", mu, size, j, gm[j], mean[j])
					}
					for k := 0; k <= d; k++ {
						want := c[j][k] / math.Sqrt(c[j][j]*c[k][k])
						if math.Abs(corr.At(j, k)-want) > 1e-10 {
							t.Errorf("mu %g size %d: corr(%d,%d) = %v, two-pass %v", mu, size, j, k, corr.At(j, k), want)
						}
						if !relClose(gc.At(j, k), c[j][k], 1e-9) {
							t.Errorf("mu %g size %d: C(%d,%d) = %v, two-pass %v", mu, size, j, k, gc.At(j, k), c[j][k])
						}
					}
				}
			}
		}
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestMomentsExact(t *testing.T) {
	const m, d = 500, 3
	X, y := data(m, d, 1e6, 11)
	mean, c := twoPass(X, y)
	rng := rand.New(rand.NewPCG(5, 5))
	for _, size := range []int{1, 13, 500} {
		var parts []*Moments
		for lo := 0; lo < m; lo += size {
			hi := min(lo+size, m)
			mo, _ := NewMoments(d, true)
			if err := mo.Add(&Block{X: X.Slice(lo, hi, 0, d).(*mat.Dense), Y: y[lo:hi]}); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, mo)
		}
		total, _ := NewMoments(d, true)
		for _, k := range rng.Perm(len(parts)) {
			if err := total.Merge(parts[k]); err != nil {
				t.Fatal(err)
			}
		}
		mm, m2, v := total.Mean(), total.M2(), total.Var()
		for j := 0; j <= d; j++ {
			if !relClose(mm[j], mean[j], 1e-13) || !relClose(m2[j], c[j][j], 1e-9) || !relClose(v[j], c[j][j]/(m-1), 1e-9) {
				t.Errorf("size %d column %d: mean %v M2 %v, two-pass %v %v", size, j, mm[j], m2[j], mean[j], c[j][j])
			}
			col := y
			if j < d {
				col = mat.Col(nil, j, X)
			}
			lo, hi := col[0], col[0]
			for _, x := range col {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
			if total.Min()[j] != lo || total.Max()[j] != hi {
				t.Errorf("column %d: min/max %v %v, want %v %v", j, total.Min()[j], total.Max()[j], lo, hi)
			}
		}
	}
}

func TestEncodingRoundTrip(t *testing.T) {
	X, y := data(50, 3, 10, 2)
	g, _ := NewGram(3, true)
	mo, _ := NewMoments(3, false)
	empty, _ := NewMoments(2, true)
	if err := g.Add(&Block{X: X, Y: y}); err != nil {
		t.Fatal(err)
	}
	if err := mo.Add(&Block{X: X}); err != nil {
		t.Fatal(err)
	}
	for _, acc := range []interface {
		MarshalBinary() ([]byte, error)
	}{g, mo, empty} {
		b, _ := acc.MarshalBinary()
		var back interface {
			MarshalBinary() ([]byte, error)
			UnmarshalBinary([]byte) error
		}
		switch acc.(type) {
		case *Gram:
			back = &Gram{}
		default:
			back = &Moments{}
		}
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatalf("%T: %v", acc, err)
		}
		b2, _ := back.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Errorf("%T: round trip differs", acc)
		}
		for cut := 0; cut < len(b); cut += 5 {
			if err := back.UnmarshalBinary(b[:cut]); !errors.Is(err, featlab.ErrParam) {
				t.Errorf("%T cut at %d: %v", acc, cut, err)
			}
		}
	}
	// A header claiming a huge Gram is refused before allocating.
	b, _ := g.MarshalBinary()
	huge := append([]byte(nil), b[:headerLen]...)
	huge[7], huge[8], huge[9], huge[10] = 0, 0, 0, 0x10
	var gg Gram
	if err := gg.UnmarshalBinary(huge); !errors.Is(err, featlab.ErrTooLarge) && !errors.Is(err, featlab.ErrParam) {
		t.Errorf("huge: %v", err)
	}
}

func FuzzUnmarshal(f *testing.F) {
	X, y := data(20, 2, 3, 1)
	g, _ := NewGram(2, true)
	_ = g.Add(&Block{X: X, Y: y})
	mo, _ := NewMoments(2, true)
	_ = mo.Add(&Block{X: X, Y: y})
	bg, _ := g.MarshalBinary()
	bm, _ := mo.MarshalBinary()
	f.Add(bg)
	f.Add(bm)
	f.Add([]byte("FLST"))
	gn, _ := NewGram(2, true)
	_ = gn.Add(&Block{Names: []string{"a", "b"}, Target: "y", X: X, Y: y})
	bn, _ := gn.MarshalBinary()
	f.Add(bn)
	mn, _ := NewMoments(2, false)
	_ = mn.SetNames([]string{"x", ""}, "")
	bmn, _ := mn.MarshalBinary()
	f.Add(bmn)
	mu, _ := NewMoments(2, false)
	_ = mu.Add(&Block{X: X})
	bmu, _ := mu.MarshalBinary()
	f.Add(bmu)
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Gram
		if err := g.UnmarshalBinary(data); err == nil {
			b, _ := g.MarshalBinary()
			if !bytes.Equal(b, data) {
				t.Fatal("Gram re-encoding differs")
			}
		}
		var m Moments
		if err := m.UnmarshalBinary(data); err == nil {
			b, _ := m.MarshalBinary()
			if !bytes.Equal(b, data) {
				t.Fatal("Moments re-encoding differs")
			}
		}
	})
}

func csvText(X *mat.Dense, y []float64) string {
	m, d := X.Dims()
	var sb strings.Builder
	for j := 0; j < d; j++ {
		fmt.Fprintf(&sb, "x%d,", j+1)
		if j == 0 {
			sb.WriteString("y,")
		}
	}
	s := strings.TrimSuffix(sb.String(), ",") + "\n"
	sb.Reset()
	sb.WriteString(s)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			sb.WriteString(strconvG(X.At(i, j)))
			if j == 0 {
				sb.WriteString("," + strconvG(y[i]))
			}
			if j < d-1 {
				sb.WriteString(",")
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func strconvG(v float64) string { return fmt.Sprintf("%v", v) }

func TestPassBitIdenticalAnyWorkers(t *testing.T) {
	X, y := data(3000, 5, 1e3, 9)
	text := csvText(X, y)
	var want, wantM []byte
	for _, workers := range []int{1, 2, 3, 8} {
		src, err := NewCSV(strings.NewReader(text), CSVConfig{Target: "y", ChunkBytes: 4096})
		if err != nil {
			t.Fatal(err)
		}
		if got := src.Names(); len(got) != 5 || got[0] != "x1" || got[1] != "x2" {
			t.Fatalf("names %q", got)
		}
		g, _ := NewGram(5, true)
		if err := Pass(src, g, workers); err != nil {
			t.Fatal(err)
		}
		b, _ := g.MarshalBinary()
		if want == nil {
			want = b
			// The CSV pass agrees with the in-memory two-pass statistics.
			mean, c := twoPass(X, y)
			gm, gc := g.Mean(), g.Centred()
			for j := range mean {
				if !relClose(gm[j], mean[j], 1e-13) || !relClose(gc.At(j, j), c[j][j], 1e-9) {
					t.Errorf("column %d: mean %v C %v, two-pass %v %v", j, gm[j], gc.At(j, j), mean[j], c[j][j])
				}
			}
			if g.Count() != 3000 {
				t.Errorf("count %d", g.Count())
			}
		} else if !bytes.Equal(b, want) {
			t.Errorf("%d workers: statistics differ from 1 worker's", workers)
		}
		// The matrix source too.
		ms, _ := NewGram(5, true)
		if err := Pass(&MatrixSource{X: X, Y: y, BlockRows: 77}, ms, workers); err != nil {
			t.Fatal(err)
		}
		if ms.Count() != 3000 {
			t.Errorf("matrix source count %d", ms.Count())
		}
		mb, _ := ms.MarshalBinary()
		if wantM == nil {
			wantM = mb
		} else if !bytes.Equal(mb, wantM) {
			t.Errorf("%d workers: matrix-source statistics differ from 1 worker's", workers)
		}
	}
}

func TestCSVBadCells(t *testing.T) {
	for _, c := range []struct {
		text string
		cfg  CSVConfig
		want error
	}{
		{"a,y\n1,2\nNA,3\n", CSVConfig{Target: "y"}, featlab.ErrNotFinite},
		{"a,y\n1,2\nabc,3\n", CSVConfig{Target: "y"}, featlab.ErrNonNumeric},
		{"a,y\n1,2\n1e400,3\n", CSVConfig{Target: "y"}, featlab.ErrNotFinite},
		{"a,y\n1,2\nInf,3\n", CSVConfig{Target: "y"}, featlab.ErrNotFinite},
		{"a,y\n1,2\n3\n", CSVConfig{Target: "y"}, featlab.ErrShape},
		{"a,y\n1,2\n", CSVConfig{Target: "z"}, featlab.ErrMissing},
		{"a,a\n1,2\n", CSVConfig{}, featlab.ErrParam},
		{"", CSVConfig{}, featlab.ErrEmpty},
		{"a,y\n1,2\n", CSVConfig{ChunkBytes: -1}, featlab.ErrParam},
	} {
		err := func() error {
			src, err := NewCSV(strings.NewReader(c.text), c.cfg)
			if err != nil {
				return err
			}
			g, err := NewGram(len(src.Names()), c.cfg.Target != "")
			if err != nil {
				return err
			}
			return Pass(src, g, 2)
		}()
		if !errors.Is(err, c.want) {
			t.Errorf("%q: %v, want %v", c.text, err, c.want)
		}
	}
	// The row number of a bad cell counts rows of earlier chunks.
	var sb strings.Builder
	sb.WriteString("a,y\n")
	for i := 0; i < 1000; i++ {
		sb.WriteString("1,2\n")
	}
	sb.WriteString("oops,2\n")
	src, _ := NewCSV(strings.NewReader(sb.String()), CSVConfig{Target: "y", ChunkBytes: 64})
	g, _ := NewGram(1, true)
	if err := Pass(src, g, 3); err == nil || !strings.Contains(err.Error(), "row 1000") {
		t.Errorf("bad cell error %v, want row 1000", err)
	}
}

func TestShapeErrors(t *testing.T) {
	if _, err := NewGram(0, false); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := NewGram(1<<20, true); !errors.Is(err, featlab.ErrTooLarge) {
		t.Error(err)
	}
	g, _ := NewGram(2, true)
	m, _ := NewMoments(2, true)
	if err := g.Merge(m); !errors.Is(err, featlab.ErrShape) {
		t.Error(err)
	}
	X := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	if err := g.Add(&Block{X: X, Y: []float64{1, 2}}); !errors.Is(err, featlab.ErrShape) {
		t.Error(err)
	}
	X2 := mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 4})
	if err := m.Add(&Block{X: X2, Y: []float64{1, 2}}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Error(err)
	}
	if err := g.Add(&Block{X: mat.NewDense(2, 2, nil)}); !errors.Is(err, featlab.ErrShape) {
		t.Error(err)
	}
}

// CRLF line ends, blank lines and a missing final line end read as the
// plain file does.
func TestCSVLineEnds(t *testing.T) {
	var ref []byte
	for _, text := range []string{"a,y\n1,2\n3,5\n4,4\n", "a,y\r\n1,2\r\n3,5\r\n4,4", "a,y\n1,2\n\n3,5\n4,4\n\n"} {
		src, err := NewCSV(strings.NewReader(text), CSVConfig{Target: "y", ChunkBytes: 3})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGram(1, true)
		if err := Pass(src, g, 2); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		b, _ := g.MarshalBinary()
		if ref == nil {
			ref = b
		} else if !bytes.Equal(b, ref) {
			t.Errorf("%q: statistics differ", text)
		}
	}
}
