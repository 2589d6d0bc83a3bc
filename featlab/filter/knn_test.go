package filter

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/kdtree"
)

// TestTree2AgainstBruteForce: the k-d tree's k-th max-norm distance equals
// a full scan's, on data with many ties (coordinates on a coarse grid) and
// on continuous data.
func TestTree2AgainstBruteForce(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		n := 1 + int(seed)*23
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			if seed%2 == 0 {
				x[i], y[i] = float64(rng.IntN(5)), float64(rng.IntN(3))
			} else {
				x[i], y[i] = rng.NormFloat64(), 3*rng.NormFloat64()
			}
		}
		tree := newTree2(x, y)
		for _, kk := range []int{1, 2, 4, 9} {
			if kk > n {
				continue
			}
			for i := range x {
				d := make([]float64, n)
				for j := range x {
					d[j] = math.Max(math.Abs(x[j]-x[i]), math.Abs(y[j]-y[i]))
				}
				slices.Sort(d)
				if got := tree.kthDistance(x[i], y[i], kk); got != d[kk-1] {
					t.Fatalf("seed %d n %d kk %d point %d: tree %v, scan %v", seed, n, kk, i, got, d[kk-1])
				}
			}
		}
	}
}

func TestCountAround(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(60)
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(rng.IntN(10)) * 0.1 // ties and inexact differences
		}
		sorted, pos := sortWithPositions(v)
		for i := range v {
			r := []float64{0, 0.1, math.Nextafter(0.2, 0), 0.3, 5}[rng.IntN(5)]
			want := 0
			for _, w := range v {
				if math.Abs(w-v[i]) <= r {
					want++
				}
			}
			if got := countAround(sorted, pos[i], r); got != want {
				t.Fatalf("countAround(%v, %d, %v) = %d, want %d", sorted, pos[i], r, got, want)
			}
			if got := countWithin(sorted, v[i], r); got != want {
				t.Fatalf("countWithin(%v, %v, %v) = %d, want %d", sorted, v[i], r, got, want)
			}
		}
	}
}

// cheb is a 2-D point for gonum's k-d tree with the max-norm; Distance
// returns its square because gonum prunes by comparing squared plane
// distances.
type cheb [2]float64

func (p cheb) Compare(c kdtree.Comparable, d kdtree.Dim) float64 { return p[d] - c.(cheb)[d] }
func (p cheb) Dims() int                                         { return 2 }
func (p cheb) Distance(c kdtree.Comparable) float64 {
	q := c.(cheb)
	d := math.Max(math.Abs(p[0]-q[0]), math.Abs(p[1]-q[1]))
	return d * d
}

type chebs []cheb

func (p chebs) Index(i int) kdtree.Comparable { return p[i] }
func (p chebs) Len() int                      { return len(p) }
func (p chebs) Pivot(d kdtree.Dim) int {
	return kdtree.Partition(chebPlane{p, d}, kdtree.MedianOfMedians(chebPlane{p, d}))
}
func (p chebs) Slice(start, end int) kdtree.Interface { return p[start:end] }

type chebPlane struct {
	chebs
	kdtree.Dim
}

func (p chebPlane) Less(i, j int) bool { return p.chebs[i][p.Dim] < p.chebs[j][p.Dim] }
func (p chebPlane) Slice(start, end int) kdtree.SortSlicer {
	return chebPlane{p.chebs[start:end], p.Dim}
}
func (p chebPlane) Swap(i, j int) { p.chebs[i], p.chebs[j] = p.chebs[j], p.chebs[i] }

func knnBenchPoints() ([]float64, []float64) {
	rng := rand.New(rand.NewPCG(8, 8))
	x, y := make([]float64, 10000), make([]float64, 10000)
	for i := range x {
		x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	return x, y
}

// BenchmarkKNNTree2 and BenchmarkKNNGonumKDTree time the joint-space
// search of the Kraskov estimator (4th nearest counting the point itself,
// max-norm) for all 10000 points of a 2-D Gaussian sample, build included:
// the reason MutualInfo uses tree2.
func BenchmarkKNNTree2(b *testing.B) {
	x, y := knnBenchPoints()
	for b.Loop() {
		t := newTree2(x, y)
		for i := range x {
			t.kthDistance(x[i], y[i], 4)
		}
	}
}

func BenchmarkKNNGonumKDTree(b *testing.B) {
	x, y := knnBenchPoints()
	for b.Loop() {
		pts := make(chebs, len(x))
		for i := range x {
			pts[i] = cheb{x[i], y[i]}
		}
		t := kdtree.New(pts, false)
		for i := range x {
			k := kdtree.NewNKeeper(4)
			t.NearestSet(k, cheb{x[i], y[i]})
		}
	}
}
