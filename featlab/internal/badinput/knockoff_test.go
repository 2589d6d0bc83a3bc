package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/knockoff"
)

// Issue 21's knockoff filters: fixed-X and model-X Gaussian knockoffs,
// their statistics, thresholds, selectors, the SDP and the simulation.
// FilterResult.Threshold is +Inf when nothing can be selected
// (documented), hence allowInf.
func init() { entrySets = append(entrySets, knockoffEntries) }

func knockoffEntries() []*entry {
	return []*entry{
		// fixed-X scales each column to unit norm: W does not change when
		// X is multiplied by 2^-1000 or 2^+1000
		xyCtx("knockoff.FilterFixedX", knockoff.FilterFixedX, knockoff.FilterFixedXContext, knockoff.FixedXSelector{}, allowInf, invariant(knockoffW),
			alsoCovers("knockoff.FixedXSelector.Select", "knockoff.FilterResult.Selection")),
		xyCtx("knockoff.FilterModelX", knockoff.FilterModelX, knockoff.FilterModelXContext, knockoff.ModelXSelector{FilterConfig: knockoff.FilterConfig{Statistic: knockoff.SignedMax}}, allowInf,
			alsoCovers("knockoff.ModelXSelector.Select")),
		plainXY("knockoff.FixedX", func(X mat.Matrix, _ []float64) (any, error) {
			return knockoff.FixedX(X, knockoff.FixedXConfig{Center: true, Seed: 1})
		}, ignoresY, invariant(func(out any) []float64 {
			if r, ok := out.(*knockoff.FixedXResult); ok && r != nil {
				return values(r.Knockoffs)
			}
			return nil
		})),
		plainXY("knockoff.ModelX", func(X mat.Matrix, _ []float64) (any, error) {
			return knockoff.ModelX(X, knockoff.ModelXConfig{S: knockoff.SDP, Seed: 1})
		}, ignoresY),
		plainXY("knockoff.CoefDiffW", func(X mat.Matrix, y []float64) (any, error) {
			W, lam, err := knockoff.CoefDiffW(X, X, y, 0, true, 1)
			return append(W, lam), err
		}),
		plainXY("knockoff.SignedMaxW", func(X mat.Matrix, y []float64) (any, error) {
			return knockoff.SignedMaxW(X, X, y, 20, true)
		}),
		custom("knockoff.Threshold", "params", []string{"knockoff.SolveSDP", "knockoff.EquicorrelatedS", "knockoff.Simulate",
			"knockoff.SimulateContext", "knockoff.SMethod.String", "knockoff.Statistic.String"}, knockoffChecks),
	}
}

func knockoffW(out any) []float64 {
	if r, ok := out.(*knockoff.FilterResult); ok && r != nil {
		return r.W
	}
	return nil
}

