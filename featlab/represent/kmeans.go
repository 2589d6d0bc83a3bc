package represent

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"sort"

	"github.com/featlab/course/featlab/transform"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/par"
)

// KMeansAlgorithm selects the k-means iteration. Both give the same labels
// and centroids (up to floating-point ties); they differ in speed only.
type KMeansAlgorithm int

const (
	// Auto (the default) is Elkan when its m x K bounds take at most 400
	// MB (m K <= 5e7), Hamerly otherwise.
	Auto KMeansAlgorithm = iota
	// Hamerly is Lloyd's iteration with Hamerly's (2010) bounds: one upper
	// bound per point on the distance to its centroid and one lower bound
	// on the distance to every other centroid let most points skip the k
	// distance computations once the centroids settle.
	Hamerly
	// Elkan is Lloyd's iteration with Elkan's (2003) bounds: one lower
	// bound per point and centroid and the centroid-centroid distances;
	// more memory (m x K bounds), fewer distances when K is large.
	Elkan
	// Lloyd computes every point-centroid distance in every iteration.
	Lloyd
)

// Encoding selects what KMeans.Transform returns.
type Encoding int

const (
	// Hard (the default): the indicator psi(x) in {0,1}^k of the closest
	// centroid (25.3.1).
	Hard Encoding = iota
	// Distances: the Euclidean distances to the k centroids (scikit-learn's
	// KMeans.transform).
	Distances
	// Soft: soft assignments exp(-beta ||x - mu_j||^2) / sum_l exp(-beta
	// ||x - mu_l||^2), rows summing to 1.
	Soft
)

// KMeansConfig configures k-means. Only K is required.
type KMeansConfig struct {
	// K >= 1 is the number of centroids; K may exceed the dimension d
	// (25.3.1) but not the number of training rows m.
	K int
	// Init, when non-nil, is the K x d matrix of starting centroids; the
	// fit then runs once from it (NInit is ignored), as scikit-learn's
	// KMeans(init=array, n_init=1). Default: k-means++ seeding.
	Init *mat.Dense
	// NInit >= 1 restarts from independent k-means++ seedings run in
	// parallel; the fit with the lowest inertia wins (ties: the lowest
	// restart number). Default 10.
	NInit int
	// MaxIter bounds the Lloyd iterations per restart. Default 300.
	MaxIter int
	// Tol >= 0: a restart stops when its labels no longer change or when
	// the sum of squared centroid moves is at most Tol times the mean
	// column variance of X (scikit-learn's rule; the variance is
	// unweighted, as there, whatever SampleWeight). Default 1e-4.
	Tol float64
	// TolZero sets the tolerance to exactly 0 (scikit-learn's tol=0): a
	// restart stops only when its labels no longer change or its
	// centroids no longer move. Tol must then be 0. Default false.
	TolZero bool
	// SampleWeight, when non-nil, holds one weight w_i >= 0 per training
	// row (not all 0): the inertia becomes sum_i w_i min_j ||x_i -
	// mu_j||^2, each centroid the weighted mean of its points, and the
	// k-means++ seeding draws its first point with probability w_i / sum w
	// and later ones with probability proportional to w_i times the
	// squared distance to the closest chosen centroid (scikit-learn 1.3's
	// seeding; 1.2 ignores the weights there). An integer weight is the
	// same as that many copies of the row. Default nil: all weights 1.
	SampleWeight []float64
	// Algorithm: Auto (default), Hamerly, Elkan or Lloyd.
	Algorithm KMeansAlgorithm
	// Encoding of Transform: Hard (default), Distances or Soft.
	Encoding Encoding
	// Beta > 0 is the inverse temperature of Soft. Default m / inertia, the
	// reciprocal of the mean squared distance to the closest centroid
	// (sum_i w_i / inertia with SampleWeight).
	Beta float64
	// Seed of the k-means++ seeding; restart r uses the PCG stream
	// (Seed, r+1), so the result does not depend on Workers.
	Seed uint64
	// Workers bounds the goroutines running restarts (0: all cores).
	Workers int
	// Progress, when non-nil, is told of finished restarts.
	Progress featlab.Progress
}

