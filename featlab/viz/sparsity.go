package viz

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
)

// This file holds the figures of the sparsity chapter (notebook 05):
// Shalev-Shwartz and Ben-David 25.1.3, Zhou 11.4 and Fig. 11.1, and the
// l0/l1/lp, sparse-model and stability-selection slides of the Aalto
// CS-E4710 lecture 10.

// SquareSide is the side of the square figures (contours, unit balls),
// whose axes must have equal scales.
const SquareSide = 12 * vg.Centimeter

var lightGrey = color.Gray{Y: 0xBB}

// ConstrainedSolutions are the points ConstraintContours draws: the
// least-squares solution LS and the minimisers L1 and L2 of
// L_S(w) = (1/2m)||Xw - y||^2 over the l1 ball and the l2 ball of radius
// Radius (from linear.LeastSquares, linear.ConstrainedLasso and
// linear.ConstrainedRidge). Each has two entries.
type ConstrainedSolutions struct {
	Radius     float64
	LS, L1, L2 []float64
}

// ConstraintContours redraws Zhou's Fig. 11.1 from data: the contours of
// the squared error L_S(w) = (1/2m)||Xw - y||^2 of a two-feature problem
// (no intercept) in the (w1, w2) plane, the l1 ball ||w||_1 <= radius
// (a diamond) and the l2 ball ||w||_2 <= radius (a disc), and the given
// constrained minimisers: each lies where the smallest contour touches
// its ball (those two contours, the levels L_S(sol.L1) and L_S(sol.L2),
// are drawn in the balls' colours). It draws; it does not solve: the
// notebook computes sol with linear's solvers. The data area is square
// with equal axis scales; the legend (each solution's marker and, for the
// two balls, its coordinates) is a row above it, outside the data area, so
// that no axis, ball or contour crosses it.
//
// X must have two columns; sol.Radius > 0 and each solution two entries.
func ConstraintContours(X mat.Matrix, y []float64, sol ConstrainedSolutions) (Figure, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	if d != 2 {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: ConstraintContours needs 2 features, X has %d", d)
	}
	radius := sol.Radius
	if !(radius > 0) || math.IsInf(radius, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: radius = %v must be finite and > 0", radius)
	}
	for _, w := range [][]float64{sol.LS, sol.L1, sol.L2} {
		if len(w) != 2 {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: ConstraintContours: a solution has %d entries, want 2", len(w))
		}
	}
	// L_S(w) = (1/2m)(w^T A w - 2 b^T w + c), A = X^T X, b = X^T y
	var a11, a12, a22, b1, b2, c float64
	for i := 0; i < m; i++ {
		x1, x2 := X.At(i, 0), X.At(i, 1)
		a11 += x1 * x1
		a12 += x1 * x2
		a22 += x2 * x2
		b1 += x1 * y[i]
		b2 += x2 * y[i]
		c += y[i] * y[i]
	}
	loss := func(w1, w2 float64) float64 {
		return (a11*w1*w1 + 2*a12*w1*w2 + a22*w2*w2 - 2*(b1*w1+b2*w2) + c) / (2 * float64(m))
	}
	ls := struct{ Coef []float64 }{sol.LS}
	lossLS, lossL1, lossL2 := loss(sol.LS[0], sol.LS[1]), loss(sol.L1[0], sol.L1[1]), loss(sol.L2[0], sol.L2[1])

	p := New("", "$w_1$", "$w_2$")
	// a square window holding the balls and the least-squares solution
	lo := -1.3 * radius
	hi := math.Max(1.3*radius, math.Max(ls.Coef[0], ls.Coef[1])+0.4*radius)
	lo = math.Min(lo, math.Min(ls.Coef[0], ls.Coef[1])-0.4*radius)
	const n = 121
	g := &fnGrid{xs: make([]float64, n), ys: make([]float64, n), z: make([]float64, n*n), n: n}
	for k := 0; k < n; k++ {
		g.xs[k] = lo + (hi-lo)*float64(k)/float64(n-1)
		g.ys[k] = g.xs[k]
	}
	for cI, u := range g.xs {
		for r, v := range g.ys {
			g.z[cI*n+r] = loss(u, v)
		}
	}
	// grey contours between the minimum and the touching levels, then the
	// two touching contours in the balls' colours
	var levels []float64
	top := math.Max(lossL1, lossL2)
	for _, f := range []float64{0.04, 0.15, 0.35, 0.65, 1.4, 2.0} {
		levels = append(levels, lossLS+f*(top-lossLS))
	}
	addContour := func(lev float64, sty draw.LineStyle) error {
		for _, xy := range ContourLines(g, lev) {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return fmt.Errorf("viz: %w", err)
			}
			l.LineStyle = sty
			p.Add(l)
		}
		return nil
	}
	for _, lev := range levels {
		if err := addContour(lev, draw.LineStyle{Color: color.Gray{Y: 0x99}, Width: vg.Points(0.8)}); err != nil {
			return nil, err
		}
	}
	for k, lev := range []float64{lossL1, lossL2} {
		if err := addContour(lev, draw.LineStyle{Color: Color(1 - k), Width: vg.Points(1), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}); err != nil {
			return nil, err
		}
	}
	// the balls
	diamond := plotter.XYs{{X: radius}, {Y: radius}, {X: -radius}, {Y: -radius}}
	disc := make(plotter.XYs, 181)
	for k := range disc {
		th := 2 * math.Pi * float64(k) / float64(len(disc)-1)
		disc[k] = plotter.XY{X: radius * math.Cos(th), Y: radius * math.Sin(th)}
	}
	for k, poly := range []plotter.XYs{diamond, disc} {
		pg, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		pg.Color = translucent(Color(1-k), 0.12)
		pg.LineStyle = draw.LineStyle{Color: Color(1 - k), Width: vg.Points(2)}
		p.Add(pg)
	}
	// the axes through the origin
	for _, ax := range []plotter.XYs{{{X: lo}, {X: hi}}, {{Y: lo}, {Y: hi}}} {
		l, _ := plotter.NewLine(ax)
		l.LineStyle = draw.LineStyle{Color: color.Gray{Y: 0x55}, Width: vg.Points(0.6)}
		p.Add(l)
	}
	// the solutions; the legend goes in a row above the data area, where no
	// axis, ball or contour can cross it
	marks := []struct {
		name string
		w    []float64
		sty  draw.GlyphStyle
	}{
		{fmt.Sprintf("$\\ell_1$ ball: (%.2g, %.2g)", sol.L1[0], sol.L1[1]), sol.L1, draw.GlyphStyle{Color: Color(1), Shape: draw.BoxGlyph{}, Radius: vg.Points(5)}},
		{fmt.Sprintf("$\\ell_2$ ball: (%.2g, %.2g)", sol.L2[0], sol.L2[1]), sol.L2, draw.GlyphStyle{Color: Color(0), Shape: draw.CircleGlyph{}, Radius: vg.Points(5)}},
		{"least squares", sol.LS, draw.GlyphStyle{Color: color.Black, Shape: draw.CrossGlyph{}, Radius: vg.Points(4.5)}},
	}
	var legend []LegendEntry
	for _, mk := range marks {
		sc, err := plotter.NewScatter(plotter.XYs{{X: mk.w[0], Y: mk.w[1]}})
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		sc.GlyphStyle = mk.sty
		p.Add(sc)
		legend = append(legend, LegendEntry{Name: mk.name, Thumbs: []plot.Thumbnailer{sc}})
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	fig := &Grid{
		Plots:  [][]*plot.Plot{{p}},
		Title:  fmt.Sprintf("Fig. 11.1 from data: balls of radius %s", strconv.FormatFloat(radius, 'g', 4, 64)),
		Legend: legend,
		Width:  SquareSide,
	}
	fig.Height = SquareSide + fig.titleHeight() + fig.legendHeight()
	return fig, nil
}

