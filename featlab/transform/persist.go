// # Saving and loading
//
// Every fitted transformer of this package (scalers, elementwise maps,
// encoders, Imputer, Polynomial, Select, Pipeline), a FittedModel and a
// FrameEncoder is saved and loaded with featlab.Save and featlab.Load
// (kinds "transform.Standardize", "transform.Pipeline", ...). A loaded
// value transforms and predicts exactly as the saved one did, bit for
// bit, remembers the data frame columns of a FitFrame, and a FittedModel
// still predicts from a frame or Dataset by column name. A Select step
// keeps its Selection but not its Selector (a function cannot be saved):
// it transforms, and needs a Selector again before a refit. A
// FittedModel whose Predictor is not of a registered kind (a
// featlab.PredictorFunc) cannot be saved: Save says which type.
package transform

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/featlab/course/featlab"
)

func init() {
	featlab.RegisterKind("transform.Center", 1, saveCenter, loadCenter)
	featlab.RegisterKind("transform.Standardize", 1, saveStandardize, loadStandardize)
	featlab.RegisterKind("transform.UnitRange", 1, saveUnitRange, loadUnitRange)
	featlab.RegisterKind("transform.MaxAbs", 1, saveMaxAbs, loadMaxAbs)
	featlab.RegisterKind("transform.Clip", 1, saveClip, loadClip)
	featlab.RegisterKind("transform.Sigmoid", 1, saveSigmoid, loadSigmoid)
	featlab.RegisterKind("transform.Log", 1, saveLog, loadLog)
	featlab.RegisterKind("transform.RowNormalize", 1, saveRowNormalize, loadRowNormalize)
	featlab.RegisterKind("transform.MeanNormScale", 1, saveMeanNormScale, loadMeanNormScale)
	featlab.RegisterKind("transform.Polynomial", 1, savePolynomial, loadPolynomial)
	featlab.RegisterKind("transform.OneHot", 1, saveOneHot, loadOneHot)
	featlab.RegisterKind("transform.Select", 1, saveSelect, loadSelect)
	featlab.RegisterKind("transform.Pipeline", 1, savePipeline, loadPipeline)
	featlab.RegisterKind("transform.FittedModel", 1, saveFittedModel, loadFittedModel)
	featlab.RegisterKind("transform.FrameEncoder", 1, saveFrameEncoder, loadFrameEncoder)
	featlab.RegisterKind("transform.Ordinal", 1, saveOrdinal, loadOrdinal)
	featlab.RegisterKind("transform.Dummies", 1, saveDummies, loadDummies)
	featlab.RegisterKind("transform.Imputer", 1, saveImputer, loadImputer)
}

// fittedState is the part of every state that fitted holds: the number of
// columns fitted on and the data frame columns of a FitFrame.
type fittedState struct {
	D            int      `json:"d"`
	FrameColumns []string `json:"frame_columns,omitempty"`
}

func (f *fitted) saveState(who string) (fittedState, error) {
	if f.d == 0 {
		return fittedState{}, featlab.Errorf(featlab.ErrNotFitted, "transform: %s: save called before Fit", who)
	}
	return fittedState{D: f.d, FrameColumns: f.cols}, nil
}

// restore checks the common part of a loaded state and sets f from it.
func (s fittedState) restore(f *fitted, who string) error {
	if s.D < 1 {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s fitted on %d columns", who, s.D)
	}
	if s.FrameColumns != nil && len(s.FrameColumns) != s.D {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s fitted on %d columns but %d frame columns", who, s.D, len(s.FrameColumns))
	}
	f.d = s.D
	f.SetFrameColumns(s.FrameColumns)
	return nil
}

// decodeFitted decodes a state into st (a pointer to a struct embedding
// fittedState, whose pointer fs is) and restores the common part into f.
func decodeFitted(data json.RawMessage, st any, fs *fittedState, f *fitted, who string) error {
	if err := featlab.DecodeState(data, st); err != nil {
		return err
	}
	return fs.restore(f, who)
}

func checkVec(who, what string, v []float64, d int) error {
	return featlab.CheckFinite(who+" "+what, v, d)
}

