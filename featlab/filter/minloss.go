package filter

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// Loss is a loss function l(p, y) of a prediction p = a v + b and a target y.
type Loss int

const (
	// SquaredLoss is (p - y)^2, for a real target.
	SquaredLoss Loss = iota
	// HingeLoss is max(0, 1 - y p), for two classes coded y in {-1, +1}
	// (the larger label of y is +1).
	HingeLoss
	// LogisticLoss is log(1 + exp(-y p)) (natural log), for two classes
	// coded y in {-1, +1} (the larger label of y is +1).
	LogisticLoss
)

// String returns "squared", "hinge" or "logistic".
func (l Loss) String() string {
	switch l {
	case SquaredLoss:
		return "squared"
	case HingeLoss:
		return "hinge"
	case LogisticLoss:
		return "logistic"
	}
	return fmt.Sprintf("Loss(%d)", int(l))
}

// MinLossConfig configures MinLoss. The zero value is the squared loss with
// default tolerances on all cores.
type MinLossConfig struct {
	// Loss is the loss of the univariate predictor; default SquaredLoss.
	Loss Loss
	// Tol is the accuracy, in units of the average loss, to which the
	// hinge and logistic minima are computed; default 1e-10. Unused for the
	// squared loss, which is solved in closed form.
	Tol float64
	// MaxIter bounds the iterations of the hinge (golden-section) and
	// logistic (Newton) minimisations; default 200.
	MaxIter int
	// Names are the feature names (default nil: x1, ..., xd); when set
	// there must be one per column of X.
	Names []string
	// Workers is the number of goroutines; <= 0 (default) means all cores.
	Workers int
}

// MinLoss scores each feature by minus the empirical risk of the best
// affine predictor on that feature alone, the "minimize loss" filter of
// Shalev-Shwartz and Ben-David, section 25.1.1 (eq. 25.1 for the squared
// loss; the lecture's -min_{a,b} sum_i l(a v_i + b, y_i), here averaged):
//
//	Values[j] = -min_{a,b} (1/m) sum_i l(a x_ij + b, y_i)
//
// Higher is better (a smaller loss). The minimum is computed
//
//   - for SquaredLoss in closed form: with v the feature's column,
//     min = (1/m)(||y - mean(y)||^2 - <v - mean(v), y - mean(y)>^2 / ||v - mean(v)||^2)
//     = var(y) (1 - r^2), var with divisor m; so ranking by it is
//     ranking by |r| (Pearson);
//   - for LogisticLoss by Newton's method on the convex objective in
//     (a, b), stopped when the gradient's largest entry is below Tol (the
//     value is then within about Tol^2 of the minimum); when the two classes
//     are separated by a threshold on the feature the infimum is 0, and 0 is
//     returned exactly;
//   - for HingeLoss (convex and piecewise linear in (a, b)) exactly in b
//     for each a, and by golden-section search in a on the interval that
//     provably holds a minimiser, |a| <= 2 / (smallest gap between values
//     of opposite classes), until the bracket guarantees the value to within
//     Tol or MaxIter iterations are done; separated classes give exactly 0.
//
// A constant feature has the risk of the best constant predictor (var(y)
// for the squared loss), the worst possible; it is listed in Constant.
// For SquaredLoss y must not be constant; for the hinge and logistic losses
// y must hold exactly two integer class labels.
func MinLoss(X mat.Matrix, y []float64, cfg MinLossConfig) (*Scores, error) {
	c := cfg
	if c.Tol == 0 {
		c.Tol = 1e-10
	}
	if c.MaxIter == 0 {
		c.MaxIter = 200
	}
	if !(c.Tol > 0) || c.MaxIter < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "MinLossConfig: Tol = %v must be > 0 and MaxIter = %d >= 0", c.Tol, c.MaxIter)
	}
	switch c.Loss {
	case SquaredLoss:
		cr, err := correlate(X, y, c.Names, c.Workers)
		if err != nil {
			return nil, err
		}
		// var(y) with divisor m, two passes on y/max|y| (no overflow).
		_, ss, _ := scaledCentre(y)
		var scale float64
		for _, v := range y {
			scale = math.Max(scale, math.Abs(v))
		}
		s := &Scores{Method: "min squared loss (negated)", Names: cr.in.names, Values: make([]float64, cr.in.d), Constant: constantList(cr.constant)}
		for j, r := range cr.r {
			// risk = var(y) (1 - r^2), var(y) = scale^2 ss/m.
			risk := ss / float64(len(y)) * (1 - r*r) * scale * scale
			if math.IsInf(risk, 1) {
				risk = math.MaxFloat64
			}
			s.Values[j] = negate(risk)
		}
		return s, nil
	case HingeLoss, LogisticLoss:
	default:
		return nil, featlab.Errorf(featlab.ErrParam, "MinLossConfig.Loss = %d is not a known loss", int(c.Loss))
	}
	in, err := prepare("", X, y, c.Names, true)
	if err != nil {
		return nil, err
	}
	pos, err := twoClasses(y, "min-loss with "+c.Loss.String()+" loss")
	if err != nil {
		return nil, err
	}
	ys := make([]float64, len(y))
	for i, p := range pos {
		ys[i] = -1
		if p {
			ys[i] = 1
		}
	}
	d := in.d
	s := &Scores{Method: "min " + c.Loss.String() + " loss (negated)", Names: in.names, Values: make([]float64, d)}
	constant := make([]bool, d)
	par.For(d, c.Workers, func(j int) {
		v := in.column(j, make([]float64, in.m))
		var risk float64
		if c.Loss == HingeLoss {
			risk, constant[j] = minHinge(v, ys, c.Tol, c.MaxIter)
		} else {
			risk, constant[j] = minLogistic(v, ys, c.Tol, c.MaxIter)
		}
		s.Values[j] = negate(risk)
	})
	s.Constant = constantList(constant)
	return s, nil
}

