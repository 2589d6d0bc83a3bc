package filter

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Entropy returns the information entropy, in bits, of the class labels y
// (Zhou section 4.2.1, used in 11.1):
//
//	Ent(D) = -sum_k p_k log2 p_k
//
// where p_k is the fraction of examples of class k (0 log 0 = 0). y must
// hold finite integer class labels (featlab.ErrNotFinite for a NaN or an
// infinity, featlab.ErrLabels otherwise, naming the row); a single class
// has entropy 0.
func Entropy(y []float64) (float64, error) {
	if len(y) == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "entropy of an empty label vector")
	}
	labels, err := featlab.ClassLabels(y, 1)
	if err != nil {
		return 0, fmt.Errorf("filter: entropy needs finite integer class labels: %w", err)
	}
	pos := make(map[float64]int, len(labels))
	for k, l := range labels {
		pos[float64(l)] = k
	}
	counts := make([]int, len(labels))
	for _, v := range y {
		counts[pos[v]]++
	}
	return entropyCounts(counts, len(y)), nil
}

// entropyCounts is -sum_k (c_k/n) log2(c_k/n) over the non-zero counts.
func entropyCounts(counts []int, n int) float64 {
	if n == 0 {
		return 0
	}
	h := 0.0
	fn := float64(n)
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / fn
			h -= p * math.Log2(p)
		}
	}
	return h
}

// InfoGainConfig configures NewInfoGain. The zero value is the default
// noted at each field.
type InfoGainConfig struct {
	// Names are the feature names (default nil: x1, ..., xd; for
	// NewInfoGainDataset, ds.Names); when set there must be one per column.
	Names []string
	// Categorical marks the discrete attributes: their distinct values
	// define the partition. The other attributes are continuous and are
	// discretised by the bi-partition rule (see InfoGain). Default nil:
	// every attribute continuous for NewInfoGain; for NewInfoGainDataset,
	// taken from Dataset.Levels (a feature with level names is discrete,
	// every other feature continuous). When non-nil its length must be d.
	Categorical []bool
}

// InfoGain evaluates feature subsets by Zhou's information gain (section
// 11.1): for a subset A of attributes, the values of A split the data set
// D into the groups D^1, ..., D^V of examples that agree on every attribute
// of A (v ranges over the value combinations that occur), and
//
//	Gain(A) = Ent(D) - sum_v |D^v|/|D| Ent(D^v),
//
// with Ent the class entropy in bits (Entropy). Gain of the empty subset is
// 0; adding attributes never decreases it; its maximum is Ent(D), reached
// when the groups are pure.
//
// Continuous attributes are discretised by the bi-partition rule of Zhou
// section 4.4.1 (as C4.5 does): the candidate thresholds of attribute a are
// the midpoints t = (a^i + a^{i+1})/2 of its consecutive distinct sorted
// values, and a is replaced by the binary attribute [a <= t] at the
// threshold t that maximises the single-attribute gain Gain({a}) on the
// whole data set (ties go to the smallest t). The threshold of each
// continuous attribute is fixed once, when the InfoGain is built, and is
// used in every subset that contains the attribute. A constant attribute
// (one distinct value) has no threshold and never splits.
//
// An InfoGain is safe for concurrent use by several goroutines.
type InfoGain struct {
	names     []string
	m         int
	cls       []int // class index per example
	nclass    int
	codes     [][]int32 // codes[j][i]: the discrete value of attribute j at example i
	levels    []int     // number of distinct codes of attribute j
	threshold []float64 // bi-partition threshold of continuous attribute j, NaN otherwise
	categ     []bool
	ent       float64
}

// NewInfoGain prepares the information-gain evaluation of subsets of the
// columns of X (see InfoGain). y must hold integer class labels with at
// least one class; X must be finite. cfg.Categorical marks the discrete
// columns (nil: every column continuous).
func NewInfoGain(X mat.Matrix, y []float64, cfg InfoGainConfig) (*InfoGain, error) {
	return newInfoGain(X, y, cfg.Names, cfg.Categorical)
}