// checkPositive checks that every value is finite and > 0 (divisors).
func checkPositive(who, what string, v []float64) error {
	for j, x := range v {
		if !(x > 0) || !finite(x) {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s %s[%d] = %v must be finite and > 0", who, what, j, x)
		}
	}
	return nil
}

type centerState struct {
	fittedState
	Workers int       `json:"workers,omitempty"`
	Mean    []float64 `json:"mean"`
}

func saveCenter(c *Center) (any, error) {
	fs, err := c.saveState("Center")
	return centerState{fs, c.Workers, c.mean}, err
}

func loadCenter(_ int, data json.RawMessage) (*Center, error) {
	var st centerState
	c := &Center{}
	if err := decodeFitted(data, &st, &st.fittedState, &c.fitted, "Center"); err != nil {
		return nil, err
	}
	if err := checkVec("Center", "mean", st.Mean, st.D); err != nil {
		return nil, err
	}
	c.Workers, c.mean = st.Workers, st.Mean
	return c, nil
}

type standardizeState struct {
	fittedState
	Sample   bool               `json:"sample,omitempty"`
	Workers  int                `json:"workers,omitempty"`
	Mean     []float64          `json:"mean"`
	Variance featlab.JSONFloats `json:"variance"`
	Scale    []float64          `json:"scale"`
}

func saveStandardize(s *Standardize) (any, error) {
	fs, err := s.saveState("Standardize")
	return standardizeState{fs, s.Sample, s.Workers, s.mean, s.variance, s.scale}, err
}

func loadStandardize(_ int, data json.RawMessage) (*Standardize, error) {
	var st standardizeState
	s := &Standardize{}
	if err := decodeFitted(data, &st, &st.fittedState, &s.fitted, "Standardize"); err != nil {
		return nil, err
	}
	if err := checkVec("Standardize", "mean", st.Mean, st.D); err != nil {
		return nil, err
	}
	if err := checkVec("Standardize", "scale", st.Scale, st.D); err != nil {
		return nil, err
	}
	if err := checkPositive("Standardize", "scale", st.Scale); err != nil {
		return nil, err
	}
	if len(st.Variance) != st.D {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Standardize variance has %d values, want %d", len(st.Variance), st.D)
	}
	for j, v := range st.Variance {
		if !(v >= 0) {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Standardize variance[%d] = %v", j, v)
		}
	}
	s.Sample, s.Workers, s.mean, s.variance, s.scale = st.Sample, st.Workers, st.Mean, st.Variance, st.Scale
	return s, nil
}

type unitRangeState struct {
	fittedState
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	Workers int       `json:"workers,omitempty"`
	DataMin []float64 `json:"data_min"`
	DataMax []float64 `json:"data_max"`
	Scale   []float64 `json:"scale"`
	Offset  []float64 `json:"offset"`
	// ConstantImage[j] is the image of constant column j, NaN for the
	// others.
	ConstantImage featlab.JSONFloats `json:"constant_image,omitempty"`
}

func saveUnitRange(u *UnitRange) (any, error) {
	fs, err := u.saveState("UnitRange")
	return unitRangeState{fs, u.Min, u.Max, u.Workers, u.dmin, u.dmax, u.scale, u.offset, u.cimg}, err
}

func loadUnitRange(_ int, data json.RawMessage) (*UnitRange, error) {
	var st unitRangeState
	u := &UnitRange{}
	if err := decodeFitted(data, &st, &st.fittedState, &u.fitted, "UnitRange"); err != nil {
		return nil, err
	}
	for _, v := range []struct {
		what string
		v    []float64
	}{{"data_min", st.DataMin}, {"data_max", st.DataMax}, {"scale", st.Scale}, {"offset", st.Offset}} {
		if err := checkVec("UnitRange", v.what, v.v, st.D); err != nil {
			return nil, err
		}
	}
	if err := checkPositive("UnitRange", "scale", st.Scale); err != nil {
		return nil, err
	}
	if st.ConstantImage != nil {
		if len(st.ConstantImage) != st.D {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: UnitRange constant_image has %d values, want %d", len(st.ConstantImage), st.D)
		}
		for j, c := range st.ConstantImage {
			if math.IsInf(c, 0) {
				return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: UnitRange constant_image[%d] = %v", j, c)
			}
		}
	}
	u.Min, u.Max, u.Workers = st.Min, st.Max, st.Workers
	u.dmin, u.dmax, u.scale, u.offset, u.cimg = st.DataMin, st.DataMax, st.Scale, st.Offset, st.ConstantImage
	return u, nil
}

