package badinput

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/transform"
)

// Entries of the solvers that take one-pass statistics (issue 22): each
// is registered as an (X, y) entry through a pass of X and y into the
// statistics it takes, so the suite's hostile inputs reach it the way a
// stream's rows would (a NaN is refused by the accumulator, naming its
// row and column; squares that overflow are ErrNotFinite from the
// solver). One-pass statistics are not rescaled: their selections at
// X x 1e+-300 are those of the underflowed or refused statistics.

func init() { entrySets = append(entrySets, streamsolveEntries) }

const statsScale = "one-pass statistics are not rescaled: the squares of X x 1e+-150 underflow or overflow in the Gram"

// passInto streams X and y (nil: X alone) into acc through a
// MatrixSource on 2 workers, in one block: Block.check names the row
// within its block, so only one block names the suite's rows (the row
// numbering of MatrixSource blocks is stream's, not the solvers').
func passInto(X mat.Matrix, y []float64, acc stream.Accumulator) error {
	if featlab.IsNil(X) {
		return featlab.Errorf(featlab.ErrEmpty, "nil matrix")
	}
	m, d := X.Dims()
	if m == 0 || d == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "matrix is %dx%d", m, d)
	}
	return stream.Pass(&stream.MatrixSource{X: mat.DenseCopyOf(X), Y: y, Target: "y"}, acc, 2)
}

// viaGram adapts a solver of a Gram of [X y] to an (X, y) entry.
func viaGram[R any](f func(*stream.Gram) (R, error)) func(mat.Matrix, []float64) (any, error) {
	return func(X mat.Matrix, y []float64) (any, error) {
		if featlab.IsNil(X) {
			return nil, featlab.Errorf(featlab.ErrEmpty, "nil matrix")
		}
		_, d := X.Dims()
		g, err := stream.NewGram(d, true)
		if err != nil {
			return nil, err
		}
		if err := passInto(X, y, g); err != nil {
			return nil, err
		}
		return f(g)
	}
}

func streamsolveEntries() []*entry {
	sd := scaleDependent(statsScale)
	return []*entry{
		plainXY("linear.LeastSquaresFromStats", viaGram(func(g *stream.Gram) (*linear.LeastSquaresResult, error) {
			return linear.LeastSquaresFromStats(g, linear.LeastSquaresConfig{Intercept: true})
		}), sd),
		plainXY("linear.RidgeFromStats", viaGram(func(g *stream.Gram) (*linear.RidgeResult, error) {
			return linear.RidgeFromStats(g, linear.RidgeConfig{Lambda: 0.1, Intercept: true})
		}), sd),
		plainXY("linear.LassoCVFromStats", func(X mat.Matrix, y []float64) (any, error) {
			if featlab.IsNil(X) {
				return nil, featlab.Errorf(featlab.ErrEmpty, "nil matrix")
			}
			_, d := X.Dims()
			fg, err := stream.NewFoldGram(d, true, 2, 1)
			if err != nil {
				return nil, err
			}
			if err := passInto(X, y, fg); err != nil {
				return nil, err
			}
			return linear.LassoCVFromStats(fg, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 5}})
		}, sd, alsoCovers("linear.LassoCVFromStatsContext", "stream.NewFoldGram", "stream.FoldGram.Add", "stream.FoldGram.Merge",
			"stream.FoldGram.Empty", "stream.FoldGram.Fold", "stream.FoldGram.Train", "stream.FoldGram.Total", "stream.FoldGram.K",
			"stream.FoldGram.Seed", "stream.FoldGram.Features", "stream.FoldGram.HasTarget", "stream.FoldGram.Count")),
		plainXY("stream.FoldSplits", func(X mat.Matrix, y []float64) (any, error) { return stream.FoldSplits(X, y, 2, 1) }, sd, ignoresY),
		plainXY("search.BestSubsetsFromStats", viaGram(func(g *stream.Gram) (*search.BestSubsetsResult, error) {
			return search.BestSubsetsFromStats(g, search.BestSubsetsConfig{})
		}), sd, allowInf, alsoCovers("search.BestSubsetsFromStatsContext")),
		plainXY("search.LeastSquares.EvaluatorFromStats", viaGram(func(g *stream.Gram) (*search.Result, error) {
			ev, err := search.LeastSquares{Score: search.BIC}.EvaluatorFromStats(g)
			if err != nil {
				return nil, err
			}
			return search.Run(context.Background(), ev, search.Config{Strategy: search.Backward{}})
		}), sd, allowInf),
		plainXY("greedy.OMPFromStats", viaGram(func(g *stream.Gram) (*greedy.OMPResult, error) {
			return greedy.OMPFromStats(g, greedy.OMPConfig{T: 2, Intercept: true})
		}), sd),
		plainXY("filter.PearsonFromStats", viaGram(func(g *stream.Gram) (*filter.Scores, error) {
			return filter.PearsonFromStats(g, filter.Config{})
		}), sd),
		plainXY("filter.FRegressionFromStats", viaGram(func(g *stream.Gram) (*filter.Scores, error) {
			return filter.FRegressionFromStats(g, filter.Config{})
		}), sd),
		plainXY("represent.PCAFromStats", viaGram(func(g *stream.Gram) (*represent.PCA, error) {
			return represent.PCAFromStats(g, represent.PCAConfig{K: 1})
		}), sd, ignoresY),
		plainXY("transform.Standardize.FitMoments", func(X mat.Matrix, _ []float64) (any, error) {
			if featlab.IsNil(X) {
				return nil, featlab.Errorf(featlab.ErrEmpty, "nil matrix")
			}
			rows, d := X.Dims()
			if rows == 0 || d == 0 {
				return nil, featlab.Errorf(featlab.ErrEmpty, "matrix is %dx%d", rows, d)
			}
			m, err := stream.NewMoments(d, false)
			if err != nil {
				return nil, err
			}
			if err := passInto(X, nil, m); err != nil {
				return nil, err
			}
			var s transform.Standardize
			if err := s.FitMoments(m); err != nil {
				return nil, err
			}
			return s.Scale(), nil
		}, sd, ignoresY, alsoCovers("stream.Moments.Features", "stream.Moments.HasTarget")),
		custom("stream.FoldGram.UnmarshalBinary", "params", []string{"stream.FoldGram.MarshalBinary", "stream.FoldGram.Names",
			"stream.FoldGram.SetNames", "stream.FoldGram.TargetName", "stream.FoldOf"}, foldGramChecks),
	}
}

