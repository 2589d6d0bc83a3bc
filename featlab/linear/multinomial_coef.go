package linear

// Coefficients returns the coefficient vectors of the K classes, one per
// class in Classes order, each of one value per feature (column k of
// Coef): importance.SquaredCoef then gives sum_k beta_kj^2, the
// importance scikit-learn's RFE reads from a multiclass coef_, and
// importance.AbsCoef the l1 norm over classes, that of SelectFromModel.
func (r *MultinomialResult) Coefficients() [][]float64 {
	if r == nil || r.Coef == nil {
		return nil
	}
	d, K := r.Coef.Dims()
	out := make([][]float64, K)
	for k := range out {
		out[k] = make([]float64, d)
		for j := 0; j < d; j++ {
			out[k][j] = r.Coef.At(j, k)
		}
	}
	return out
}
