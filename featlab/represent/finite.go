package represent

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// checkCodes refuses codes holding NaN or Inf (ErrNotFinite), which would
// decode to NaN with a nil error.
func checkCodes(V mat.Matrix, who string) error {
	if err := featlab.CheckMatrix(V, nil); err != nil {
		return featlab.Wrap(err, "represent: %s.Decode: codes", who)
	}
	return nil
}

// finiteDecode reports a decoded matrix that overflowed (finite codes
// whose products with the atoms exceed float64).
func finiteDecode(out *mat.Dense, who string) error {
	r, c := out.Dims()
	for i := 0; i < r; i++ {
		for j, v := range out.RawRowView(i) {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return featlab.Errorf(featlab.ErrNotFinite, "represent: %s.Decode: the reconstruction overflows at row %d, column %d of %d", who, i, j, c)
			}
		}
	}
	return nil
}
