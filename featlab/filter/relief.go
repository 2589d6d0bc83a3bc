package filter

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// ReliefDistance chooses how Relief and Relief-F measure the distance
// between two examples when they look for nearest neighbours.
type ReliefDistance int

const (
	// ReliefEuclidean: dist(a, b) = sqrt(sum_j diff(a_j, b_j)^2), the
	// Euclidean distance on the scale of diff (the default).
	ReliefEuclidean ReliefDistance = iota
	// ReliefManhattan: dist(a, b) = sum_j |diff(a_j, b_j)|, as in
	// Kononenko (1994) and skrebate.
	ReliefManhattan
)

// ReliefConfig holds the parameters of Relief and Relief-F. The zero
// value gives Zhou's formulas exactly: every
// example used once, one nearest hit and one nearest miss (per other
// class), all features continuous, sums (not averages).
type ReliefConfig struct {
	// Categorical marks the discrete features, whose diff is 0 for equal
	// values and 1 otherwise; the others are continuous, with diff
	// |a - b| / (max_j - min_j) on values normalised to [0, 1] by the
	// feature's range over all m examples. Default nil: every feature
	// continuous (ReliefDataset and ReliefFDataset fill it from
	// Dataset.Levels). When non-nil its length must be d.
	Categorical []bool
	// K is the number of nearest hits, and of nearest misses from each
	// other class, whose squared diffs are averaged. Default 0 means 1,
	// which is eq. 11.3 / 11.4 exactly. When a class has fewer than K
	// candidates, all of them are used; an example that is alone in its
	// class has no hit and its hit term is 0.
	K int
	// Samples is the number of examples i over which the sum runs, drawn
	// without replacement with Seed (Kira and Rendell 1992 sample; Zhou
	// 11.2 notes that a sample suffices). Default 0: all m examples, in
	// order, with no randomness. Must be in [0, m].
	Samples int
	// Seed seeds the sampling of examples; unused when Samples is 0.
	Seed uint64
	// Distance is the metric used to find neighbours. Default
	// ReliefEuclidean.
	Distance ReliefDistance
	// Mean divides the sums by the number of examples used, giving the
	// average relevance as in Kira and Rendell (1992) and skrebate.
	// Default false: Zhou's sum. Rankings are the same either way.
	Mean bool
	// NormalizedPriors (Relief-F only) weighs the misses of class l by
	// p_l / (1 - p_k), k the class of x_i, as Kononenko (1994) does, so
	// that the weights of the misses sum to 1; with two classes Relief-F
	// then equals Relief. Default false: Zhou's eq. 11.4 weight p_l.
	NormalizedPriors bool
	// Names are the feature names (default nil: x1, ..., xd); when set
	// there must be one per column of X.
	Names []string
	// Workers is the number of goroutines; <= 0 (the default) means one
	// per core. The result does not depend on it.
	Workers int
	// Progress, when non-nil, is called with the number of examples done
	// out of the number used, from one goroutine, in increasing order.
	Progress featlab.Progress
}

// Relief scores the features of a two-class problem by the relevance
// statistic of Kira and Rendell (1992), as Zhou gives it in eq. 11.3:
//
//	delta_j = sum_i [ -diff(x_i^j, x_{i,nh}^j)^2 + diff(x_i^j, x_{i,nm}^j)^2 ]
//
// where x_{i,nh} (near-hit) is the nearest other example of the class of
// x_i and x_{i,nm} (near-miss) the nearest example of the other class.
// diff is 0/1 for a categorical feature (cfg.Categorical) and |a - b| on
// values normalised to [0, 1] for a continuous one; neighbours are nearest
// in the distance built from the same diffs (cfg.Distance). With cfg.K = k
// > 1 each squared diff is averaged over the k nearest hits (misses).
//
// Ties: among candidates at equal distance the one with the lower row
// index is nearer. Distances are computed in one fixed order of
// operations, so equal differences give equal distances and the rule is
// deterministic. An example's duplicate (distance 0) is a legitimate
// neighbour; the example itself never is.
//
// A higher delta_j means feature j separates the classes better; it is
// negative when neighbours across classes agree on j more than neighbours
// within a class. A constant feature has diff 0 everywhere, so delta_j = 0,
// and it is listed in Scores.Constant.
//
// y must hold two integer class labels; otherwise the error wraps
// featlab.ErrLabels (use ReliefF for more classes).
//
// The cost is O(n m d) for n examples used (cfg.Samples) and m examples in
// all; examples are processed in parallel in fixed chunks whose partial
// sums are added in order, so the result is the same bit for bit for any
// number of workers.
func Relief(X mat.Matrix, y []float64, cfg ReliefConfig) (*Scores, error) {
	return relief(context.Background(), X, y, cfg, false)
}

