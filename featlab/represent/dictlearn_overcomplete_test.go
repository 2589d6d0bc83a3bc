package represent

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestDictionaryLearningMoreAtomsThanSamples: K = 2m atoms (more than
// samples, as scikit-learn allows) learn with every update and both
// coders: unit-norm finite atoms, a non-increasing objective, and, with
// S = 1 and K >= m, training rows represented exactly (each sample can
// have an atom of its own; not with Clear, which replaces every atom
// fewer than 4 samples use). Encode and Decode work at that width.
func TestDictionaryLearningMoreAtomsThanSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	m, d := 6, 4
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
	}
	for _, cfg := range []DictionaryLearningConfig{
		{K: 2 * m, S: 1},
		{K: 2 * m, S: 2, Update: ApproxKSVD},
		{K: 2 * m, S: 1, Update: MOD},
		{K: m + 1, Coder: Lasso, Lambda: 0.1},
		{K: 2 * m, S: 1, Clear: true},
	} {
		cfg.MaxIter = 10
		dl, err := LearnDictionary(X, cfg)
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
		if r, c := dl.Atoms.Dims(); r != cfg.K || c != d {
			t.Fatalf("%+v: atoms %dx%d", cfg, r, c)
		}
		for j := 0; j < cfg.K; j++ {
			if n := mat.Norm(dl.Atoms.RowView(j), 2); math.Abs(n-1) > 1e-12 {
				t.Errorf("%+v: atom %d has norm %v", cfg, j, n)
			}
		}
		if !cfg.Clear {
			prev := dl.Initial
			for it, o := range dl.Objective {
				if o > prev+1e-12*dl.Initial || math.IsNaN(o) {
					t.Errorf("%+v: objective rose at alternation %d: %v after %v", cfg, it+1, o, prev)
				}
				prev = o
			}
		}
		if cfg.Coder == OMP && cfg.S == 1 && !cfg.Clear {
			if o := dl.Objective[len(dl.Objective)-1]; o > 1e-20 {
				t.Errorf("%+v: final objective %v, want 0 (an atom per sample)", cfg, o)
			}
		}
		V, err := dl.Encode(X)
		if err != nil {
			t.Fatal(err)
		}
		if _, c := V.Dims(); c != cfg.K {
			t.Errorf("%+v: codes have %d columns", cfg, c)
		}
		if _, err := dl.Decode(V); err != nil {
			t.Fatal(err)
		}
	}
}
