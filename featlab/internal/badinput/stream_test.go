package badinput

import (
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stream"
)

// Entries of featlab/stream: the CSV source through a Gram pass (the
// suite's CSV inputs), the accumulators' parameters, blocks and decoders.

func init() { entrySets = append(entrySets, streamEntries) }

func streamEntries() []*entry {
	return []*entry{
		csvReader("stream.NewCSV", true, func(text string) (any, error) {
			src, err := stream.NewCSV(strings.NewReader(text), stream.CSVConfig{Target: "y", ChunkBytes: 8})
			if err != nil {
				return nil, err
			}
			g, err := stream.NewGram(len(src.Names()), true)
			if err != nil {
				return nil, err
			}
			if err := stream.Pass(src, g, 2); err != nil {
				return nil, err
			}
			return g.Mean(), nil
		}, alsoCovers("stream.Pass", "stream.CSVSource.Next", "stream.CSVSource.Names", "stream.NewGram", "stream.Gram.Add", "stream.Gram.Mean")),
		custom("stream.NewMoments", "params", []string{
			"stream.Moments.Add", "stream.Moments.Merge", "stream.Moments.Empty", "stream.Moments.Count",
			"stream.Moments.Mean", "stream.Moments.M2", "stream.Moments.Var", "stream.Moments.Min", "stream.Moments.Max",
			"stream.Moments.MarshalBinary", "stream.Moments.UnmarshalBinary",
			"stream.Gram.Merge", "stream.Gram.Empty", "stream.Gram.Count", "stream.Gram.Centred", "stream.Gram.Cov",
			"stream.Gram.Corr", "stream.Gram.Features", "stream.Gram.HasTarget",
			"stream.Gram.MarshalBinary", "stream.Gram.UnmarshalBinary", "stream.MatrixSource.Next",
		}, streamChecks),
		custom("linear.LassoPathFromStats", "params", nil, lassoFromStatsChecks),
	}
}

// lassoFromStatsChecks: a nil Gram, one without a target or rows, a bad
// config, a constant target.
func lassoFromStatsChecks() []failure {
	gram := func(rows int, target bool) *stream.Gram {
		g, _ := stream.NewGram(2, target)
		if rows > 0 {
			X := mat.NewDense(rows, 2, nil)
			y := make([]float64, rows)
			for i := 0; i < rows; i++ {
				X.Set(i, 0, float64(i))
				X.Set(i, 1, float64(i*i%5))
				y[i] = 1
			}
			if !target {
				y = nil
			}
			_ = stream.Pass(&stream.MatrixSource{X: X, Y: y}, g, 1)
		}
		return g
	}
	return runCases("linear.LassoPathFromStats", "params", []outcome{
		{"nil Gram", func() (any, error) { return linear.LassoPathFromStats(nil, linear.LassoPathConfig{}) }, errKinds(featlab.ErrParam), nil, false},
		{"no target", func() (any, error) { return linear.LassoPathFromStats(gram(5, false), linear.LassoPathConfig{}) }, errKinds(featlab.ErrParam), nil, false},
		{"no rows", func() (any, error) { return linear.LassoPathFromStats(gram(0, true), linear.LassoPathConfig{}) }, errKinds(featlab.ErrEmpty), nil, false},
		{"bad eps", func() (any, error) {
			return linear.LassoPathFromStats(gram(5, true), linear.LassoPathConfig{Eps: 2})
		}, errKinds(featlab.ErrParam), nil, false},
		{"names", func() (any, error) {
			return linear.LassoPathFromStats(gram(5, true), linear.LassoPathConfig{Names: []string{"a"}})
		}, errKinds(featlab.ErrParam, featlab.ErrShape), nil, false},
		{"constant target", func() (any, error) {
			return linear.LassoPathFromStats(gram(5, true), linear.LassoPathConfig{Intercept: true, NLambdas: 3})
		}, nil, nil, true},
	})
}

// streamChecks: sizes, shapes, non-finite cells, merges of other kinds,
// malformed encodings and matrix sources.
func streamChecks() []failure {
	nan := math.NaN()
	two := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	return runCases("stream.NewMoments", "params", []outcome{
		{"no column", func() (any, error) { return stream.NewMoments(0, false) }, errKinds(featlab.ErrParam), nil, false},
		{"negative d", func() (any, error) { return stream.NewGram(-1, true) }, errKinds(featlab.ErrParam), nil, false},
		{"huge Gram", func() (any, error) { return stream.NewGram(1<<40, true) }, errKinds(featlab.ErrTooLarge), nil, false},
		{"NaN cell", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			return nil, m.Add(&stream.Block{X: mat.NewDense(1, 2, []float64{1, nan})})
		}, errKinds(featlab.ErrNotFinite), nil, false},
		{"NaN target", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, g.Add(&stream.Block{X: two, Y: []float64{1, nan}})
		}, errKinds(featlab.ErrNotFinite), nil, false},
		{"no target", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, g.Add(&stream.Block{X: two})
		}, errKinds(featlab.ErrShape), nil, false},
		{"other width", func() (any, error) {
			m, _ := stream.NewMoments(3, false)
			return nil, m.Add(&stream.Block{X: two})
		}, errKinds(featlab.ErrShape), nil, false},
		{"nil block", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			return nil, m.Add(nil)
		}, errKinds(featlab.ErrParam), nil, false},
		{"merge kinds", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			g, _ := stream.NewGram(2, false)
			return nil, g.Merge(m)
		}, errKinds(featlab.ErrShape), nil, false},
		{"merge nil", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			return nil, m.Merge(nil)
		}, errKinds(featlab.ErrShape), nil, false},
		{"decode garbage", func() (any, error) {
			var m stream.Moments
			return nil, m.UnmarshalBinary([]byte("FLST\x01\x01"))
		}, errKinds(featlab.ErrParam), nil, false},
		{"decode huge", func() (any, error) {
			// Version 2 (column names) of the encoding.
			var g stream.Gram
			b := append([]byte("FLST\x02\x02\x01"), 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
			return nil, g.UnmarshalBinary(b)
		}, errKinds(featlab.ErrTooLarge), nil, false},
		{"matrix source nil", func() (any, error) {
			g, _ := stream.NewGram(2, false)
			return nil, stream.Pass(&stream.MatrixSource{}, g, 1)
		}, errKinds(featlab.ErrEmpty), nil, false},
		{"matrix source short y", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, stream.Pass(&stream.MatrixSource{X: two, Y: []float64{1}}, g, 1)
		}, errKinds(featlab.ErrShape), nil, false},
		{"nil source", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, stream.Pass(nil, g, 1)
		}, errKinds(featlab.ErrParam), nil, false},
	})
}
