package represent

import (
	"math"
	"sync"

	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/par"
)

// kmGramMaxRows bounds the rows for which k-means++ seeding keeps the Gram
// matrix of the centred rows: m^2 float64, at most 32 MB.
const kmGramMaxRows = 2048

// kmGramTile is the number of rows of a column tile of newKMGram (128 KB
// at d = 64).
const kmGramTile = 256

// kmGram is the Gram matrix of the centred rows of kmCentred,
//
//	g[i*m+j] = xc_i . xc_j   (kernel.DotRows2, DotRows),
//
// shared by all restarts. Every k-means++ trial is a training row, so the
// blocked value ||xc_i||^2 + ||xc_t||^2 - 2 g[t*m+i] of every point-trial
// pair is a lookup, and kmProj.lowerDots turns it into a lower bound on
// the exact squared distance: the seeding computes kernel.SqDist only for
// the pairs that bound does not put at or above the point's current
// closest distance (every pair that lowers it among them), so its
// decisions are the same bits as without the Gram matrix.
type kmGram struct {
	full *kmProj // the centred rows, their squared norms and rounding slack
	g    []float64
	m    int
}

// useKMGram reports whether the seedings of nInit restarts with k
// centroids should share a Gram matrix of the m rows: when it fits in
// kmGramMaxRows and the trial rows all seedings compare with every point,
// nInit (k - 1) (2 + ln k), outnumber the m rows of the Gram matrix
// (each costs one pass of DotRows over the data).
func useKMGram(m, k, nInit, trials int) bool {
	return m <= kmGramMaxRows && nInit*(k-1)*trials >= m
}

// newKMGram computes the Gram matrix of p's centred rows (p from
// kmCentred): the upper triangle two rows at a time, then the lower
// triangle copied from it in tiles.
func newKMGram(p *kmProj, m, workers int) *kmGram {
	q := p.q
	var g []float64
	if buf, ok := kmGramPool.Get().(*[]float64); ok && cap(*buf) >= m*m {
		g = (*buf)[:m*m] // every entry is written below
	} else {
		g = make([]float64, m*m)
	}
	// Rows go in pairs 2h, 2h+1 (kernel.DotRows2; the last alone when m is
	// odd), row blocks of whole pairs on up to workers goroutines, so each
	// entry is computed the same way whatever workers. Column tiles of
	// kmGramTile rows stay in cache while the rows before their end pass
	// over them.
	par.Blocks((m+1)/2, workers, func(lo, hi int) {
		lo, hi = 2*lo, min(2*hi, m)
		for jb := lo - lo%kmGramTile; jb < m; jb += kmGramTile {
			je := min(jb+kmGramTile, m)
			for i := lo; i < min(hi, je); i += 2 {
				j0 := max(i, jb)
				if i+1 == m {
					kernel.DotRows(p.xr[i*q:(i+1)*q], p.xr[j0*q:], q, g[i*m+j0:i*m+je])
					break
				}
				// g[(i+1)*m+i] is rewritten by the copy below
				kernel.DotRows2(p.xr[i*q:(i+1)*q], p.xr[(i+1)*q:(i+2)*q], p.xr[j0*q:], q, g[i*m+j0:i*m+je], g[(i+1)*m+j0:(i+1)*m+je])
			}
		}
	})
	const tile = 32
	// g[j][i] = g[i][j] for j > i, in tiles
	for bi := 0; bi < m; bi += tile {
		for bj := bi; bj < m; bj += tile {
			for i := bi; i < min(bi+tile, m); i++ {
				row := g[i*m : (i+1)*m]
				for j := max(bj, i+1); j < min(bj+tile, m); j++ {
					g[j*m+i] = row[j]
				}
			}
		}
	}
	return &kmGram{full: p, g: g, m: m}
}

// kmGramPool keeps the buffer of the last Gram matrix for the next fit
// (up to 32 MB; sync.Pool drops it after two garbage collections),
// sparing its allocation, zeroing and page faults.
var kmGramPool sync.Pool

// release hands the Gram matrix's buffer to the next fit; g must not be
// used afterwards.
func (g *kmGram) release() {
	buf := g.g
	g.g = nil
	kmGramPool.Put(&buf)
}

// kmPair is an exact squared distance v from point i to a trial.
type kmPair struct {
	i int
	v float64
}

// seedGram is one step of kmeansPP with the Gram matrix: for every trial
// t (row ids[t], cts[t]) and point x_i whose Gram bound (lowerDots) does
// not reach closest[i], it computes the exact squared distance v =
// SqDist(x_i, cts[t]) and appends (i, v) to exact[t], in index order;
// gains[t] adds w_i (closest[i] - v) over those with v below closest[i]
// (every pair that lowers closest[i] is among them).
func seedGram(x, w []float64, g *kmGram, d int, ids []int, cts [][]float64, closest, gains []float64, exact [][]kmPair) {
	m, p := g.m, g.full
	pn := p.pn[:len(closest)]
	for t, ct := range cts {
		grow, nt := g.g[ids[t]*m:(ids[t]+1)*m], pn[ids[t]]
		grow = grow[:len(closest)]
		ex := exact[t][:0]
		for i, v0 := range closest {
			na := pn[i]
			if p.lowerDots(na+nt-2*grow[i], na, nt) >= v0 {
				continue
			}
			v := kernel.SqDist(x[i*d:(i+1)*d], ct)
			ex = append(ex, kmPair{i, v})
			if v < v0 {
				if w != nil {
					gains[t] += w[i] * (v0 - v)
				} else {
					gains[t] += v0 - v
				}
			}
		}
		exact[t] = ex
	}
}

// update makes row id of the data centroid j of the seeding: the points
// it is closer to (exact, the pairs seedGram computed for it) move to it,
// and low (when not nil, m x k) receives Elkan's bound on ||x_i - c_j||:
// the exact distance where seedGram computed it, else the Gram bound.
func (g *kmGram) update(j, k, id int, exact []kmPair, closest []float64, assign []int, low []float64) {
	if low != nil {
		p, m := g.full, g.m
		grow, nt := g.g[id*m:(id+1)*m], p.pn[id]
		for i, na := range p.pn[:m] {
			low[i*k+j] = math.Sqrt(p.lowerDots(na+nt-2*grow[i], na, nt))
		}
		for _, e := range exact {
			low[e.i*k+j] = math.Sqrt(e.v)
		}
	}
	for _, e := range exact {
		if e.v < closest[e.i] {
			assign[e.i] = j
			closest[e.i] = e.v
		}
	}
}