type maxAbsState struct {
	fittedState
	Workers int       `json:"workers,omitempty"`
	Scale   []float64 `json:"scale"`
}

func saveMaxAbs(a *MaxAbs) (any, error) {
	fs, err := a.saveState("MaxAbs")
	return maxAbsState{fs, a.Workers, a.scale}, err
}

func loadMaxAbs(_ int, data json.RawMessage) (*MaxAbs, error) {
	var st maxAbsState
	a := &MaxAbs{}
	if err := decodeFitted(data, &st, &st.fittedState, &a.fitted, "MaxAbs"); err != nil {
		return nil, err
	}
	if err := checkVec("MaxAbs", "scale", st.Scale, st.D); err != nil {
		return nil, err
	}
	if err := checkPositive("MaxAbs", "scale", st.Scale); err != nil {
		return nil, err
	}
	a.Workers, a.scale = st.Workers, st.Scale
	return a, nil
}

// elementState is the state of the elementwise maps: the parameters as
// the user set them and the effective threshold, slope or offset b.
type elementState struct {
	fittedState
	B       float64 `json:"b_config"`
	Workers int     `json:"workers,omitempty"`
	// Effective is the b the fit settled on (the default for a zero B,
	// negated for the decreasing sigmoid).
	Effective float64 `json:"b"`
}

type clipState struct {
	elementState
	Mode int `json:"mode"`
}

func saveClip(c *Clip) (any, error) {
	fs, err := c.saveState("Clip")
	return clipState{elementState{fs, c.B, c.Workers, c.b}, int(c.mode)}, err
}

func loadClip(_ int, data json.RawMessage) (*Clip, error) {
	var st clipState
	c := &Clip{}
	if err := decodeFitted(data, &st, &st.fittedState, &c.fitted, "Clip"); err != nil {
		return nil, err
	}
	mode := ClipMode(st.Mode)
	if mode < ClipLarge || mode > ClipAbove {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown Clip mode %d", st.Mode)
	}
	if !finite(st.Effective) || ((mode == ClipLarge || mode == ClipSmall) && !(st.Effective > 0)) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Clip b = %v for mode %v", st.Effective, mode)
	}
	c.B, c.Mode, c.Workers, c.b, c.mode = st.B, mode, st.Workers, st.Effective, mode
	return c, nil
}

type sigmoidState struct {
	elementState
	Decreasing bool `json:"decreasing,omitempty"`
}

func saveSigmoid(s *Sigmoid) (any, error) {
	fs, err := s.saveState("Sigmoid")
	return sigmoidState{elementState{fs, s.B, s.Workers, s.b}, s.Decreasing}, err
}

func loadSigmoid(_ int, data json.RawMessage) (*Sigmoid, error) {
	var st sigmoidState
	s := &Sigmoid{}
	if err := decodeFitted(data, &st, &st.fittedState, &s.fitted, "Sigmoid"); err != nil {
		return nil, err
	}
	if !finite(st.Effective) || st.Effective == 0 || (st.Effective < 0) != st.Decreasing {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Sigmoid b = %v with decreasing = %v", st.Effective, st.Decreasing)
	}
	s.B, s.Decreasing, s.Workers, s.b = st.B, st.Decreasing, st.Workers, st.Effective
	return s, nil
}

func saveLog(l *Log) (any, error) {
	fs, err := l.saveState("Log")
	return elementState{fs, l.B, l.Workers, l.b}, err
}

func loadLog(_ int, data json.RawMessage) (*Log, error) {
	var st elementState
	l := &Log{}
	if err := decodeFitted(data, &st, &st.fittedState, &l.fitted, "Log"); err != nil {
		return nil, err
	}
	if !(st.Effective > 0) || !finite(st.Effective) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Log b = %v must be finite and > 0", st.Effective)
	}
	l.B, l.Workers, l.b = st.B, st.Workers, st.Effective
	return l, nil
}