// fnGrid is a function sampled on a grid, for ContourLines:
// z[c*n + r] is the value at (xs[c], ys[r]).
type fnGrid struct {
	xs, ys []float64
	z      []float64
	n      int
}

func (g *fnGrid) Dims() (c, r int)   { return len(g.xs), len(g.ys) }
func (g *fnGrid) Z(c, r int) float64 { return g.z[c*g.n+r] }
func (g *fnGrid) X(c int) float64    { return g.xs[c] }
func (g *fnGrid) Y(r int) float64    { return g.ys[r] }

// UnitBalls draws the unit spheres ||w||_p = 1 in the plane for each p in
// ps (math.Inf(1) for the max norm): convex from p = 1 up, star-shaped with
// spikes along the axes below 1, the shapes of the lp slide of the Aalto
// lecture. The axes have (about) equal scales. Each p must be > 0.
func UnitBalls(ps []float64) (Figure, error) {
	if len(ps) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: UnitBalls needs at least one p")
	}
	p := New("Unit balls $\\|w\\|_p$ = 1", "$w_1$", "$w_2$")
	const n = 721
	for k, q := range ps {
		if !(q > 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: p = %v must be > 0", q)
		}
		pts := make(plotter.XYs, n)
		for i := range pts {
			th := 2 * math.Pi * float64(i) / float64(n-1)
			cs, sn := math.Cos(th), math.Sin(th)
			if math.IsInf(q, 1) {
				s := math.Max(math.Abs(cs), math.Abs(sn))
				pts[i] = plotter.XY{X: cs / s, Y: sn / s}
				continue
			}
			// (|cos|^(2/p), |sin|^(2/p)) has |w1|^p + |w2|^p = 1
			pts[i] = plotter.XY{
				X: math.Copysign(math.Pow(math.Abs(cs), 2/q), cs),
				Y: math.Copysign(math.Pow(math.Abs(sn), 2/q), sn),
			}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		l.LineStyle = draw.LineStyle{Color: Color(k), Width: vg.Points(2), Dashes: dashes(k)}
		p.Add(l)
		name := "p = " + strconv.FormatFloat(q, 'g', -1, 64)
		if math.IsInf(q, 1) {
			name = "p = ∞"
		}
		if q < 1 {
			name += " (not convex)"
		}
		p.Legend.Add(name, l)
	}
	// a 4:3 figure whose extra width on the right holds the legend, with
	// (about) equal scales on both axes
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -1.25, 2.2, -1.25, 1.25
	p.Legend.Top, p.Legend.Left = true, false
	p.Legend.TextStyle.Font.Size = 10
	return Sized(p, 4*SquareSide/3, SquareSide), nil
}