// KMeans is the k-means dictionary of 25.3.1: K centroids mu_1..mu_K fitted
// by Lloyd's iteration from k-means++ seedings, minimising the inertia
//
//	sum_i min_j ||x_i - mu_j||^2.
//
// As an auto-encoder its encoder psi(x) is the indicator of the closest
// centroid and its decoder phi(v) = sum_j v_j mu_j returns that centroid, so
// ReconstructionError on the training data is the inertia. A linear
// predictor on psi(x) assigns one value per cluster: it is piecewise
// constant on the Voronoi cells of the centroids.
//
// It matches scikit-learn's KMeans(n_clusters=K, init=..., n_init=NInit,
// algorithm="lloyd", tol=Tol): same stopping rule, same final relabelling;
// an empty cluster is moved to the point farthest from its centroid (the
// worst-represented sample).
type KMeans struct {
	KMeansConfig
	// FrameMemory lets transform.FitFrame / TransformFrame find the
	// fitted columns of a data frame by name.
	transform.FrameMemory
	// Centroids is the K x d matrix of centroids (rows).
	Centroids *mat.Dense
	// Labels[i] is the centroid of training row i.
	Labels []int
	// Inertia is sum_i w_i ||x_i - mu_{Labels[i]}||^2 on the training
	// data (w_i = 1 without SampleWeight).
	Inertia float64
	// Restart is the winning restart (0 with Init).
	Restart int
	// Convergence of the winning restart: Iterations of Lloyd, Converged
	// when the stopping rule held within MaxIter, Gap the last sum of
	// squared centroid moves (0 when the labels stopped changing), Tol the
	// absolute tolerance used.
	featlab.Convergence
}

// FitKMeans fits k-means to the rows of X.
//
// Distances: the full assignments (Lloyd's, Hamerly's recomputations, the
// first pass of Elkan's) compare each point with a block of rows at once
// through ||x||^2 + ||c||^2 - 2 x . c (the cross terms from the vectorised
// kernel.DotRows); the k-means++ seeding reads the same expanded form from
// the Gram matrix of the centred rows when it keeps one (below), and
// otherwise prunes with the triangle inequality and computes the rest with
// kernel.SqDistRows. The expanded forms are used only as bounds: every
// decision is taken on the exact squared distances, so the result is the
// same bits as computing every distance directly with kernel.SqDist.
//
// Memory: a column-permuted copy of X (m x d) and a centred copy (m x d)
// for the blocked distance bounds; when m <= 2048 and the restarts'
// k-means++ trials, NInit (K - 1) (2 + ln K), outnumber the rows, the m x m
// Gram matrix of the centred rows (at most 32 MB), shared by the restarts
// and kept for the next fit until garbage collection drops it;
// and, per restart running at once (Workers), the K x d centroids, the
// k-means++ seeding's (6 + ln K) m values and Hamerly's bounds and labels,
// a few m values; Elkan also keeps m x K lower bounds (Auto picks Elkan
// only while m K <= 5e7). Measured at 10^6 x 20 (issue 20, default
// config, before the Gram matrix, which is not used at that size): about
// 3.8 times the input at the peak.
//
// Errors: K < 1 or K > m, NInit or MaxIter < 0, Tol < 0 or NaN, Tol != 0
// with TolZero, Beta < 0, an Init of the wrong shape or with NaN, a
// negative SampleWeight or all weights 0 (ErrParam, ErrShape); empty or
// non-finite X, a NaN or infinite weight (ErrEmpty, ErrNotFinite); a
// SampleWeight whose length is not m (ErrShape).
func FitKMeans(X mat.Matrix, cfg KMeansConfig) (*KMeans, error) {
	return FitKMeansContext(context.Background(), X, cfg)
}

// FitKMeansContext is FitKMeans with cancellation: cancelled, it returns
// the best finished restart (nil if none) and an error wrapping ctx.Err().
func FitKMeansContext(ctx context.Context, X mat.Matrix, cfg KMeansConfig) (*KMeans, error) {
	km := &KMeans{KMeansConfig: cfg}
	if err := km.fit(ctx, X); err != nil {
		if km.Centroids != nil {
			return km, err
		}
		return nil, err
	}
	return km, nil
}

// Fit fits the centroids to X with the receiver's configuration
// (featlab.Transformer).
func (km *KMeans) Fit(X mat.Matrix) error {
	km.SetFrameColumns(nil)
	return km.fit(context.Background(), X)
}