type normState struct {
	fittedState
	Norm    int `json:"norm"`
	Workers int `json:"workers,omitempty"`
	// Factor is MeanNormScale's c.
	Factor float64 `json:"factor,omitempty"`
}

func loadNorm(data json.RawMessage, f *fitted, who string) (normState, error) {
	var st normState
	if err := decodeFitted(data, &st, &st.fittedState, f, who); err != nil {
		return st, err
	}
	if err := Norm(st.Norm).check(who); err != nil {
		return st, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s: unknown norm %d", who, st.Norm)
	}
	return st, nil
}

func saveRowNormalize(r *RowNormalize) (any, error) {
	fs, err := r.saveState("RowNormalize")
	return normState{fs, int(r.norm), r.Workers, 0}, err
}

func loadRowNormalize(_ int, data json.RawMessage) (*RowNormalize, error) {
	r := &RowNormalize{}
	st, err := loadNorm(data, &r.fitted, "RowNormalize")
	if err != nil {
		return nil, err
	}
	r.Norm, r.norm, r.Workers = Norm(st.Norm), Norm(st.Norm), st.Workers
	return r, nil
}

func saveMeanNormScale(s *MeanNormScale) (any, error) {
	fs, err := s.saveState("MeanNormScale")
	return normState{fs, int(s.Norm), s.Workers, s.c}, err
}

func loadMeanNormScale(_ int, data json.RawMessage) (*MeanNormScale, error) {
	s := &MeanNormScale{}
	st, err := loadNorm(data, &s.fitted, "MeanNormScale")
	if err != nil {
		return nil, err
	}
	if !(st.Factor > 0) || !finite(st.Factor) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: MeanNormScale factor %v must be finite and > 0", st.Factor)
	}
	s.Norm, s.Workers, s.c = Norm(st.Norm), st.Workers, st.Factor
	return s, nil
}

type polynomialState struct {
	fittedState
	Degree          int  `json:"degree"`
	InteractionOnly bool `json:"interaction_only,omitempty"`
	NoBias          bool `json:"no_bias,omitempty"`
	Workers         int  `json:"workers,omitempty"`
	MaxCells        int  `json:"max_cells,omitempty"`
	// Outputs is the number of output columns, a check on the table of
	// terms, which is rebuilt on load.
	Outputs int `json:"outputs"`
}

func savePolynomial(p *Polynomial) (any, error) {
	fs, err := p.saveState("Polynomial")
	return polynomialState{fs, p.Degree, p.InteractionOnly, p.NoBias, p.Workers, p.MaxCells, len(p.terms)}, err
}

func loadPolynomial(_ int, data json.RawMessage) (*Polynomial, error) {
	var st polynomialState
	p := &Polynomial{}
	if err := decodeFitted(data, &st, &st.fittedState, &p.fitted, "Polynomial"); err != nil {
		return nil, err
	}
	k := st.Degree
	if k == 0 {
		k = 2
	}
	if k < 1 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Polynomial degree %d", st.Degree)
	}
	// Count the outputs before building the table, as Fit does, and
	// bound the table by MaxCells (a negative MaxCells, no limit at fit
	// time, still gets the default bound on load).
	n := 0
	for deg := 0; deg <= k; deg++ {
		c := polyCount(st.D, deg, st.InteractionOnly)
		if c < 0 || n+c > maxPolyOutputs {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Polynomial of degree %d on %d features has more than %d columns", k, st.D, maxPolyOutputs)
		}
		n += c
	}
	if st.NoBias {
		n--
	}
	if n != st.Outputs {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Polynomial of degree %d on %d features has %d columns, the file says %d", k, st.D, n, st.Outputs)
	}
	if err := featlab.CheckCells(fmt.Sprintf("transform: Polynomial of degree %d on %d features: its table of %d terms", k, st.D, n), "Polynomial.MaxCells", n, k+12, max(st.MaxCells, 0)); err != nil {
		return nil, err
	}
	p.Degree, p.InteractionOnly, p.NoBias, p.Workers, p.MaxCells = st.Degree, st.InteractionOnly, st.NoBias, st.Workers, st.MaxCells
	p.terms, p.parent, p.first = polyTerms(st.D, k, st.InteractionOnly, !st.NoBias)
	return p, nil
}

