package transform

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// fitStateless is Fit for the transformations that learn nothing from the
// data but its width: it checks X (non-empty, finite) and records d.
func (f *fitted) fitStateless(X mat.Matrix, workers int) (raw, error) {
	x, err := rawOf(X, workers)
	if err != nil {
		return raw{}, err
	}
	if err := checkFinite(x); err != nil {
		return raw{}, err
	}
	f.setFitted(x.cols)
	return x, nil
}

// ClipMode selects which values Clip limits.
type ClipMode int

const (
	// ClipLarge limits large magnitudes, keeping the sign:
	// f <- sign(f) min(b, |f|), so that every value lies in [-b, b]. This
	// is the clipping of 25.2 (with b = 1 in the clipping example).
	ClipLarge ClipMode = iota
	// ClipSmall raises small non-zero magnitudes to b, keeping the sign:
	// f <- sign(f) max(b, |f|) (the lecture's "clipping small values: use
	// max instead of min"). Zero stays zero, since sign(0) = 0.
	ClipSmall
	// ClipBelow is one-sided clipping of small values: f <- max(f, b),
	// numpy's clip(f, b, None). b may be any finite number.
	ClipBelow
	// ClipAbove is one-sided clipping of large values: f <- min(f, b),
	// numpy's clip(f, None, b). b may be any finite number.
	ClipAbove
)

func (m ClipMode) String() string {
	switch m {
	case ClipLarge:
		return "sign(f) min(b, |f|)"
	case ClipSmall:
		return "sign(f) max(b, |f|)"
	case ClipBelow:
		return "max(f, b)"
	case ClipAbove:
		return "min(f, b)"
	}
	return fmt.Sprintf("ClipMode(%d)", int(m))
}

// Clip limits the values of every feature at a threshold b (25.2 and
// 25.2.1, clipping). The default mode is the text's two-sided clipping
//
//	f <- sign(f) min(b, |f|)
//
// The book and the slides print sign(f) max{b, |f|} in the list of 25.2.1;
// that is a known typo (with max, no value is ever made smaller, and the
// clipping example of 25.2 itself uses min). The max form is available as
// ClipSmall, and one-sided variants as ClipBelow and ClipAbove.
//
// Clip learns nothing from the data except its number of columns, and has
// no inverse (clipped values are lost).
type Clip struct {
	// B is the threshold b. For ClipLarge and ClipSmall it must be > 0 and
	// the zero value means 1; for ClipBelow and ClipAbove it is used as
	// given (0 is a valid threshold).
	B float64
	// Mode selects the rule; the zero value is ClipLarge.
	Mode ClipMode
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	b    float64
	mode ClipMode
}

// Fit checks the parameters and X, and records the number of columns.
func (c *Clip) Fit(X mat.Matrix) error {
	b := c.B
	switch c.Mode {
	case ClipLarge, ClipSmall:
		var err error
		if b, err = positive("Clip.B", c.B, 1); err != nil {
			return err
		}
	case ClipBelow, ClipAbove:
		if !finite(b) {
			return featlab.Errorf(featlab.ErrParam, "transform: Clip.B = %v must be finite", b)
		}
	default:
		return featlab.Errorf(featlab.ErrParam, "transform: unknown Clip.Mode %d", int(c.Mode))
	}
	if _, err := c.fitStateless(X, c.Workers); err != nil {
		return err
	}
	c.b, c.mode = b, c.Mode
	return nil
}

// Transform clips every value of X.
func (c *Clip) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := c.check(X, "Clip", c.Workers)
	if err != nil {
		return nil, err
	}
	b := c.b
	var fn func(int, float64) (float64, string)
	switch c.mode {
	case ClipLarge:
		fn = func(_ int, v float64) (float64, string) { return math.Copysign(min(b, math.Abs(v)), v), "" }
	case ClipSmall:
		fn = func(_ int, v float64) (float64, string) {
			if v == 0 {
				return 0, ""
			}
			return math.Copysign(max(b, math.Abs(v)), v), ""
		}
	case ClipBelow:
		fn = func(_ int, v float64) (float64, string) { return max(v, b), "" }
	case ClipAbove:
		fn = func(_ int, v float64) (float64, string) { return min(v, b), "" }
	}
	return mapElems(x, fn)
}

