package filter

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// MIConfig configures MutualInfo. The zero value treats every feature and
// the target as continuous, uses k = 3 neighbours, reports bits, adds no
// noise, and runs on all cores.
type MIConfig struct {
	// K is the number of nearest neighbours of the k-NN estimators;
	// default 3 (scikit-learn's n_neighbors). It must be smaller than the
	// number of examples.
	K int
	// DiscreteFeatures marks, per feature, those whose values are
	// categories (compared for equality; any finite values). nil means
	// every feature is continuous, scikit-learn's "auto" for dense X. When
	// set its length must be d.
	DiscreteFeatures []bool
	// DiscreteTarget says that y holds class labels (integers, at least two
	// classes) rather than a continuous target.
	DiscreteTarget bool
	// Nats reports mutual information in nats (natural logarithm, the unit
	// of scikit-learn's mutual_info_*) instead of the default bits
	// (logarithm base 2). 1 bit = ln 2 nats.
	Nats bool
	// Jitter is the relative size of the Gaussian noise added, after
	// scaling to unit variance, to continuous variables to break ties, as
	// Kraskov et al. advise: v += Jitter * max(1, mean|v|) * N(0, 1).
	// Default (0): 1e-10, scikit-learn's value. The k-NN estimator assumes
	// continuous values; on real data with repeated values (diabetes' s4,
	// say) the estimate without noise is badly biased upwards, so the noise
	// is on unless NoJitter is set. The noise comes from Seed, so results
	// stay deterministic.
	Jitter float64
	// NoJitter turns the noise off: the estimate is then the estimator
	// applied to the values exactly as given (what scikit-learn's estimator
	// computes on the same values before its own noise).
	NoJitter bool
	// Seed seeds the jitter noise (PCG streams per feature, so the result
	// does not depend on Workers); default 0.
	Seed uint64
	// Names are the feature names (default nil: x1, ..., xd); when set
	// there must be one per column of X.
	Names []string
	// Workers is the number of goroutines; <= 0 (default) means all cores.
	Workers int
	// Progress, when non-nil, is called with the number of features
	// scored out of d, from the calling goroutine, in increasing order.
	Progress featlab.Progress
}

// defaultJitter is scikit-learn's relative noise level for mutual_info_*.
const defaultJitter = 1e-10

// MutualInfo scores each feature by an estimate of its mutual information
// with the target,
//
//	I(v; y) = sum p(v, y) log(p(v, y) / (p(v) p(y)))
//
// (lecture 13; integrals for continuous variables), in bits unless
// cfg.Nats. The estimator depends on the kinds of the feature and the
// target, as scikit-learn's mutual_info_regression and mutual_info_classif:
//
//   - discrete feature, discrete target: the plug-in estimate from the
//     contingency table of counts n_ab,
//     I = sum_ab (n_ab/m) log(m n_ab / (n_a n_b));
//   - continuous feature, continuous target: the k-nearest-neighbour
//     estimator of Kraskov, Stoegbauer and Grassberger (2004, their
//     algorithm 1): with eps_i the max-norm distance from example i to its
//     k-th nearest neighbour in the joint space (v, y), and n_v(i), n_y(i)
//     the numbers of other examples strictly closer than eps_i in v and in y,
//     I = psi(m) + psi(k) - <psi(n_v + 1)> - <psi(n_y + 1)>;
//   - continuous and discrete (either way round): Ross's (2014) estimator:
//     with eps_i the distance from i to its k-th nearest neighbour among the
//     N_i examples of its own class (k capped at N_i - 1; examples alone in
//     their class are dropped) and m_i the number of examples of any class
//     strictly closer than eps_i (i included),
//     I = psi(m) + <psi(k)> - <psi(N_i)> - <psi(m_i)>.
//
// psi is the digamma function and <.> the average over examples. As in
// scikit-learn, continuous variables are first divided by their standard
// deviation (the max-norm of the joint space makes the k-NN estimate depend
// on the relative scales), and a negative estimate is replaced by 0.
// Neighbour counts in one dimension are binary (galloping) searches in the
// sorted values; the joint-space search of the Kraskov estimator runs on a
// small static 2-D k-d tree with the max-norm (about five times faster than
// gonum's spatial/kdtree here, see BenchmarkKNNTree2). Distances and the
// strict "closer than eps" comparisons are computed exactly as in
// scikit-learn (eps is replaced by the next smaller float and compared with
// <=), so on the same values the estimates agree to rounding.
//
// A constant feature scores 0. A continuous target must not be constant; a
// discrete target must hold integer labels of at least two classes.
func MutualInfo(X mat.Matrix, y []float64, cfg MIConfig) (*Scores, error) {
	return MutualInfoContext(context.Background(), X, y, cfg)
}