type oneHotState struct {
	fittedState
	Unknown   int `json:"unknown"`
	MaxCells  int `json:"max_cells,omitempty"`
	MaxLevels int `json:"max_levels,omitempty"`
	// Text is true for an encoder fitted on the text of data frame
	// columns (FitFrame), false for one fitted on a matrix, whose
	// categories are numbers.
	Text bool `json:"text,omitempty"`
	// Categories are every column's categories in code order.
	Categories [][]string `json:"categories"`
}

func (o *OneHot) state(who string) (oneHotState, error) {
	fs, err := o.saveState(who)
	return oneHotState{fs, int(o.unknown), o.MaxCells, o.MaxLevels, o.str != nil, o.cats}, err
}

func saveOneHot(o *OneHot) (any, error) { return o.state("OneHot") }

func loadOneHot(_ int, data json.RawMessage) (*OneHot, error) {
	var st oneHotState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	o := &OneHot{}
	return o, st.restore(o, "OneHot")
}

// restore checks a loaded encoder state and sets o from it.
func (st *oneHotState) restore(o *OneHot, who string) error {
	if err := st.fittedState.restore(&o.fitted, who); err != nil {
		return err
	}
	u := Unknown(st.Unknown)
	if u != UnknownError && u != UnknownIgnore && u != UnknownOther {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown %s policy %d", who, st.Unknown)
	}
	if len(st.Categories) != st.D {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s fitted on %d columns has categories for %d", who, st.D, len(st.Categories))
	}
	o.Unknown, o.unknown, o.MaxCells, o.MaxLevels, o.cats = u, u, st.MaxCells, st.MaxLevels, st.Categories
	if who != "OneHot" {
		o.who = who // the encoder inside an Ordinal or Dummies
	}
	var values [][]float64 // the numeric categories, for the lookup tables
	if st.Text {
		o.str = make([]map[string]int, st.D)
	} else {
		o.num = make([]map[float64]int, st.D)
		values = make([][]float64, st.D)
	}
	for j, cats := range st.Categories {
		if len(cats) == 0 {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s column %d has no category", who, j)
		}
		if st.Text {
			o.str[j] = make(map[string]int, len(cats))
		} else {
			o.num[j] = make(map[float64]int, len(cats))
		}
		for k, c := range cats {
			dup := false
			if st.Text {
				_, dup = o.str[j][c]
				o.str[j][c] = k
			} else {
				v, err := strconv.ParseFloat(c, 64)
				if err != nil || !finite(v) {
					return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s column %d: category %q is not a finite number", who, j, c)
				}
				_, dup = o.num[j][v]
				o.num[j][v] = k
				values[j] = append(values[j], v)
			}
			if dup {
				return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %s column %d has category %q twice", who, j, c)
			}
		}
	}
	if !st.Text {
		o.small = smallTables(values)
	}
	o.setOffsets()
	return nil
}

type selectState struct {
	fittedState
	Selection json.RawMessage `json:"selection"`
}

func saveSelect(s *Select) (any, error) {
	fs, err := s.saveState("Select")
	if err != nil {
		return nil, err
	}
	sel, err := featlab.EncodeValue(s.sel)
	return selectState{fs, sel}, err
}

func loadSelect(_ int, data json.RawMessage) (*Select, error) {
	var st selectState
	s := &Select{}
	if err := decodeFitted(data, &st, &st.fittedState, &s.fitted, "Select"); err != nil {
		return nil, err
	}
	v, err := featlab.DecodeValue(st.Selection)
	if err != nil {
		return nil, err
	}
	sel, ok := v.(*featlab.Selection)
	if !ok {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Select holds a %T, not a selection", v)
	}
	if len(sel.Names) != st.D || len(sel.Chosen) == 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Select fitted on %d columns holds a selection of %d of %d features", st.D, len(sel.Chosen), len(sel.Names))
	}
	s.sel = sel
	return s, nil
}

type pipelineState struct {
	fittedState
	Steps []json.RawMessage `json:"steps"`
}