func (km *KMeans) fit(ctx context.Context, X mat.Matrix) error {
	cfg := km.KMeansConfig
	m, d, err := checkData(X, "X")
	if err != nil {
		return err
	}
	if cfg.K < 1 || cfg.K > m {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: K = %d outside [1, m = %d]", cfg.K, m)
	}
	if cfg.NInit < 0 || cfg.MaxIter < 0 {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: NInit = %d and MaxIter = %d must be >= 0", cfg.NInit, cfg.MaxIter)
	}
	if !(cfg.Tol >= 0) || math.IsInf(cfg.Tol, 0) {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: Tol = %v must be finite and >= 0", cfg.Tol)
	}
	if !(cfg.Beta >= 0) || math.IsInf(cfg.Beta, 0) {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: Beta = %v must be finite and >= 0", cfg.Beta)
	}
	if cfg.Algorithm < Auto || cfg.Algorithm > Lloyd {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: unknown Algorithm %d", cfg.Algorithm)
	}
	if cfg.Encoding < Hard || cfg.Encoding > Soft {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: unknown Encoding %d", cfg.Encoding)
	}
	nInit := cfg.NInit
	if nInit == 0 {
		nInit = 10
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 300
	}
	if cfg.TolZero && cfg.Tol != 0 {
		return featlab.Errorf(featlab.ErrParam, "represent: KMeans: TolZero with Tol = %v", cfg.Tol)
	}
	tol := cfg.Tol
	if tol == 0 && !cfg.TolZero {
		tol = 1e-4
	}
	w, err := checkSampleWeight(cfg.SampleWeight, m)
	if err != nil {
		return err
	}
	x, _, _ := kernel.DenseRows(X)
	if err := kernel.CheckScale(x, "represent", "X"); err != nil {
		return err
	}
	var init []float64
	if cfg.Init != nil {
		if featlab.IsNil(cfg.Init) {
			return featlab.Errorf(featlab.ErrParam, "represent: KMeans: nil Init")
		}
		r, c := cfg.Init.Dims()
		if r != cfg.K || c != d {
			return featlab.Errorf(featlab.ErrShape, "represent: KMeans: Init is %dx%d, want K x d = %dx%d", r, c, cfg.K, d)
		}
		if _, _, err := checkData(cfg.Init, "KMeans Init"); err != nil {
			return err
		}
		init, _, _ = kernel.DenseRows(cfg.Init)
		nInit = 1
	}
	absTol := tol * meanVariance(x, m, d)
	// Work on the columns sorted by decreasing variance, so that partial
	// distance searches stop early; undone on the centroids at the end.
	perm := varianceOrder(x, m, d)
	x = permuteCols(x, m, d, perm)
	if init != nil {
		init = permuteCols(init, cfg.K, d, perm)
	}
	alg := cfg.Algorithm
	if alg == Auto {
		alg = Elkan
		if m*cfg.K > 5e7 {
			alg = Hamerly
		}
	}
	full := kmCentred(x, m, d)
	var gram *kmGram
	if init == nil && useKMGram(m, cfg.K, nInit, kmTrials(cfg.K)) {
		gram = newKMGram(full, m, cfg.Workers)
	}
	runs := make([]*kmRun, nInit)
	var stop error
	err = par.Do(ctx, nInit, cfg.Workers, cfg.Progress, func(r int) error {
		km := kmRun{x: x, w: w, m: m, d: d, k: cfg.K, full: full}
		var seed *seeding
		if init != nil {
			km.c = append([]float64(nil), init...)
		} else {
			// Elkan starts from the seeding's bounds when K is small; for
			// larger K the exact bounds of a full assignment pay for
			// themselves in the later iterations.
			sd := kmeansPP(x, w, gram, m, d, cfg.K, rand.New(rand.NewPCG(cfg.Seed, uint64(r)+1)), alg == Elkan && cfg.K <= kmSeedBoundsK)
			km.c = sd.c
			if sd.low != nil {
				seed = &sd
			}
		}
		km.run(maxIter, absTol, alg, seed)
		runs[r] = &km
		return nil
	})
	if err != nil {
		stop = featlab.Errorf(err, "represent: KMeans stopped")
	}
	if gram != nil {
		gram.release() // every restart is done
	}
	best := -1
	for r, run := range runs {
		if run != nil && (best < 0 || run.inertia < runs[best].inertia) {
			best = r
		}
	}
	if best < 0 {
		return stop
	}
	b := runs[best]
	c := make([]float64, len(b.c))
	for i := 0; i < cfg.K; i++ {
		for t, j := range perm {
			c[i*d+j] = b.c[i*d+t]
		}
	}
	km.Centroids = mat.NewDense(cfg.K, d, c)
	km.Labels = b.labels
	km.Inertia = b.inertia
	km.Restart = best
	km.Convergence = featlab.Convergence{Iterations: b.iters, Converged: b.converged, Gap: b.shift, Tol: absTol}
	return stop
}

// varianceOrder returns the columns in order of decreasing variance (ties:
// lower index first).
func varianceOrder(x []float64, m, d int) []int {
	mean := columnMeans(x, m, d)
	v := make([]float64, d)
	for i := 0; i < m; i++ {
		for j, xv := range x[i*d : (i+1)*d] {
			c := xv - mean[j]
			v[j] += c * c
		}
	}
	perm := make([]int, d)
	for j := range perm {
		perm[j] = j
	}
	sort.SliceStable(perm, func(a, b int) bool { return v[perm[a]] > v[perm[b]] })
	return perm
}

// permuteCols returns a copy of the m x d row-major x with column t of the
// result = column perm[t] of x.
func permuteCols(x []float64, m, d int, perm []int) []float64 {
	out := make([]float64, m*d)
	for i := 0; i < m; i++ {
		row, o := x[i*d:(i+1)*d], out[i*d:(i+1)*d]
		for t, j := range perm {
			o[t] = row[j]
		}
	}
	return out
}

// meanVariance returns the mean over columns of the population variance.
func meanVariance(x []float64, m, d int) float64 {
	mean := columnMeans(x, m, d)
	s := 0.0
	for i := 0; i < m; i++ {
		s += kernel.SqDist(x[i*d:(i+1)*d], mean)
	}
	return s / float64(m*d)
}

