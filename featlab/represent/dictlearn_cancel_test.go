package represent

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
	"github.com/featlab/course/featlab/internal/kernel"
)

// TestKSVDAtomCancel: a K-SVD atom update (up to 100 power-iteration
// passes over the atom's samples: seconds at 10^5 samples) looks at the
// context at every pass; cancelled, it leaves the atom, the codes and the
// residuals exactly as they were. Uncancelled, it is ksvdAtom bit for bit.
func TestKSVDAtomCancel(t *testing.T) {
	X := reliabilityData(300, 16, 6)
	x, m, d := kernel.DenseRows(X)
	D, _ := initDictionary(x, m, d, 8, nil, 3)
	st := &dlState{x: x, m: m, d: d, k: 8, D: D, V: mat.NewDense(m, 8, nil), R: append([]float64(nil), x...)}
	V, err := SparseEncode(X, SparseCodeConfig{Atoms: st.D, S: 3})
	if err != nil {
		t.Fatal(err)
	}
	st.acceptCodes(0, V)
	D0, V0, R0 := mat.DenseCopyOf(st.D), mat.DenseCopyOf(st.V), append([]float64(nil), st.R...)
	count := ctxtest.New(1 << 40)
	if err := st.ksvdAtomContext(count, 0, false); err != nil {
		t.Fatal(err)
	}
	if n := count.Calls(); n < 2 {
		t.Fatalf("%d looks at the context in a K-SVD atom update, want one a power step", n)
	}
	ref := &dlState{x: x, m: m, d: d, k: 8, D: mat.DenseCopyOf(D0), V: mat.DenseCopyOf(V0), R: append([]float64(nil), R0...)}
	ref.ksvdAtom(0, false)
	if !mat.Equal(ref.D, st.D) || !mat.Equal(ref.V, st.V) {
		t.Fatal("ksvdAtomContext differs from ksvdAtom")
	}
	st = &dlState{x: x, m: m, d: d, k: 8, D: mat.DenseCopyOf(D0), V: mat.DenseCopyOf(V0), R: append([]float64(nil), R0...)}
	ctx := ctxtest.New(1)
	if err := st.ksvdAtomContext(ctx, 0, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if !mat.Equal(st.D, D0) || !mat.Equal(st.V, V0) {
		t.Fatal("a cancelled atom update changed the dictionary or the codes")
	}
	for i := range R0 {
		if st.R[i] != R0[i] {
			t.Fatal("a cancelled atom update changed the residuals")
		}
	}
}

// TestLearnDictionaryCancelInDictionaryStep: cancelled at its last look
// at the context (inside the K-SVD step of its only alternation), the fit
// stops there (it used to finish every atom) and returns the dictionary
// and codes with the atoms finished so far.
func TestLearnDictionaryCancelInDictionaryStep(t *testing.T) {
	X := reliabilityData(300, 16, 7)
	cfg := DictionaryLearningConfig{K: 8, S: 3, MaxIter: 1, Workers: 1, Seed: 2}
	count := ctxtest.New(1 << 40)
	full, err := LearnDictionaryContext(count, X, cfg)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := LearnDictionary(X, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(full.Atoms, plain.Atoms) || full.Objective[0] != plain.Objective[0] {
		t.Fatal("LearnDictionaryContext differs from LearnDictionary")
	}
	ctx := ctxtest.New(count.Calls() - 1)
	dl, err := LearnDictionaryContext(ctx, X, cfg)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "dictionary step") {
		t.Fatalf("err = %v, want context.Canceled in the dictionary step", err)
	}
	if dl == nil || dl.Atoms == nil || len(dl.Objective) != 0 {
		t.Fatalf("cancelled in the dictionary step: %+v", dl)
	}
}