func savePipeline(p *Pipeline) (any, error) {
	fs, err := p.saveState("Pipeline")
	if err != nil {
		return nil, err
	}
	st := pipelineState{fittedState: fs}
	for k, s := range p.Steps {
		b, err := featlab.EncodeValue(s)
		if err != nil {
			return nil, p.wrap(k, err)
		}
		st.Steps = append(st.Steps, b)
	}
	return st, nil
}

func loadPipeline(_ int, data json.RawMessage) (*Pipeline, error) {
	var st pipelineState
	p := &Pipeline{}
	if err := decodeFitted(data, &st, &st.fittedState, &p.fitted, "Pipeline"); err != nil {
		return nil, err
	}
	if len(st.Steps) == 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: a Pipeline with no steps")
	}
	width := st.D
	for k, raw := range st.Steps {
		v, err := featlab.DecodeValue(raw)
		if err != nil {
			return nil, featlab.Wrap(err, "transform: pipeline step %d", k+1)
		}
		t, ok := v.(featlab.Transformer)
		if !ok {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: pipeline step %d is a %T, not a transformer", k+1, v)
		}
		if in, out, known := stepWidths(t); known {
			if width > 0 && in != width {
				return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: pipeline step %d (%T) takes %d columns, the step before gives %d", k+1, t, in, width)
			}
			width = out
		} else {
			width = 0 // unknown: not checked
		}
		p.Steps = append(p.Steps, t)
	}
	return p, nil
}

// stepWidths returns the input and output widths of a loaded step of this
// package (known = false for others).
func stepWidths(t featlab.Transformer) (in, out int, known bool) {
	switch s := t.(type) {
	case *Pipeline:
		in, out = s.d, 0
		w := s.d
		for _, st := range s.Steps {
			_, o, ok := stepWidths(st)
			if !ok {
				return 0, 0, false
			}
			w = o
		}
		return in, w, true
	case *OneHot:
		return s.d, s.offset[s.d], true
	case *Polynomial:
		return s.d, len(s.terms), true
	case *Select:
		return s.d, len(s.sel.Chosen), true
	case *Center, *Standardize, *UnitRange, *MaxAbs, *Clip, *Sigmoid, *Log, *RowNormalize, *MeanNormScale:
		d := t.(interface{ width() int }).width()
		return d, d, true
	}
	return 0, 0, false
}

func (f *fitted) width() int { return f.d }

type fittedModelState struct {
	Pipeline    json.RawMessage `json:"pipeline,omitempty"`
	Predictor   json.RawMessage `json:"predictor"`
	D           int             `json:"d"`
	Features    []string        `json:"features,omitempty"`
	Target      string          `json:"target,omitempty"`
	Levels      [][]string      `json:"levels,omitempty"`
	RefuseExtra bool            `json:"refuse_extra,omitempty"`
}

func saveFittedModel(f *FittedModel) (any, error) {
	if featlab.IsNilValue(f.Predictor) {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: FittedModel has no Predictor")
	}
	st := fittedModelState{D: f.D, Features: f.Features, Target: f.Target, Levels: f.Levels, RefuseExtra: f.RefuseExtra}
	var err error
	if f.Pipeline != nil {
		if st.Pipeline, err = featlab.EncodeValue(f.Pipeline); err != nil {
			return nil, featlab.Wrap(err, "transform: FittedModel pipeline")
		}
	}
	if st.Predictor, err = featlab.EncodeValue(f.Predictor); err != nil {
		return nil, featlab.Wrap(err, "transform: FittedModel predictor (%T)", f.Predictor)
	}
	return st, nil
}

func loadFittedModel(_ int, data json.RawMessage) (*FittedModel, error) {
	var st fittedModelState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	if st.D < 0 || (st.Features != nil && len(st.Features) != st.D) || len(st.Levels) > len(st.Features) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FittedModel of %d columns with %d feature names and %d lists of levels", st.D, len(st.Features), len(st.Levels))
	}
	f := &FittedModel{D: st.D, Features: st.Features, Target: st.Target, Levels: st.Levels, RefuseExtra: st.RefuseExtra}
	if st.Pipeline != nil {
		v, err := featlab.DecodeValue(st.Pipeline)
		if err != nil {
			return nil, featlab.Wrap(err, "transform: FittedModel pipeline")
		}
		p, ok := v.(*Pipeline)
		if !ok {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FittedModel pipeline is a %T", v)
		}
		if st.D > 0 && p.d != st.D {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FittedModel of %d columns has a pipeline of %d", st.D, p.d)
		}
		f.Pipeline = p
	}
	v, err := featlab.DecodeValue(st.Predictor)
	if err != nil {
		return nil, featlab.Wrap(err, "transform: FittedModel predictor")
	}
	pred, ok := v.(featlab.Predictor)
	if !ok {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FittedModel predictor is a %T, not a predictor", v)
	}
	f.Predictor = pred
	return f, nil
}

