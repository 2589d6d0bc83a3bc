package sensing

import (
	"math"
	"sort"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Observations is a partially observed rows x cols matrix: the entries
// (I[t], J[t]) with values V[t], t = 0..len(V)-1, are the set Omega of eq.
// 11.24. Entries are stored sorted by row, then column; no pair repeats.
type Observations struct {
	Rows, Cols int
	I, J       []int
	V          []float64
	rowPtr     []int // CSR: entries of row i are rowPtr[i]..rowPtr[i+1]-1
	colCount   []int
}

// ObserveEntries builds Observations from (i, j, value) triples (0-based
// indices). Errors: indices out of range or repeated pairs (ErrParam),
// NaN or infinite values (ErrNotFinite), no entries (ErrEmpty). The inputs
// are copied. Negative sizes are ErrParam, a zero size ErrEmpty. The
// per-row and per-column index takes rows + cols values: more than
// featlab.DefaultMaxCells is refused (ErrTooLarge) before allocating.
func ObserveEntries(rows, cols int, I, J []int, V []float64) (*Observations, error) {
	if rows < 0 || cols < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: a %d x %d matrix (negative size)", rows, cols)
	}
	if rows < 1 || cols < 1 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: a %d x %d matrix", rows, cols)
	}
	if rows > featlab.DefaultMaxCells || cols > featlab.DefaultMaxCells {
		return nil, featlab.CheckCells("sensing: the per-row and per-column index of the observations", "", 1, rows+cols, 0)
	}
	if err := featlab.CheckCells("sensing: the per-row and per-column index of the observations", "", 1, rows+cols+1, 0); err != nil {
		return nil, err
	}
	if len(I) != len(V) || len(J) != len(V) {
		return nil, featlab.Errorf(featlab.ErrShape, "sensing: %d row indices, %d column indices, %d values", len(I), len(J), len(V))
	}
	if len(V) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: no observed entry")
	}
	perm := make([]int, len(V))
	for t := range perm {
		i, j, v := I[t], J[t], V[t]
		if i < 0 || i >= rows || j < 0 || j >= cols {
			return nil, featlab.Errorf(featlab.ErrParam, "sensing: entry %d at (%d, %d) outside the %d x %d matrix", t, i, j, rows, cols)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "sensing: entry %d at (%d, %d) has value %v (leave a missing entry out of the triples)", t, i, j, v)
		}
		perm[t] = t
	}
	sort.Slice(perm, func(a, b int) bool {
		pa, pb := perm[a], perm[b]
		if I[pa] != I[pb] {
			return I[pa] < I[pb]
		}
		return J[pa] < J[pb]
	})
	o := &Observations{Rows: rows, Cols: cols, I: make([]int, len(V)), J: make([]int, len(V)), V: make([]float64, len(V))}
	for t, q := range perm {
		o.I[t], o.J[t], o.V[t] = I[q], J[q], V[q]
		if t > 0 && o.I[t] == o.I[t-1] && o.J[t] == o.J[t-1] {
			return nil, featlab.Errorf(featlab.ErrParam, "sensing: entry (%d, %d) observed twice", o.I[t], o.J[t])
		}
	}
	o.index()
	return o, nil
}

// ObserveMatrix builds Observations from a matrix whose missing entries are
// NaN; an infinite entry is an error (ErrNotFinite), and so is a matrix
// with nothing observed (ErrEmpty).
func ObserveMatrix(M mat.Matrix) (*Observations, error) {
	if featlab.IsNil(M) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: nil matrix")
	}
	r, c := M.Dims()
	if r == 0 || c == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: matrix is %dx%d", r, c)
	}
	o := &Observations{Rows: r, Cols: c}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := M.At(i, j)
			if math.IsNaN(v) {
				continue
			}
			if math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "sensing: value %v at row %d, column %d (use NaN for a missing entry)", v, i, j)
			}
			o.I = append(o.I, i)
			o.J = append(o.J, j)
			o.V = append(o.V, v)
		}
	}
	if len(o.V) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: no observed entry (all NaN)")
	}
	o.index()
	return o, nil
}

func (o *Observations) index() {
	o.rowPtr = make([]int, o.Rows+1)
	o.colCount = make([]int, o.Cols)
	for t, i := range o.I {
		o.rowPtr[i+1]++
		o.colCount[o.J[t]]++
	}
	for i := 0; i < o.Rows; i++ {
		o.rowPtr[i+1] += o.rowPtr[i]
	}
}

// Len returns |Omega|.
func (o *Observations) Len() int { return len(o.V) }

// Fraction returns |Omega| / (rows cols).
func (o *Observations) Fraction() float64 { return float64(len(o.V)) / float64(o.Rows*o.Cols) }

// EmptyRows and EmptyCols list the rows and columns with no observed
// entry: nothing in the data says anything about them.
func (o *Observations) EmptyRows() []int {
	var e []int
	for i := 0; i < o.Rows; i++ {
		if o.rowPtr[i+1] == o.rowPtr[i] {
			e = append(e, i)
		}
	}
	return e
}

// EmptyCols lists the columns with no observed entry.
func (o *Observations) EmptyCols() []int {
	var e []int
	for j, c := range o.colCount {
		if c == 0 {
			e = append(e, j)
		}
	}
	return e
}

// Matrix returns the observations as a dense matrix with NaN where missing.
func (o *Observations) Matrix() *mat.Dense {
	M := mat.NewDense(o.Rows, o.Cols, nil)
	for i := 0; i < o.Rows; i++ {
		for j := 0; j < o.Cols; j++ {
			M.Set(i, j, math.NaN())
		}
	}
	for t, v := range o.V {
		M.Set(o.I[t], o.J[t], v)
	}
	return M
}

// checkEmpty returns an error naming the first empty row or column unless
// allowed.
func (o *Observations) checkEmpty(allow bool) error {
	if o == nil || len(o.V) == 0 || o.rowPtr == nil {
		return featlab.Errorf(featlab.ErrEmpty, "sensing: no observations (build them with ObserveEntries or ObserveMatrix)")
	}
	if allow {
		return nil
	}
	if e := o.EmptyRows(); len(e) > 0 {
		return featlab.Errorf(featlab.ErrEmpty, "sensing: row %d has no observed entry (%d empty rows): it cannot be recovered; set AllowEmpty to fill it with the minimum-norm value 0", e[0], len(e))
	}
	if e := o.EmptyCols(); len(e) > 0 {
		return featlab.Errorf(featlab.ErrEmpty, "sensing: column %d has no observed entry (%d empty columns): it cannot be recovered; set AllowEmpty to fill it with the minimum-norm value 0", e[0], len(e))
	}
	return nil
}