// ReliefContext is Relief with a context, checked before every example:
// once ctx is cancelled no new example starts (a chunk of examples cut
// short is dropped whole), and the statistic summed over the chunks
// that finished (a Relief estimate on that sample; Method says how many)
// is returned with an error wrapping ctx.Err(); nil if none finished.
func ReliefContext(ctx context.Context, X mat.Matrix, y []float64, cfg ReliefConfig) (*Scores, error) {
	return relief(ctx, X, y, cfg, false)
}

// ReliefF scores the features of a problem with any number of classes by
// Relief-F (Kononenko 1994) in Zhou's form, eq. 11.4:
//
//	delta_j = sum_i [ -diff(x_i^j, x_{i,nh}^j)^2
//	                  + sum_{l != k} p_l diff(x_i^j, x_{i,l,nm}^j)^2 ]
//
// where k is the class of x_i, x_{i,nh} its near-hit, x_{i,l,nm} its nearest
// example of class l (one near-miss per other class) and p_l the fraction
// of class-l examples in the whole data set. With cfg.K = 1 (the default)
// this is the text's formula exactly; with K = k the squared diffs are
// averaged over the k nearest hits and over the k nearest misses of each
// class. cfg.NormalizedPriors uses Kononenko's p_l / (1 - p_k) instead of
// p_l. diff, distance, ties, sampling, constant features and parallelism
// are as in Relief.
//
// y must hold integer class labels with at least two classes (otherwise
// the error wraps featlab.ErrLabels).
func ReliefF(X mat.Matrix, y []float64, cfg ReliefConfig) (*Scores, error) {
	return relief(context.Background(), X, y, cfg, true)
}

// ReliefFContext is ReliefF with a context, stopping as ReliefContext
// does.
func ReliefFContext(ctx context.Context, X mat.Matrix, y []float64, cfg ReliefConfig) (*Scores, error) {
	return relief(ctx, X, y, cfg, true)
}

// ReliefDataset is Relief on ds, taking the categorical features from
// ds.Levels when cfg.Categorical is nil and the names from ds.Names when
// cfg.Names is nil.
func ReliefDataset(ds *featlab.Dataset, cfg ReliefConfig) (*Scores, error) {
	if ds == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "nil dataset")
	}
	return relief(context.Background(), ds.X, ds.Y, reliefConfigFor(ds, cfg), false)
}

// ReliefFDataset is ReliefF on ds, taking the categorical features from
// ds.Levels when cfg.Categorical is nil and the names from ds.Names when
// cfg.Names is nil.
func ReliefFDataset(ds *featlab.Dataset, cfg ReliefConfig) (*Scores, error) {
	if ds == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "nil dataset")
	}
	return relief(context.Background(), ds.X, ds.Y, reliefConfigFor(ds, cfg), true)
}

func reliefConfigFor(ds *featlab.Dataset, cfg ReliefConfig) ReliefConfig {
	c := cfg
	if c.Names == nil {
		c.Names = ds.Names
	}
	if c.Categorical == nil && ds.Levels != nil && ds.X != nil {
		_, d := ds.X.Dims()
		c.Categorical = make([]bool, d)
		for j := range c.Categorical {
			c.Categorical[j] = ds.IsCategorical(j)
		}
	}
	return c
}

// reliefChunk is the number of examples whose contributions one task sums;
// fixed so that the order of floating-point additions never depends on the
// number of workers.
const reliefChunk = 32

// reliefData is the validated problem on the diff scale.
type reliefData struct {
	m, d    int
	z       []float64 // m x d row-major: continuous features scaled to [0, 1], categorical as given
	cat     []bool    // categorical flag per feature
	cls     []int     // class index per example, 0..K-1
	nclass  int
	prior   []float64 // p_l, fraction of class l
	k       int
	metric  ReliefDistance
	constnt []bool
	// The same values split for the distance loop: zc holds the
	// continuous (non-constant) features, dc per row; zk the categorical
	// ones, dk per row.
	zc, zk []float64
	dc, dk int
}