// Shrinkage draws, as functions of x, the minimisers of the one-dimensional
// problems of Shalev-Shwartz 25.1.3 with penalty lambda: soft thresholding
// sign(x)[|x| - lambda]_+ for (1/2)w^2 - xw + lambda|w| (eq. 25.6-25.7),
// which is 0 on the whole interval |x| <= lambda, and the ridge shrinkage
// x/(1 + 2 lambda) for (1/2)w^2 - xw + lambda w^2 (Remark 25.4), which is
// 0 only at x = 0; the identity (no penalty) is the dashed reference.
// lambda must be > 0.
func Shrinkage(lambda float64) (*plot.Plot, error) {
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: lambda = %v must be finite and > 0", lambda)
	}
	const n = 401
	lim := 3 * lambda
	xs := make([]float64, n)
	st := make([]float64, n)
	rd := make([]float64, n)
	for i := range xs {
		x := -lim + 2*lim*float64(i)/float64(n-1)
		xs[i], st[i], rd[i] = x, linear.SoftThreshold(x, lambda), x/(1+2*lambda)
	}
	l := strconv.FormatFloat(lambda, 'g', 3, 64)
	p, err := LineChart("Soft thresholding vs ridge shrinkage, $\\lambda$ = "+l, "$x$", "minimiser $w^*(x)$", false, false, []LineSeries{
		{Name: "$\\ell_1$: eq. 25.7", X: xs, Y: st},
		{Name: "$\\ell_2$: $x/(1 + 2\\lambda)$", X: xs, Y: rd},
		{Name: "no penalty", X: []float64{-lim, lim}, Y: []float64{-lim, lim}},
	}, RefLine{Name: "$x$ = ±$\\lambda$", Vertical: true, At: lambda}, RefLine{Vertical: true, At: -lambda})
	if err != nil {
		return nil, err
	}
	// bottom right is empty (x > lambda, w < 0): no line crosses the legend
	p.Legend.Top, p.Legend.Left = false, false
	return p, nil
}

