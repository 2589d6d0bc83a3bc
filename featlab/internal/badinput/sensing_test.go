package badinput

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/viz"
)

// sensingEntries registers featlab/sensing (compressed sensing and matrix
// completion), its generators in synth and its figure builders in viz.
// The (A, y) recovery functions take the suite's hostile (X, y) pairs as
// (A, y); the rest run their own cases.
func sensingEntries() []*entry {
	return []*entry{
		xyCtx("sensing.BasisPursuit", withIdentity(sensing.BasisPursuit), withIdentityCtx(sensing.BasisPursuitContext), sensing.BasisPursuitConfig{}),
		xyCtx("sensing.BPDN", sensing.BPDN, sensing.BPDNContext, sensing.BPDNConfig{Lambda: 0.01}),
		xy("sensing.OMP", sensing.OMP, sensing.OMPConfig{K: 1}),
		xyCtx("sensing.IHT", sensing.IHT, sensing.IHTContext, sensing.IHTConfig{K: 1}),
		xyCtx("sensing.L0", withIdentity(sensing.L0), withIdentityCtx(sensing.L0Context), sensing.L0Config{}),
		xy("sensing.LeastNorm", sensing.LeastNorm, sensing.LeastNormConfig{}),
		custom("sensing.RIP", "params", sensingIDs, sensingChecks),
		custom("sensing.ObserveEntries", "params", completionIDs, completionChecks),
		custom("synth.SparseVector", "params", []string{"synth.LowRank", "synth.BlockDigit", "synth.BookRatings"}, sensingSynthChecks),
		custom("viz.HeatMap", "params", []string{"viz.Image", "viz.Stems"}, sensingVizChecks),
	}
}

var sensingIDs = []string{"sensing.RIPContext", "sensing.Coherence", "sensing.CoherenceBound", "sensing.Binomial", "sensing.L0Count",
	"sensing.Gaussian", "sensing.Bernoulli", "sensing.PartialDCT", "sensing.RandomRows", "sensing.NewDCT", "sensing.DCT.Analyze",
	"sensing.DCT.Synthesize", "sensing.NewHaar", "sensing.Haar.Analyze", "sensing.Haar.Synthesize", "sensing.DCT2", "sensing.Haar2",
	"sensing.NewSeparable2D", "sensing.Separable2D.Analyze", "sensing.Separable2D.Synthesize", "sensing.BasisMatrix",
	"sensing.HardThreshold", "sensing.IHTStep", "sensing.ZhouLambda", "sensing.L1PhaseTransition", "sensing.PhaseTransition",
	"sensing.PhaseTransitionContext", "sensing.GapRank"}

var completionIDs = []string{"sensing.ObserveMatrix", "sensing.Observations.EmptyRows", "sensing.Observations.EmptyCols",
	"sensing.Observations.Fraction", "sensing.Observations.Matrix", "sensing.NuclearNorm", "sensing.NuclearNormContext",
	"sensing.SVT", "sensing.SVTContext", "sensing.SoftImpute", "sensing.SoftImputeContext", "sensing.Refine",
	"sensing.RefineContext", "sensing.CheckCertificate", "sensing.SoftThresholdSV", "sensing.MissingError",
	"sensing.Completion.Matrix", "sensing.Completion.At", "sensing.CompletionPath.Last"}

