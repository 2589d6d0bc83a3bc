package transform

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// maxPolyOutputs bounds the number of polynomial features (2^24, about 16
// million columns), so that a large degree is an error, not an attempt to
// allocate the universe.
const maxPolyOutputs = 1 << 24

// Polynomial maps every instance to the monomials of its features up to a
// chosen degree (the polynomial feature map recalled in 25.3): for d = 2
// and degree 2,
//
//	(x1, x2) -> (1, x1, x2, x1^2, x1*x2, x2^2)
//
// A linear predictor on these features is a polynomial of the original
// ones. With InteractionOnly, only products of distinct features are kept
// (1, x1, x2, x1*x2). The columns are ordered as in scikit-learn's
// PolynomialFeatures(degree, interaction_only, include_bias): the bias,
// then degree 1, 2, ..., and within a degree the index tuples
// (i1 <= i2 <= ... ) in lexicographic order. Each monomial
// x_i1 x_i2 ... x_ik is computed as (x_i2 ... x_ik) times x_i1, the same
// products in the
// same order as scikit-learn, so the values agree bit for bit.
//
// There are C(d + k, k) monomials of degree <= k in d features (C(d, k)
// per degree with InteractionOnly); more than 2^24 columns is an error
// wrapping featlab.ErrParam. OutputNames gives readable names such as
// "x1^2*x3", and "1" for the bias.
type Polynomial struct {
	// Degree is the largest total degree k >= 1; the zero value means 2.
	Degree int
	// InteractionOnly keeps only products of distinct features.
	InteractionOnly bool
	// NoBias drops the constant column 1 (kept by default, as in
	// scikit-learn).
	NoBias bool
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int
	// MaxCells bounds memory: the largest number of float64 values
	// (rows x output columns) Transform may allocate; 0 means
	// featlab.DefaultMaxCells (2^27 values, 1 GiB), negative no limit.
	// Fit checks it twice, so that a degree too large fails at once
	// rather than after minutes: against the table of terms it builds
	// (about degree + 12 words per output column) and against the output
	// for the rows it was given (they are usually transformed next).
	// Over the limit is an error wrapping featlab.ErrTooLarge.
	MaxCells int

	fitted
	terms  [][]int // feature indices of each output column, sorted
	parent []int   // output column of the monomial without its first factor, -1 for 1
	first  []int   // the first feature of each monomial, -1 for the bias
}

// Fit checks the parameters and X and enumerates the monomials for its
// number of columns.
func (p *Polynomial) Fit(X mat.Matrix) error {
	k := p.Degree
	if k == 0 {
		k = 2
	}
	if k < 1 {
		return featlab.Errorf(featlab.ErrParam, "transform: Polynomial.Degree = %d must be >= 1", p.Degree)
	}
	x, err := rawOf(X, p.Workers)
	if err != nil {
		return err
	}
	if err := checkFinite(x); err != nil {
		return err
	}
	d := x.cols
	n := 0
	for deg := 0; deg <= k; deg++ {
		c := polyCount(d, deg, p.InteractionOnly)
		if c < 0 || n+c > maxPolyOutputs {
			return featlab.Errorf(featlab.ErrParam, "transform: Polynomial of degree %d on %d features has more than %d columns", k, d, maxPolyOutputs)
		}
		n += c
	}
	if p.NoBias {
		n--
	}
	// The table of terms holds about k + 12 words per output column.
	if err := featlab.CheckCells(fmt.Sprintf("transform: Polynomial of degree %d on %d features: its table of %d terms", k, d, n), "Polynomial.MaxCells", n, k+12, p.MaxCells); err != nil {
		p.setFitted(0)
		return err
	}
	if err := featlab.CheckCells(fmt.Sprintf("transform: Polynomial of degree %d on %d features: the output on the %d fitted rows", k, d, x.rows), "Polynomial.MaxCells", x.rows, n, p.MaxCells); err != nil {
		p.setFitted(0)
		return err
	}
	p.terms, p.parent, p.first = polyTerms(d, k, p.InteractionOnly, !p.NoBias)
	p.setFitted(d)
	return nil
}

// polyCount returns the number of monomials of exactly degree deg in d
// features: C(d+deg-1, deg), or C(d, deg) for interactions only; -1 when
// it exceeds maxPolyOutputs.
func polyCount(d, deg int, interaction bool) int {
	n, k := d+deg-1, deg
	if interaction {
		n = d
	}
	if k > n {
		if deg == 0 {
			return 1
		}
		return 0
	}
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > maxPolyOutputs {
			return -1
		}
	}
	return c
}