// kmeansPP is scikit-learn's greedy k-means++ (Arthur and Vassilvitskii
// 2007): each new centroid is the best, by resulting potential, of
// 2 + floor(ln k) points sampled with probability proportional to the
// squared distance to the closest chosen centroid. The best trial is the
// one that lowers the potential most; the distances that decide it are
// exact (kernel.SqDist's bits), the bounds of the Gram matrix g (when not
// nil, seedGram) or the triangle inequality only rule out pairs that
// cannot change it. With wantLow the seeding also returns the first
// assignment and Elkan's lower bounds it met on the way. With weights w
// (nil: all 1) the first point is drawn with probability w_i / sum w, the
// potential is sum_i w_i closest_i and the trials are drawn in proportion
// to w_i closest_i.
func kmeansPP(x, w []float64, g *kmGram, m, d, k int, rng *rand.Rand, wantLow bool) seeding {
	c := make([]float64, k*d)
	trials := kmTrials(k)
	var first int
	if w == nil {
		first = rng.IntN(m)
	} else {
		first = drawWeighted(w, rng)
	}
	copy(c[:d], x[first*d:(first+1)*d])
	closest := make([]float64, m)
	assign := make([]int, m) // closest chosen centroid, for pruning
	var low []float64
	if wantLow {
		low = make([]float64, m*k)
	}
	for i := range closest {
		closest[i] = kernel.SqDist(x[i*d:(i+1)*d], c[:d])
		if low != nil {
			low[i*k] = math.Sqrt(closest[i])
		}
	}
	cum := make([]float64, m)
	var cand []float64 // cand[i*trials+t]: closest after adding trial t
	var exact [][]kmPair
	if g == nil {
		cand = make([]float64, trials*m)
	} else {
		exact = make([][]kmPair, trials) // the pairs seedGram computed
	}
	cc := make([]float64, trials*k) // cc[t*k+a]: ||trial t - mu_a||^2
	ids := make([]int, trials)
	cts := make([][]float64, trials)
	rows := make([][]float64, trials) // the trials not ruled out for x_i
	which := make([]int, trials)      // their numbers
	dist := make([]float64, trials)   // their squared distances to x_i
	gains := make([]float64, trials)  // decrease of the potential
	for j := 1; j < k; j++ {
		pot := 0.0
		for i, v := range closest {
			if w != nil {
				v *= w[i]
			}
			pot += v
			cum[i] = pot
		}
		// all trial points are drawn from the same distribution first, as
		// scikit-learn does
		for t := range ids {
			id := sort.SearchFloat64s(cum, rng.Float64()*pot)
			ids[t] = min(id, m-1)
			cts[t] = x[ids[t]*d : (ids[t]+1)*d]
			for a := 0; g == nil && a < j; a++ {
				cc[t*k+a] = kernel.SqDist(cts[t], c[a*d:(a+1)*d]) * (1 - 1e-9)
			}
			gains[t] = 0
		}
		if g != nil {
			seedGram(x, w, g, d, ids, cts, closest, gains, exact)
		} else {
			// One pass over the points for all trials (each x_i is read once).
			// ||x - ct|| >= ||ct - mu_a|| - ||x - mu_a|| >= ||x - mu_a|| when
			// ||ct - mu_a||^2 >= 4 ||x - mu_a||^2: then the minimum is
			// unchanged. The exact squared distances to the other trials come
			// from one kernel.SqDistRows call (SqDist's bits, x_i loaded once
			// for four trials).
			for i := 0; i < m; i++ {
				v0, a := closest[i], assign[i]
				cca := cc[a:]
				ci := cand[i*trials : (i+1)*trials]
				n := 0
				for t, ct := range cts {
					// cand: the exact squared distance, or -1 when the
					// triangle inequality settled the pair
					ci[t] = -1
					if cca[t*k] < 4*v0 {
						rows[n], which[n] = ct, t
						n++
					}
				}
				if n == 0 {
					continue
				}
				kernel.SqDistRows(x[i*d:(i+1)*d], rows[:n], dist)
				for q, t := range which[:n] {
					v := dist[q]
					ci[t] = v
					if v < v0 {
						if w != nil {
							gains[t] += w[i] * (v0 - v)
						} else {
							gains[t] += v0 - v
						}
					}
				}
			}
		}
		bt := 0
		for t := 1; t < trials; t++ {
			if gains[t] > gains[bt] {
				bt = t
			}
		}
		copy(c[j*d:(j+1)*d], cts[bt])
		if g != nil {
			g.update(j, k, ids[bt], exact[bt], closest, assign, low)
			continue
		}
		for i := range closest {
			v := cand[i*trials+bt]
			if low != nil {
				// Elkan's bound on ||x_i - c_j||: the (bound on the)
				// distance, else ||c_j - mu_a|| - ||x_i - mu_a||
				if v >= 0 {
					low[i*k+j] = math.Sqrt(v)
				} else {
					low[i*k+j] = max(0, math.Sqrt(cc[bt*k+assign[i]])-math.Sqrt(closest[i]))
				}
			}
			if v >= 0 && v < closest[i] {
				assign[i] = j
				closest[i] = v
			}
		}
	}
	return seeding{c: c, labels: assign, closest: closest, low: low}
}