func relief(ctx context.Context, X mat.Matrix, y []float64, cfg ReliefConfig, multi bool) (*Scores, error) {
	c := cfg
	names := c.Names
	method := "relief"
	if multi {
		method = "relief-f"
	}
	in, err := prepare(method, X, y, names, true)
	if err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	names = in.names
	labels, err := featlab.ClassLabels(y, 2)
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrLabels, "%s needs integer class labels in y with at least 2 classes (%v)", method, err)
	}
	if !multi && len(labels) != 2 {
		return nil, featlab.Errorf(featlab.ErrLabels, "relief needs exactly 2 classes, y has %d (%v); use ReliefF for more", len(labels), labels)
	}
	if c.Categorical != nil && len(c.Categorical) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "%s: Categorical has %d flags for %d features", method, len(c.Categorical), d)
	}
	if c.K < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "%s: K = %d neighbours must be >= 1 (0 means 1)", method, c.K)
	}
	if c.Samples < 0 || c.Samples > m {
		return nil, featlab.Errorf(featlab.ErrParam, "%s: Samples = %d must be in [0, %d] (0 means all examples)", method, c.Samples, m)
	}
	if c.Distance != ReliefEuclidean && c.Distance != ReliefManhattan {
		return nil, featlab.Errorf(featlab.ErrParam, "%s: unknown Distance %d", method, c.Distance)
	}
	rd, err := newReliefData(ctx, in, y, labels, c)
	if err != nil {
		return nil, featlab.Wrap(err, "%s", method)
	}

	// The examples the sum runs over.
	var used []int
	if c.Samples == 0 {
		used = make([]int, m)
		for i := range used {
			used[i] = i
		}
	} else {
		used = rand.New(rand.NewPCG(c.Seed, 0x52454c4946)).Perm(m)[:c.Samples]
	}

	// Miss weights w[k][l]: 1 for Relief; p_l (or p_l / (1 - p_k)) for
	// Relief-F.
	w := make([][]float64, rd.nclass)
	for k := range w {
		w[k] = make([]float64, rd.nclass)
		for l := range w[k] {
			switch {
			case l == k:
			case !multi:
				w[k][l] = 1
			case c.NormalizedPriors:
				w[k][l] = rd.prior[l] / (1 - rd.prior[k])
			default:
				w[k][l] = rd.prior[l]
			}
		}
	}

	nchunk := (len(used) + reliefChunk - 1) / reliefChunk
	partial := make([][]float64, nchunk)
	var progress func(done, total int)
	if c.Progress != nil {
		// finished chunks, reported as examples
		progress = func(done, _ int) { c.Progress(min(done*reliefChunk, len(used)), len(used)) }
	}
	runErr := par.Do(ctx, nchunk, c.Workers, progress, func(t int) error {
		lo, hi := t*reliefChunk, min((t+1)*reliefChunk, len(used))
		acc := make([]float64, rd.d)
		s := newReliefScratch(rd)
		for _, i := range used[lo:hi] {
			// per example: one is a pass over all m rows, a chunk of
			// reliefChunk can take seconds; a chunk cut short is dropped
			if err := ctx.Err(); err != nil {
				return err
			}
			rd.contribute(i, w[rd.cls[i]], s, acc)
		}
		partial[t] = acc
		return nil
	})
	if runErr != nil && ctx.Err() == nil {
		return nil, featlab.Wrap(runErr, "%s", method) // a panicking Progress callback
	}

	delta := make([]float64, rd.d)
	nused := 0
	for t, p := range partial {
		if p == nil {
			continue // not reached before cancellation
		}
		nused += min((t+1)*reliefChunk, len(used)) - t*reliefChunk
		for j, v := range p {
			delta[j] += v
		}
	}
	if runErr != nil {
		if nused == 0 {
			return nil, featlab.Wrap(runErr, "%s: stopped before any example", method)
		}
		runErr = featlab.Wrap(runErr, "%s: stopped after %d of %d examples", method, nused, len(used))
	}
	if c.Mean {
		inv := 1 / float64(nused)
		for j := range delta {
			delta[j] *= inv
		}
	}
	s := &Scores{Names: names, Values: delta}
	kk := max(c.K, 1)
	switch {
	case multi && kk > 1:
		s.Method = "relief-f (k=" + strconv.Itoa(kk) + ")"
	case multi:
		s.Method = "relief-f"
	case kk > 1:
		s.Method = "relief (k=" + strconv.Itoa(kk) + ")"
	default:
		s.Method = "relief"
	}
	for j, cst := range rd.constnt {
		if cst {
			s.Constant = append(s.Constant, j)
			s.Values[j] = 0 // exactly; diffs are 0 already
		}
	}
	if runErr != nil {
		s.Method += fmt.Sprintf(" (stopped after %d of %d examples)", nused, len(used))
	}
	return s, runErr
}

