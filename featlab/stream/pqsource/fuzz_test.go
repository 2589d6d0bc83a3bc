package pqsource

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// FuzzMalformedParquet: a Parquet file with bytes changed, cut or
// appended is read to an error wrapping a featlab sentinel or to rows,
// never a panic or a hang. The seed is a valid 2-column file of 3 row
// groups; the fuzzer flips the byte at pos to val and cuts at cut.
func FuzzMalformedParquet(f *testing.F) {
	dir := f.TempDir()
	X := mat.NewDense(40, 2, nil)
	y := make([]float64, 40)
	for i := range y {
		X.Set(i, 0, float64(i))
		X.Set(i, 1, float64(i*i)/7)
		y[i] = float64(i%5) - 2
	}
	valid, err := os.ReadFile(pqShard(f, dir, "seed.parquet", X, y, 16))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(uint32(0), byte(0), uint32(len(valid)))
	f.Add(uint32(len(valid)-5), byte(0xff), uint32(len(valid)))
	f.Add(uint32(100), byte(7), uint32(len(valid)-1))
	f.Add(uint32(4), byte(1), uint32(200))
	f.Fuzz(func(t *testing.T, pos uint32, val byte, cut uint32) {
		b := append([]byte(nil), valid...)
		if int(pos) < len(b) {
			b[pos] = val
		}
		if int(cut) < len(b) {
			b = b[:cut]
		}
		p := filepath.Join(t.TempDir(), "f.parquet")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := New([]string{p}, Config{Target: "y"})
		if err != nil {
			checkSentinel(t, err)
			return
		}
		g, _ := stream.NewGram(2, true)
		if err := stream.Pass(src, g, 1); err != nil {
			checkSentinel(t, err)
		}
	})
}

func checkSentinel(t *testing.T, err error) {
	for _, s := range []error{featlab.ErrParam, featlab.ErrShape, featlab.ErrMissing, featlab.ErrEmpty,
		featlab.ErrNotFinite, featlab.ErrNonNumeric, featlab.ErrTooLarge} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("error wraps no featlab sentinel: %v", err)
}
