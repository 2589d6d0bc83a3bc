package represent

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

func randDense(r *rand.Rand, m, d int) *mat.Dense {
	X := mat.NewDense(m, d, nil)
	for i := range X.RawMatrix().Data {
		X.RawMatrix().Data[i] = r.NormFloat64()
	}
	return X
}

// PCA with all components reconstructs exactly; with K components its
// training reconstruction error is the sum of the discarded squared
// singular values (eigenvalues of the scatter matrix).
func TestPCARoundTripAndDiscardedEigenvalues(t *testing.T) {
	X := datasets.Digits().X
	full, err := FitPCA(X, PCAConfig{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := ReconstructionError(full, X)
	if err != nil {
		t.Fatal(err)
	}
	if e > 1e-16*mat.Norm(X, 2)*mat.Norm(X, 2)*1e3 {
		t.Errorf("PCA with all components: reconstruction error %g, want ~0", e)
	}
	for _, k := range []int{1, 5, 20, 40} {
		p, err := FitPCA(X, PCAConfig{K: k})
		if err != nil {
			t.Fatal(err)
		}
		e, err := ReconstructionError(p, X)
		if err != nil {
			t.Fatal(err)
		}
		want := 0.0
		for _, s := range full.SingularValues[k:] {
			want += s * s
		}
		if math.Abs(e-want) > 1e-8*want {
			t.Errorf("K=%d: error %v, sum of discarded eigenvalues %v", k, e, want)
		}
	}
	// orthonormal rows
	var G mat.Dense
	G.Mul(full.Components, full.Components.T())
	for i := 0; i < 64; i++ {
		for j := 0; j < 64; j++ {
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(G.At(i, j)-want) > 1e-10 {
				t.Fatalf("W W^T [%d,%d] = %v", i, j, G.At(i, j))
			}
		}
	}
}

// PCA is the optimal linear auto-encoder: no other K-dimensional linear
// encoder/decoder pair (here: random orthonormal projections and the
// least-squares decoder of random encoders) does better on the data.
func TestPCABeatsOtherLinearAutoEncoders(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	X := datasets.Digits().X
	p, _ := FitPCA(X, PCAConfig{K: 8})
	best, _ := ReconstructionError(p, X)
	m, d := X.Dims()
	Xc := mat.DenseCopyOf(X)
	for i := 0; i < m; i++ {
		axpy(-1, p.Mean, Xc.RawRowView(i))
	}
	for trial := 0; trial < 20; trial++ {
		A := randDense(r, d, 8) // encoder x -> x A
		var Z mat.Dense
		Z.Mul(Xc, A)
		var B mat.Dense // least-squares decoder Z B ~ Xc
		if err := B.Solve(&Z, Xc); err != nil {
			t.Fatal(err)
		}
		var R mat.Dense
		R.Mul(&Z, &B)
		R.Sub(Xc, &R)
		n := mat.Norm(&R, 2)
		if n*n < best*(1-1e-9) {
			t.Fatalf("a random linear auto-encoder has error %v < PCA's %v", n*n, best)
		}
	}
}

// The k-means auto-encoder: codes are one-hot, decoding returns the
// centroid, the reconstruction error is the inertia; every algorithm gives
// the same fit.
func TestKMeansAutoEncoder(t *testing.T) {
	X := datasets.Digits().X
	var fits []*KMeans
	for _, alg := range []KMeansAlgorithm{Lloyd, Hamerly, Elkan} {
		km, err := FitKMeans(X, KMeansConfig{K: 12, NInit: 3, Seed: 7, Algorithm: alg, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		fits = append(fits, km)
	}
	for _, km := range fits[1:] {
		if !mat.Equal(km.Centroids, fits[0].Centroids) || km.Inertia != fits[0].Inertia {
			t.Fatalf("algorithms disagree: inertia %v vs %v", km.Inertia, fits[0].Inertia)
		}
	}
	km := fits[0]
	V, _ := km.Encode(X)
	R, _ := km.Decode(V)
	for i := 0; i < 50; i++ {
		if !mat.Equal(R.RowView(i), km.Centroids.RowView(km.Labels[i])) {
			t.Fatalf("row %d decodes to something other than its centroid", i)
		}
		s := 0.0
		for _, v := range V.RawRowView(i) {
			s += v
		}
		if s != 1 {
			t.Fatalf("row %d: code is not one-hot", i)
		}
	}
	e, _ := ReconstructionError(km, X)
	if math.Abs(e-km.Inertia) > 1e-9*e {
		t.Errorf("reconstruction error %v != inertia %v", e, km.Inertia)
	}
	// same seed, same bytes, whatever the worker count
	one, _ := FitKMeans(X, KMeansConfig{K: 12, NInit: 3, Seed: 7, Workers: 1})
	if !mat.Equal(one.Centroids, fits[1].Centroids) {
		t.Error("result depends on Workers")
	}
	// soft codes sum to 1, distances are distances
	km.Encoding = Soft
	S, _ := km.Transform(X)
	km.Encoding = Distances
	Dd, _ := km.Transform(X)
	for i := 0; i < 20; i++ {
		s := 0.0
		for _, v := range S.RawRowView(i) {
			s += v
		}
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("soft code of row %d sums to %v", i, s)
		}
		want := math.Sqrt(kernel.SqDist(X.RawRowView(i), km.Centroids.RawRowView(3)))
		if math.Abs(Dd.At(i, 3)-want) > 1e-12 {
			t.Fatal("distance encoding wrong")
		}
	}
}

// k may exceed d for k-means (25.3.1) but not for PCA.
func TestKMayExceedDForKMeansNotPCA(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	X := randDense(r, 100, 2)
	if _, err := FitKMeans(X, KMeansConfig{K: 10, Seed: 1}); err != nil {
		t.Errorf("k-means with k=10 > d=2: %v", err)
	}
	if _, err := FitPCA(X, PCAConfig{K: 3}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("PCA with K=3 > d=2: err %v, want ErrParam", err)
	}
}

// Every alternating step of dictionary learning does not increase the
// objective, for every coder and dictionary update; K-SVD keeps supports.
func TestDictionaryLearningMonotone(t *testing.T) {
	X := datasets.Digits().X
	Xs := mat.DenseCopyOf(X.Slice(0, 300, 0, 64))
	for _, c := range []DictionaryLearningConfig{
		{K: 32, S: 4, Update: KSVD},
		{K: 32, S: 4, Update: ApproxKSVD},
		{K: 32, S: 4, Update: MOD},
		{K: 24, Coder: Lasso, Lambda: 40, Update: KSVD, MaxIter: 6},
		{K: 24, Coder: Lasso, Lambda: 40, Update: ApproxKSVD, MaxIter: 6},
	} {
		if c.MaxIter == 0 {
			c.MaxIter = 12
		}
		c.Seed = 5
		dl, err := LearnDictionary(Xs, c)
		if err != nil {
			t.Fatal(err)
		}
		prev := dl.Initial
		for it := range dl.Objective {
			ce, de := dl.CodingObjective[it], dl.Objective[it]
			if ce > prev*(1+1e-12) || de > ce*(1+1e-12) {
				t.Fatalf("%+v: iteration %d: %v -> coding %v -> dictionary %v", c, it, prev, ce, de)
			}
			prev = de
		}
		for j := 0; j < c.K; j++ {
			n := mat.Norm(dl.Atoms.RowView(j), 2)
			if math.Abs(n-1) > 1e-12 || math.IsNaN(n) {
				t.Fatalf("atom %d has norm %v", j, n)
			}
		}
		if dl.Objective[len(dl.Objective)-1] >= dl.Initial {
			t.Errorf("%+v: no progress", c)
		}
		if c.Coder == OMP {
			for i := 0; i < 300; i++ {
				nz := 0
				for _, v := range dl.Codes.RawRowView(i) {
					if v != 0 {
						nz++
					}
				}
				if nz > c.S {
					t.Fatalf("code %d has %d > S nonzeros", i, nz)
				}
			}
		}
	}
}

func TestKSVDAtomStepPreservesSupport(t *testing.T) {
	X := mat.DenseCopyOf(datasets.Digits().X.Slice(0, 200, 0, 64))
	dl, err := LearnDictionary(X, DictionaryLearningConfig{K: 20, S: 3, MaxIter: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// fresh codes for the learned atoms, then one textbook step per atom
	V, _ := dl.Encode(X)
	D := mat.DenseCopyOf(dl.Atoms)
	for j := 0; j < 20; j++ {
		old := mat.DenseCopyOf(V)
		before, after, err := KSVDAtomStep(X, D, V, j)
		if err != nil {
			t.Fatal(err)
		}
		if after > before*(1+1e-12) {
			t.Fatalf("atom %d: objective %v -> %v", j, before, after)
		}
		for i := 0; i < 200; i++ {
			for l := 0; l < 20; l++ {
				if old.At(i, l) == 0 && V.At(i, l) != 0 {
					t.Fatalf("atom %d: code (%d,%d) left the support", j, i, l)
				}
				if l != j && old.At(i, l) != V.At(i, l) {
					t.Fatalf("atom %d changed code of atom %d", j, l)
				}
			}
		}
		if n := mat.Norm(D.RowView(j), 2); math.Abs(n-1) > 1e-12 {
			t.Fatalf("atom %d norm %v", j, n)
		}
	}
}

// A planted dictionary is recovered up to sign and permutation.
func TestPlantedDictionaryRecovery(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	k, d, m, s := 20, 16, 1000, 3
	D0 := randDense(r, k, d)
	for j := 0; j < k; j++ {
		normalise(D0.RawRowView(j))
	}
	V0 := mat.NewDense(m, k, nil)
	for i := 0; i < m; i++ {
		for _, j := range r.Perm(k)[:s] {
			V0.Set(i, j, r.NormFloat64()+math.Copysign(1, r.NormFloat64()))
		}
	}
	var X mat.Dense
	X.Mul(V0, D0)
	dl, err := LearnDictionary(&X, DictionaryLearningConfig{K: k, S: s, MaxIter: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for j := 0; j < k; j++ {
		best := 0.0
		for l := 0; l < k; l++ {
			best = max(best, math.Abs(mat.Dot(D0.RowView(j), dl.Atoms.RowView(l))))
		}
		if best > 0.99 {
			found++
		}
	}
	if found < k-1 {
		t.Errorf("recovered %d of %d planted atoms (|cos| > 0.99)", found, k)
	}
}

func TestDictionaryLearningDeterministicAndCancel(t *testing.T) {
	X := mat.DenseCopyOf(datasets.Digits().X.Slice(0, 300, 0, 64))
	a, _ := LearnDictionary(X, DictionaryLearningConfig{K: 16, MaxIter: 5, Seed: 9, Workers: 1})
	b, _ := LearnDictionary(X, DictionaryLearningConfig{K: 16, MaxIter: 5, Seed: 9, Workers: 2})
	if !mat.Equal(a.Atoms, b.Atoms) {
		t.Error("result depends on Workers")
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	dl, err := LearnDictionaryContext(ctx, X, DictionaryLearningConfig{K: 16, MaxIter: 50, Seed: 9, Progress: func(done, total int) {
		calls++
		if done == 2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || dl == nil || len(dl.Objective) != 2 || dl.Atoms == nil {
		t.Fatalf("cancel: err %v, dl %v", err, dl != nil)
	}
}

func TestUnusedAtomsReplaced(t *testing.T) {
	// all samples on two directions: most atoms of a 6-atom dictionary go
	// unused and are replaced; none become NaN or zero
	r := rand.New(rand.NewPCG(5, 5))
	X := mat.NewDense(50, 4, nil)
	for i := 0; i < 50; i++ {
		X.Set(i, i%2, 1+r.Float64())
	}
	dl, err := LearnDictionary(X, DictionaryLearningConfig{K: 6, S: 1, MaxIter: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 6; j++ {
		n := mat.Norm(dl.Atoms.RowView(j), 2)
		if math.IsNaN(n) || math.Abs(n-1) > 1e-12 {
			t.Fatalf("atom %d norm %v", j, n)
		}
	}
	if e := dl.Objective[len(dl.Objective)-1]; e > 1e-20 {
		t.Errorf("objective %v, want 0", e)
	}
}

// Clear replaces a duplicated atom of the starting dictionary.
func TestClearReplacesDuplicates(t *testing.T) {
	X := mat.DenseCopyOf(datasets.Digits().X.Slice(0, 200, 0, 64))
	init := mat.DenseCopyOf(X.Slice(0, 8, 0, 64))
	init.SetRow(5, init.RawRowView(2))
	dl, err := LearnDictionary(X, DictionaryLearningConfig{K: 8, S: 2, MaxIter: 1, Init: init, Clear: true})
	if err != nil {
		t.Fatal(err)
	}
	if dl.Replaced == 0 {
		t.Error("no atom replaced")
	}
	for j := 0; j < 8; j++ {
		for l := 0; l < j; l++ {
			if math.Abs(mat.Dot(dl.Atoms.RowView(j), dl.Atoms.RowView(l))) > 0.99 {
				t.Errorf("atoms %d and %d still duplicate", l, j)
			}
		}
	}
}

func TestBagOfWordsOptions(t *testing.T) {
	docs := [][]string{{"a", "b", "a"}, {"b", "c"}, {"b", "d", "d"}}
	b := &BagOfWords{Weighting: TermFrequency}
	if err := b.Fit(docs); err != nil {
		t.Fatal(err)
	}
	V, _ := b.Transform([][]string{{"a", "a", "b", "zz"}, {}})
	want := []float64{0.5, 0.25, 0, 0}
	for j, w := range want {
		if V.At(0, j) != w || V.At(1, j) != 0 {
			t.Fatalf("term frequencies %v, want %v (unseen word counted in the length)", mat.Row(nil, 0, V), want)
		}
	}
	b = &BagOfWords{MinDocs: 2}
	_ = b.Fit(docs)
	if len(b.Vocabulary) != 1 || b.Vocabulary[0] != "b" {
		t.Errorf("MinDocs 2: %v", b.Vocabulary)
	}
	b = &BagOfWords{MaxWords: 2}
	_ = b.Fit(docs)
	if len(b.Vocabulary) != 2 || b.Vocabulary[0] != "a" || b.Vocabulary[1] != "b" {
		t.Errorf("MaxWords 2: %v (b in 3 documents, then a by byte order)", b.Vocabulary)
	}
	W, _ := b.Decode(mat.NewDense(1, 2, []float64{0, 3}))
	if len(W[0]) != 1 || W[0][0] != "b" {
		t.Errorf("Decode %v", W)
	}
}

// The K-SVD and approximate K-SVD steps of the fitting loop keep every
// zero code zero and never raise the data term.
func TestFitLoopKSVDPreservesSupport(t *testing.T) {
	X := mat.DenseCopyOf(datasets.Digits().X.Slice(0, 300, 0, 64))
	x, m, d := kernel.DenseRows(X)
	for _, approx := range []bool{false, true} {
		D, _ := initDictionary(x, m, d, 24, nil, 3)
		st := &dlState{x: x, m: m, d: d, k: 24, D: D, V: mat.NewDense(m, 24, nil), R: append([]float64(nil), x...)}
		for it := 0; it < 3; it++ {
			V, err := SparseEncode(X, SparseCodeConfig{Atoms: st.D, S: 4})
			if err != nil {
				t.Fatal(err)
			}
			st.acceptCodes(0, V)
			before := mat.DenseCopyOf(st.V)
			obj := st.objective()
			for j := 0; j < 24; j++ {
				st.ksvdAtom(j, approx)
			}
			for i := 0; i < m; i++ {
				for j := 0; j < 24; j++ {
					if before.At(i, j) == 0 && st.V.At(i, j) != 0 {
						t.Fatalf("approx %v: code (%d,%d) left the support", approx, i, j)
					}
				}
			}
			st.refresh()
			if o := st.objective(); o > obj*(1+1e-12) {
				t.Fatalf("approx %v: dictionary step raised the objective %v -> %v", approx, obj, o)
			}
		}
	}
}

func TestSparseEncodeCancelled(t *testing.T) {
	X := datasets.Digits().X
	km, _ := FitKMeans(X, KMeansConfig{K: 16, NInit: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []Coder{OMP, Lasso} {
		if _, err := SparseEncodeContext(ctx, X, SparseCodeConfig{Atoms: km.Centroids, Coder: c, Lambda: 1}); !errors.Is(err, context.Canceled) {
			t.Errorf("coder %d: err %v, want context.Canceled", c, err)
		}
	}
	if _, err := FitKMeansContext(ctx, X, KMeansConfig{K: 4}); !errors.Is(err, context.Canceled) {
		t.Errorf("k-means: err %v", err)
	}
}

// A linear classifier on k-means indicators predicts one class per
// cluster (piecewise constant); labels must be classes.
func TestLinearClassifierOnIndicators(t *testing.T) {
	ds := datasets.Digits()
	km, _ := FitKMeans(ds.X, KMeansConfig{K: 20, NInit: 2, Seed: 2})
	Psi, _ := km.Encode(ds.X)
	p, err := LinearClassifier{}.Fit(Psi, ds.Y)
	if err != nil {
		t.Fatal(err)
	}
	yh, _ := p.Predict(Psi)
	byCluster := map[int]float64{}
	for i, l := range km.Labels {
		if v, ok := byCluster[l]; ok && v != yh[i] {
			t.Fatalf("cluster %d predicted as %v and %v", l, v, yh[i])
		}
		byCluster[l] = yh[i]
	}
	if _, err := (LinearClassifier{}).Fit(Psi, append([]float64{0.5}, ds.Y[1:]...)); !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("non-integer label: %v", err)
	}
	if _, err := p.Predict(ds.X); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}