// NewInfoGainDataset is NewInfoGain on ds: when cfg.Categorical is nil
// the discrete features are those with level names (Dataset.Levels), and
// when cfg.Names is nil the names are ds.Names.
func NewInfoGainDataset(ds *featlab.Dataset, cfg InfoGainConfig) (*InfoGain, error) {
	if ds == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "information gain: nil dataset")
	}
	cat, names := cfg.Categorical, cfg.Names
	if cat == nil && !featlab.IsNil(ds.X) {
		_, d := ds.X.Dims()
		cat = make([]bool, d)
		for j := range cat {
			cat[j] = ds.IsCategorical(j)
		}
	}
	if names == nil {
		names = ds.Names
	}
	return newInfoGain(ds.X, ds.Y, names, cat)
}

// InfoGainEvaluator returns Gain as a subset evaluator, the form the
// search strategies take: a function from a feature subset (column indices
// of X) to its information gain, higher being better. It is
// NewInfoGain(X, y, cfg).Gain.
func InfoGainEvaluator(X mat.Matrix, y []float64, cfg InfoGainConfig) (func(subset []int) (float64, error), error) {
	g, err := NewInfoGain(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return g.Gain, nil
}

func newInfoGain(X mat.Matrix, y []float64, names []string, cat []bool) (*InfoGain, error) {
	in, err := prepare("information gain", X, y, names, true)
	if err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	names = in.names
	if cat != nil && len(cat) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "information gain: Categorical has %d flags for %d features", len(cat), d)
	}
	labels, err := featlab.ClassLabels(y, 1)
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrLabels, "information gain needs integer class labels in y (%v)", err)
	}
	g := &InfoGain{
		names: names, m: m, nclass: len(labels), cls: make([]int, m),
		codes: make([][]int32, d), levels: make([]int, d), threshold: make([]float64, d),
		categ: make([]bool, d),
	}
	if cat != nil {
		copy(g.categ, cat)
	}
	pos := make(map[int]int, len(labels))
	for k, l := range labels {
		pos[l] = k
	}
	counts := make([]int, g.nclass)
	for i, v := range y {
		g.cls[i] = pos[int(v)]
		counts[g.cls[i]]++
	}
	g.ent = entropyCounts(counts, m)
	col := make([]float64, m)
	for j := 0; j < d; j++ {
		mat.Col(col, j, X)
		g.threshold[j] = math.NaN()
		if g.categ[j] {
			g.codes[j], g.levels[j] = codeValues(col)
		} else {
			g.codes[j], g.levels[j], g.threshold[j] = g.bipartition(col)
		}
	}
	return g, nil
}

// codeValues numbers the distinct values of v 0..L-1 in increasing order.
func codeValues(v []float64) ([]int32, int) {
	distinct := append([]float64(nil), v...)
	sort.Float64s(distinct)
	u := distinct[:0]
	for k, x := range distinct {
		if k == 0 || x != u[len(u)-1] {
			u = append(u, x)
		}
	}
	codes := make([]int32, len(v))
	for i, x := range v {
		codes[i] = int32(sort.SearchFloat64s(u, x))
	}
	return codes, len(u)
}