// kmTrials is the number of k-means++ trials per centroid, 2 + floor(ln k).
func kmTrials(k int) int { return 2 + int(math.Log(float64(k))) }

// seeding is the outcome of kmeansPP: the k centroids and, when asked,
// the first assignment of Lloyd's iteration with Elkan's bounds, which the
// seeding computed on the way.
type seeding struct {
	c       []float64 // k x d centroids (rows of x)
	labels  []int     // closest centroid of each point (lowest index on ties)
	closest []float64 // exact squared distance to it
	low     []float64 // m x k lower bounds on the distances (nil unless asked)
}

// kmSeedBoundsK is the largest K for which Elkan's iteration starts from
// the bounds of the seeding rather than from a full assignment (measured
// on digits: faster at K = 10, slower at K = 64).
const kmSeedBoundsK = 16

// kmShrink loosens the pruning tests of Hamerly and Elkan by a relative
// 1e-12, so that rounding can never skip a point whose label would change.
const kmShrink = 1 - 1e-12

// kmRun is one k-means restart.
type kmRun struct {
	x       []float64
	w       []float64 // sample weights, nil: all 1
	m, d, k int

	full *kmProj   // centred rows, for the blocked distances
	cb   *kmBlock  // the centred centroids (set by the full assignments)
	lb   []float64 // k values: scratch of assignBlocked
	mask []uint8   // (k+3)/4 bytes: scratch of assignElkan

	c         []float64 // k x d centroids
	labels    []int
	inertia   float64
	iters     int
	converged bool
	shift     float64
}

// run performs Lloyd's iteration as scikit-learn's _kmeans_single_lloyd:
// assign with the current centroids, recompute them, stop on unchanged
// labels or small squared shift, and relabel with the final centroids when
// the stop was not on unchanged labels.
func (r *kmRun) run(maxIter int, tol float64, alg KMeansAlgorithm, seed *seeding) {
	m, d, k := r.m, r.d, r.k
	r.labels = make([]int, m)
	old := make([]int, m)
	for i := range old {
		old[i] = -1
	}
	upper := make([]float64, m) // Hamerly: bound on distance to own centroid
	lower := make([]float64, m) // Hamerly: bound on distance to any other
	half := make([]float64, k)  // half distance to the nearest other centroid
	moved := make([]float64, k)
	newC := make([]float64, k*d)
	sums := make([]float64, k*d)
	count := make([]int, k)    // points per cluster
	wsum := make([]float64, k) // their total weight
	prevLab := make([]int, m)
	for i := range prevLab {
		prevLab[i] = -1
	}
	strict := false
	first := true
	var lowK, cc []float64
	if alg == Elkan {
		cc = make([]float64, k*k)
		if seed != nil {
			lowK = seed.low // the seeding's bounds; no full assignment
		} else {
			lowK = make([]float64, m*k)
		}
	}
	for it := 0; it < maxIter; it++ {
		switch {
		case alg == Elkan && first && seed != nil:
			copy(r.labels, seed.labels)
			for i, v := range seed.closest {
				upper[i] = math.Sqrt(v)
			}
		case alg == Elkan && first:
			r.assignElkanFull(upper, lowK)
		case alg == Elkan:
			r.assignElkan(upper, lowK, cc, half, moved)
		case alg == Hamerly && !first:
			r.assignHamerly(upper, lower, half)
		default:
			r.assignFull(upper, lower)
		}
		first = false
		r.iters = it + 1
		// M step: the per-cluster sums are updated for the points that
		// changed cluster only (all points in the first iteration)
		for i := 0; i < m; i++ {
			j, p := r.labels[i], prevLab[i]
			if j == p {
				continue
			}
			xi := r.x[i*d : (i+1)*d]
			wi := r.weight(i)
			if p >= 0 {
				axpy(-wi, xi, sums[p*d:(p+1)*d])
				count[p]--
				wsum[p] -= wi
			}
			axpy(wi, xi, sums[j*d:(j+1)*d])
			count[j]++
			wsum[j] += wi
		}
		if r.w != nil {
			// the weights per cluster afresh, so that a cluster left
			// with weight 0 is seen as empty (scikit-learn's rule)
			clear(wsum)
			for i, j := range r.labels {
				wsum[j] += r.w[i]
			}
		}
		r.relocateEmpty(sums, count, wsum, upper)
		copy(prevLab, r.labels)
		shift := 0.0
		maxMove := 0.0
		for j := 0; j < k; j++ {
			cj := newC[j*d : (j+1)*d]
			if count[j] > 0 && wsum[j] > 0 {
				inv := 1 / wsum[j]
				for t, v := range sums[j*d : (j+1)*d] {
					cj[t] = v * inv
				}
			} else {
				copy(cj, r.c[j*d:(j+1)*d]) // no point to move it to
			}
			s := kernel.SqDist(cj, r.c[j*d:(j+1)*d])
			shift += s
			moved[j] = math.Sqrt(s)
			maxMove = max(maxMove, moved[j])
		}
		r.c, newC = newC, r.c
		same := true
		for i, l := range r.labels {
			if l != old[i] {
				same = false
				break
			}
		}
		if same {
			strict = true
			r.shift = 0
			r.converged = true
			break
		}
		r.shift = shift
		copy(old, r.labels)
		if shift <= tol {
			r.converged = true
			break
		}
		if alg == Hamerly {
			// bounds follow the moves
			for i := 0; i < m; i++ {
				upper[i] += moved[r.labels[i]]
				lower[i] -= maxMove
			}
			r.centreDistances(nil, half)
		}
		// Elkan: the bounds follow the moves in the next assignElkan
	}
	if !strict {
		// labels for the final centroids (Elkan's bounds still hold, one
		// move behind)
		if alg == Elkan {
			r.assignElkan(upper, lowK, cc, half, moved)
		} else {
			r.assignFull(upper, lower)
		}
	}
	r.inertia = 0
	for i := 0; i < m; i++ {
		j := r.labels[i]
		r.inertia += r.weight(i) * kernel.SqDist(r.x[i*d:(i+1)*d], r.c[j*d:(j+1)*d])
	}
}