// foldGramChecks: fold counts, names, merges of other folds or seeds,
// malformed encodings, FoldOf's k.
func foldGramChecks() []failure {
	good := func() *stream.FoldGram {
		f, _ := stream.NewFoldGram(2, true, 3, 1)
		_ = f.SetNames([]string{"a", "b"}, "y")
		_ = f.Add(&stream.Block{Names: []string{"a", "b"}, Target: "y", X: mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 9}), Y: []float64{1, 0, 1, 2}})
		return f
	}
	enc, _ := good().MarshalBinary()
	param := errKinds(featlab.ErrParam)
	return runCases("stream.FoldGram.UnmarshalBinary", "params", []outcome{
		{"one fold", func() (any, error) { return stream.NewFoldGram(2, true, 1, 0) }, param, nil, false},
		{"no column", func() (any, error) { return stream.NewFoldGram(0, false, 2, 0) }, param, nil, false},
		{"names", func() (any, error) { return nil, good().SetNames([]string{"b", "a"}, "y") }, errKinds(featlab.ErrShape), nil, false},
		{"other seed", func() (any, error) {
			o, _ := stream.NewFoldGram(2, true, 3, 2)
			return nil, good().Merge(o)
		}, errKinds(featlab.ErrShape), nil, false},
		{"a Gram", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, good().Merge(g)
		}, errKinds(featlab.ErrShape), nil, false},
		{"round trip", func() (any, error) {
			var f stream.FoldGram
			if err := f.UnmarshalBinary(enc); err != nil {
				return nil, err
			}
			return f.Names(), nil
		}, nil, nil, false},
		{"empty encoding", func() (any, error) { var f stream.FoldGram; return nil, f.UnmarshalBinary(nil) }, param, nil, false},
		{"truncated", func() (any, error) { var f stream.FoldGram; return nil, f.UnmarshalBinary(enc[:len(enc)-3]) }, param, nil, false},
		{"trailing", func() (any, error) {
			var f stream.FoldGram
			return nil, f.UnmarshalBinary(append(append([]byte{}, enc...), 0))
		}, param, nil, false},
		{"huge K", func() (any, error) {
			b := append([]byte{}, enc...)
			b[5], b[6], b[7], b[8] = 0xff, 0xff, 0xff, 0x7f
			var f stream.FoldGram
			return nil, f.UnmarshalBinary(b)
		}, param, nil, false},
		{"FoldOf k 0", func() (any, error) { return stream.FoldOf([]float64{1}, 0, 0), nil }, nil, []string{"FoldOf", "k"}, false},
	})
}
