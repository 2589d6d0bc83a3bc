package transform

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// firstImputer returns the Imputer that first meets the data in t (t
// itself, or the first step of a Pipeline, recursively), or nil.
func firstImputer(t featlab.Transformer) *Imputer {
	switch v := t.(type) {
	case *Imputer:
		return v
	case *Pipeline:
		if len(v.Steps) > 0 {
			return firstImputer(v.Steps[0])
		}
	}
	return nil
}

// frameMatrixOf converts the named columns of df to a matrix for t: as
// frameMatrix, except that when an Imputer meets the data first, missing
// cells (gota's NA, a NaN, or a text of featlab.DefaultNA in a text
// column of numbers) become NaN, and a column with no observed value is
// an error naming it (unless the imputer fills with a constant).
func frameMatrixOf(t featlab.Transformer, df dataframe.DataFrame, cols []string) (*mat.Dense, error) {
	im := firstImputer(t)
	if im == nil {
		return frameMatrix(df, cols)
	}
	na := make(map[string]bool, len(featlab.DefaultNA))
	for _, s := range featlab.DefaultNA {
		na[s] = true
	}
	m := df.Nrow()
	X := mat.NewDense(m, len(cols), nil)
	raw := X.RawMatrix()
	for j, c := range cols {
		s := df.Col(c)
		recs := s.Records()
		seen := 0
		for i := 0; i < m; i++ {
			e := s.Elem(i)
			v := math.NaN()
			switch {
			case e.IsNA():
			case isNumeric(s):
				v = e.Float()
			case s.Type() == series.String:
				r := strings.TrimSpace(recs[i])
				if na[r] {
					break
				}
				var err error
				if v, err = strconv.ParseFloat(r, 64); err != nil {
					return nil, featlab.Errorf(featlab.ErrNonNumeric, "transform: column %q has %q at row %d, neither a number nor a missing-value text %q", c, recs[i], i, featlab.DefaultNA)
				}
			default:
				return nil, featlab.Errorf(featlab.ErrNonNumeric, "transform: column %q has type %v", c, s.Type())
			}
			if math.IsInf(v, 0) {
				return nil, &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Name: c, Value: v, Reason: "an infinity is not a missing value"}
			}
			if !math.IsNaN(v) {
				seen++
			}
			raw.Data[i*raw.Stride+j] = v
		}
		if seen == 0 && im.Strategy != ImputeConstant && im.d == 0 {
			return nil, featlab.Errorf(featlab.ErrEmpty, "transform: Imputer: column %q has no observed value in the %d rows; drop it, or use ImputeConstant", c, m)
		}
	}
	return X, nil
}