func knockoffChecks() []failure {
	param := func(says ...string) *expectation {
		return &expectation{kinds: []error{featlab.ErrParam}, says: says}
	}
	X, y := good()
	R := mat.NewSymDense(2, []float64{1, 0.5, 0.5, 1})
	singular := mat.NewSymDense(2, []float64{1, 1, 1, 1})
	notCorr := mat.NewSymDense(2, []float64{2, 0.5, 0.5, 1})
	var cases []outcome
	for _, q := range []float64{0, -0.1, 1.5, math.NaN()} {
		cases = append(cases, outcome{input: "Threshold q out of range", call: func() (any, error) { return knockoff.Threshold([]float64{1, -1}, q, true) }, want: param("q")})
	}
	cases = append(cases,
		outcome{input: "Threshold NaN in W", call: func() (any, error) { return knockoff.Threshold([]float64{1, math.NaN()}, 0.1, true) },
			want: &expectation{kinds: []error{featlab.ErrNotFinite}, says: []string{"W[1]"}}},
		outcome{input: "Threshold empty W", call: func() (any, error) {
			T, err := knockoff.Threshold(nil, 0.1, true)
			if !math.IsInf(T, 1) {
				return T, nil
			}
			return nil, err
		}},
		outcome{input: "SolveSDP nil", call: func() (any, error) { return knockoff.SolveSDP(nil, knockoff.SDPConfig{}) }, want: param("nil")},
		outcome{input: "SolveSDP singular", call: func() (any, error) { return knockoff.SolveSDP(singular, knockoff.SDPConfig{}) }, want: param("singular")},
		outcome{input: "SolveSDP not a correlation matrix", call: func() (any, error) { return knockoff.SolveSDP(notCorr, knockoff.SDPConfig{}) }, want: param("diagonal")},
		outcome{input: "SolveSDP negative Tol", call: func() (any, error) { return knockoff.SolveSDP(R, knockoff.SDPConfig{Tol: -1}) }, want: param("Tol")},
		outcome{input: "SolveSDP negative MaxIter", call: func() (any, error) { return knockoff.SolveSDP(R, knockoff.SDPConfig{MaxIter: -1}) }, want: param("MaxIter")},
		outcome{input: "SolveSDP valid", call: func() (any, error) { return knockoff.SolveSDP(R, knockoff.SDPConfig{}) }},
		outcome{input: "EquicorrelatedS singular", call: func() (any, error) { return knockoff.EquicorrelatedS(singular) }, want: param("singular")},
		outcome{input: "EquicorrelatedS nil", call: func() (any, error) { return knockoff.EquicorrelatedS(nil) }, want: param("nil")},
		outcome{input: "Simulate K > D", call: func() (any, error) { return knockoff.Simulate(knockoff.SimulateConfig{M: 30, D: 5, K: 6}) }, want: param("K")},
		outcome{input: "Simulate Rho = 1", call: func() (any, error) { return knockoff.Simulate(knockoff.SimulateConfig{M: 30, D: 5, K: 2, Rho: 1}) }, want: param("Rho")},
		outcome{input: "Simulate m < 2d + 1 (fixed-X)", call: func() (any, error) {
			return knockoff.Simulate(knockoff.SimulateConfig{M: 10, D: 5, K: 2, Runs: 2})
		}, want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"2d"}}},
		outcome{input: "Simulate small valid", call: func() (any, error) {
			return knockoff.Simulate(knockoff.SimulateConfig{M: 40, D: 5, K: 2, Runs: 3, ModelX: true, Filter: knockoff.FilterConfig{Statistic: knockoff.SignedMax}})
		}},
		outcome{input: "FixedX m < 2d", call: func() (any, error) { return knockoff.FixedX(X.Slice(0, 5, 0, 3), knockoff.FixedXConfig{}) },
			want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"2d"}}},
		outcome{input: "FixedX bad S", call: func() (any, error) { return knockoff.FixedX(X, knockoff.FixedXConfig{S: 7}) }, want: param("S")},
		outcome{input: "ModelX Sigma of wrong size", call: func() (any, error) { return knockoff.ModelX(X, knockoff.ModelXConfig{Sigma: R}) },
			want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"Sigma"}}},
		outcome{input: "ModelX Mu of wrong size", call: func() (any, error) { return knockoff.ModelX(X, knockoff.ModelXConfig{Mu: []float64{1}}) },
			want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"Mu"}}},
		outcome{input: "filter Q > 1", call: func() (any, error) {
			return knockoff.FilterFixedX(X, y, knockoff.FixedXSelector{FilterConfig: knockoff.FilterConfig{Q: 2}})
		}, want: param("Q")},
		outcome{input: "filter negative Lambda", call: func() (any, error) {
			return knockoff.FilterModelX(X, y, knockoff.ModelXSelector{FilterConfig: knockoff.FilterConfig{Lambda: -1}})
		}, want: param("Lambda")},
		outcome{input: "filter bad Statistic", call: func() (any, error) {
			return knockoff.FilterModelX(X, y, knockoff.ModelXSelector{FilterConfig: knockoff.FilterConfig{Statistic: 9}})
		}, want: param("Statistic")},
		outcome{input: "CoefDiffW knockoffs of another shape", call: func() (any, error) {
			W, _, err := knockoff.CoefDiffW(X, X.Slice(0, 8, 0, 2), y, 0.1, true, 1)
			return W, err
		}, want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"8x2"}}},
		outcome{input: "names", call: func() (any, error) {
			return knockoff.SMethod(5).String() + knockoff.SDP.String() + knockoff.Equicorrelated.String() + knockoff.SignedMax.String() + knockoff.CoefDiff.String(), nil
		}},
	)
	return runCases("knockoff.Threshold", "params", cases)
}