func sensingChecks() []failure {
	pe := errKinds(featlab.ErrParam)
	nan, inf := math.NaN(), math.Inf(1)
	A, _ := sensing.Gaussian(6, 10, 1)
	zeroCol := mat.NewDense(3, 3, []float64{1, 0, 2, 0, 0, 1, 1, 0, 3})
	c := func(input string, f func() (any, error), want *expectation) outcome {
		return outcome{input: input, call: f, want: want}
	}
	np := func(input string, f func() (any, error)) outcome {
		return outcome{input: input, call: f, noPanic: true}
	}
	cases := []outcome{
		c("Gaussian(0, 5)", func() (any, error) { return sensing.Gaussian(0, 5, 1) }, pe),
		c("Bernoulli(5, -1)", func() (any, error) { return sensing.Bernoulli(5, -1, 1) }, pe),
		c("Gaussian(1<<20, 1<<20)", func() (any, error) { return sensing.Gaussian(1<<20, 1<<20, 1) }, pe),
		c("PartialDCT(9, 8)", func() (any, error) { a, _, err := sensing.PartialDCT(9, 8, 1); return a, err }, pe),
		c("RandomRows(nil, 2)", func() (any, error) { a, _, err := sensing.RandomRows(nil, 2, 1); return a, err }, errKinds(featlab.ErrEmpty)),
		c("RandomRows(A, 0)", func() (any, error) { a, _, err := sensing.RandomRows(A, 0, 1); return a, err }, pe),
		c("RandomRows(NaN)", func() (any, error) {
			a, _, err := sensing.RandomRows(mat.NewDense(2, 2, []float64{1, nan, 0, 1}), 1, 1)
			return a, err
		}, errKinds(featlab.ErrNotFinite)),
		c("NewHaar(6)", func() (any, error) { return sensing.NewHaar(6) }, pe),
		c("Haar2(4, 3)", func() (any, error) { return sensing.Haar2(4, 3) }, pe),
		c("BasisMatrix(nil)", func() (any, error) { return sensing.BasisMatrix(nil) }, errKinds(featlab.ErrParam)),
		c("BasisMatrix(DCT2(2, 3)) and transforms", func() (any, error) {
			b := sensing.DCT2(2, 3)
			x := []float64{1, 2, 3, 4, 5, 6}
			h, _ := sensing.NewHaar(4)
			h.Synthesize(nil, h.Analyze(nil, []float64{1, 2, 3, 4}))
			d := sensing.NewDCT(3)
			d.Synthesize(nil, d.Analyze(nil, []float64{1, 2, 3}))
			b.Synthesize(nil, b.Analyze(nil, x))
			sensing.NewSeparable2D(d, d)
			return sensing.BasisMatrix(b)
		}, nil),
		c("Coherence(nil)", func() (any, error) { m, _, _, err := sensing.Coherence(nil); return m, err }, errKinds(featlab.ErrEmpty)),
		c("Coherence(one column)", func() (any, error) {
			m, _, _, err := sensing.Coherence(mat.NewDense(2, 1, []float64{1, 2}))
			return m, err
		}, pe),
		c("Coherence(zero column)", func() (any, error) { m, _, _, err := sensing.Coherence(zeroCol); return m, err }, errKinds(featlab.ErrConstant)),
		c("Coherence(Inf)", func() (any, error) {
			m, _, _, err := sensing.Coherence(mat.NewDense(2, 2, []float64{1, inf, 0, 1}))
			return m, err
		}, errKinds(featlab.ErrNotFinite)),
		np("CoherenceBound(0) = +Inf (orthogonal columns: every k)", func() (any, error) { return sensing.CoherenceBound(0), nil }),
		c("RIP(k = 0)", func() (any, error) { return sensing.RIP(A, 0, sensing.RIPConfig{}) }, pe),
		c("RIP(k = 11)", func() (any, error) { return sensing.RIP(A, 11, sensing.RIPConfig{}) }, pe),
		c("RIP(Trials = -1)", func() (any, error) { return sensing.RIP(A, 2, sensing.RIPConfig{Trials: -1}) }, pe),
		c("RIP(nil)", func() (any, error) { return sensing.RIP(nil, 2, sensing.RIPConfig{}) }, errKinds(featlab.ErrEmpty)),
		c("RIPContext(cancelled)", func() (any, error) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			r, err := sensing.RIPContext(ctx, A, 2, sensing.RIPConfig{})
			if err != nil && r != nil && !r.Exact {
				return nil, nil
			}
			return r, err
		}, nil),
		c("Binomial, L0Count, ZhouLambda, GapRank", func() (any, error) {
			return []float64{sensing.Binomial(5, 7), sensing.L0Count(10, 2), sensing.ZhouLambda(0.1, 5), float64(sensing.GapRank([]float64{3, 2, 0}, 10))}, nil
		}, nil),
		np("L1PhaseTransition(-1), (2), NaN", func() (any, error) {
			return []float64{sensing.L1PhaseTransition(-1), sensing.L1PhaseTransition(2), sensing.L1PhaseTransition(nan)}, nil
		}),
		c("HardThreshold(k > len)", func() (any, error) { return sensing.HardThreshold(nil, []float64{1, -3}, 5), nil }, nil),
		c("IHTStep", func() (any, error) { return sensing.IHTStep(A, make([]float64, 6), make([]float64, 10), 2, 0.1), nil }, nil),
		c("PhaseTransition(M = 1)", func() (any, error) { return sensing.PhaseTransition(sensing.PhaseTransitionConfig{M: 1}) }, pe),
		c("PhaseTransition(delta 1.5)", func() (any, error) {
			return sensing.PhaseTransition(sensing.PhaseTransitionConfig{M: 10, Deltas: []float64{1.5}})
		}, pe),
		c("PhaseTransition(rho NaN)", func() (any, error) {
			return sensing.PhaseTransition(sensing.PhaseTransitionConfig{M: 10, Rhos: []float64{nan}})
		}, pe),
		c("PhaseTransitionContext(small grid)", func() (any, error) {
			return sensing.PhaseTransitionContext(context.Background(), sensing.PhaseTransitionConfig{M: 10, Deltas: []float64{0.5}, Rhos: []float64{0.2}, Trials: 2, Method: sensing.RecoverOMP})
		}, nil),
		c("PhaseTransition(Method 7)", func() (any, error) {
			return sensing.PhaseTransition(sensing.PhaseTransitionConfig{M: 10, Method: 7})
		}, pe),
	}
	return runCases("sensing.RIP", "parameters and transforms", cases)
}