// OneDimPaths draws the 1-D regression of Shalev-Shwartz 25.1.3 as lambda
// grows: the lasso solution of (1/2m) sum (x_i w - y_i)^2 + lambda|w|,
//
//	w = sign(<x,y>) [|<x,y>|/m - lambda]_+ / (||x||^2/m),
//
// which is exactly 0 once lambda reaches the correlation |<x,y>|/m
// (marked), and the ridge solution of (1/2m) sum (x_i w - y_i)^2 +
// lambda w^2, w = (<x,y>/m) / (||x||^2/m + 2 lambda), which only tends to
// 0. lambdas must be >= 0.
func OneDimPaths(x, y, lambdas []float64) (*plot.Plot, error) {
	if err := checkValues(x, -1, "x"); err != nil {
		return nil, err
	}
	if err := checkValues(y, len(x), "y"); err != nil {
		return nil, err
	}
	if err := checkValues(lambdas, -1, "lambdas"); err != nil {
		return nil, err
	}
	m := float64(len(x))
	xy, xx := 0.0, 0.0
	for i := range x {
		xy += x[i] * y[i]
		xx += x[i] * x[i]
	}
	if xx == 0 {
		return nil, featlab.Errorf(featlab.ErrConstant, "viz: x is all zeros")
	}
	corr := xy / m
	las := make([]float64, len(lambdas))
	rid := make([]float64, len(lambdas))
	for k, l := range lambdas {
		if l < 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: lambdas[%d] = %v < 0", k, l)
		}
		las[k] = linear.SoftThreshold(corr, l) / (xx / m)
		rid[k] = corr / (xx/m + 2*l)
	}
	// short legend names (the formulas are in the doc comment and the
	// notebook), so that the legend stays right of the marked lambda
	return LineChart("1-D regression: lasso vs ridge solution as $\\lambda$ grows", "$\\lambda$", "$w$", false, false, []LineSeries{
		{Name: "lasso", X: lambdas, Y: las},
		{Name: "ridge", X: lambdas, Y: rid},
	}, RefLine{Name: "$\\lambda$ = |<x,y>|/m = " + strconv.FormatFloat(math.Abs(corr), 'g', 3, 64), Vertical: true, At: math.Abs(corr)})
}

// Trace is the objective value per iteration of one solver (for instance
// linear.LassoResult.History).
type Trace struct {
	Name      string
	Objective []float64
}

// ObjectiveGap draws F(w_k) - F* against the iteration k on a logarithmic
// scale, one line per solver: the convergence comparison of proximal
// gradient (Zhou 11.4), FISTA and coordinate descent. fstar is the optimal
// value (from a fit at a much tighter tolerance). A trace stops at its
// first gap <= 1e-15 |F*| (machine precision), which cannot be drawn on a
// logarithmic axis.
func ObjectiveGap(title string, fstar float64, traces ...Trace) (*plot.Plot, error) {
	if len(traces) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: ObjectiveGap needs a trace")
	}
	floor := 1e-15 * math.Max(math.Abs(fstar), 1e-300)
	var series []LineSeries
	for _, t := range traces {
		if err := checkValues(t.Objective, -1, "objective of "+t.Name); err != nil {
			return nil, err
		}
		var xs, gs []float64
		for k, f := range t.Objective {
			g := f - fstar
			if g <= floor {
				break
			}
			xs = append(xs, float64(k))
			gs = append(gs, g)
		}
		if len(xs) == 0 {
			xs, gs = []float64{0}, []float64{floor}
		}
		series = append(series, LineSeries{Name: t.Name, X: xs, Y: gs})
	}
	return LineChart(title, "iteration $k$", "$F(w_k) - F^*$", false, true, series)
}

// invertLogLambda sets the x axis for lambda paths: log10 lambda,
// decreasing from left to right, so that features enter from the left.
func invertLogLambda(p *plot.Plot) {
	p.X.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
}

// LambdaMark asks a lambda-path figure (CoefPath, CVCurve) to mark one
// lambda of its grid with a solid vertical line and a legend entry that
// reads the numbers at that lambda off the data the builder already has:
// the number of nonzero coefficients and, on the CV curve, the
// cross-validated MSE. Lambda must be one of the grid's values exactly (a
// slider over the grid passes them); it is not interpolated. The
// notebooks' lambda sliders draw the figure with the mark of the value
// the slider is at.
type LambdaMark struct {
	Lambda float64
}

// markIndex is the index of m.Lambda in the grid lambdas.
func markIndex(lambdas []float64, m LambdaMark) (int, error) {
	for k, l := range lambdas {
		if l == m.Lambda {
			return k, nil
		}
	}
	return 0, featlab.Errorf(featlab.ErrParam, "viz: marked lambda %v is not one of the %d lambdas of the grid", m.Lambda, len(lambdas))
}

// nonZerosAt counts the nonzero entries of column k of coefs.
func nonZerosAt(coefs mat.Matrix, k int) int {
	d, _ := coefs.Dims()
	n := 0
	for j := 0; j < d; j++ {
		if coefs.At(j, k) != 0 {
			n++
		}
	}
	return n
}