// standardise replaces v by (v - mean)/sd (population sd) in place and
// reports whether v is constant (then v is left unchanged).
func standardise(v []float64) bool {
	allEq := true
	for _, x := range v {
		if x != v[0] {
			allEq = false
			break
		}
	}
	if allEq {
		return true
	}
	c, ss, _ := scaledCentre(v)
	sd := math.Sqrt(ss / float64(len(v)))
	for i := range v {
		v[i] = c[i] / sd
	}
	return false
}

// separated reports whether a threshold on v puts all examples of one class
// strictly below all of the other, so that the hinge and logistic infima
// are 0.
func separated(v, ys []float64) bool {
	minP, maxP := math.Inf(1), math.Inf(-1)
	minN, maxN := math.Inf(1), math.Inf(-1)
	for i, x := range v {
		if ys[i] > 0 {
			minP, maxP = math.Min(minP, x), math.Max(maxP, x)
		} else {
			minN, maxN = math.Min(minN, x), math.Max(maxN, x)
		}
	}
	return maxN < minP || maxP < minN
}

// constRisk returns the minimal risk of a constant predictor b.
func constRisk(ys []float64, hinge bool) float64 {
	var np float64
	for _, t := range ys {
		if t > 0 {
			np++
		}
	}
	m := float64(len(ys))
	nn := m - np
	if hinge {
		// (1/m) min_b [np max(0, 1-b) + nn max(0, 1+b)] at b = +-1.
		return 2 * math.Min(np, nn) / m
	}
	// Logistic at b = log(np/nn): the binary entropy in nats.
	p := np / m
	return -(p*math.Log(p) + (1-p)*math.Log(1-p))
}

