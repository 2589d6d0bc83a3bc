package represent

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/kernel"
)

// TestKMeansPPGramSameBits: the k-means++ seeding with the Gram matrix
// (seedGram) gives the same centroids, first labels and closest distances,
// bit for bit, as without it (triangle inequality and SqDistRows), with
// and without weights, and its Elkan bounds are lower bounds on the exact
// distances.
func TestKMeansPPGramSameBits(t *testing.T) {
	dig := datasets.Digits().X
	x, m, d := kernel.DenseRows(dig)
	x = x[:600*d]
	m = 600
	full := kmCentred(x, m, d)
	g := newKMGram(full, m, 2)
	w := make([]float64, m)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range w {
		w[i] = float64(rng.IntN(4))
	}
	for _, k := range []int{2, 10, 16, 64} {
		for _, weights := range [][]float64{nil, w} {
			for s := uint64(0); s < 2; s++ {
				a := kmeansPP(x, weights, nil, m, d, k, rand.New(rand.NewPCG(s, 1)), true)
				b := kmeansPP(x, weights, g, m, d, k, rand.New(rand.NewPCG(s, 1)), true)
				for i := range a.c {
					if math.Float64bits(a.c[i]) != math.Float64bits(b.c[i]) {
						t.Fatalf("k = %d, seed %d, weights %v: centroid value %d differs", k, s, weights != nil, i)
					}
				}
				for i := range a.labels {
					if a.labels[i] != b.labels[i] || math.Float64bits(a.closest[i]) != math.Float64bits(b.closest[i]) {
						t.Fatalf("k = %d, seed %d: point %d: label %d, %v without Gram, %d, %v with", k, s, i, a.labels[i], a.closest[i], b.labels[i], b.closest[i])
					}
					for j := 0; j < k; j++ {
						exact := math.Sqrt(kernel.SqDist(x[i*d:(i+1)*d], b.c[j*d:(j+1)*d]))
						if b.low[i*k+j] > exact {
							t.Fatalf("k = %d: low[%d, %d] = %v above the distance %v", k, i, j, b.low[i*k+j], exact)
						}
					}
				}
			}
		}
	}
}

// BenchmarkKMGramDigits times the Gram matrix of the centred digits
// (1797 x 64), single-threaded.
func BenchmarkKMGramDigits(b *testing.B) {
	x, m, d := kernel.DenseRows(datasets.Digits().X)
	full := kmCentred(x, m, d)
	for b.Loop() {
		newKMGram(full, m, 1)
	}
}

// TestKMeansGramWorkers: with the Gram matrix (digits[:500], K = 20, ten
// restarts), the fit is the same bits for 1, 2 and 3 workers.
func TestKMeansGramWorkers(t *testing.T) {
	x, _, d := kernel.DenseRows(datasets.Digits().X)
	X := mat.NewDense(500, d, x[:500*d])
	if !useKMGram(500, 20, 10, kmTrials(20)) {
		t.Fatal("the case does not use the Gram matrix")
	}
	var ref *KMeans
	for _, workers := range []int{1, 2, 3} {
		km, err := FitKMeans(X, KMeansConfig{K: 20, Seed: 4, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = km
			continue
		}
		if math.Float64bits(km.Inertia) != math.Float64bits(ref.Inertia) || !mat.Equal(km.Centroids, ref.Centroids) || km.Restart != ref.Restart {
			t.Fatalf("workers = %d: inertia %v restart %d, with 1 worker %v restart %d", workers, km.Inertia, km.Restart, ref.Inertia, ref.Restart)
		}
		for i := range km.Labels {
			if km.Labels[i] != ref.Labels[i] {
				t.Fatalf("workers = %d: label %d differs", workers, i)
			}
		}
	}
}