// MutualInfoContext is MutualInfo with a context. Features are scored in
// parallel, one piece of work each, and cfg.Progress (if set) is told
// after each feature: done features of d, which is proportional to the
// work since every continuous feature costs the same O(m log m). Once ctx
// is cancelled no new feature starts; a partial set of mutual
// informations is not a ranking, so the call then returns nil and an error
// wrapping ctx.Err().
func MutualInfoContext(ctx context.Context, X mat.Matrix, y []float64, cfg MIConfig) (*Scores, error) {
	c := cfg
	if c.K == 0 {
		c.K = 3
	}
	in, err := prepare("", X, y, c.Names, true)
	if err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	if c.K < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "MIConfig.K = %d must be >= 1", c.K)
	}
	if !(c.Jitter >= 0) || math.IsInf(c.Jitter, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "MIConfig.Jitter = %v must be finite and >= 0", c.Jitter)
	}
	switch {
	case c.NoJitter:
		c.Jitter = 0
	case c.Jitter == 0:
		c.Jitter = defaultJitter
	}
	if c.DiscreteFeatures != nil && len(c.DiscreteFeatures) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "MIConfig.DiscreteFeatures has %d entries for %d features", len(c.DiscreteFeatures), d)
	}
	anyCont := c.DiscreteFeatures == nil || slices.Contains(c.DiscreteFeatures, false)
	if (anyCont || !c.DiscreteTarget) && c.K >= m {
		return nil, featlab.Errorf(featlab.ErrParam, "MIConfig.K = %d needs more than %d examples (m = %d)", c.K, c.K, m)
	}
	e := &miEstimator{m: m, k: c.K, dg: digammaTable(m)}
	// The target.
	if c.DiscreteTarget {
		cls, _, err := classes(y, "mutual information with a discrete target")
		if err != nil {
			return nil, err
		}
		e.ycls = cls
	} else {
		if err := checkRegressionTarget(y); err != nil {
			return nil, err
		}
		yv := append([]float64(nil), y...)
		scaleUnit(yv)
		if c.Jitter > 0 {
			jitter(yv, c.Jitter, rand.New(rand.NewPCG(c.Seed, 0)))
		}
		e.ycont = yv
		e.ysorted, e.ypos = sortWithPositions(yv)
	}
	unit := 1 / math.Ln2
	method := "mutual information (bits)"
	if c.Nats {
		unit = 1
		method = "mutual information (nats)"
	}
	s := &Scores{Method: method, Names: in.names, Values: make([]float64, d)}
	constant := make([]bool, d)
	err = par.Do(ctx, d, c.Workers, c.Progress, func(j int) error {
		v := in.column(j, make([]float64, m))
		if isConstant(v) {
			constant[j] = true
			return nil
		}
		discrete := c.DiscreteFeatures != nil && c.DiscreteFeatures[j]
		var mi float64
		switch {
		case discrete && c.DiscreteTarget:
			mi = plugInMI(categories(v), e.ycls)
		case discrete:
			mi = e.ross(e.ycont, categories(v))
		default:
			scaleUnit(v)
			if c.Jitter > 0 {
				jitter(v, c.Jitter, rand.New(rand.NewPCG(c.Seed, uint64(j)+1)))
			}
			if c.DiscreteTarget {
				mi = e.ross(v, e.ycls)
			} else {
				mi = e.ksg(v)
			}
		}
		s.Values[j] = mi * unit
		return nil
	})
	if err != nil {
		return nil, featlab.Wrap(err, "mutual information")
	}
	s.Constant = constantList(constant)
	return s, nil
}

