package eigen

import (
	"math"
	"runtime"
	"testing"
)

// FuzzSym: on symmetric matrices of order 1 to 70 (those above leafSize
// go through a merge) whose entries are small integers times a power of
// two taken from the input (so repeated and clustered eigenvalues,
// zero rows and wide ranges are common), the residual and the loss of
// orthogonality stay within 10 n eps, as TestSym asks.
func FuzzSym(f *testing.F) {
	f.Add(uint8(1), []byte{3})
	f.Add(uint8(2), []byte{1, 0, 1})
	f.Add(uint8(40), []byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(uint8(70), []byte{0, 0, 0, 9})
	f.Fuzz(func(t *testing.T, order uint8, data []byte) {
		n := 1 + int(order)%70
		if len(data) == 0 {
			return
		}
		a := make([]float64, n*n)
		p := 0
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				b := data[p%len(data)]
				p++
				v := float64(int(b&15) - 8)
				if b&16 != 0 {
					v = math.Ldexp(v, -int(b>>5)*6) // down to 2^-42
				}
				a[i*n+j], a[j*n+i] = v, v
			}
		}
		w := make([]float64, n)
		z := make([]float64, n*n)
		if !Sym(n, append([]float64(nil), a...), n, w, z, n) {
			t.Fatalf("Sym failed on a finite matrix")
		}
		res, orth, sorted := check(n, a, w, z)
		if res > 10 || orth > 10 || !sorted {
			t.Fatalf("n %d: residual %.2g n eps, orthogonality %.2g n eps, sorted %v", n, res, orth, sorted)
		}
	})
}

// TestSymDeterministic: the same bits on repeated calls and with
// GOMAXPROCS 1 and 4.
func TestSymDeterministic(t *testing.T) {
	n := 257
	var a0 []float64
	for _, tm := range testMatrices() {
		if tm.n == n && tm.name == "clustered" {
			a0 = tm.a
		}
	}
	run := func(procs int) ([]float64, []float64) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		w := make([]float64, n)
		z := make([]float64, n*n)
		Sym(n, append([]float64(nil), a0...), n, w, z, n)
		return w, z
	}
	w1, z1 := run(1)
	for _, procs := range []int{1, 4} {
		w, z := run(procs)
		for i := range w1 {
			if math.Float64bits(w[i]) != math.Float64bits(w1[i]) {
				t.Fatalf("GOMAXPROCS %d: w[%d] differs", procs, i)
			}
		}
		for i := range z1 {
			if math.Float64bits(z[i]) != math.Float64bits(z1[i]) {
				t.Fatalf("GOMAXPROCS %d: z[%d] differs", procs, i)
			}
		}
	}
}