// weight is the sample weight of point i (1 without weights).
func (r *kmRun) weight(i int) float64 {
	if r.w == nil {
		return 1
	}
	return r.w[i]
}

// assignFull labels every point with its closest centroid (lowest index on
// ties) and sets the Hamerly bounds exactly (assignBlocked).
func (r *kmRun) assignFull(upper, lower []float64) {
	r.blockCentroids()
	for i := 0; i < r.m; i++ {
		j, b, b2 := r.assignBlocked(r.full, r.cb, i, nil, r.lb)
		r.labels[i] = j
		upper[i] = math.Sqrt(b)
		lower[i] = math.Sqrt(b2)
	}
}

// blockCentroids sets r.cb to the current centroids, centred.
func (r *kmRun) blockCentroids() {
	if r.cb == nil {
		r.cb = newKMBlock(r.k, r.full)
		r.lb = make([]float64, r.k)
	}
	r.cb.setProjected(r.full, r.c, r.k)
}

// assignElkanFull labels every point and sets all Elkan bounds: the
// exact distances, or the blocked lower bounds where those exceed the
// closest (assignBlocked).
func (r *kmRun) assignElkanFull(upper, low []float64) {
	k := r.k
	r.blockCentroids()
	for i := 0; i < r.m; i++ {
		j, b, _ := r.assignBlocked(r.full, r.cb, i, low[i*k:(i+1)*k], r.lb)
		r.labels[i] = j
		upper[i] = math.Sqrt(b)
	}
}

// assignElkan relabels the points with Elkan's bounds. As in Hamerly, the
// pruning tests are loosened by kmShrink against rounding.
func (r *kmRun) assignElkan(upper, low, cc, half, moved []float64) {
	d, k := r.d, r.k
	r.centreDistances(cc, half)
	moved = moved[:k]
	if len(r.mask) < (k+3)/4 {
		r.mask = make([]uint8, (k+3)/4)
	}
	for i := 0; i < r.m; i++ {
		a := r.labels[i]
		l := low[i*k : (i+1)*k]
		u := upper[i] + moved[a]
		// The bounds follow the last moves of the centroids; a clear bit
		// of mask proves u <= l[j] kmShrink, which rules j out for this
		// u and for the smaller ones the search below may reach.
		kernel.SubClampMask(l, moved, u, kmShrink, r.mask)
		if u <= half[a]*kmShrink {
			upper[i] = u
			continue
		}
		// The search over the flagged j in increasing order, with the
		// same tests as over every j. In high dimensions the upper bound
		// rarely settles a point: the exact distance to a replaces it
		// (and l[a]) at the first j the bounds cannot rule out.
		xi := r.x[i*d : (i+1)*d]
		stale := true
		cca := cc[a*k : (a+1)*k]
		for g, b := range r.mask[:(k+3)/4] {
			for b != 0 {
				j := 4*g + bits.TrailingZeros8(b)
				b &= b - 1
				lj := l[j]
				if j == a || u <= lj*kmShrink || u <= cca[j] {
					continue
				}
				if stale {
					u = math.Sqrt(kernel.SqDist(xi, r.c[a*d:(a+1)*d]))
					l[a] = u
					stale = false
					if u <= lj*kmShrink || u <= cca[j] {
						continue
					}
				}
				dj := math.Sqrt(kernel.SqDist(xi, r.c[j*d:(j+1)*d]))
				l[j] = dj
				if dj < u || (dj == u && j < a) {
					a, u = j, dj
					cca = cc[a*k : (a+1)*k]
				}
			}
		}
		r.labels[i] = a
		upper[i] = u
	}
}