// reliefLookElems is about how many entries the set-up passes over X
// between two looks at the context.
const reliefLookElems = 1 << 20

// newReliefData scales X to [0, 1] per feature and splits the continuous
// and categorical columns: three passes over X (seconds on a large X on a
// loaded machine), looking at ctx every reliefLookElems entries (never on
// a small X); cancelled, it returns ctx's error.
func newReliefData(ctx context.Context, in *input, y []float64, labels []int, c ReliefConfig) (*reliefData, error) {
	m, d := in.m, in.d
	every := max(1, reliefLookElems/d) // rows between two looks
	look := func(i int) error {
		if i > 0 && i%every == 0 {
			return ctx.Err()
		}
		return nil
	}
	// K above m - 1 finds every example of a class, as K = m does: capped
	// there, the neighbour lists never ask for more than the data holds
	// (K = 2^27 used to allocate 1 GB per worker and class).
	rd := &reliefData{m: m, d: d, z: make([]float64, m*d), cat: make([]bool, d), k: min(max(c.K, 1), m), metric: c.Distance}
	if c.Categorical != nil {
		copy(rd.cat, c.Categorical)
	}
	data, stride := in.data, in.stride
	lo := make([]float64, d)
	hi := make([]float64, d)
	copy(lo, data[:d])
	copy(hi, data[:d])
	for i := 1; i < m; i++ {
		if err := look(i); err != nil {
			return nil, err
		}
		row := data[i*stride : i*stride+d]
		for j, v := range row {
			lo[j] = math.Min(lo[j], v)
			hi[j] = math.Max(hi[j], v)
		}
	}
	rd.constnt = make([]bool, d)
	for j := range rd.constnt {
		rd.constnt[j] = lo[j] == hi[j]
	}
	for i := 0; i < m; i++ {
		if err := look(i); err != nil {
			return nil, err
		}
		row := data[i*stride : i*stride+d]
		out := rd.z[i*d : (i+1)*d]
		for j, v := range row {
			switch {
			case rd.constnt[j]:
				out[j] = 0
			case rd.cat[j]:
				out[j] = v
			default:
				out[j] = (v - lo[j]) / (hi[j] - lo[j])
			}
		}
	}
	var cont, cat []int
	for j := 0; j < d; j++ {
		switch {
		case rd.constnt[j]:
		case rd.cat[j]:
			cat = append(cat, j)
		default:
			cont = append(cont, j)
		}
	}
	rd.dc, rd.dk = len(cont), len(cat)
	rd.zc = make([]float64, m*rd.dc)
	rd.zk = make([]float64, m*rd.dk)
	for i := 0; i < m; i++ {
		if err := look(i); err != nil {
			return nil, err
		}
		row := rd.z[i*d : (i+1)*d]
		for k, j := range cont {
			rd.zc[i*rd.dc+k] = row[j]
		}
		for k, j := range cat {
			rd.zk[i*rd.dk+k] = row[j]
		}
	}
	pos := make(map[int]int, len(labels))
	for k, l := range labels {
		pos[l] = k
	}
	rd.nclass = len(labels)
	rd.cls = make([]int, m)
	count := make([]float64, rd.nclass)
	for i, v := range y {
		rd.cls[i] = pos[int(v)]
		count[rd.cls[i]]++
	}
	rd.prior = make([]float64, rd.nclass)
	for l := range count {
		rd.prior[l] = count[l] / float64(m)
	}
	return rd, nil
}

// reliefScratch is the per-task work space: the distance from x_i to every
// example and, per class, the k nearest so far (sorted by distance, then
// index).
type reliefScratch struct {
	dist []float64
	near [][]int
}