// polyTerms enumerates the monomials in scikit-learn's order.
func polyTerms(d, k int, interaction, bias bool) (terms [][]int, parent, first []int) {
	index := map[string]int{}
	key := func(t []int) string {
		var b strings.Builder
		for _, v := range t {
			b.WriteString(strconv.Itoa(v))
			b.WriteByte(',')
		}
		return b.String()
	}
	add := func(t []int) {
		c := append([]int(nil), t...)
		terms = append(terms, c)
		index[key(c)] = len(terms) - 1
		if len(c) == 0 {
			parent = append(parent, -1)
			first = append(first, -1)
			return
		}
		p := -1
		if len(c) > 1 {
			p = index[key(c[1:])]
		}
		parent = append(parent, p)
		first = append(first, c[0])
	}
	if bias {
		add(nil)
	}
	t := make([]int, 0, k)
	var rec func(deg, start int)
	rec = func(deg, start int) {
		if len(t) == deg {
			add(t)
			return
		}
		for j := start; j < d; j++ {
			t = append(t, j)
			next := j
			if interaction {
				next = j + 1
			}
			rec(deg, next)
			t = t[:len(t)-1]
		}
	}
	for deg := 1; deg <= k; deg++ {
		rec(deg, 0)
	}
	return terms, parent, first
}

// NumOutputs returns the number of output columns (0 before Fit).
func (p *Polynomial) NumOutputs() int { return len(p.terms) }

// Powers returns, for every output column, the exponent of each input
// feature (a len(outputs) x d table; nil before Fit), like scikit-learn's
// powers_.
func (p *Polynomial) Powers() [][]int {
	if p.d == 0 {
		return nil
	}
	out := make([][]int, len(p.terms))
	for k, t := range p.terms {
		out[k] = make([]int, p.d)
		for _, j := range t {
			out[k][j]++
		}
	}
	return out
}

// Transform returns the monomials of every row of X.
func (p *Polynomial) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := p.check(X, "Polynomial", p.Workers)
	if err != nil {
		return nil, err
	}
	if err := checkFinite(x); err != nil {
		return nil, err
	}
	n := len(p.terms)
	if err := featlab.CheckCells(fmt.Sprintf("transform: Polynomial output of %d rows", x.rows), "Polynomial.MaxCells", x.rows, n, p.MaxCells); err != nil {
		return nil, err
	}
	out := mat.NewDense(x.rows, n, nil)
	o := out.RawMatrix()
	parent, first := p.parent, p.first
	err = forChunks(x.rows, n, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			in := x.row(i)
			dst := o.Data[i*o.Stride : i*o.Stride+n]
			par := parent[:len(dst)]
			fst := first[:len(dst)]
			for k := range dst {
				switch {
				case par[k] >= 0:
					dst[k] = dst[par[k]] * in[fst[k]]
				case fst[k] >= 0:
					dst[k] = in[fst[k]]
				default:
					dst[k] = 1
				}
			}
			if !finiteRow(dst) {
				for k, v := range dst {
					if !finite(v) {
						return &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: p.terms[k][0], Value: in[p.terms[k][0]],
							Reason: "monomial " + p.termName(k, featlab.DefaultNames(p.d)) + " overflows float64"}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (p *Polynomial) termName(k int, names []string) string {
	t := p.terms[k]
	if len(t) == 0 {
		return "1"
	}
	var b strings.Builder
	for a := 0; a < len(t); {
		e := a
		for e < len(t) && t[e] == t[a] {
			e++
		}
		if a > 0 {
			b.WriteByte('*')
		}
		b.WriteString(names[t[a]])
		if e-a > 1 {
			b.WriteByte('^')
			b.WriteString(strconv.Itoa(e - a))
		}
		a = e
	}
	return b.String()
}

// OutputNames returns the name of every output column built from the input
// names: "1" for the bias, "x1", "x1^2", "x1*x3", "x1^2*x3". A nil input
// means x1, ..., xd.
func (p *Polynomial) OutputNames(input []string) ([]string, error) {
	if p.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Polynomial: OutputNames called before Fit")
	}
	if input == nil {
		input = featlab.DefaultNames(p.d)
	}
	if len(input) != p.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Polynomial was fitted on %d columns, got %d names", p.d, len(input))
	}
	out := make([]string, len(p.terms))
	for k := range out {
		out[k] = p.termName(k, input)
	}
	return out, nil
}