// MutualInfoDataset is MutualInfo on a Dataset, with the kinds of the
// variables taken from it: a feature with Levels (a categorical attribute
// stored as codes) is discrete, the others continuous; the target is
// discrete when the Dataset has Classes. Fields of cfg other than
// DiscreteFeatures and DiscreteTarget are used as given; nil Names means
// ds.Names.
func MutualInfoDataset(ds *featlab.Dataset, cfg MIConfig) (*Scores, error) {
	if ds == nil || ds.X == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "nil dataset")
	}
	c := cfg
	if c.Names == nil {
		c.Names = ds.Names
	}
	_, d := ds.X.Dims()
	c.DiscreteFeatures = make([]bool, d)
	for j := range c.DiscreteFeatures {
		c.DiscreteFeatures[j] = ds.IsCategorical(j)
	}
	c.DiscreteTarget = ds.Classes != nil
	return MutualInfo(ds.X, ds.Y, c)
}

// miEstimator holds what is shared by all features.
type miEstimator struct {
	m, k    int
	dg      []float64 // dg[n] = psi(n), n = 1..m
	ycls    []int     // discrete target: class indices
	ycont   []float64 // continuous target, scaled
	ysorted []float64 // ycont sorted
	ypos    []int     // ysorted[ypos[i]] == ycont[i]
}

// digammaTable returns psi(n) for n = 0..m (psi(0) unused).
func digammaTable(m int) []float64 {
	t := make([]float64, m+1)
	for n := 1; n <= m; n++ {
		t[n] = digammaInt(n)
	}
	return t
}

// digammaInt returns the digamma function at a positive integer n by the
// Cephes algorithm that scipy.special.digamma uses (the harmonic sum minus
// Euler's constant for n <= 10, the asymptotic series beyond), so that it
// agrees with scipy bit for bit (checked for n = 1..20000). gonum's
// mathext.Digamma is off by about 5e-12 at small n.
func digammaInt(n int) float64 {
	const eul = 0.57721566490153286061
	if n <= 10 {
		var y float64
		for i := 1; i < n; i++ {
			y += 1 / float64(i)
		}
		return y - eul
	}
	s := float64(n)
	z := 1 / (s * s)
	a := 8.33333333333333333333e-2
	for _, c := range [...]float64{-2.10927960927960927961e-2, 7.57575757575757575758e-3,
		-4.16666666666666666667e-3, 3.96825396825396825397e-3,
		-8.33333333333333333333e-3, 8.33333333333333333333e-2} {
		a = a*z + c
	}
	return math.Log(s) - 0.5/s - z*a
}

// scaleUnit divides v by its standard deviation (divisor m) unless that is
// 0, as scikit-learn's scale(with_mean=False). v is first divided by the
// power of two 2^e nearest above max|v| (exact), so that neither the sum of
// squares nor the standard deviation over- or underflows whatever the
// scale of v (|v| ~ 1e300 or 1e-300): scaling v by any power of two leaves
// the result bit for bit unchanged, and in the normal range the result is
// the same as dividing by the standard deviation directly.
func scaleUnit(v []float64) {
	var amax float64
	for _, x := range v {
		amax = math.Max(amax, math.Abs(x))
	}
	if amax == 0 || math.IsInf(amax, 0) || math.IsNaN(amax) {
		return
	}
	_, e := math.Frexp(amax)
	for i := range v {
		v[i] = math.Ldexp(v[i], -e)
	}
	var mean float64
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(v)))
	if sd == 0 {
		return
	}
	for i := range v {
		v[i] /= sd
	}
}

// jitter adds amp * max(1, mean|v|) * N(0, 1) noise to v.
func jitter(v []float64, amp float64, rng *rand.Rand) {
	var ma float64
	for _, x := range v {
		ma += math.Abs(x)
	}
	ma = math.Max(1, ma/float64(len(v)))
	for i := range v {
		v[i] += amp * ma * rng.NormFloat64()
	}
}

// categories maps the values of a discrete feature to codes 0..L-1 in
// increasing value order.
func categories(v []float64) []int {
	u := append([]float64(nil), v...)
	slices.Sort(u)
	u = slices.Compact(u)
	codes := make([]int, len(v))
	for i, x := range v {
		codes[i] = sort.SearchFloat64s(u, x)
	}
	return codes
}