// centreDistances sets half[j] = (1/2) min_{l != j} ||mu_j - mu_l|| and,
// when cc is not nil, cc (k x k) to the half centroid-centroid distances
// shrunk by kmShrink (for Elkan's tests).
func (r *kmRun) centreDistances(cc, half []float64) {
	d, k := r.d, r.k
	for j := range half {
		half[j] = math.Inf(1)
	}
	for j := 0; j < k; j++ {
		if cc != nil {
			cc[j*k+j] = 0
		}
		for l := j + 1; l < k; l++ {
			v := 0.5 * math.Sqrt(kernel.SqDist(r.c[j*d:(j+1)*d], r.c[l*d:(l+1)*d]))
			if cc != nil {
				cc[j*k+l], cc[l*k+j] = v*kmShrink, v*kmShrink
			}
			half[j] = min(half[j], v)
			half[l] = min(half[l], v)
		}
	}
}

// assignHamerly relabels the points whose bounds do not rule out a change.
// The bounds are loosened by kmShrink.
func (r *kmRun) assignHamerly(upper, lower, half []float64) {
	d := r.d
	blocked := false
	for i := 0; i < r.m; i++ {
		a := r.labels[i]
		bound := max(half[a], lower[i]) * kmShrink
		if upper[i] <= bound {
			continue
		}
		xi := r.x[i*d : (i+1)*d]
		upper[i] = math.Sqrt(kernel.SqDist(xi, r.c[a*d:(a+1)*d]))
		if upper[i] <= bound {
			continue
		}
		if !blocked {
			r.blockCentroids()
			blocked = true
		}
		bj, b, b2 := r.assignBlocked(r.full, r.cb, i, nil, r.lb)
		r.labels[i] = bj
		upper[i] = math.Sqrt(b)
		lower[i] = math.Sqrt(b2)
	}
}

// relocateEmpty gives each empty cluster the point farthest from its
// centroid (scikit-learn's rule, the distance unweighted), moving it and
// its weight between the clusters' weighted sums.
func (r *kmRun) relocateEmpty(newC []float64, count []int, wsum, upper []float64) {
	d := r.d
	var empty []int
	for j, c := range count {
		if c == 0 || wsum[j] == 0 {
			empty = append(empty, j)
		}
	}
	if len(empty) == 0 {
		return
	}
	dist := make([]float64, r.m)
	idx := make([]int, r.m)
	for i := 0; i < r.m; i++ {
		j := r.labels[i]
		dist[i] = kernel.SqDist(r.x[i*d:(i+1)*d], r.c[j*d:(j+1)*d])
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return dist[idx[a]] > dist[idx[b]] })
	for t, j := range empty {
		i := idx[t]
		old := r.labels[i]
		if count[old] <= 1 {
			continue
		}
		xi := r.x[i*d : (i+1)*d]
		wi := r.weight(i)
		axpy(-wi, xi, newC[old*d:(old+1)*d])
		count[old]--
		wsum[old] -= wi
		cj := newC[j*d : (j+1)*d]
		for t, v := range xi {
			cj[t] = wi * v
		}
		count[j]++
		wsum[j] = wi
		r.labels[i] = j
		upper[i] = math.Inf(1) // force an exact recomputation
	}
}

// OutputNames names the K output columns c1..cK (featlab.Namer).
func (km *KMeans) OutputNames([]string) ([]string, error) {
	if km == nil || km.Centroids == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: KMeans used before Fit")
	}
	return names("c", km.K), nil
}

// Encode returns the hard indicator codes psi(x) in {0,1}^K (25.3.1),
// whatever the Encoding.
func (km *KMeans) Encode(X mat.Matrix) (*mat.Dense, error) {
	lab, _, err := km.Predict(X)
	if err != nil {
		return nil, err
	}
	V := mat.NewDense(len(lab), km.K, nil)
	for i, j := range lab {
		V.Set(i, j, 1)
	}
	return V, nil
}

// Predict returns the index of the closest centroid of each row of X and
// the squared distance to it.
func (km *KMeans) Predict(X mat.Matrix) (labels []int, sqdist []float64, err error) {
	if km == nil || km.Centroids == nil {
		return nil, nil, featlab.Errorf(featlab.ErrNotFitted, "represent: KMeans used before Fit")
	}
	_, d := km.Centroids.Dims()
	if err := checkWidth(X, d, "X"); err != nil {
		return nil, nil, err
	}
	m, _, err := checkData(X, "X")
	if err != nil {
		return nil, nil, err
	}
	x, _, _ := kernel.DenseRows(X)
	c, k, _ := kernel.DenseRows(km.Centroids)
	labels = make([]int, m)
	sqdist = make([]float64, m)
	par.Blocks(m, km.Workers, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			xi := x[i*d : (i+1)*d]
			b, bj := math.Inf(1), 0
			for j := 0; j < k; j++ {
				if s := kernel.SqDistBelow(xi, c[j*d:(j+1)*d], b); s < b {
					b, bj = s, j
				}
			}
			labels[i], sqdist[i] = bj, b
		}
	})
	return labels, sqdist, nil
}