type frameEncoderState struct {
	Target   string          `json:"target"`
	Columns  []string        `json:"columns,omitempty"`
	OneHot   json.RawMessage `json:"one_hot,omitempty"`
	Classes  []string        `json:"classes,omitempty"`
	Features []string        `json:"features,omitempty"`
}

func saveFrameEncoder(e *FrameEncoder) (any, error) {
	st := frameEncoderState{Target: e.Target, Columns: e.Columns, Classes: e.Classes, Features: e.Features}
	if e.OneHot != nil {
		var err error
		if st.OneHot, err = featlab.EncodeValue(e.OneHot); err != nil {
			return nil, featlab.Wrap(err, "transform: FrameEncoder")
		}
	}
	return st, nil
}

func loadFrameEncoder(_ int, data json.RawMessage) (*FrameEncoder, error) {
	var st frameEncoderState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	e := &FrameEncoder{Target: st.Target, Columns: st.Columns, Classes: st.Classes, Features: st.Features}
	if st.OneHot != nil {
		v, err := featlab.DecodeValue(st.OneHot)
		if err != nil {
			return nil, featlab.Wrap(err, "transform: FrameEncoder")
		}
		o, ok := v.(*OneHot)
		if !ok || o.str == nil || o.d != len(st.Columns) {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FrameEncoder of %d columns holds a %T that is not a text OneHot of as many", len(st.Columns), v)
		}
		e.OneHot = o
	} else if len(st.Columns) > 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: FrameEncoder of %d columns without a OneHot", len(st.Columns))
	}
	return e, nil
}

type ordinalState struct {
	Unknown    int        `json:"unknown_config"`
	MaxLevels  int        `json:"max_levels_config,omitempty"`
	Categories [][]string `json:"categories_config,omitempty"`
	// Encoder holds the fitted categories of every column.
	Encoder oneHotState `json:"encoder"`
}

func saveOrdinal(o *Ordinal) (any, error) {
	enc, err := o.enc.state("Ordinal")
	return ordinalState{int(o.Unknown), o.MaxLevels, o.Categories, enc}, err
}

func loadOrdinal(_ int, data json.RawMessage) (*Ordinal, error) {
	var st ordinalState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	o := &Ordinal{Unknown: Unknown(st.Unknown), MaxLevels: st.MaxLevels, Categories: st.Categories}
	if err := st.Encoder.restore(&o.enc, "Ordinal"); err != nil {
		return nil, err
	}
	if st.Categories != nil && len(st.Categories) != st.Encoder.D {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Ordinal has categories for %d of %d columns", len(st.Categories), st.Encoder.D)
	}
	return o, nil
}

type dummiesState struct {
	fittedState
	Columns   []int      `json:"columns_config,omitempty"`
	Levels    [][]string `json:"levels_config,omitempty"`
	Unknown   int        `json:"unknown_config"`
	MaxLevels int        `json:"max_levels_config,omitempty"`
	MaxCells  int        `json:"max_cells_config,omitempty"`
	// Code[j] is the index of column j among the code columns, -1 for a
	// column that passes through; Encoder holds the code columns'
	// categories and Names the names of their levels.
	Code    []int       `json:"code"`
	Encoder oneHotState `json:"encoder"`
	Names   [][]string  `json:"names"`
}

func saveDummies(t *Dummies) (any, error) {
	fs, err := t.saveState("Dummies")
	if err != nil {
		return nil, err
	}
	enc, err := t.enc.state("Dummies")
	return dummiesState{fs, t.Columns, t.Levels, int(t.Unknown), t.MaxLevels, t.MaxCells, t.code, enc, t.names}, err
}