// plugInMI returns the plug-in mutual information (nats) of two discrete
// variables given as codes.
//
// The joint counts take na x nb cells, which for two variables with a
// value per example (an id column against integer labels) is m^2: above
// 2^20 cells and 4m, the occupied cells (at most m) are counted from the
// sorted list of pairs instead, in the same order, so the result is the
// same bit for bit and the memory O(m).
func plugInMI(a, b []int) float64 {
	na, nb := 0, 0
	for i := range a {
		na = max(na, a[i]+1)
		nb = max(nb, b[i]+1)
	}
	ca := make([]float64, na)
	cb := make([]float64, nb)
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
	}
	m := float64(len(a))
	var mi float64
	add := func(p, q int, n float64) { mi += n / m * math.Log(m*n/(ca[p]*cb[q])) }
	if cells := float64(na) * float64(nb); cells > 1<<20 && cells > 4*m {
		keys := make([]int, len(a))
		for i := range a {
			keys[i] = a[i]*nb + b[i]
		}
		slices.Sort(keys)
		for i := 0; i < len(keys); {
			j := i
			for j < len(keys) && keys[j] == keys[i] {
				j++
			}
			add(keys[i]/nb, keys[i]%nb, float64(j-i))
			i = j
		}
		return math.Max(0, mi)
	}
	joint := make([]float64, na*nb)
	for i := range a {
		joint[a[i]*nb+b[i]]++
	}
	for p := 0; p < na; p++ {
		for q := 0; q < nb; q++ {
			if n := joint[p*nb+q]; n != 0 {
				add(p, q, n)
			}
		}
	}
	return math.Max(0, mi)
}

// ksg is the Kraskov et al. (2004) estimator (nats) of I(v; y) for the
// scaled continuous feature v and the continuous target.
func (e *miEstimator) ksg(v []float64) float64 {
	m, k := e.m, e.k
	tree := newTree2(v, e.ycont)
	// v in sorted order with each example's position in it.
	xs, xpos := sortWithPositions(v)
	var sx, sy float64
	for i, xq := range v {
		yq := e.ycont[i]
		// k+1 nearest counting the point itself = k-th nearest other.
		rad := math.Nextafter(tree.kthDistance(xq, yq, k+1), 0)
		nx := countAround(xs, xpos[i], rad) // includes the point itself
		ny := countAround(e.ysorted, e.ypos[i], rad)
		sx += e.dg[nx]
		sy += e.dg[ny]
	}
	fm := float64(m)
	mi := e.dg[m] + e.dg[k] - sx/fm - sy/fm
	return math.Max(0, mi)
}

// sortWithPositions returns v sorted ascending and, for each i, a position
// p with sorted[p] == v[i].
func sortWithPositions(v []float64) (sorted []float64, pos []int) {
	type pair struct {
		v float64
		i int
	}
	ps := make([]pair, len(v))
	for i, x := range v {
		ps[i] = pair{x, i}
	}
	slices.SortFunc(ps, func(a, b pair) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	sorted = make([]float64, len(v))
	pos = make([]int, len(v))
	for p, q := range ps {
		sorted[p] = q.v
		pos[q.i] = p
	}
	return sorted, pos
}

// ross is Ross's (2014) estimator (nats) of I(c; d) for a continuous c and
// discrete codes d.
func (e *miEstimator) ross(c []float64, d []int) float64 {
	nd := 0
	for _, v := range d {
		nd = max(nd, v+1)
	}
	groups := make([][]float64, nd)
	for i, v := range d {
		groups[v] = append(groups[v], c[i])
	}
	var all []float64 // values of examples whose class has > 1 member
	for _, g := range groups {
		if len(g) > 1 {
			all = append(all, g...)
			slices.Sort(g)
		}
	}
	n := len(all)
	if n == 0 {
		return 0
	}
	slices.Sort(all)
	var sk, sn, sm float64
	for _, g := range groups {
		N := len(g)
		if N <= 1 {
			continue
		}
		k := min(e.k, N-1)
		for q := 0; q < N; q++ {
			// k-th nearest neighbour distance within the class: merge
			// outward from q in sorted order.
			l, r := q-1, q+1
			var dist float64
			for t := 0; t < k; t++ {
				dl, dr := math.Inf(1), math.Inf(1)
				if l >= 0 {
					dl = g[q] - g[l]
				}
				if r < N {
					dr = g[r] - g[q]
				}
				if dl <= dr {
					dist = dl
					l--
				} else {
					dist = dr
					r++
				}
			}
			rad := math.Nextafter(dist, 0)
			sm += e.dg[countWithin(all, g[q], rad)]
			sk += e.dg[k]
			sn += e.dg[N]
		}
	}
	fn := float64(n)
	mi := e.dg[n] + sk/fn - sn/fn - sm/fn
	return math.Max(0, mi)
}
