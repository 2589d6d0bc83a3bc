package transform

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Pipeline chains transformers: Fit fits step 1 on X, step 2 on step 1's
// output, and so on, so that each step learns its parameters from the
// (training) data exactly as the next step will see it; Transform applies
// the fitted steps in order. For example log then standardize:
//
//	p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Log{}, &transform.Standardize{}}}
//
// is the lecture's "log-transform + normalization". A step that needs the
// targets (SupervisedTransformer, such as Select, a feature selector) is
// fitted by FitXY; Fit then fails. A Model is a Pipeline's steps followed
// by a learner, itself a featlab.Learner. Names propagate
// through the steps that implement featlab.Namer (one-hot, polynomial);
// other steps keep their input names. InverseTransform exists when every
// step has an inverse. A Pipeline whose first step is a OneHot can encode
// text columns of a data frame (see FitFrame).
//
// Errors from a step are wrapped with the step's number (from 1) and type;
// errors.Is and errors.As still see the step's own error.
type Pipeline struct {
	// Steps are the transformers, applied in order; at least one.
	Steps []featlab.Transformer

	fitted
}

func (p *Pipeline) checkSteps() error {
	if len(p.Steps) == 0 {
		return featlab.Errorf(featlab.ErrParam, "transform: Pipeline has no steps")
	}
	for k, s := range p.Steps {
		if s == nil {
			return featlab.Errorf(featlab.ErrParam, "transform: Pipeline step %d is nil", k+1)
		}
	}
	return nil
}

func (p *Pipeline) wrap(k int, err error) error {
	return fmt.Errorf("transform: pipeline step %d (%T): %w", k+1, p.Steps[k], err)
}

// Fit fits every step on the output of the previous one.
func (p *Pipeline) Fit(X mat.Matrix) error {
	if err := p.checkSteps(); err != nil {
		return err
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return err
	}
	p.d = 0
	if err := p.fitFrom(0, X); err != nil {
		return err
	}
	p.setFitted(x.cols)
	return nil
}

// fitFrom fits steps k, k+1, ... starting from X.
func (p *Pipeline) fitFrom(k int, X mat.Matrix) error {
	for ; k < len(p.Steps); k++ {
		s := p.Steps[k]
		if err := s.Fit(X); err != nil {
			return p.wrap(k, err)
		}
		if k == len(p.Steps)-1 {
			break
		}
		var err error
		if X, err = s.Transform(X); err != nil {
			return p.wrap(k, err)
		}
	}
	return nil
}

// FitXY fits every step on the output of the previous one, as Fit does,
// passing the targets y to the steps that need them
// (SupervisedTransformer, such as Select): a feature selector inside the
// pipeline learns from these rows only. y must have one value per row of
// X.
func (p *Pipeline) FitXY(X mat.Matrix, y []float64) error {
	_, err := p.fitXY(X, y, false)
	return err
}

// fitTransformXY is FitXY that also returns the last step's output on X.
func (p *Pipeline) fitTransformXY(X mat.Matrix, y []float64) (mat.Matrix, error) {
	return p.fitXY(X, y, true)
}

func (p *Pipeline) fitXY(X mat.Matrix, y []float64, last bool) (mat.Matrix, error) {
	if err := p.checkSteps(); err != nil {
		return nil, err
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return nil, err
	}
	if len(y) != x.rows {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Pipeline: X has %d rows but y has %d values", x.rows, len(y))
	}
	p.d = 0
	for k, s := range p.Steps {
		if sup, ok := s.(SupervisedTransformer); ok {
			err = sup.FitXY(X, y)
		} else {
			err = s.Fit(X)
		}
		if err != nil {
			return nil, p.wrap(k, err)
		}
		if k == len(p.Steps)-1 && !last {
			break
		}
		if X, err = s.Transform(X); err != nil {
			return nil, p.wrap(k, err)
		}
	}
	p.d = x.cols
	return X, nil
}