func completionChecks() []failure {
	pe := errKinds(featlab.ErrParam)
	nan, inf := math.NaN(), math.Inf(1)
	good, _ := sensing.ObserveEntries(3, 3, []int{0, 0, 1, 1, 2, 2}, []int{0, 1, 1, 2, 0, 2}, []float64{1, 2, 2, 4, 1, 3})
	gap, _ := sensing.ObserveMatrix(mat.NewDense(3, 3, []float64{1, 2, nan, 2, 4, nan, nan, nan, nan}))
	c := func(input string, f func() (any, error), want *expectation) outcome {
		return outcome{input: input, call: f, want: want}
	}
	cases := []outcome{
		c("ObserveEntries(duplicate)", func() (any, error) {
			return sensing.ObserveEntries(2, 2, []int{0, 0}, []int{1, 1}, []float64{1, 2})
		}, pe),
		c("ObserveEntries(out of range)", func() (any, error) { return sensing.ObserveEntries(2, 2, []int{2}, []int{0}, []float64{1}) }, pe),
		c("ObserveEntries(NaN value)", func() (any, error) { return sensing.ObserveEntries(2, 2, []int{0}, []int{0}, []float64{nan}) }, errKinds(featlab.ErrNotFinite)),
		c("ObserveEntries(lengths)", func() (any, error) { return sensing.ObserveEntries(2, 2, []int{0, 1}, []int{0}, []float64{1}) }, errKinds(featlab.ErrShape)),
		c("ObserveEntries(0 x 2)", func() (any, error) { return sensing.ObserveEntries(0, 2, nil, nil, nil) }, errKinds(featlab.ErrEmpty)),
		c("ObserveMatrix(nil)", func() (any, error) { return sensing.ObserveMatrix(nil) }, errKinds(featlab.ErrEmpty)),
		c("ObserveMatrix(Inf)", func() (any, error) { return sensing.ObserveMatrix(mat.NewDense(1, 2, []float64{1, inf})) }, errKinds(featlab.ErrNotFinite)),
		c("ObserveMatrix(all NaN)", func() (any, error) { return sensing.ObserveMatrix(mat.NewDense(1, 2, []float64{nan, nan})) }, errKinds(featlab.ErrEmpty)),
		c("Observations accessors", func() (any, error) {
			return []any{gap.EmptyRows(), gap.EmptyCols(), gap.Fraction(), gap.Matrix().At(0, 0)}, nil
		}, nil),
		c("NuclearNorm(empty row)", func() (any, error) { return sensing.NuclearNorm(gap, sensing.NuclearNormConfig{}) }, errKinds(featlab.ErrEmpty)),
		c("NuclearNorm(nil)", func() (any, error) { return sensing.NuclearNorm(nil, sensing.NuclearNormConfig{}) }, errKinds(featlab.ErrEmpty)),
		c("NuclearNorm(Tol = -1)", func() (any, error) { return sensing.NuclearNorm(good, sensing.NuclearNormConfig{Tol: -1}) }, pe),
		c("NuclearNormContext(AllowEmpty)", func() (any, error) {
			r, err := sensing.NuclearNormContext(context.Background(), gap, sensing.NuclearNormConfig{AllowEmpty: true})
			if err != nil {
				return nil, err
			}
			return []any{r.Matrix(), r.At(0, 0), r.Certificate}, nil
		}, nil),
		c("SVT(empty row)", func() (any, error) { return sensing.SVT(gap, sensing.SVTConfig{}) }, errKinds(featlab.ErrEmpty)),
		c("SVT(Tau = NaN)", func() (any, error) { return sensing.SVT(good, sensing.SVTConfig{Tau: nan}) }, pe),
		c("SVTContext", func() (any, error) {
			r, err := sensing.SVTContext(context.Background(), good, sensing.SVTConfig{MaxIter: 20})
			if err != nil {
				return nil, err
			}
			return r.Matrix(), nil
		}, nil),
		c("SoftImpute(empty row)", func() (any, error) { return sensing.SoftImpute(gap, sensing.SoftImputeConfig{}) }, errKinds(featlab.ErrEmpty)),
		c("SoftImpute(increasing grid)", func() (any, error) {
			return sensing.SoftImpute(good, sensing.SoftImputeConfig{Lambdas: []float64{1, 2}})
		}, pe),
		c("SoftImpute(LambdaMinRatio = 1)", func() (any, error) {
			return sensing.SoftImpute(good, sensing.SoftImputeConfig{LambdaMinRatio: 1})
		}, pe),
		c("SoftImputeContext + Refine", func() (any, error) {
			p, err := sensing.SoftImputeContext(context.Background(), good, sensing.SoftImputeConfig{NLambda: 3})
			if err != nil {
				return nil, err
			}
			r, err := sensing.RefineContext(context.Background(), good, p.Last(), sensing.RefineConfig{Rank: 1})
			if err != nil {
				return nil, err
			}
			return []any{r.Matrix(), sensing.MissingError(good, r, mat.NewDense(3, 3, nil))}, nil
		}, nil),
		c("Refine(nil start)", func() (any, error) { return sensing.Refine(good, nil, sensing.RefineConfig{}) }, errKinds(featlab.ErrParam)),
		c("CheckCertificate(shape)", func() (any, error) {
			return sensing.CheckCertificate(good, mat.NewDense(2, 2, nil), mat.NewDense(3, 3, nil), 1e-8, 0)
		}, errKinds(featlab.ErrShape)),
		c("CheckCertificate(NaN)", func() (any, error) {
			return sensing.CheckCertificate(good, mat.NewDense(3, 3, []float64{nan, 0, 0, 0, 0, 0, 0, 0, 0}), mat.NewDense(3, 3, nil), 1e-8, 0)
		}, errKinds(featlab.ErrNotFinite)),
		c("SoftThresholdSV", func() (any, error) { return sensing.SoftThresholdSV(mat.NewDense(2, 2, []float64{3, 0, 0, 1}), 2), nil }, nil),
	}
	return runCases("sensing.ObserveEntries", "observations and completion", cases)
}