// minLogistic returns min_{a,b} (1/m) sum log(1 + exp(-y (a v + b))).
func minLogistic(v, ys []float64, tol float64, maxIter int) (float64, bool) {
	if standardise(v) {
		return constRisk(ys, false), true
	}
	if separated(v, ys) {
		return 0, false
	}
	m := float64(len(v))
	var np float64
	for _, t := range ys {
		if t > 0 {
			np++
		}
	}
	a, b := 0.0, math.Log(np/(m-np))
	obj := func(a, b float64) float64 {
		var s float64
		for i, x := range v {
			s += log1pexp(-ys[i] * (a*x + b))
		}
		return s / m
	}
	f := obj(a, b)
	for it := 0; it < maxIter; it++ {
		var ga, gb, haa, hab, hbb float64
		for i, x := range v {
			z := ys[i] * (a*x + b)
			s := sigmoid(-z) // derivative weight
			w := s * (1 - s)
			ga -= ys[i] * s * x
			gb -= ys[i] * s
			haa += w * x * x
			hab += w * x
			hbb += w
		}
		ga, gb, haa, hab, hbb = ga/m, gb/m, haa/m, hab/m, hbb/m
		if math.Max(math.Abs(ga), math.Abs(gb)) <= tol {
			break
		}
		det := haa*hbb - hab*hab
		var da, db float64
		if det > 1e-300 {
			da = -(hbb*ga - hab*gb) / det
			db = -(-hab*ga + haa*gb) / det
		} else {
			da, db = -ga, -gb
		}
		// Backtracking line search (Armijo).
		step := 1.0
		dec := ga*da + gb*db
		for k := 0; k < 60; k++ {
			fn := obj(a+step*da, b+step*db)
			if fn <= f+1e-4*step*dec {
				a, b, f = a+step*da, b+step*db, fn
				break
			}
			step /= 2
		}
		if step < 1e-16 {
			break
		}
	}
	return f, false
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// log1pexp returns log(1 + exp(z)) without overflow.
func log1pexp(z float64) float64 {
	if z > 35 {
		return z
	}
	if z < -35 {
		return math.Exp(z)
	}
	return math.Log1p(math.Exp(z))
}

// minHinge returns min_{a,b} (1/m) sum max(0, 1 - y (a v + b)).
func minHinge(v, ys []float64, tol float64, maxIter int) (float64, bool) {
	if standardise(v) {
		return constRisk(ys, true), true
	}
	if separated(v, ys) {
		return 0, false
	}
	m := len(v)
	// Bound on |a| at a vertex minimiser: 2 / smallest positive gap
	// between values of opposite classes (scan in sorted order).
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(p, q int) bool { return v[idx[p]] < v[idx[q]] })
	gap := math.Inf(1)
	lastP, lastN := math.NaN(), math.NaN()
	for _, i := range idx {
		x := v[i]
		if ys[i] > 0 {
			if g := x - lastN; g > 0 && g < gap {
				gap = g
			}
			lastP = x
		} else {
			if g := x - lastP; g > 0 && g < gap {
				gap = g
			}
			lastN = x
		}
	}
	A := 2 / gap
	switch {
	case math.IsInf(gap, 1):
		A = 0
	case A > math.MaxFloat64/8:
		// Subnormal gaps: keep the bracket finite (the search then stops
		// at MaxIter, short of Tol).
		A = math.MaxFloat64 / 8
	}
	// Lipschitz constant of g(a) = min_b f(a, b): (1/m) sum |v_i|.
	var L float64
	for _, x := range v {
		L += math.Abs(x)
	}
	L /= float64(m)
	ws := make([]hingeKink, m)
	g := func(a float64) float64 { return hingeInner(v, ys, a, ws) }
	lo, hi := -A, A
	const phi = 0.6180339887498949
	x1 := hi - phi*(hi-lo)
	x2 := lo + phi*(hi-lo)
	f1, f2 := g(x1), g(x2)
	best := math.Min(g(0), math.Min(f1, f2))
	for it := 0; it < maxIter && (hi-lo)*L > tol; it++ {
		if f1 <= f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - phi*(hi-lo)
			f1 = g(x1)
			best = math.Min(best, f1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + phi*(hi-lo)
			f2 = g(x2)
			best = math.Min(best, f2)
		}
	}
	return best, false
}

type hingeKink struct {
	b   float64 // kink position in b
	pos bool    // from a positive example (slope -1 left of the kink)
}

// hingeInner returns min_b (1/m) sum max(0, 1 - y (a v + b)) exactly: the
// objective is convex piecewise linear in b with kinks at b = y_i - a v_i;
// its minimum is at the kink where the slope changes sign.
func hingeInner(v, ys []float64, a float64, ws []hingeKink) float64 {
	m := len(v)
	np := 0
	for i, x := range v {
		ws[i] = hingeKink{b: ys[i] - a*x, pos: ys[i] > 0}
		if ys[i] > 0 {
			np++
		}
	}
	sort.Slice(ws, func(p, q int) bool { return ws[p].b < ws[q].b })
	// Slope at b below every kink: -np. Passing a positive kink adds +1
	// (its term becomes 0), a negative kink adds +1 (its term starts).
	slope := -np
	bstar := ws[m-1].b
	for _, k := range ws {
		slope++
		if slope >= 0 {
			bstar = k.b
			break
		}
	}
	var s float64
	for i, x := range v {
		s += math.Max(0, 1-ys[i]*(a*x+bstar))
	}
	return s / float64(m)
}

// negate returns -x, with +0 (not -0) for x = 0 so that tables print 0.
func negate(x float64) float64 {
	if x == 0 {
		return 0
	}
	return -x
}
