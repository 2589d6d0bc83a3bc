package filter_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/stream"
)

// classData: m rows of d non-negative features with mean about mu, three
// classes shifting the first features; feature d-1 constant, feature d-2
// constant within each class.
func classData(m, d int, mu float64, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		k := rng.IntN(3)
		y[i] = float64(k*2 - 1) // labels -1, 1, 3
		for j := 0; j < d-2; j++ {
			X.Set(i, j, mu+float64(k)*0.3/float64(j+1)+math.Abs(rng.NormFloat64()))
		}
		X.Set(i, d-2, float64(k))
		X.Set(i, d-1, 7)
	}
	return X, y
}

// statsOf accumulates acc from X, y in blocks of size with workers, or by
// merging block summaries in a random order when workers < 0.
func statsOf[A stream.Accumulator](t *testing.T, acc A, X *mat.Dense, y []float64, size, workers int, seed uint64) A {
	t.Helper()
	if workers >= 0 {
		if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y", BlockRows: size}, acc, workers); err != nil {
			t.Fatal(err)
		}
		return acc
	}
	m, d := X.Dims()
	var parts []stream.Accumulator
	for lo := 0; lo < m; lo += size {
		hi := min(lo+size, m)
		p := acc.Empty()
		if err := p.Add(&stream.Block{Names: featlab.DefaultNames(d), Target: "y", X: X.Slice(lo, hi, 0, d).(*mat.Dense), Y: y[lo:hi]}); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	for _, k := range rand.New(rand.NewPCG(seed, 9)).Perm(len(parts)) {
		if err := acc.Merge(parts[k]); err != nil {
			t.Fatal(err)
		}
	}
	return acc
}

func sameScores(t *testing.T, what string, got, want *filter.Scores, tol float64) {
	t.Helper()
	for j := range want.Values {
		g, w := got.Values[j], want.Values[j]
		if !(g == w || math.Abs(g-w) <= tol*math.Max(math.Abs(w), 1e-300)) {
			t.Errorf("%s: score %d = %v, in memory %v", what, j, g, w)
		}
		if math.Abs(got.PValues[j]-want.PValues[j]) > 1e-9 {
			t.Errorf("%s: p-value %d = %v, in memory %v", what, j, got.PValues[j], want.PValues[j])
		}
	}
	if len(got.Constant) != len(want.Constant) {
		t.Errorf("%s: constant %v, in memory %v", what, got.Constant, want.Constant)
	}
	gs, _ := got.TopK(3)
	ws, _ := want.TopK(3)
	if gs == nil || ws == nil || len(gs.Chosen) != len(ws.Chosen) {
		t.Fatalf("%s: top 3 %v, in memory %v", what, gs, ws)
	}
	for i := range ws.Chosen {
		if gs.Chosen[i] != ws.Chosen[i] {
			t.Errorf("%s: top 3 %v, in memory %v", what, gs.Chosen, ws.Chosen)
		}
	}
}

// TestClassScoresFromStatsExact: F classification and chi2 from ClassStats
// accumulated with several block sizes, worker counts and merge orders
// equal the in-memory FClassif and Chi2 (relative 1e-10), large means
// included.
func TestClassScoresFromStatsExact(t *testing.T) {
	const m, d = 600, 6
	for _, mu := range []float64{0, 1e6} {
		X, y := classData(m, d, mu, 4)
		// The reference is the in-memory score of X - mu: the shift is
		// exact (every value lies in [mu, 2mu)), and the in-memory
		// scores of data with mean 1e6 and spread 1 lose about 1e-9.
		Xs := mat.NewDense(m, d, nil)
		Xs.Apply(func(i, j int, v float64) float64 {
			if j >= d-2 {
				return v
			}
			return v - mu
		}, X)
		wantF, err := filter.FClassif(Xs, y, filter.Config{})
		if err != nil {
			t.Fatal(err)
		}
		wantC, err := filter.Chi2(X, y, filter.Config{})
		chiTol := 1e-10
		if mu != 0 {
			// chi2 has no shift invariance: O - E cancels about 1e8 digits
			// of totals near 1e8 in both computations.
			chiTol = 1e-6
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{1, 17, 600} {
			for _, w := range []int{-1, 1, 3} {
				cs, _ := stream.NewClassStats(d)
				cs = statsOf(t, cs, X, y, size, w, uint64(size))
				if cs.Count() != m || len(cs.Classes()) != 3 || cs.Classes()[0] != -1 {
					t.Fatalf("count %d classes %v", cs.Count(), cs.Classes())
				}
				f, err := filter.FClassifFromStats(cs, filter.Config{})
				if err != nil {
					t.Fatal(err)
				}
				sameScores(t, "F", f, wantF, 1e-10)
				if f.Values[d-2] != math.MaxFloat64 || f.Names[0] != "x1" {
					t.Errorf("within-class constant: %v names %v", f.Values[d-2], f.Names)
				}
				c, err := filter.Chi2FromStats(cs, filter.Config{})
				if err != nil {
					t.Fatal(err)
				}
				sameScores(t, "chi2", c, wantC, chiTol)
			}
		}
	}
}

// TestInfoGainFromCounts: the gain of features binned by ContingencyFromMoments
// equals Entropy(y) minus the weighted entropies of the bins computed in
// memory, for several block sizes and merge orders.
func TestInfoGainFromCounts(t *testing.T) {
	const m, d = 500, 5
	X, y := classData(m, d, 0, 8)
	mo, _ := stream.NewMoments(d, false)
	if err := stream.Pass(&stream.MatrixSource{X: X}, mo, 1); err != nil {
		t.Fatal(err)
	}
	proto, err := stream.ContingencyFromMoments(mo, 4)
	if err != nil {
		t.Fatal(err)
	}
	hy, _ := filter.Entropy(y)
	want := make([]float64, d)
	for j := 0; j < d; j++ {
		bins := map[int][]float64{}
		for i := 0; i < m; i++ {
			b := proto.Bin(j, X.At(i, j))
			bins[b] = append(bins[b], y[i])
		}
		g := hy
		for _, yb := range bins {
			h, _ := filter.Entropy(yb)
			g -= float64(len(yb)) / m * h
		}
		if len(bins) == 1 {
			g = 0
		}
		want[j] = g
	}
	for _, size := range []int{1, 33, 500} {
		for _, w := range []int{-1, 2} {
			c := statsOf(t, proto.Empty().(*stream.Contingency), X, y, size, w, 3)
			s, err := filter.InfoGainFromCounts(c, filter.Config{})
			if err != nil {
				t.Fatal(err)
			}
			for j := range want {
				if math.Abs(s.Values[j]-want[j]) > 1e-12 {
					t.Errorf("size %d: gain %d = %v, in memory %v", size, j, s.Values[j], want[j])
				}
			}
			if len(s.Constant) != 1 || s.Constant[0] != d-1 {
				t.Errorf("constant %v", s.Constant)
			}
		}
	}
}