func sensingSynthChecks() []failure {
	pe := errKinds(featlab.ErrParam)
	c := func(input string, f func() (any, error), want *expectation) outcome {
		return outcome{input: input, call: f, want: want}
	}
	cases := []outcome{
		c("SparseVector(0, 0)", func() (any, error) { return synth.SparseVector(0, 0, 1) }, pe),
		c("SparseVector(3, 4)", func() (any, error) { return synth.SparseVector(3, 4, 1) }, pe),
		c("SparseVector(5, 2)", func() (any, error) { return synth.SparseVector(5, 2, 1) }, nil),
		c("LowRank(rank > rows)", func() (any, error) {
			M, _, _, _, err := synth.LowRank(synth.LowRankConfig{Rows: 3, Cols: 4, Rank: 5}, 1)
			return M, err
		}, pe),
		c("LowRank(fraction 2)", func() (any, error) {
			M, _, _, _, err := synth.LowRank(synth.LowRankConfig{Rows: 3, Cols: 4, Rank: 1, Fraction: 2}, 1)
			return M, err
		}, pe),
		c("LowRank(1 << 14 square)", func() (any, error) {
			M, _, _, _, err := synth.LowRank(synth.LowRankConfig{Rows: 1 << 14, Cols: 1 << 14, Rank: 1}, 1)
			return M, err
		}, pe),
		c("BlockDigit, BookRatings", func() (any, error) {
			_, full, _, _, _ := synth.BookRatings()
			return []any{synth.BlockDigit(), full}, nil
		}, nil),
	}
	return runCases("synth.SparseVector", "parameters", cases)
}