// bipartition finds the threshold t among the midpoints of consecutive
// distinct values that maximises the gain of the split [v <= t] (ties to
// the smallest t) and returns the binary codes (0 for v <= t, 1 above),
// the number of levels (2, or 1 for a constant v) and t (NaN when v is
// constant). One sweep over the sorted values keeps the class counts of
// the lower part, so the search costs O(m log m + m K).
func (g *InfoGain) bipartition(v []float64) ([]int32, int, float64) {
	m := len(v)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return v[order[a]] < v[order[b]] })
	codes := make([]int32, m)
	if v[order[0]] == v[order[m-1]] {
		return codes, 1, math.NaN()
	}
	below := make([]int, g.nclass)
	above := make([]int, g.nclass)
	for _, i := range order {
		above[g.cls[i]]++
	}
	best, bestT := math.Inf(-1), math.NaN()
	for p := 0; p < m-1; p++ {
		i := order[p]
		below[g.cls[i]]++
		above[g.cls[i]]--
		a, b := v[i], v[order[p+1]]
		if a == b {
			continue
		}
		nb := p + 1
		cond := float64(nb)/float64(m)*entropyCounts(below, nb) + float64(m-nb)/float64(m)*entropyCounts(above, m-nb)
		if gain := g.ent - cond; gain > best {
			best, bestT = gain, (a+b)/2
		}
	}
	for i, x := range v {
		if x > bestT {
			codes[i] = 1
		}
	}
	return codes, 2, bestT
}

// Entropy returns Ent(D), the class entropy of the whole data set in bits.
func (g *InfoGain) Entropy() float64 { return g.ent }

// Names returns the feature names.
func (g *InfoGain) Names() []string { return append([]string(nil), g.names...) }

// Threshold returns the bi-partition threshold t of feature j (the split
// is [x_j <= t]) and true when j is continuous and not constant; otherwise
// NaN and false.
func (g *InfoGain) Threshold(j int) (float64, bool) {
	if j < 0 || j >= len(g.threshold) || math.IsNaN(g.threshold[j]) {
		return math.NaN(), false
	}
	return g.threshold[j], true
}

// Gain returns the information gain of the feature subset (column
// indices; order does not matter and repeats are ignored). The empty
// subset has gain 0. An index outside [0, d) is an error wrapping
// featlab.ErrParam. It is g.Partition(subset) followed by Partition.Gain.
func (g *InfoGain) Gain(subset []int) (float64, error) {
	p, err := g.Partition(subset)
	if err != nil {
		return 0, err
	}
	return p.Gain(), nil
}

// Partition is the split of the data set D into the groups D^1, ..., D^V
// of examples that agree on every attribute of a subset A (continuous
// attributes cut at their bi-partition threshold): the object behind
// InfoGain.Gain. A Partition is immutable and safe for concurrent use.
//
// Refine(j) splits every group by attribute j, giving the partition of
// A ∪ {j} in one O(m) pass (plus a table of V·L entries, L the number of
// values of j), where regrouping from scratch costs O(m |A|): this is how
// a forward search reuses the previous round's partition (Zhou 11.1).
// Groups are numbered by their first example (in row order), which
// depends only on the groups themselves, not on the order in which the
// attributes were applied; Gain sums over groups in that order, so the
// gain of a refined partition equals the gain computed from scratch bit
// for bit.
type Partition struct {
	g       *InfoGain
	subset  []int   // distinct attributes applied, in order (constants included)
	group   []int32 // group index of each example
	ngroups int
	counts  []int // counts[v*K+k]: examples of class k in group v (nil for the root)
}

// Root returns the partition of the empty subset: one group holding every
// example (gain 0).
func (g *InfoGain) Root() *Partition {
	return &Partition{g: g, group: make([]int32, g.m), ngroups: 1}
}

// Partition returns the partition of D by the subset's attributes
// (order does not matter; repeats are ignored): Root refined by each
// attribute in turn. An index outside [0, d) is an error wrapping
// featlab.ErrParam.
func (g *InfoGain) Partition(subset []int) (*Partition, error) {
	if err := g.checkIndex(subset...); err != nil {
		return nil, err
	}
	p := g.Root()
	for _, j := range subset {
		p = p.refine(j)
	}
	return p, nil
}

func (g *InfoGain) checkIndex(subset ...int) error {
	d := len(g.codes)
	for _, j := range subset {
		if j < 0 || j >= d {
			return featlab.Errorf(featlab.ErrParam, "information gain: feature index %d outside [0, %d)", j, d)
		}
	}
	return nil
}

