//go:build amd64 && !noasm

package represent

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

// kmExactCase is one fit of TestKMeansSameAsPrevious: the data set, the
// configuration and the fingerprint of the result.
type kmExactCase struct {
	Name      string `json:"name"`
	Inertia   string `json:"inertia"`   // %x of the float64 bits
	Labels    string `json:"labels"`    // FNV-64a of the labels
	Centroids string `json:"centroids"` // FNV-64a of the centroids' bits
	Iters     int    `json:"iters"`
	Restart   int    `json:"restart"`
}

// kmExactInputs returns the inputs of TestKMeansSameAsPrevious: Gaussian
// blobs, small-integer grids (many exact ties between distances), data
// sets with duplicated rows, rows all equal but for a few, and slices of
// digits, each with several K, algorithms, seeds and (some) weights.
func kmExactInputs() []struct {
	name string
	X    *mat.Dense
	cfg  KMeansConfig
} {
	var out []struct {
		name string
		X    *mat.Dense
		cfg  KMeansConfig
	}
	add := func(name string, X *mat.Dense, cfg KMeansConfig) {
		out = append(out, struct {
			name string
			X    *mat.Dense
			cfg  KMeansConfig
		}{name, X, cfg})
	}
	rng := rand.New(rand.NewPCG(25, 1))
	gen := func(kind string, m, d int) *mat.Dense {
		X := mat.NewDense(m, d, nil)
		raw := X.RawMatrix().Data
		switch kind {
		case "blobs":
			centres := make([]float64, 5*d)
			for i := range centres {
				centres[i] = 10 * rng.NormFloat64()
			}
			for i := 0; i < m; i++ {
				c := rng.IntN(5)
				for t := 0; t < d; t++ {
					raw[i*d+t] = centres[c*d+t] + rng.NormFloat64()
				}
			}
		case "grid":
			for i := range raw {
				raw[i] = float64(rng.IntN(3))
			}
		case "dup":
			base := 1 + m/8
			for i := 0; i < m; i++ {
				src := rng.IntN(base)
				r := rand.New(rand.NewPCG(uint64(src), 9))
				for t := 0; t < d; t++ {
					raw[i*d+t] = math.Round(4 * r.NormFloat64())
				}
			}
		case "flat":
			for i := 0; i < m; i++ {
				for t := 0; t < d; t++ {
					raw[i*d+t] = 1e3
				}
				if rng.IntN(10) == 0 {
					raw[i*d+rng.IntN(d)] += rng.NormFloat64()
				}
			}
		case "offset":
			for i := range raw {
				raw[i] = 1e6 + rng.NormFloat64()
			}
		}
		return X
	}
	for _, kind := range []string{"blobs", "grid", "dup", "flat", "offset"} {
		for _, sh := range [][2]int{{40, 2}, {120, 7}, {300, 16}, {257, 33}} {
			X := gen(kind, sh[0], sh[1])
			for _, k := range []int{1, 3, 8, 20} {
				for _, alg := range []KMeansAlgorithm{Auto, Hamerly, Elkan, Lloyd} {
					cfg := KMeansConfig{K: k, NInit: 3, Seed: uint64(k) + 7*uint64(alg), Algorithm: alg, Workers: 1}
					if (k+int(alg))%3 == 0 {
						w := make([]float64, sh[0])
						for i := range w {
							w[i] = float64(rng.IntN(3))
						}
						w[0] = 1
						cfg.SampleWeight = w
					}
					add(fmt.Sprintf("%s %dx%d k=%d alg=%d w=%v", kind, sh[0], sh[1], k, alg, cfg.SampleWeight != nil), X, cfg)
				}
			}
		}
	}
	dig := datasets.Digits().X
	for _, k := range []int{10, 64} {
		for seed := uint64(0); seed < 3; seed++ {
			for _, alg := range []KMeansAlgorithm{Auto, Hamerly, Lloyd} {
				add(fmt.Sprintf("digits k=%d seed=%d alg=%d", k, seed, alg), dig, KMeansConfig{K: k, NInit: 2, Seed: seed, Algorithm: alg, Workers: 1})
			}
		}
	}
	sub := mat.DenseCopyOf(dig.Slice(0, 300, 0, 64))
	add("digits[:300] k=64 Elkan", sub, KMeansConfig{K: 64, NInit: 2, Seed: 5, Algorithm: Elkan})
	add("digits[:300] k=200 Hamerly", sub, KMeansConfig{K: 200, NInit: 1, Seed: 5, Algorithm: Hamerly})
	return out
}

// fingerprint returns the fingerprint of a fit.
func (c *kmExactCase) fingerprint(km *KMeans) {
	h := fnv.New64a()
	for _, l := range km.Labels {
		fmt.Fprintf(h, "%d,", l)
	}
	c.Labels = fmt.Sprintf("%x", h.Sum64())
	h = fnv.New64a()
	for _, v := range km.Centroids.RawMatrix().Data {
		fmt.Fprintf(h, "%x,", math.Float64bits(v))
	}
	c.Centroids = fmt.Sprintf("%x", h.Sum64())
	c.Inertia = fmt.Sprintf("%x", math.Float64bits(km.Inertia))
	c.Iters, c.Restart = km.Iterations, km.Restart
}

// TestKMeansSameAsPrevious: the blocked distance computations (DotRows as
// a filter, every decision on the exact SqDist) give the same bits as the
// implementation before them: same labels, centroids, inertia, iterations
// and winning restart on every input of kmExactInputs, for worker counts
// 0, 1 and 2. The fingerprints hold for amd64's SqDist (SSE2 or AVX, the
// same bits); the portable SqDist of -tags noasm adds in another order, so
// there TestAssignBlockedExact checks the same property on the
// assignments alone. The fingerprints
// in testdata/kmeans_exact.json were written by the previous
// implementation (commit 0d2728a) with
//
//	KMEANS_EXACT_WRITE=1 go test -run TestKMeansSameAsPrevious ./featlab/represent/
func TestKMeansSameAsPrevious(t *testing.T) {
	const path = "testdata/kmeans_exact.json"
	var got []kmExactCase
	for i, in := range kmExactInputs() {
		// any worker count gives the same result
		in.cfg.Workers = i % 3
		km, err := FitKMeans(in.X, in.cfg)
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		c := kmExactCase{Name: in.name}
		c.fingerprint(km)
		got = append(got, c)
	}
	if os.Getenv("KMEANS_EXACT_WRITE") != "" {
		b, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []kmExactCase
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%d cases, the golden file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s:\n got %+v\nwant %+v", got[i].Name, got[i], want[i])
		}
	}
}
