package badinput

// Issue 21 (beyond the texts), this session's additions. The Context
// variants linear.LassoICContext, linear.RidgeCVContext,
// greedy.OMPCVContext, knockoff.FilterFixedXContext and
// knockoff.FilterModelXContext are registered with their plain forms
// (xyCtx) in ic_test.go and knockoff_test.go.
func init() {
	exempt["linear.MultinomialResult.Coefficients"] = "an accessor of a fitted result: Coef by class, copied"
}