// Decode returns phi(v) = sum_j v_j mu_j for each row v of V (K columns):
// the centroid itself for an indicator code.
func (km *KMeans) Decode(V mat.Matrix) (*mat.Dense, error) {
	if km == nil || km.Centroids == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: KMeans used before Fit")
	}
	return decode(V, km.Centroids, "KMeans")
}

// Transform returns the codes chosen by Encoding: the hard indicators
// (default), the distances to the centroids, or soft assignments.
func (km *KMeans) Transform(X mat.Matrix) (*mat.Dense, error) {
	if km == nil || km.Centroids == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: KMeans used before Fit")
	}
	if km.Encoding == Hard {
		return km.Encode(X)
	}
	_, d := km.Centroids.Dims()
	if err := checkWidth(X, d, "X"); err != nil {
		return nil, err
	}
	m, _, err := checkData(X, "X")
	if err != nil {
		return nil, err
	}
	x, _, _ := kernel.DenseRows(X)
	c, k, _ := kernel.DenseRows(km.Centroids)
	out := mat.NewDense(m, k, nil)
	o := out.RawMatrix().Data
	beta := km.Beta
	if beta == 0 {
		beta = float64(len(km.Labels)) / km.Inertia
		if km.SampleWeight != nil {
			beta = floats.Sum(km.SampleWeight) / km.Inertia
		}
		if km.Inertia == 0 || math.IsInf(beta, 0) {
			beta = 1
		}
	}
	par.Blocks(m, km.Workers, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := o[i*k : (i+1)*k]
			xi := x[i*d : (i+1)*d]
			for j := range row {
				row[j] = kernel.SqDist(xi, c[j*d:(j+1)*d])
			}
			if km.Encoding == Distances {
				for j := range row {
					row[j] = math.Sqrt(row[j])
				}
				continue
			}
			lo := math.Inf(1)
			for _, v := range row {
				lo = min(lo, v)
			}
			s := 0.0
			for j, v := range row {
				row[j] = math.Exp(-beta * (v - lo))
				s += row[j]
			}
			for j := range row {
				row[j] /= s
			}
		}
	})
	return out, nil
}

// decode returns V D after checking V's width against D's rows.
func decode(V mat.Matrix, D *mat.Dense, who string) (*mat.Dense, error) {
	k, d := D.Dims()
	if featlab.IsNil(V) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "represent: %s.Decode: nil codes", who)
	}
	m, c := V.Dims()
	if c != k {
		return nil, featlab.Errorf(featlab.ErrShape, "represent: %s.Decode: codes have %d columns, want %d", who, c, k)
	}
	if m == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "represent: %s.Decode: no codes", who)
	}
	if err := checkCodes(V, who); err != nil {
		return nil, err
	}
	out := mat.NewDense(m, d, nil)
	out.Mul(V, D)
	return out, finiteDecode(out, who)
}

// checkSampleWeight checks k-means sample weights: nil, or m finite
// non-negative values not all 0.
func checkSampleWeight(w []float64, m int) ([]float64, error) {
	if w == nil {
		return nil, nil
	}
	if len(w) != m {
		return nil, featlab.Errorf(featlab.ErrShape, "represent: KMeans: %d sample weights for %d rows", len(w), m)
	}
	s := 0.0
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "represent: KMeans: SampleWeight[%d] = %v", i, v)
		}
		if v < 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "represent: KMeans: SampleWeight[%d] = %v is negative", i, v)
		}
		s += v
	}
	if s == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "represent: KMeans: all sample weights are 0")
	}
	if math.IsInf(s, 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "represent: KMeans: the sample weights sum to %v", s)
	}
	return w, nil
}

// drawWeighted returns i with probability w_i / sum w; equal weights
// draw as no weights do (rng.IntN), so that they give the unweighted fit.
func drawWeighted(w []float64, rng *rand.Rand) int {
	equal := true
	for _, v := range w {
		if v != w[0] {
			equal = false
			break
		}
	}
	if equal {
		return rng.IntN(len(w))
	}
	cum := make([]float64, len(w))
	s := 0.0
	for i, v := range w {
		s += v
		cum[i] = s
	}
	i := sort.SearchFloat64s(cum, rng.Float64()*s)
	for i < len(w)-1 && w[i] == 0 {
		i++ // a zero weight is never drawn
	}
	return min(i, len(w)-1)
}