// shortNumber formats v with 4 significant digits, and without an
// exponent up to 1e6 (an MSE of 2990.3 reads 2990).
func shortNumber(v float64) string {
	if a := math.Abs(v); a >= 1e4 && a < 1e6 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// addMark draws the solid vertical line of a LambdaMark at x across the
// plot's current vertical range, with its legend entry.
func addMark(p *plot.Plot, x float64, label string) {
	l, _ := plotter.NewLine(plotter.XYs{{X: x, Y: p.Y.Min}, {X: x, Y: p.Y.Max}})
	l.LineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1.3)}
	p.Add(l)
	p.Legend.Add(label, l)
}

// CoefPath draws a regularization path: one line per feature, coefficient
// against log10 lambda (lambda decreasing to the right) or, with vsNorm,
// against ||w(lambda)||_1, each line labelled with its feature's name at
// its end. coefs is d x len(lambdas) (linear.LassoPathResult.Coefs,
// linear.LogisticPathResult.Coefs); names may be nil (x1..xd). Features
// whose coefficient is 0 along the whole path are not drawn.
//
// Each mark (a lambda of the grid) adds a vertical line at that lambda
// (with vsNorm, at ||w(lambda)||_1) labelled "lambda = ...: k nonzero
// coefficients", k counted in that column of coefs. Without marks the
// figure is the same as before marks existed.
func CoefPath(title string, lambdas []float64, coefs mat.Matrix, names []string, vsNorm bool, marks ...LambdaMark) (*plot.Plot, error) {
	if err := checkValues(lambdas, -1, "lambdas"); err != nil {
		return nil, err
	}
	if coefs == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: nil coefficient matrix")
	}
	d, n := coefs.Dims()
	if n != len(lambdas) {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d lambdas for %d path columns", len(lambdas), n)
	}
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	if len(names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d names for %d features", len(names), d)
	}
	xs := make([]float64, n)
	for k, l := range lambdas {
		if vsNorm {
			for j := 0; j < d; j++ {
				xs[k] += math.Abs(coefs.At(j, k))
			}
		} else {
			if !(l > 0) {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: lambda %v on a log axis", l)
			}
			xs[k] = math.Log10(l)
		}
	}
	xl := "$\\log_{10}\\,\\lambda$"
	if vsNorm {
		xl = "$\\|w\\|_1$"
	}
	p := New(title, xl, "coefficient $w_j$")
	if !vsNorm {
		invertLogLambda(p)
	}
	var lab plotter.XYLabels
	drawn := 0
	for j := 0; j < d; j++ {
		pts := make(plotter.XYs, n)
		nz := false
		for k := 0; k < n; k++ {
			v := coefs.At(j, k)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: coefficient %v of feature %q at lambda %d", v, names[j], k)
			}
			nz = nz || v != 0
			pts[k] = plotter.XY{X: xs[k], Y: v}
		}
		if !nz {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		l.LineStyle = draw.LineStyle{Color: Color(drawn), Width: vg.Points(1.8), Dashes: dashes(drawn / len(Palette))}
		p.Add(l)
		end := pts[n-1]
		if vsNorm {
			// the end of the path is the largest norm
			for _, q := range pts {
				if q.X >= end.X {
					end = q
				}
			}
		}
		lab.XYs = append(lab.XYs, end)
		lab.Labels = append(lab.Labels, " "+names[j])
		drawn++
	}
	if drawn > 0 {
		if err := addEndLabels(p, lab); err != nil {
			return nil, err
		}
	}
	zero, _ := plotter.NewLine(plotter.XYs{{X: minF(xs), Y: 0}, {X: maxF(xs), Y: 0}})
	zero.LineStyle = draw.LineStyle{Color: color.Gray{Y: 0x88}, Width: vg.Points(0.6)}
	p.Add(zero)
	// room for the labels at the end of the path
	lo, hi := minF(xs), maxF(xs)
	pad := 0.12 * (hi - lo)
	if vsNorm {
		p.X.Min, p.X.Max = lo, hi+pad
	} else {
		p.X.Min, p.X.Max = lo-pad, hi
	}
	for _, mk := range marks {
		k, err := markIndex(lambdas, mk)
		if err != nil {
			return nil, err
		}
		addMark(p, xs[k], fmt.Sprintf("lambda = %s: %d nonzero coefficients", strconv.FormatFloat(mk.Lambda, 'g', 3, 64), nonZerosAt(coefs, k)))
	}
	if len(marks) > 0 {
		// the small-coefficient, large-lambda corner; the labels are on the right
		p.Legend.Top, p.Legend.Left = true, true
	}
	return p, nil
}

