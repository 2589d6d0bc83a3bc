package represent

import (
	"math"

	"github.com/featlab/course/featlab/internal/kernel"
)

// Blocked distance bounds. k-means compares one point with a block of
// centroids at a time, and the k-means++ seeding with its trials through
// the Gram matrix (kmGram), on the centred rows of kmProj, as
//
//	||a - b||^2 = ||a||^2 + ||b||^2 - 2 a . b,
//
// the cross terms from the vectorised kernel.DotRows (DotRows2 for the
// Gram matrix). These values are filters only: each becomes
// a lower bound on the exact squared distance (kmProj.lowerDots), and
// every decision (which centroid is closest, which k-means++ trial is
// best, the inertia) is taken on the exact kernel.SqDist of the original
// rows, computed for every pair the bounds cannot settle. The labels,
// centroids and inertia are therefore the same bits as with SqDist
// everywhere (TestKMeansSameAsPrevious); only the work differs.
//
// The rounding of the expanded form: with q = d and u = 2^-53 the
// computed Pa . Pb is within gamma_q ||Pa|| ||Pb|| <= gamma_q (||Pa||^2 +
// ||Pb||^2) / 2 of its value, each norm within gamma_q of its own, and
// the two additions add 4 u (||Pa||^2 + ||Pb||^2): below (2q + 5) u
// (||Pa||^2 + ||Pb||^2) in all, which kmDotsEps doubles.
func kmDotsEps(q int) float64 { return float64(4*q+16) * 0x1p-53 }

// lowerDots turns the blocked projected value v = na + nb - 2 dot (na,
// nb the projected squared norms) into a lower bound on SqDist.
func (p *kmProj) lowerDots(v, na, nb float64) float64 {
	return p.lower(v - p.eps*(na+nb))
}

// upperDots is an upper bound on SqDist from the blocked value v of the
// centred rows (kmCentred only: a projection gives no upper bound).
func (p *kmProj) upperDots(v, na, nb float64) float64 {
	return (v+p.eps*(na+nb))*(1+kmRelSlack) + p.margin
}

// kmCentred returns the m x d rows x centred, as a kmProj onto all d
// coordinates (W = I): its blocked distances are the exact ones up to
// rounding, with lower and upper bounds.
func kmCentred(x []float64, m, d int) *kmProj {
	p := &kmProj{xr: make([]float64, m*d), pn: make([]float64, m), mean: columnMeans(x, m, d), d: d, q: d, eps: kmDotsEps(d)}
	big := 0.0
	for i := 0; i < m; i++ {
		row := p.xr[i*d : (i+1)*d]
		for t, v := range x[i*d : (i+1)*d] {
			row[t] = v - p.mean[t]
		}
		p.pn[i] = kernel.Dot(row, row)
		big = max(big, p.pn[i])
	}
	p.margin = kmRelSlack * big
	return p
}

// kmBlock is a block of projected rows (k-means++ trials or centroids),
// padded with zero rows to a multiple of 4, with their squared norms.
type kmBlock struct {
	rows []float64 // n4 x q
	norm []float64 // n
	dots []float64 // n4: scratch for DotRows
	n    int
}

// newKMBlock allocates a block for up to n rows of p.
func newKMBlock(n int, p *kmProj) *kmBlock {
	n4 := (n + 3) &^ 3
	return &kmBlock{rows: make([]float64, n4*p.q), norm: make([]float64, n), dots: make([]float64, n4)}
}

// setRow sets row j of the block to row i of p.
func (b *kmBlock) setRow(p *kmProj, j, i int) {
	q := p.q
	copy(b.rows[j*q:(j+1)*q], p.xr[i*q:(i+1)*q])
	b.norm[j] = p.pn[i]
}

// setProjected fills the block with the projections of the n rows of c
// (row-major, p.d columns).
func (b *kmBlock) setProjected(p *kmProj, c []float64, n int) {
	q := p.q
	d := p.d
	b.n = n
	for j := 0; j < n; j++ {
		row := b.rows[j*q : (j+1)*q]
		p.project(row, c[j*d:(j+1)*d])
		b.norm[j] = kernel.Dot(row, row)
	}
	clear(b.rows[n*q:])
}

// cross returns the cross terms Pa . Pb of point i against the block.
func (b *kmBlock) cross(p *kmProj, i int) []float64 {
	q := p.q
	n4 := (b.n + 3) &^ 3
	kernel.DotRows(p.xr[i*q:(i+1)*q], b.rows, q, b.dots[:n4])
	return b.dots[:b.n]
}

// assignBlocked labels point i with its closest centroid (lowest index on
// ties), given the block b of the centred centroids r.c (p from
// kmCentred): the blocked distances to all centroids in one pass, then the
// exact SqDist of every centroid whose lower bound does not exceed the
// smallest upper bound. It returns the label, the exact squared distance
// to it and second, the smallest exact distance or lower bound over the
// other centroids (Hamerly's bound); when low is not nil it receives the
// square roots of the exact distances or bounds (Elkan's bounds). lb is
// scratch of b.n values.
func (r *kmRun) assignBlocked(p *kmProj, b *kmBlock, i int, low, lb []float64) (label int, best, second float64) {
	d := r.d
	dots := b.cross(p, i)
	na := p.pn[i]
	minUp := math.Inf(1)
	for j, dot := range dots {
		nb := b.norm[j]
		v := na + nb - 2*dot
		lb[j] = p.lowerDots(v, na, nb)
		minUp = min(minUp, p.upperDots(v, na, nb))
	}
	xi := r.x[i*d : (i+1)*d]
	best, second, label = math.Inf(1), math.Inf(1), 0
	for j, s := range lb[:b.n] {
		if s <= minUp {
			s = kernel.SqDist(xi, r.c[j*d:(j+1)*d])
			if s < best {
				second = min(second, best)
				best, label = s, j
			} else {
				second = min(second, s)
			}
		} else {
			second = min(second, s)
		}
		if low != nil {
			low[j] = math.Sqrt(s)
		}
	}
	return label, best, second
}
