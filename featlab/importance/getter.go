package importance

import (
	"math"
	"reflect"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// Getter returns one importance per column of the data a predictor was
// fitted on (larger is more important); features are those columns'
// indices in the caller's X (RFE fits on a subset of them). AbsCoef and
// SquaredCoef read a linear model's coefficients; PermutationGetter
// measures permutation importance on held-out data; any function of the
// fitted predictor (and of whatever it closes over) will do.
type Getter func(p featlab.Predictor, features []int) ([]float64, error)

// Coefficienter is implemented by fitted models that expose their
// coefficients as one vector per output (one for a binary or a regression
// model, one per class for a multiclass one), each of one value per
// feature.
type Coefficienter interface {
	Coefficients() [][]float64
}

// coefRows returns the coefficient vectors of p: from Coefficients() when
// p implements Coefficienter, else from an exported field named Coef of
// type []float64 or [][]float64 of the struct p points to (as linear's
// fitted models have).
func coefRows(p featlab.Predictor) ([][]float64, error) {
	if featlab.IsNilValue(p) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: nil predictor")
	}
	if c, ok := p.(Coefficienter); ok {
		return c.Coefficients(), nil
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, featlab.Errorf(featlab.ErrParam, "importance: nil predictor")
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		f := v.FieldByName("Coef")
		if f.IsValid() && f.CanInterface() {
			switch c := f.Interface().(type) {
			case []float64:
				return [][]float64{c}, nil
			case [][]float64:
				return c, nil
			}
		}
	}
	return nil, featlab.Errorf(featlab.ErrParam, "importance: the predictor %T exposes no coefficients (no Coefficients method, no Coef field); give an importance Getter", p)
}

// AbsCoef is the Getter of scikit-learn's SelectFromModel: |w_j| for a
// single coefficient vector, and the l1 norm sum_k |w_kj| over the vectors
// of a multiclass model.
func AbsCoef(p featlab.Predictor, _ []int) ([]float64, error) {
	rows, err := coefRows(p)
	if err != nil {
		return nil, err
	}
	return reduceRows(rows, math.Abs)
}

// SquaredCoef is the Getter of scikit-learn's RFE: w_j^2 for a single
// coefficient vector, and sum_k w_kj^2 over the vectors of a multiclass
// model. For one vector it ranks features exactly as AbsCoef does.
func SquaredCoef(p featlab.Predictor, _ []int) ([]float64, error) {
	rows, err := coefRows(p)
	if err != nil {
		return nil, err
	}
	return reduceRows(rows, func(w float64) float64 { return w * w })
}

func reduceRows(rows [][]float64, f func(float64) float64) ([]float64, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "importance: the model has no coefficients")
	}
	out := make([]float64, len(rows[0]))
	for _, r := range rows {
		if len(r) != len(out) {
			return nil, featlab.Errorf(featlab.ErrShape, "importance: coefficient vectors of lengths %d and %d", len(out), len(r))
		}
		for j, w := range r {
			out[j] += f(w)
		}
	}
	return out, nil
}

// importances calls get (SquaredCoef when nil) and checks that it gives d
// finite values.
func importances(get Getter, def Getter, p featlab.Predictor, features []int) ([]float64, error) {
	d := len(features)
	if get == nil {
		get = def
	}
	imp, err := get(p, features)
	if err != nil {
		return nil, err
	}
	if len(imp) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "importance: the getter gave %d importances for %d features", len(imp), d)
	}
	for j, v := range imp {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "importance: importance %v for feature %d", v, j)
		}
	}
	return imp, nil
}

// PermutationGetter returns a Getter that measures the permutation
// importance (Permutation with cfg, Predictor set to the fitted model) of
// each feature on the held-out data X, y, and returns the means: RFE with
// held-out permutation importance instead of coefficients. X must have
// the columns of the data the selection runs on; the getter uses the
// columns the model was fitted on. Inside RFECV the same held-out rows
// serve every fold: keep them out of the cross-validated data.
func PermutationGetter(X mat.Matrix, y []float64, cfg PermutationConfig) Getter {
	return func(p featlab.Predictor, features []int) ([]float64, error) {
		if featlab.IsNil(X) {
			return nil, featlab.Errorf(featlab.ErrEmpty, "importance: PermutationGetter: nil matrix")
		}
		if _, d := X.Dims(); len(features) > 0 && slices.Max(features) >= d {
			return nil, featlab.Errorf(featlab.ErrShape, "importance: PermutationGetter: the held-out X has %d columns, the model uses feature %d", d, slices.Max(features))
		}
		c := cfg
		c.Predictor, c.Names = p, nil
		r, err := Permutation(matx.Cols(X, features), y, c)
		if err != nil {
			return nil, err
		}
		return r.Mean, nil
	}
}