// Transform applies the fitted steps in order.
func (p *Pipeline) Transform(X mat.Matrix) (*mat.Dense, error) {
	if _, err := p.check(X, "Pipeline", 0); err != nil {
		return nil, err
	}
	return p.transformFrom(0, X)
}

func (p *Pipeline) transformFrom(k int, X mat.Matrix) (*mat.Dense, error) {
	var out *mat.Dense
	for ; k < len(p.Steps); k++ {
		var err error
		if out, err = p.Steps[k].Transform(X); err != nil {
			return nil, p.wrap(k, err)
		}
		X = out
	}
	if out == nil {
		return mat.DenseCopyOf(X), nil
	}
	return out, nil
}

// InverseTransform undoes the steps in reverse order. It fails with an
// error wrapping featlab.ErrParam if a step has no inverse.
func (p *Pipeline) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	if p.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Pipeline: InverseTransform called before Fit")
	}
	var out *mat.Dense
	for k := len(p.Steps) - 1; k >= 0; k-- {
		inv, ok := p.Steps[k].(featlab.InverseTransformer)
		if !ok {
			return nil, featlab.Errorf(featlab.ErrParam, "transform: pipeline step %d (%T) has no inverse", k+1, p.Steps[k])
		}
		var err error
		if out, err = inv.InverseTransform(X); err != nil {
			return nil, p.wrap(k, err)
		}
		X = out
	}
	return out, nil
}

// OutputNames passes the names through every step: steps that implement
// featlab.Namer rename, the others keep the names. A nil input means
// x1, ..., xd.
func (p *Pipeline) OutputNames(input []string) ([]string, error) {
	if p.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Pipeline: OutputNames called before Fit")
	}
	if input == nil {
		input = featlab.DefaultNames(p.d)
	}
	if len(input) != p.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Pipeline was fitted on %d columns, got %d names", p.d, len(input))
	}
	names := input
	for k, s := range p.Steps {
		if nm, ok := s.(featlab.Namer); ok {
			var err error
			if names, err = nm.OutputNames(names); err != nil {
				return nil, p.wrap(k, err)
			}
		}
	}
	return names, nil
}

// widths returns the number of output columns of each input column when
// every step maps columns separately (nil otherwise, e.g. after a
// Polynomial step).
func (p *Pipeline) widths() []int {
	w := make([]int, p.d)
	for j := range w {
		w[j] = 1
	}
	for _, s := range p.Steps {
		switch t := s.(type) {
		case interface{ widths() []int }:
			sw := t.widths()
			if sw == nil {
				return nil
			}
			at := 0
			for j := range w {
				n := 0
				for k := 0; k < w[j]; k++ {
					if at >= len(sw) {
						return nil
					}
					n += sw[at]
					at++
				}
				w[j] = n
			}
		case featlab.Namer:
			return nil
		}
	}
	return w
}

// usesRecords reports whether the first step encodes text (OneHot).
func (p *Pipeline) usesRecords() bool {
	if len(p.Steps) == 0 {
		return false
	}
	r, ok := p.Steps[0].(recordsTransformer)
	return ok && r.usesRecords()
}

func (p *Pipeline) fitRecords(recs [][]string, na [][]bool, names []string) error {
	if err := p.checkSteps(); err != nil {
		return err
	}
	first := p.Steps[0].(recordsTransformer)
	if err := first.fitRecords(recs, na, names); err != nil {
		return p.wrap(0, err)
	}
	p.d = 0
	if len(p.Steps) > 1 {
		X, err := first.transformRecords(recs, na, names)
		if err != nil {
			return p.wrap(0, err)
		}
		if err := p.fitFrom(1, X); err != nil {
			return err
		}
	}
	p.setFitted(len(recs))
	return nil
}

func (p *Pipeline) transformRecords(recs [][]string, na [][]bool, names []string) (*mat.Dense, error) {
	if p.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Pipeline: Transform called before Fit")
	}
	first := p.Steps[0].(recordsTransformer)
	X, err := first.transformRecords(recs, na, names)
	if err != nil {
		return nil, p.wrap(0, err)
	}
	return p.transformFrom(1, X)
}