// Sigmoid applies a logistic function to every feature (25.2.1, sigmoidal
// transformation), a "soft" clipping that barely changes values near 0 and
// saturates far from it. Sign convention, explicit because the texts
// differ: by default
//
//	f <- 1 / (1 + exp(-b f))     (increasing in f; the Aalto lecture's form)
//
// and with Decreasing set
//
//	f <- 1 / (1 + exp(b f))      (decreasing; the form printed in 25.2.1)
//
// The two differ only by f -> -f, i.e. s_dec(f) = 1 - s_inc(f). Sigmoid
// learns nothing from the data except its number of columns; apply
// Standardize first (in a Pipeline) to centre the soft clipping on the
// data.
type Sigmoid struct {
	// B is the slope b > 0; the zero value means 1.
	B float64
	// Decreasing selects the book's sign, 1/(1 + exp(b f)).
	Decreasing bool
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	b float64 // signed: -b for the book's form
}

// Fit checks the parameters and X, and records the number of columns.
func (s *Sigmoid) Fit(X mat.Matrix) error {
	b, err := positive("Sigmoid.B", s.B, 1)
	if err != nil {
		return err
	}
	if _, err := s.fitStateless(X, s.Workers); err != nil {
		return err
	}
	if s.Decreasing {
		b = -b
	}
	s.b = b
	return nil
}

// Transform applies the sigmoid to every value of X.
func (s *Sigmoid) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "Sigmoid", s.Workers)
	if err != nil {
		return nil, err
	}
	b := s.b
	return mapElems(x, func(_ int, v float64) (float64, string) { return 1 / (1 + math.Exp(-b*v)), "" })
}

// InverseTransform applies the logit, f = log(s / (1 - s)) / b (with the
// sign of the chosen convention). Every value must lie strictly inside
// (0, 1); a saturated 0 or 1 has no finite preimage and is an error naming
// the cell.
func (s *Sigmoid) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "Sigmoid", s.Workers)
	if err != nil {
		return nil, err
	}
	b := s.b
	return mapElems(x, func(_ int, v float64) (float64, string) {
		if !(v > 0 && v < 1) {
			return 0, "the inverse sigmoid needs a value in (0, 1)"
		}
		return math.Log(v/(1-v)) / b, ""
	})
}

// Log applies f <- log(b + f) to every feature (25.2.1, logarithmic
// transformation), which spreads out small counts and compresses large
// ones: the step from 0 to 1 occurrence of a word matters more than the
// step from 1000 to 1001. It matches numpy's log(b + X) in a
// FunctionTransformer (log1p for b = 1).
//
// Every value must satisfy b + f > 0, at Fit and at Transform time: a value
// with b + f <= 0 is an error (wrapping featlab.ErrParam, as a *CellError)
// naming its row and column, never a NaN or -Inf in the output.
type Log struct {
	// B is the offset b > 0; the zero value means 1 (log(1 + f), right for
	// counts).
	B float64
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	b float64
}

// Fit checks B and X (every b + f > 0) and records the number of columns.
func (l *Log) Fit(X mat.Matrix) error {
	b, err := positive("Log.B", l.B, 1)
	if err != nil {
		return err
	}
	x, err := rawOf(X, l.Workers)
	if err != nil {
		return err
	}
	if _, err := mapElems(x, logFn(b)); err != nil {
		return err
	}
	l.b = b
	l.setFitted(x.cols)
	return nil
}

func logFn(b float64) func(int, float64) (float64, string) {
	return func(_ int, v float64) (float64, string) {
		s := b + v
		if !(s > 0) {
			return 0, fmt.Sprintf("log(b + f) needs b + f > 0, here b + f = %v (b = %v)", s, b)
		}
		if b == 1 {
			return math.Log1p(v), ""
		}
		return math.Log(s), ""
	}
}

// Transform returns log(b + X), elementwise.
func (l *Log) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := l.check(X, "Log", l.Workers)
	if err != nil {
		return nil, err
	}
	return mapElems(x, logFn(l.b))
}

// InverseTransform returns exp(X) - b, elementwise.
func (l *Log) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := l.check(X, "Log", l.Workers)
	if err != nil {
		return nil, err
	}
	b := l.b
	return mapElems(x, func(_ int, v float64) (float64, string) {
		if b == 1 {
			return math.Expm1(v), ""
		}
		return math.Exp(v) - b, ""
	})
}
