package represent

// kmRelSlack is the relative slack on projected squared distances.
const kmRelSlack = 1e-9

// kmProj holds the centred rows of the data (kmCentred) for blocked
// distance bounds: ||a - b||^2 = ||a||^2 + ||b||^2 - 2 a . b on centred
// rows (kmdots.go), with the slack that turns the rounded expanded form
// into lower and upper bounds on the exact squared distance. Every
// decision (which point is closest, which trial is best) is still taken
// on exact distances in the original coordinates.
type kmProj struct {
	// xr is the m x q matrix of centred rows.
	xr []float64
	// margin is an absolute slack on squared distances covering the
	// rounding of the projection: kmRelSlack times the largest squared
	// norm of a centred row.
	margin float64
	// pn[i] is the squared norm of row i of xr.
	pn []float64
	// mean centres other points (centroids).
	mean []float64
	d    int
	// q is the width of xr (d).
	q int
	// eps is the relative rounding slack of the expanded form over q
	// coordinates (kmDots).
	eps float64
}

// project sets dst (q values) to the centred point src (d values), as
// the rows of xr.
func (p *kmProj) project(dst, src []float64) {
	clear(dst[:p.q])
	for t, v := range src[:p.d] {
		dst[t] = v - p.mean[t]
	}
}

// lower turns a projected partial sum s into a lower bound on the exact
// squared distance.
func (p *kmProj) lower(s float64) float64 {
	return max(0, s*(1-kmRelSlack)-p.margin)
}
