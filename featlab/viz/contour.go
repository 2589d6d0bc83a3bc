package viz

import (
	"gonum.org/v1/plot/plotter"
)

// ContourLines returns the level set {z = level} of a function sampled on a
// grid as polylines, by marching squares with linear interpolation along
// cell edges; a saddle cell is resolved by the value at its centre.
//
// Unlike gonum's plotter.Contour, which joins its segments through Go maps
// and so emits paths in an order that changes from run to run, the lines
// come out in grid scan order: the same grid gives the same SVG bytes.
func ContourLines(g plotter.GridXYZ, level float64) []plotter.XYs {
	nc, nr := g.Dims()
	if nc < 2 || nr < 2 {
		return nil
	}
	// Points live on cell edges; an edge is keyed by its lower-left grid
	// node and its direction (0: along x, 1: along y).
	type edge struct{ c, r, dir int }
	point := func(e edge) plotter.XY {
		c2, r2 := e.c, e.r
		if e.dir == 0 {
			c2++
		} else {
			r2++
		}
		z1, z2 := g.Z(e.c, e.r), g.Z(c2, r2)
		t := 0.5
		if z2 != z1 {
			t = (level - z1) / (z2 - z1)
		}
		x1, y1, x2, y2 := g.X(e.c), g.Y(e.r), g.X(c2), g.Y(r2)
		return plotter.XY{X: x1 + t*(x2-x1), Y: y1 + t*(y2-y1)}
	}
	type segment struct{ a, b edge }
	var segs []segment
	for c := 0; c < nc-1; c++ {
		for r := 0; r < nr-1; r++ {
			// corners counter-clockwise from (c, r); edges between them
			z := [4]float64{g.Z(c, r), g.Z(c+1, r), g.Z(c+1, r+1), g.Z(c, r+1)}
			e := [4]edge{{c, r, 0}, {c + 1, r, 1}, {c, r + 1, 0}, {c, r, 1}}
			idx := 0
			for k := range z {
				if z[k] > level {
					idx |= 1 << k
				}
			}
			add := func(i, j int) { segs = append(segs, segment{e[i], e[j]}) }
			switch idx {
			case 0, 15:
			case 1, 14:
				add(3, 0)
			case 2, 13:
				add(0, 1)
			case 3, 12:
				add(3, 1)
			case 4, 11:
				add(1, 2)
			case 6, 9:
				add(0, 2)
			case 7, 8:
				add(2, 3)
			case 5, 10:
				centre := (z[0] + z[1] + z[2] + z[3]) / 4
				if (centre > level) == (idx == 5) {
					add(0, 1)
					add(2, 3)
				} else {
					add(3, 0)
					add(1, 2)
				}
			}
		}
	}
	// Chain segments sharing an edge point into polylines, visiting
	// segments in the order they were found.
	at := make(map[edge][]int, 2*len(segs))
	for i, s := range segs {
		at[s.a] = append(at[s.a], i)
		at[s.b] = append(at[s.b], i)
	}
	used := make([]bool, len(segs))
	next := func(p edge, from int) int {
		for _, i := range at[p] {
			if i != from && !used[i] {
				return i
			}
		}
		return -1
	}
	other := func(i int, p edge) edge {
		if segs[i].a == p {
			return segs[i].b
		}
		return segs[i].a
	}
	var lines []plotter.XYs
	for start := range segs {
		if used[start] {
			continue
		}
		used[start] = true
		// walk backwards from a, then forwards from b
		var back []edge
		for p, i := segs[start].a, start; ; {
			j := next(p, i)
			if j < 0 {
				break
			}
			used[j] = true
			p = other(j, p)
			back = append(back, p)
			i = j
		}
		chain := make([]edge, 0, len(back)+2)
		for k := len(back) - 1; k >= 0; k-- {
			chain = append(chain, back[k])
		}
		chain = append(chain, segs[start].a, segs[start].b)
		for p, i := segs[start].b, start; ; {
			j := next(p, i)
			if j < 0 {
				break
			}
			used[j] = true
			p = other(j, p)
			chain = append(chain, p)
			i = j
		}
		xy := make(plotter.XYs, len(chain))
		for k, e := range chain {
			xy[k] = point(e)
		}
		lines = append(lines, xy)
	}
	return lines
}
