package linear

// ClassSupportSizes returns, for each class k in Classes order, the number
// of features that class uses: the non-zero entries of column k of Coef,
// |{j : beta_jk != 0}|. Support is the union of these sets, so every size
// is at most len(Support()); with Grouped every size equals it. A nil
// result gives nil.
func (r *MultinomialResult) ClassSupportSizes() []int {
	if r == nil || r.Coef == nil {
		return nil
	}
	d, K := r.Coef.Dims()
	n := make([]int, K)
	for j := 0; j < d; j++ {
		for k := range n {
			if r.Coef.At(j, k) != 0 {
				n[k]++
			}
		}
	}
	return n
}