func newReliefScratch(rd *reliefData) *reliefScratch {
	s := &reliefScratch{dist: make([]float64, rd.m), near: make([][]int, rd.nclass)}
	for l := range s.near {
		s.near[l] = make([]int, 0, rd.k)
	}
	return s
}

// dist returns the distance between examples a and b on the diff scale:
// the squared Euclidean distance (which orders like the Euclidean) or the
// Manhattan distance, summing the continuous features in order (four
// running sums, added at the end) and then counting the categorical
// mismatches. Constant features contribute nothing and are skipped.
func (rd *reliefData) dist(a, b int) float64 {
	ca, cb := rd.zc[a*rd.dc:(a+1)*rd.dc], rd.zc[b*rd.dc:(b+1)*rd.dc]
	cb = cb[:len(ca)]
	var s0, s1, s2, s3 float64
	n := len(ca) &^ 3
	if rd.metric == ReliefManhattan {
		for j := 0; j < n; j += 4 {
			s0 += math.Abs(ca[j] - cb[j])
			s1 += math.Abs(ca[j+1] - cb[j+1])
			s2 += math.Abs(ca[j+2] - cb[j+2])
			s3 += math.Abs(ca[j+3] - cb[j+3])
		}
		for j := n; j < len(ca); j++ {
			s0 += math.Abs(ca[j] - cb[j])
		}
	} else {
		for j := 0; j < n; j += 4 {
			x, z := ca[j:j+4:j+4], cb[j:j+4:j+4]
			t0, t1, t2, t3 := x[0]-z[0], x[1]-z[1], x[2]-z[2], x[3]-z[3]
			s0 += t0 * t0
			s1 += t1 * t1
			s2 += t2 * t2
			s3 += t3 * t3
		}
		for j := n; j < len(ca); j++ {
			t := ca[j] - cb[j]
			s0 += t * t
		}
	}
	s := (s0 + s1) + (s2 + s3)
	ka, kb := rd.zk[a*rd.dk:(a+1)*rd.dk], rd.zk[b*rd.dk:(b+1)*rd.dk]
	miss := 0
	for j, v := range ka {
		if v != kb[j] {
			miss++
		}
	}
	return s + float64(miss)
}

// diff2 returns diff(a_j, b_j)^2.
func (rd *reliefData) diff2(a, b, j int) float64 {
	u, v := rd.z[a*rd.d+j], rd.z[b*rd.d+j]
	if rd.cat[j] {
		if u != v {
			return 1
		}
		return 0
	}
	t := u - v
	return t * t
}

// contribute adds example i's term of delta to acc: minus the mean squared
// diff to its k nearest hits, plus w[l] times the mean squared diff to its
// k nearest examples of each class l with w[l] != 0.
func (rd *reliefData) contribute(i int, w []float64, s *reliefScratch, acc []float64) {
	for l := range s.near {
		s.near[l] = s.near[l][:0]
	}
	for b := 0; b < rd.m; b++ {
		if b == i {
			continue
		}
		db := rd.dist(i, b)
		s.dist[b] = db
		l := rd.cls[b]
		nl := s.near[l]
		if len(nl) == rd.k && db >= s.dist[nl[len(nl)-1]] {
			continue // not nearer than the current k-th (ties: lower index wins)
		}
		// Insert b after every kept candidate at distance <= db (they have
		// lower indices), dropping the last when full.
		p := len(nl)
		for p > 0 && s.dist[nl[p-1]] > db {
			p--
		}
		if len(nl) < rd.k {
			nl = append(nl, 0)
		}
		copy(nl[p+1:], nl[p:len(nl)-1])
		nl[p] = b
		s.near[l] = nl
	}
	ci := rd.cls[i]
	if hits := s.near[ci]; len(hits) > 0 {
		inv := 1 / float64(len(hits))
		for j := range acc {
			t := 0.0
			for _, h := range hits {
				t += rd.diff2(i, h, j)
			}
			acc[j] -= t * inv
		}
	}
	for l, misses := range s.near {
		if l == ci || w[l] == 0 || len(misses) == 0 {
			continue
		}
		f := w[l] / float64(len(misses))
		for j := range acc {
			t := 0.0
			for _, q := range misses {
				t += rd.diff2(i, q, j)
			}
			acc[j] += f * t
		}
	}
}
