package linear

import (
	"math"

	"github.com/featlab/course/featlab"
)

// checkC checks a penalty given on the sum of the losses (C) against the
// one given per average loss (Lambda): C must be finite and >= 0, and at
// most one of the two may be set.
func checkC(what string, lambda, C float64) error {
	if !(C >= 0) || math.IsInf(C, 0) {
		return featlab.Errorf(featlab.ErrParam, "%s C = %v must be finite and > 0 (or 0 to use Lambda)", what, C)
	}
	if C > 0 && lambda != 0 {
		return featlab.Errorf(featlab.ErrParam, "%s: both Lambda = %v and C = %v are set; set one (lambda = 1/(C m))", what, lambda, C)
	}
	return nil
}

// lambdaOfC returns the per-average-loss lambda of a fit on m rows: lambda
// itself when C is 0, else 1/(C m) (scikit-learn's C, a weight on the sum
// of the losses: R(w) + C sum_i loss_i = C m ((1/m) sum_i loss_i +
// R(w)/(C m))).
func lambdaOfC(what string, lambda, C float64, m int) (float64, error) {
	if err := checkC(what, lambda, C); err != nil {
		return 0, err
	}
	if C == 0 {
		return lambda, nil
	}
	l := 1 / (C * float64(m))
	if l-l != 0 || l == 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "%s C = %v on %d rows gives lambda = 1/(C m) = %v, outside (0, Inf)", what, C, m, l)
	}
	return l, nil
}