// Refine returns the partition of the subset p.Subset() ∪ {j}: every
// group of p split by the values of attribute j. p is not modified. j
// already in the subset, or constant, gives a partition with the same
// groups. An index outside [0, d) is an error wrapping featlab.ErrParam.
func (p *Partition) Refine(j int) (*Partition, error) {
	if err := p.g.checkIndex(j); err != nil {
		return nil, err
	}
	return p.refine(j), nil
}

// refine is the one grouping step: new group of (old group, code of j),
// numbered in order of first appearance. Dense table when small, map
// otherwise.
func (p *Partition) refine(j int) *Partition {
	for _, s := range p.subset {
		if s == j {
			return p
		}
	}
	g := p.g
	q := &Partition{g: g, subset: make([]int, len(p.subset), len(p.subset)+1), group: p.group, ngroups: p.ngroups, counts: p.counts}
	copy(q.subset, p.subset)
	q.subset = append(q.subset, j)
	L := g.levels[j]
	if L <= 1 {
		return q // the groups (and the shared group slice) are unchanged
	}
	codes := g.codes[j]
	group := make([]int32, g.m)
	// The class counts of the new groups are taken in the same pass, so
	// that Gain needs no pass over the examples.
	K, cls := g.nclass, g.cls
	counts := make([]int, min(p.ngroups*L, g.m)*K)
	next := int32(0)
	if n := p.ngroups * L; n <= 1<<20 {
		dense := make([]int32, n)
		for k := range dense {
			dense[k] = -1
		}
		for i, c := range codes {
			key := int(p.group[i])*L + int(c)
			if dense[key] < 0 {
				dense[key] = next
				next++
			}
			group[i] = dense[key]
			counts[int(group[i])*K+cls[i]]++
		}
	} else {
		ids := make(map[int]int32)
		for i, c := range codes {
			key := int(p.group[i])*L + int(c)
			id, ok := ids[key]
			if !ok {
				id = next
				ids[key] = id
				next++
			}
			group[i] = id
			counts[int(id)*K+cls[i]]++
		}
	}
	q.group, q.ngroups, q.counts = group, int(next), counts[:int(next)*K]
	return q
}

// Subset returns the attributes of the partition, in the order they were
// applied (repeats removed).
func (p *Partition) Subset() []int { return append([]int(nil), p.subset...) }

// Groups returns V, the number of non-empty groups.
func (p *Partition) Groups() int { return p.ngroups }

// Sizes returns |D^v| for v = 1..V, groups in order of their first example.
func (p *Partition) Sizes() []int {
	sizes := make([]int, p.ngroups)
	for _, v := range p.group {
		sizes[v]++
	}
	return sizes
}

// Gain returns Ent(D) - sum_v |D^v|/|D| Ent(D^v), the information gain of
// the partition's subset (InfoGain.Gain).
func (p *Partition) Gain() float64 {
	g := p.g
	if p.ngroups <= 1 {
		return 0
	}
	K := g.nclass
	cond := 0.0
	fm := float64(g.m)
	for v := 0; v < p.ngroups; v++ {
		row := p.counts[v*K : (v+1)*K]
		size := 0
		for _, c := range row {
			size += c
		}
		cond += float64(size) / fm * entropyCounts(row, size)
	}
	gain := g.ent - cond
	if gain < 0 { // rounding when the split is useless
		gain = 0
	}
	return gain
}

// Scores returns the gain of every single feature, Gain({a}) (Zhou eq. in
// 4.2.1 and 11.1), as a Scores ranking, with Thresholds holding the
// bi-partition threshold of each continuous feature (NaN for discrete
// ones). Constant features score 0 and are listed in Constant.
func (g *InfoGain) Scores() *Scores {
	d := len(g.codes)
	s := &Scores{Method: "information gain (bits)", Names: g.Names(), Values: make([]float64, d)}
	for j := 0; j < d; j++ {
		s.Values[j], _ = g.Gain([]int{j})
		if g.levels[j] <= 1 {
			s.Constant = append(s.Constant, j)
		}
	}
	return s
}