// addEndLabels adds the curve labels at the ends of the paths, moved
// apart vertically (keeping their order) so that no two are closer than
// 6% of the vertical range of the label positions and the data (about a
// line of label text at the figure sizes used).
func addEndLabels(p *plot.Plot, lab plotter.XYLabels) error {
	n := len(lab.XYs)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, q := range lab.XYs {
		lo, hi = math.Min(lo, q.Y), math.Max(hi, q.Y)
	}
	if !math.IsInf(p.Y.Min, 0) && !math.IsInf(p.Y.Max, 0) && p.Y.Max > p.Y.Min {
		lo, hi = math.Min(lo, p.Y.Min), math.Max(hi, p.Y.Max)
	}
	gap := 0.06 * (hi - lo)
	if gap > 0 && n > 1 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return lab.XYs[idx[a]].Y < lab.XYs[idx[b]].Y })
		ys := make([]float64, n)
		for k, i := range idx {
			ys[k] = lab.XYs[i].Y
		}
		// clusters of labels closer than gap are spread evenly around
		// the mean of their members' positions; merge until none overlap
		type cluster struct {
			first, n int
			sum      float64
		}
		bottom := func(c cluster) float64 { return c.sum/float64(c.n) - float64(c.n-1)*gap/2 }
		var cs []cluster
		for k, y := range ys {
			cs = append(cs, cluster{first: k, n: 1, sum: y})
			for len(cs) > 1 {
				a, b := cs[len(cs)-2], cs[len(cs)-1]
				if bottom(a)+float64(a.n)*gap <= bottom(b) {
					break
				}
				cs = append(cs[:len(cs)-2], cluster{first: a.first, n: a.n + b.n, sum: a.sum + b.sum})
			}
		}
		for _, c := range cs {
			for k := 0; k < c.n; k++ {
				lab.XYs[idx[c.first+k]].Y = bottom(c) + float64(k)*gap
			}
		}
	}
	labels, err := plotter.NewLabels(lab)
	if err != nil {
		return fmt.Errorf("viz: %w", err)
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].Font = p.X.Tick.Label.Font
		labels.TextStyle[i].Font.Size = 8
		labels.TextStyle[i].YAlign = draw.YCenter
	}
	p.Add(labels)
	return nil
}

