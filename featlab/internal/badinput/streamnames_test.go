package badinput

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// Entries of featlab/stream's column names: SetNames with a wrong count,
// blocks and accumulators whose columns come in another order.

func init() { entrySets = append(entrySets, streamNamesEntries) }

func streamNamesEntries() []*entry {
	return []*entry{
		custom("stream.Gram.SetNames", "params", []string{
			"stream.Moments.SetNames", "stream.Gram.Names", "stream.Gram.TargetName",
			"stream.Moments.Names", "stream.Moments.TargetName",
		}, streamNamesChecks),
	}
}

func streamNamesChecks() []failure {
	two := mat.NewDense(2, 2, []float64{1, 2, 3, 5})
	y := []float64{1, 2}
	return runCases("stream.Gram.SetNames", "params", []outcome{
		{"names count", func() (any, error) {
			g, _ := stream.NewGram(2, true)
			return nil, g.SetNames([]string{"a"}, "y")
		}, errKinds(featlab.ErrShape), nil, false},
		{"reordered block", func() (any, error) {
			m, _ := stream.NewMoments(2, true)
			if err := m.SetNames([]string{"a", "b"}, "y"); err != nil {
				return nil, err
			}
			return nil, m.Add(&stream.Block{Names: []string{"b", "a"}, Target: "y", X: two, Y: y})
		}, errKinds(featlab.ErrShape), nil, false},
		{"reordered merge", func() (any, error) {
			a, _ := stream.NewGram(2, false)
			b, _ := stream.NewGram(2, false)
			_ = a.Add(&stream.Block{Names: []string{"a", "b"}, X: two})
			_ = b.Add(&stream.Block{Names: []string{"b", "a"}, X: two})
			return nil, a.Merge(b)
		}, errKinds(featlab.ErrShape), nil, false},
		{"names", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			_ = m.Add(&stream.Block{Names: []string{"a", "b"}, X: two})
			g, _ := stream.NewGram(2, true)
			return []any{m.Names(), m.TargetName(), g.Names(), g.TargetName()}, nil
		}, nil, nil, false},
	})
}