func sensingVizChecks() []failure {
	nan := math.NaN()
	np := func(input string, f func() (any, error)) outcome {
		return outcome{input: input, call: f, noPanic: true}
	}
	z := [][]float64{{0, 1}, {1, 0}}
	xs, ys := []float64{0, 1}, []float64{0, 1}
	cases := []outcome{
		np("HeatMap(good)", func() (any, error) { return viz.HeatMap("t", "x", "y", xs, ys, z, 0, 1) }),
		np("HeatMap(NaN cell)", func() (any, error) { return viz.HeatMap("t", "x", "y", xs, ys, [][]float64{{nan, 1}, {1, 0}}, 0, 1) }),
		np("HeatMap(NaN x)", func() (any, error) { return viz.HeatMap("t", "x", "y", []float64{nan, 1}, ys, z, 0, 1) }),
		np("HeatMap(ragged)", func() (any, error) { return viz.HeatMap("t", "x", "y", xs, ys, [][]float64{{0}, {1, 0}}, 0, 1) }),
		np("HeatMap(lo = hi)", func() (any, error) { return viz.HeatMap("t", "x", "y", xs, ys, z, 1, 1) }),
		np("HeatMap(NaN curve)", func() (any, error) {
			return viz.HeatMap("t", "x", "y", xs, ys, z, 0, 1, viz.LineSeries{X: []float64{0, nan}, Y: []float64{0, 1}})
		}),
		np("HeatMap(empty)", func() (any, error) { return viz.HeatMap("t", "x", "y", nil, nil, nil, 0, 1) }),
		np("Image(short)", func() (any, error) { return viz.Image("t", []float64{1}, 2, 2, 0, 1) }),
		np("Image(NaN)", func() (any, error) { return viz.Image("t", []float64{nan, 0, 0, 0}, 2, 2, 0, 1) }),
		np("Image(0 x 0)", func() (any, error) { return viz.Image("t", nil, 0, 0, 0, 1) }),
		np("Stems(nil)", func() (any, error) { return viz.Stems("t", "x", "y", nil) }),
		np("Stems(empty series)", func() (any, error) { return viz.Stems("t", "x", "y", []viz.LineSeries{{}}) }),
		np("Stems(NaN)", func() (any, error) {
			return viz.Stems("t", "x", "y", []viz.LineSeries{{X: []float64{0, nan}, Y: []float64{1, 2}}})
		}),
		np("Stems(all zero)", func() (any, error) {
			return viz.Stems("t", "x", "y", []viz.LineSeries{{X: []float64{0, 1}, Y: []float64{0, 0}}})
		}),
	}
	return runCases("viz.HeatMap", "figure builders", cases)
}

// withIdentity adapts an exact-recovery function (A s = y) to the suite's
// (X, y) inputs, which are overdetermined (8 x 3, y outside the range of X):
// it solves with A = [X | I], so every y is reachable and the suite's valid
// case is a real recovery, while hostile values of X (NaN, Inf, extreme
// scales) still reach the function. A nil or empty X is passed through.
func withIdentity[C, R any](f func(mat.Matrix, []float64, C) (R, error)) func(mat.Matrix, []float64, C) (R, error) {
	return func(X mat.Matrix, y []float64, cfg C) (R, error) { return f(appendIdentity(X), y, cfg) }
}

func withIdentityCtx[C, R any](f func(context.Context, mat.Matrix, []float64, C) (R, error)) func(context.Context, mat.Matrix, []float64, C) (R, error) {
	return func(ctx context.Context, X mat.Matrix, y []float64, cfg C) (R, error) {
		return f(ctx, appendIdentity(X), y, cfg)
	}
}

func appendIdentity(X mat.Matrix) mat.Matrix {
	if featlab.IsNil(X) {
		return X
	}
	r, c := X.Dims()
	if r == 0 || c == 0 {
		return X
	}
	A := mat.NewDense(r, c+r, nil)
	A.Slice(0, r, 0, c).(*mat.Dense).Copy(X)
	for i := 0; i < r; i++ {
		A.Set(i, c+i, 1)
	}
	return A
}