func minF(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func maxF(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

// CVCurve draws the cross-validated mean squared error along a lasso path
// against log10 lambda (decreasing to the right) with one-standard-error
// bars, and marks lambda_min (smallest error) and lambda_1se (largest
// lambda within one standard error of it).
//
// Each mark (a lambda of cv.Lambdas) adds a solid vertical line at that
// lambda labelled "lambda = ...: k features, CV MSE ...", k the nonzero
// coefficients of the fit on all the data there (cv.Path.Coefs) and the
// MSE cv.MSE at that lambda. Without marks the figure is the same as
// before marks existed.
func CVCurve(cv *linear.LassoCVResult, marks ...LambdaMark) (*plot.Plot, error) {
	if cv == nil || len(cv.Lambdas) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: empty cross-validation result")
	}
	n := len(cv.Lambdas)
	if len(cv.MSE) != n || len(cv.SE) != n {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d lambdas, %d errors, %d standard errors", n, len(cv.MSE), len(cv.SE))
	}
	p := New(fmt.Sprintf("%d-fold cross-validation along the lasso path", rowsOf(cv.FoldMSE)), "$\\log_{10}\\,\\lambda$", "held-out mean squared error")
	invertLogLambda(p)
	pts := make(plotter.XYs, n)
	errs := make(plotter.YErrors, n)
	for k := range pts {
		if !(cv.Lambdas[k] > 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: lambda %v on a log axis", cv.Lambdas[k])
		}
		pts[k] = plotter.XY{X: math.Log10(cv.Lambdas[k]), Y: cv.MSE[k]}
		errs[k].Low, errs[k].High = cv.SE[k], cv.SE[k]
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	eb.LineStyle = draw.LineStyle{Color: lightGrey, Width: vg.Points(1)}
	eb.CapWidth = vg.Points(3)
	p.Add(eb)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: Color(1), Shape: draw.CircleGlyph{}, Radius: vg.Points(2.2)}
	p.Add(sc)
	p.Legend.Add("mean over folds ± 1 SE", sc)
	ylo, yhi := math.Inf(1), math.Inf(-1)
	for k := range pts {
		ylo = math.Min(ylo, cv.MSE[k]-cv.SE[k])
		yhi = math.Max(yhi, cv.MSE[k]+cv.SE[k])
	}
	for k, ref := range []struct {
		name string
		at   float64
	}{
		{"$\\lambda_{\\min}$ = " + strconv.FormatFloat(cv.LambdaMin, 'g', 3, 64), cv.LambdaMin},
		{"$\\lambda_{1se}$ = " + strconv.FormatFloat(cv.Lambda1SE, 'g', 3, 64), cv.Lambda1SE},
	} {
		x := math.Log10(ref.at)
		l, _ := plotter.NewLine(plotter.XYs{{X: x, Y: ylo}, {X: x, Y: yhi}})
		l.LineStyle = draw.LineStyle{Color: Color(k * 2), Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
		p.Add(l)
		p.Legend.Add(ref.name, l)
	}
	p.Legend.Top, p.Legend.Left = true, false
	for _, mk := range marks {
		k, err := markIndex(cv.Lambdas, mk)
		if err != nil {
			return nil, err
		}
		if cv.Path == nil || cv.Path.Coefs == nil {
			return nil, featlab.Errorf(featlab.ErrEmpty, "viz: a marked CV curve needs the path (cv.Path.Coefs) to count the features")
		}
		if _, c := cv.Path.Coefs.Dims(); c != n {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: %d lambdas, %d path columns", n, c)
		}
		addMark(p, math.Log10(mk.Lambda), fmt.Sprintf("lambda = %s: %d features, CV MSE %s", strconv.FormatFloat(mk.Lambda, 'g', 3, 64),
			nonZerosAt(cv.Path.Coefs, k), shortNumber(cv.MSE[k])))
	}
	return p, nil
}

func rowsOf(m *mat.Dense) int {
	if m == nil {
		return 0
	}
	r, _ := m.Dims()
	return r
}

// LogisticPathPanel draws a sparse logistic regression path in two
// aligned panels against log10 lambda (decreasing to the right): on top
// the classification accuracy on the training and the test data, below
// the number of features with a nonzero coefficient.
func LogisticPathPanel(title string, lambdas, trainAcc, testAcc []float64, nonZeros []int) (*Grid, error) {
	if err := checkValues(lambdas, -1, "lambdas"); err != nil {
		return nil, err
	}
	n := len(lambdas)
	if err := checkValues(trainAcc, n, "training accuracy"); err != nil {
		return nil, err
	}
	if err := checkValues(testAcc, n, "test accuracy"); err != nil {
		return nil, err
	}
	if len(nonZeros) != n {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d nonzero counts for %d lambdas", len(nonZeros), n)
	}
	xs := make([]float64, n)
	nz := make([]float64, n)
	for k, l := range lambdas {
		if !(l > 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: lambda %v on a log axis", l)
		}
		xs[k] = math.Log10(l)
		nz[k] = float64(nonZeros[k])
	}
	top, err := LineChart("", "", "accuracy", false, false, []LineSeries{
		{Name: "training", X: xs, Y: trainAcc},
		{Name: "test", X: xs, Y: testAcc},
	})
	if err != nil {
		return nil, err
	}
	invertLogLambda(top)
	top.Legend.Top, top.Legend.Left = false, false
	top.Y.Max = math.Min(top.Y.Max, 1.01) // accuracies: no headroom above 1
	bottom, err := LineChart("", "$\\log_{10}\\,\\lambda$", "nonzero coefficients", false, false, []LineSeries{
		{X: xs, Y: nz, Points: true},
	})
	if err != nil {
		return nil, err
	}
	invertLogLambda(bottom)
	for _, q := range []*plot.Plot{top, bottom} {
		q.X.Min, q.X.Max = minF(xs), maxF(xs)
	}
	bottom.Y.Min = 0
	return &Grid{Title: title, Plots: [][]*plot.Plot{{top}, {bottom}}, Width: Width, Height: 13 * vg.Centimeter}, nil
}

// StabilityVsLasso draws, side by side against log10 lambda (decreasing
// to the right), the lasso path on the full data and the stability paths
// of stability selection with the lasso (the frequency Pi_j(lambda) with
// which each feature is selected over the subsamples). The features in
// relevant (for synthetic data, the true support) are drawn in colour and
// labelled, the others in light grey; the stability panel marks the
// threshold and the last lambda of the grid used by the threshold rule
// (stability.PathResult.Cut). The lasso path must share the stability
// grid's lambdas (fit it with linear.LassoPathConfig{Lambdas: stab.Grid}).
func StabilityVsLasso(title string, lasso *linear.LassoPathResult, stab *stability.PathResult, relevant []int, names []string, threshold float64) (*Grid, error) {
	if lasso == nil || stab == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: nil path")
	}
	d, n := lasso.Coefs.Dims()
	if len(stab.Frequency) != d || len(stab.Grid) != n {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: lasso path is %d x %d, stability paths %d x %d", d, n, len(stab.Frequency), len(stab.Grid))
	}
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	isRel := make([]bool, d)
	for _, j := range relevant {
		if j < 0 || j >= d {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: relevant feature %d outside [0, %d)", j, d)
		}
		isRel[j] = true
	}
	xs := make([]float64, n)
	for k, l := range lasso.Lambdas {
		if !(l > 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: lambda %v on a log axis", l)
		}
		xs[k] = math.Log10(l)
	}
	mk := func(ytitle string, val func(j, k int) float64) (*plot.Plot, error) {
		p := New("", "$\\log_{10}\\,\\lambda$", ytitle)
		invertLogLambda(p)
		var lab plotter.XYLabels
		rel := 0
		// grey first, so the relevant features are drawn on top
		for pass := 0; pass < 2; pass++ {
			for j := 0; j < d; j++ {
				if isRel[j] != (pass == 1) {
					continue
				}
				pts := make(plotter.XYs, n)
				for k := range pts {
					pts[k] = plotter.XY{X: xs[k], Y: val(j, k)}
				}
				l, err := plotter.NewLine(pts)
				if err != nil {
					return nil, fmt.Errorf("viz: %w", err)
				}
				if isRel[j] {
					l.LineStyle = draw.LineStyle{Color: Color(rel), Width: vg.Points(2)}
					lab.XYs = append(lab.XYs, pts[n-1])
					lab.Labels = append(lab.Labels, " "+names[j])
					rel++
				} else {
					l.LineStyle = draw.LineStyle{Color: lightGrey, Width: vg.Points(0.8)}
				}
				p.Add(l)
			}
		}
		if len(lab.Labels) > 0 {
			if err := addEndLabels(p, lab); err != nil {
				return nil, err
			}
		}
		lo, hi := minF(xs), maxF(xs)
		p.X.Min, p.X.Max = lo-0.12*(hi-lo), hi
		return p, nil
	}
	left, err := mk("lasso coefficient $w_j$", func(j, k int) float64 { return lasso.Coefs.At(j, k) })
	if err != nil {
		return nil, err
	}
	left.Title.Text = "lasso path (all data)"
	right, err := mk("selection frequency", func(j, k int) float64 { return stab.Frequency[j][k] })
	if err != nil {
		return nil, err
	}
	right.Title.Text = fmt.Sprintf("stability paths (%d subsamples)", stab.Rounds)
	right.Y.Min, right.Y.Max = 0, 1.15
	// the threshold line spans the grid only: the room beyond the smallest
	// lambda holds the end labels, which it would cross
	thr, _ := plotter.NewLine(plotter.XYs{{X: minF(xs), Y: threshold}, {X: maxF(xs), Y: threshold}})
	thr.LineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	right.Add(thr)
	right.Legend.Add("threshold "+strconv.FormatFloat(threshold, 'g', 3, 64), thr)
	if stab.Cut > 0 {
		x := xs[stab.Cut-1]
		cut, _ := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: 1.15}})
		cut.LineStyle = draw.LineStyle{Color: color.Gray{Y: 0x44}, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(1.5), vg.Points(2)}}
		right.Add(cut)
		right.Legend.Add("grid used (E[V] <= 1)", cut)
	}
	right.Legend.Top, right.Legend.Left = false, false
	right.Legend.TextStyle.Font.Size = 8
	return &Grid{Title: title, Plots: [][]*plot.Plot{{left, right}}, Width: 2 * Width, Height: Height + vg.Centimeter}, nil
}
