package filter

import "math"

// tree2 is a static k-d tree over points in the plane for k-nearest-
// neighbour distances in the max-norm (Chebyshev), the joint-space metric of
// the Kraskov estimator. The tree is implicit: node [lo, hi) splits at
// mid = (lo+hi)/2 after a selection that puts the median of the split
// coordinate at mid; the split coordinate and value are stored at index mid
// (unique to the node). Leaves hold at most leafSize points.
//
// For 2-D max-norm queries on ten thousand points this visits a few leaves
// per query, several times fewer points than a sweep outward in one
// coordinate, and it adapts to any density (gonum's kdtree is general but
// goes through interfaces and a heap per query).
type tree2 struct {
	x, y   []float64 // points in tree order
	splitX []bool    // at mid: split on x (else y)
	splitV []float64 // at mid: split value
	best   []float64 // query scratch: kk smallest distances, ascending
	qx, qy float64
	kk     int
}

const leafSize = 8

func newTree2(x, y []float64) *tree2 {
	n := len(x)
	t := &tree2{
		x:      append([]float64(nil), x...),
		y:      append([]float64(nil), y...),
		splitX: make([]bool, n),
		splitV: make([]float64, n),
	}
	t.build(0, n)
	return t
}

func (t *tree2) build(lo, hi int) {
	if hi-lo <= leafSize {
		return
	}
	// Split on the coordinate with the larger spread.
	minX, maxX := math.Inf(1), math.Inf(-1)
	minY, maxY := math.Inf(1), math.Inf(-1)
	for i := lo; i < hi; i++ {
		minX, maxX = min(minX, t.x[i]), max(maxX, t.x[i])
		minY, maxY = min(minY, t.y[i]), max(maxY, t.y[i])
	}
	onX := maxX-minX >= maxY-minY
	mid := (lo + hi) / 2
	if onX {
		selectK(t.x, t.y, lo, hi, mid)
		t.splitV[mid] = t.x[mid]
	} else {
		selectK(t.y, t.x, lo, hi, mid)
		t.splitV[mid] = t.y[mid]
	}
	t.splitX[mid] = onX
	t.build(lo, mid)
	t.build(mid, hi)
}

// selectK reorders a[lo:hi] (and b alongside) so that a[k] holds the value
// it would have in sorted order, with a[lo:k] <= a[k] <= a[k+1:hi]
// (Hoare's quickselect, median-of-three pivots).
func selectK(a, b []float64, lo, hi, k int) {
	hi-- // inclusive
	for hi > lo {
		mid := lo + (hi-lo)/2
		// median of three into a[mid]
		if a[mid] < a[lo] {
			a[mid], a[lo] = a[lo], a[mid]
			b[mid], b[lo] = b[lo], b[mid]
		}
		if a[hi] < a[lo] {
			a[hi], a[lo] = a[lo], a[hi]
			b[hi], b[lo] = b[lo], b[hi]
		}
		if a[hi] < a[mid] {
			a[hi], a[mid] = a[mid], a[hi]
			b[hi], b[mid] = b[mid], b[hi]
		}
		p := a[mid]
		i, j := lo, hi
		for i <= j {
			for a[i] < p {
				i++
			}
			for a[j] > p {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				b[i], b[j] = b[j], b[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// kthDistance returns the max-norm distance from (qx, qy) to its kk-th
// nearest point of the tree, counting a point at the query's own position
// (so kk = k+1 gives the k-th nearest other point when the query is a tree
// point).
func (t *tree2) kthDistance(qx, qy float64, kk int) float64 {
	if cap(t.best) < kk {
		t.best = make([]float64, kk)
	}
	t.best = t.best[:kk]
	for i := range t.best {
		t.best[i] = math.Inf(1)
	}
	t.qx, t.qy, t.kk = qx, qy, kk
	t.search(0, len(t.x))
	return t.best[kk-1]
}

func (t *tree2) search(lo, hi int) {
	if hi-lo <= leafSize {
		best := t.best
		worst := best[t.kk-1]
		for i := lo; i < hi; i++ {
			dx := t.x[i] - t.qx
			if dx < 0 {
				dx = -dx
			}
			dy := t.y[i] - t.qy
			if dy < 0 {
				dy = -dy
			}
			d := dx
			if dy > d {
				d = dy
			}
			if d < worst {
				j := t.kk - 1
				for j > 0 && best[j-1] > d {
					best[j] = best[j-1]
					j--
				}
				best[j] = d
				worst = best[t.kk-1]
			}
		}
		return
	}
	mid := (lo + hi) / 2
	var diff float64
	if t.splitX[mid] {
		diff = t.qx - t.splitV[mid]
	} else {
		diff = t.qy - t.splitV[mid]
	}
	if diff < 0 {
		t.search(lo, mid)
		if -diff < t.best[t.kk-1] {
			t.search(mid, hi)
		}
	} else {
		t.search(mid, hi)
		if diff < t.best[t.kk-1] {
			t.search(lo, mid)
		}
	}
}

// countWithin returns #{j : |sorted[j] - x| <= r} for sorted ascending,
// comparing the floating-point differences exactly as a direct scan would
// (fl(a - b) is monotone in a, so both bounds are binary searches).
func countWithin(sorted []float64, x, r float64) int {
	// first j with sorted[j] - x > r
	lo, hi := 0, len(sorted)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if sorted[h]-x > r {
			hi = h
		} else {
			lo = h + 1
		}
	}
	upper := lo
	// first j with x - sorted[j] <= r
	lo, hi = 0, upper
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if x-sorted[h] <= r {
			hi = h
		} else {
			lo = h + 1
		}
	}
	return upper - lo
}

// countAround returns #{j : |sorted[j] - x| <= r} where x = sorted[p], for
// sorted ascending, r >= 0, by galloping outward from p: O(log n) in the
// count n rather than in len(sorted), and cache-friendly. It compares the
// floating-point differences exactly as countWithin does.
func countAround(sorted []float64, p int, r float64) int {
	x := sorted[p]
	n := len(sorted)
	// Upper end: first j > p with sorted[j] - x > r.
	lo, step := p, 1 // sorted[lo] - x <= r holds
	hi := p + step
	for hi < n && sorted[hi]-x <= r {
		lo = hi
		step *= 2
		hi = p + step
	}
	if hi > n {
		hi = n
	}
	for lo+1 < hi { // invariant: ok(lo), !ok(hi) or hi == n
		h := int(uint(lo+hi) >> 1)
		if sorted[h]-x <= r {
			lo = h
		} else {
			hi = h
		}
	}
	upper := hi
	// Lower end: smallest j <= p with x - sorted[j] <= r.
	hi, step = p, 1 // ok(hi)
	lo = p - step
	for lo >= 0 && x-sorted[lo] <= r {
		hi = lo
		step *= 2
		lo = p - step
	}
	if lo < -1 {
		lo = -1
	}
	for lo+1 < hi { // invariant: !ok(lo) or lo == -1, ok(hi)
		h := int(uint(lo+hi) >> 1)
		if x-sorted[h] <= r {
			hi = h
		} else {
			lo = h
		}
	}
	return upper - hi
}
