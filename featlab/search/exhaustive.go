package search

import (
	"math"
	"math/big"

	"github.com/featlab/course/featlab"
)

// DefaultLimit is the largest number of subsets Exhaustive evaluates
// unless its Limit is raised: 2^20 (all subsets of 20 features).
const DefaultLimit = 1 << 20

// Exhaustive evaluates every non-empty subset of at most MaxSize features
// (the lecture's 2^d - 1 subsets when MaxSize is d): sum over s = 1..MaxSize
// of C(d, s) evaluations, which Count gives before the search starts (and
// Progress receives as (0, total) before the first evaluation). It
// returns the best subset of every size (BySize) and the best of all
// (Subset; ties to the smaller subset, then the first in lexicographic
// order). Subsets are visited by size, and within a size in lexicographic
// order; the result is the same for any number of workers.
type Exhaustive struct {
	// MaxSize is the largest subset size (0: d).
	MaxSize int
	// Limit is the largest number of evaluations allowed (0:
	// DefaultLimit). A search that would need more returns an error
	// wrapping featlab.ErrParam before evaluating anything.
	Limit int
}

// Count returns the number of subsets Exhaustive evaluates over d features
// with subsets of at most maxSize features (0: d), or an error when it
// does not fit in an int.
func Count(d, maxSize int) (int, error) {
	if d < 1 || maxSize < 0 || maxSize > d {
		return 0, featlab.Errorf(featlab.ErrParam, "search: exhaustive count with d = %d, MaxSize = %d", d, maxSize)
	}
	if maxSize == 0 {
		maxSize = d
	}
	total := new(big.Int)
	for s := 1; s <= maxSize; s++ {
		total.Add(total, new(big.Int).Binomial(int64(d), int64(s)))
	}
	if !total.IsInt64() || total.Int64() > math.MaxInt {
		return 0, featlab.Errorf(featlab.ErrParam, "search: exhaustive search over d = %d features needs %s evaluations", d, total)
	}
	return int(total.Int64()), nil
}

func (e Exhaustive) name() string { return "exhaustive search" }

func (e Exhaustive) run(r *runner) (*Result, error) {
	d := r.ev.D
	if e.MaxSize < 0 || e.MaxSize > d {
		return nil, featlab.Errorf(featlab.ErrParam, "search: exhaustive MaxSize = %d outside [1, d = %d] (0: d)", e.MaxSize, d)
	}
	if e.Limit < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "search: exhaustive Limit = %d < 0", e.Limit)
	}
	limit := e.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	n, err := Count(d, e.MaxSize)
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, featlab.Errorf(featlab.ErrParam, "search: exhaustive search over d = %d features would evaluate %d subsets, above the limit %d (raise Exhaustive.Limit or lower MaxSize)", d, n, limit)
	}
	maxSize := e.MaxSize
	if maxSize == 0 {
		maxSize = d
	}
	r.total = n
	if err := r.announce(n); err != nil {
		return nil, err
	}
	res := newResult(d)
	const batch = 2048
	buf := make([][]int, 0, batch)
	flush := func() error {
		scores, err := r.evalAll(buf)
		if err != nil {
			return err
		}
		for i, s := range buf {
			r.offer(res, s, scores[i])
		}
		buf = buf[:0]
		return nil
	}
	for s := 1; s <= maxSize; s++ {
		c := make([]int, s)
		for i := range c {
			c[i] = i
		}
		for {
			buf = append(buf, append([]int(nil), c...))
			if len(buf) == batch {
				if err := flush(); err != nil {
					r.bestOverall(res)
					return res, err
				}
			}
			// next combination in lexicographic order
			i := s - 1
			for i >= 0 && c[i] == d-s+i {
				i--
			}
			if i < 0 {
				break
			}
			c[i]++
			for k := i + 1; k < s; k++ {
				c[k] = c[k-1] + 1
			}
		}
	}
	if len(buf) > 0 {
		if err := flush(); err != nil {
			r.bestOverall(res)
			return res, err
		}
	}
	for _, b := range res.BySize {
		if b.Subset != nil {
			res.History = append(res.History, r.step("best of size", -1, b.Score, b.Subset))
		}
	}
	r.bestOverall(res)
	return res, nil
}