func loadDummies(_ int, data json.RawMessage) (*Dummies, error) {
	var st dummiesState
	t := &Dummies{}
	if err := decodeFitted(data, &st, &st.fittedState, &t.fitted, "Dummies"); err != nil {
		return nil, err
	}
	if err := st.Encoder.restore(&t.enc, "Dummies"); err != nil {
		return nil, err
	}
	k := st.Encoder.D
	if st.Encoder.Text || len(st.Code) != st.D || len(st.Names) != k {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Dummies of %d columns has %d codes, %d code columns and %d lists of names", st.D, len(st.Code), k, len(st.Names))
	}
	seen := make([]bool, k)
	w := make([]int, st.D)
	for j, c := range st.Code {
		w[j] = 1
		if c == -1 {
			continue
		}
		if c < 0 || c >= k || seen[c] {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Dummies code[%d] = %d (code columns 0..%d, each once)", j, c, k-1)
		}
		seen[c] = true
		w[j] = t.enc.offset[c+1] - t.enc.offset[c]
		if len(st.Names[c]) != len(st.Encoder.Categories[c]) {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Dummies code column %d has %d names for %d levels", c, len(st.Names[c]), len(st.Encoder.Categories[c]))
		}
	}
	for c, ok := range seen {
		if !ok {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Dummies code column %d belongs to no column", c)
		}
	}
	t.Columns, t.Levels, t.Unknown, t.MaxLevels, t.MaxCells = st.Columns, st.Levels, Unknown(st.Unknown), st.MaxLevels, st.MaxCells
	t.code, t.names, t.widthv = st.Code, st.Names, w
	return t, nil
}

type imputerState struct {
	fittedState
	Strategy  int     `json:"strategy"`
	FillValue float64 `json:"fill_value,omitempty"`
	K         int     `json:"K,omitempty"`
	Weights   int     `json:"weights,omitempty"`
	Indicator bool    `json:"indicator,omitempty"`
	Workers   int     `json:"workers,omitempty"`
	// Fill is every column's fill value, Missing the columns with a
	// missing training value, Train the training rows (NaN for a
	// missing value) that k-nearest-neighbour imputation searches.
	Fill    []float64       `json:"fill"`
	Missing []int           `json:"missing,omitempty"`
	Train   *featlab.Matrix `json:"train,omitempty"`
}

func saveImputer(im *Imputer) (any, error) {
	fs, err := im.saveState("Imputer")
	var train *featlab.Matrix
	if im.train != nil {
		train = featlab.NewMatrix(im.train)
	}
	return imputerState{fs, int(im.Strategy), im.FillValue, im.K, int(im.Weights), im.Indicator, im.Workers, im.fill, im.missing, train}, err
}

func loadImputer(_ int, data json.RawMessage) (*Imputer, error) {
	var st imputerState
	im := &Imputer{}
	if err := decodeFitted(data, &st, &st.fittedState, &im.fitted, "Imputer"); err != nil {
		return nil, err
	}
	im.Strategy, im.FillValue, im.K, im.Weights, im.Indicator, im.Workers = ImputeStrategy(st.Strategy), st.FillValue, st.K, KNNWeights(st.Weights), st.Indicator, st.Workers
	if err := im.checkParams(); err != nil {
		return nil, err
	}
	if err := checkVec("Imputer", "fill", st.Fill, st.D); err != nil {
		return nil, err
	}
	if err := featlab.CheckIndices("Imputer missing", st.Missing, st.D); err != nil {
		return nil, err
	}
	for k := 1; k < len(st.Missing); k++ {
		if st.Missing[k] <= st.Missing[k-1] {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Imputer missing columns %v are not increasing", st.Missing)
		}
	}
	if (st.Train != nil) != (im.Strategy == ImputeKNN) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Imputer with strategy %v and training rows %v", im.Strategy, st.Train != nil)
	}
	if st.Train != nil {
		T, err := st.Train.DenseMissing("Imputer training rows")
		if err != nil {
			return nil, err
		}
		if _, c := T.Dims(); c != st.D {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: Imputer of %d columns keeps training rows of %d", st.D, c)
		}
		im.train = T
	}
	im.fill, im.missing = st.Fill, st.Missing
	return im, nil
}
