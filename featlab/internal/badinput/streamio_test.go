package badinput

import (
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/parquet"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/internal/pqwrite"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/stream/pqsource"
)

// Entries of featlab/stream's Parquet source and class accumulators, and
// of the filter scores computed from them: malformed CSV and Parquet, a
// column missing from one shard, a type change between shards, an empty
// shard, NaN and null cells, bad labels, bins and encodings.

func init() { entrySets = append(entrySets, streamioEntries) }

func streamioEntries() []*entry {
	return []*entry{
		custom("pqsource.New", "params", []string{"pqsource.Source.Next", "pqsource.Source.Names"}, parquetChecks),
		custom("stream.NewClassStats", "params", []string{
			"stream.ClassStats.Add", "stream.ClassStats.Merge", "stream.ClassStats.Empty", "stream.ClassStats.Count",
			"stream.ClassStats.Classes", "stream.ClassStats.ClassCounts", "stream.ClassStats.Class", "stream.ClassStats.Sums",
			"stream.ClassStats.Shift", "stream.ClassStats.Features", "stream.ClassStats.SetNames", "stream.ClassStats.Names",
			"stream.ClassStats.TargetName", "stream.ClassStats.MarshalBinary", "stream.ClassStats.UnmarshalBinary",
			"filter.FClassifFromStats", "filter.Chi2FromStats",
		}, classStatsChecks),
		custom("stream.NewContingency", "params", []string{
			"stream.ContingencyFromMoments", "stream.Contingency.Add", "stream.Contingency.Merge", "stream.Contingency.Empty",
			"stream.Contingency.Count", "stream.Contingency.Classes", "stream.Contingency.Table", "stream.Contingency.Bin",
			"stream.Contingency.Cuts", "stream.Contingency.Features", "stream.Contingency.SetNames", "stream.Contingency.Names",
			"stream.Contingency.TargetName", "stream.Contingency.MarshalBinary", "stream.Contingency.UnmarshalBinary",
			"filter.InfoGainFromCounts",
		}, contingencyChecks),
	}
}

// pqFile writes columns (name, type, values, nulls) to a temporary file.
func pqFile(dir, name string, specs []pqwrite.Spec, cols [][]float64, null [][]bool) string {
	p := filepath.Join(dir, name)
	if err := pqwrite.Write(p, specs, cols, null, 2); err != nil {
		panic(err)
	}
	return p
}

func parquetChecks() []failure {
	dir, err := os.MkdirTemp("", "badinput-parquet")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	dbl := parquet.Types.Double
	xy := []pqwrite.Spec{{Name: "a", Type: dbl}, {Name: "y", Type: dbl}}
	good := pqFile(dir, "good.parquet", xy, [][]float64{{1, 2, 3}, {0, 1, 0}}, nil)
	noA := pqFile(dir, "noa.parquet", []pqwrite.Spec{{Name: "y", Type: dbl}}, [][]float64{{1}}, nil)
	typed := pqFile(dir, "typed.parquet", []pqwrite.Spec{{Name: "a", Type: parquet.Types.Int32}, {Name: "y", Type: dbl}}, [][]float64{{1}, {1}}, nil)
	empty := pqFile(dir, "empty.parquet", xy, [][]float64{{}, {}}, nil)
	nan := pqFile(dir, "nan.parquet", xy, [][]float64{{1, math.NaN()}, {0, 1}}, nil)
	inf := pqFile(dir, "inf.parquet", xy, [][]float64{{1, math.Inf(1)}, {0, 1}}, nil)
	null := pqFile(dir, "null.parquet", []pqwrite.Spec{{Name: "a", Type: dbl, Optional: true}, {Name: "y", Type: dbl}}, [][]float64{{1, 2}, {0, 1}}, [][]bool{{false, true}, nil})
	garbage := filepath.Join(dir, "garbage.parquet")
	_ = os.WriteFile(garbage, []byte("PAR1\x00\x01garbagePAR1"), 0o644)
	truncated := filepath.Join(dir, "truncated.parquet")
	raw, _ := os.ReadFile(good)
	_ = os.WriteFile(truncated, raw[:len(raw)/2], 0o644)
	pass := func(cfg pqsource.Config, paths ...string) func() (any, error) {
		return func() (any, error) {
			src, err := pqsource.New(paths, cfg)
			if err != nil {
				return nil, err
			}
			g, err := stream.NewGram(len(src.Names()), cfg.Target != "")
			if err != nil {
				return nil, err
			}
			if err := stream.Pass(src, g, 2); err != nil {
				return nil, err
			}
			return g.Mean(), nil
		}
	}
	y := pqsource.Config{Target: "y"}
	return runCases("pqsource.New", "params", []outcome{
		{"no files", pass(y), errKinds(featlab.ErrEmpty), nil, false},
		{"no such file", pass(y, filepath.Join(dir, "absent.parquet")), errSays(featlab.ErrParam, "absent.parquet"), nil, false},
		{"not Parquet", pass(y, garbage), errSays(featlab.ErrParam, "garbage.parquet"), nil, false},
		{"truncated", pass(y, good, truncated), errSays(featlab.ErrParam, "truncated.parquet"), nil, false},
		{"missing target", pass(pqsource.Config{Target: "z"}, good), errKinds(featlab.ErrMissing), nil, false},
		{"column missing in one shard", pass(y, good, noA), errSays(featlab.ErrMissing, "noa.parquet", `"a"`), nil, false},
		{"type change between shards", pass(y, good, typed), errSays(featlab.ErrShape, "typed.parquet", "type change"), nil, false},
		{"empty shard skipped", pass(y, good, empty), nil, nil, false},
		{"only an empty shard", pass(y, empty), errKinds(featlab.ErrEmpty), nil, false},
		{"NaN cell", pass(y, nan), errSays(featlab.ErrNotFinite, "nan.parquet", "data row 1"), nil, false},
		{"Inf cell", pass(y, inf), errSays(featlab.ErrNotFinite, "inf.parquet"), nil, false},
		{"null cell", pass(y, null), errSays(featlab.ErrNotFinite, "null.parquet", `"a"`), nil, false},
		{"null as NaN, refused by the Gram", pass(pqsource.Config{Target: "y", Missing: featlab.MissingAsNaN}, null), errKinds(featlab.ErrNotFinite), nil, false},
		{"bad policy", pass(pqsource.Config{Missing: 7}, good), errKinds(featlab.ErrParam), nil, false},
		{"CSV NaN cell", func() (any, error) {
			src, err := stream.NewCSV(strings.NewReader("a,y\n1,0\nNaN,1\n"), stream.CSVConfig{Target: "y"})
			if err != nil {
				return nil, err
			}
			g, _ := stream.NewGram(1, true)
			return nil, stream.Pass(src, g, 1)
		}, errKinds(featlab.ErrNotFinite), nil, false},
		{"CSV ragged row", func() (any, error) {
			src, err := stream.NewCSV(strings.NewReader("a,y\n1,0\n2\n"), stream.CSVConfig{Target: "y"})
			if err != nil {
				return nil, err
			}
			g, _ := stream.NewGram(1, true)
			return nil, stream.Pass(src, g, 1)
		}, errKinds(featlab.ErrShape), nil, false},
	})
}

func classStatsChecks() []failure {
	X := mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 9})
	block := func(y ...float64) *stream.Block { return &stream.Block{X: X, Y: y} }
	filled := func() *stream.ClassStats {
		c, _ := stream.NewClassStats(2)
		_ = c.Add(block(0, 1, 0, 1))
		return c
	}
	return runCases("stream.NewClassStats", "params", []outcome{
		{"no feature", func() (any, error) { return stream.NewClassStats(0) }, errKinds(featlab.ErrParam), nil, false},
		{"huge", func() (any, error) { return stream.NewClassStats(1 << 40) }, errKinds(featlab.ErrTooLarge), nil, false},
		{"no target", func() (any, error) { c, _ := stream.NewClassStats(2); return nil, c.Add(&stream.Block{X: X}) }, errKinds(featlab.ErrShape), nil, false},
		{"fractional label", func() (any, error) { c, _ := stream.NewClassStats(2); return nil, c.Add(block(0, 0.5, 1, 1)) }, errKinds(featlab.ErrLabels), nil, false},
		{"NaN label", func() (any, error) { c, _ := stream.NewClassStats(2); return nil, c.Add(block(0, math.NaN(), 1, 1)) }, errKinds(featlab.ErrNotFinite), nil, false},
		{"merge other width", func() (any, error) { c, _ := stream.NewClassStats(3); return nil, c.Merge(filled()) }, errKinds(featlab.ErrShape), nil, false},
		{"class index", func() (any, error) { _, _, _, _, err := filled().Class(5); return nil, err }, errKinds(featlab.ErrParam), nil, false},
		{"decode garbage", func() (any, error) {
			var c stream.ClassStats
			return nil, c.UnmarshalBinary([]byte("FLST\x02\x03\x01"))
		}, errKinds(featlab.ErrParam), nil, false},
		{"decode huge", func() (any, error) {
			var c stream.ClassStats
			b := append([]byte("FLST\x02\x03\x01"), 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
			return nil, c.UnmarshalBinary(b)
		}, errKinds(featlab.ErrTooLarge), nil, false},
		{"F of one class", func() (any, error) {
			c, _ := stream.NewClassStats(2)
			_ = c.Add(block(1, 1, 1, 1))
			return filter.FClassifFromStats(c, filter.Config{})
		}, errKinds(featlab.ErrLabels), nil, false},
		{"F of nothing", func() (any, error) {
			c, _ := stream.NewClassStats(2)
			return filter.FClassifFromStats(c, filter.Config{})
		}, errKinds(featlab.ErrEmpty), nil, false},
		{"F nil", func() (any, error) { return filter.FClassifFromStats(nil, filter.Config{}) }, errKinds(featlab.ErrParam), nil, false},
		{"F names", func() (any, error) { return filter.FClassifFromStats(filled(), filter.Config{Names: []string{"a"}}) }, errKinds(featlab.ErrShape), nil, false},
		{"F", func() (any, error) { return filter.FClassifFromStats(filled(), filter.Config{}) }, nil, nil, false},
		{"chi2 negative", func() (any, error) {
			c, _ := stream.NewClassStats(1)
			_ = c.Add(&stream.Block{X: mat.NewDense(2, 1, []float64{-1, 1}), Y: []float64{0, 1}})
			return filter.Chi2FromStats(c, filter.Config{})
		}, errKinds(featlab.ErrParam), nil, false},
		{"chi2 nil", func() (any, error) { return filter.Chi2FromStats(nil, filter.Config{}) }, errKinds(featlab.ErrParam), nil, false},
		{"chi2", func() (any, error) { return filter.Chi2FromStats(filled(), filter.Config{}) }, nil, nil, false},
	})
}

func contingencyChecks() []failure {
	X := mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 9})
	y := []float64{0, 1, 0, 1}
	filled := func() *stream.Contingency {
		c, _ := stream.NewContingency([][]float64{{2}, {5}})
		_ = c.Add(&stream.Block{X: X, Y: y})
		return c
	}
	return runCases("stream.NewContingency", "params", []outcome{
		{"no feature", func() (any, error) { return stream.NewContingency(nil) }, errKinds(featlab.ErrParam), nil, false},
		{"NaN cut", func() (any, error) { return stream.NewContingency([][]float64{{math.NaN()}}) }, errKinds(featlab.ErrParam), nil, false},
		{"unsorted cuts", func() (any, error) { return stream.NewContingency([][]float64{{2, 2}}) }, errKinds(featlab.ErrParam), nil, false},
		{"from nil moments", func() (any, error) { return stream.ContingencyFromMoments(nil, 3) }, errKinds(featlab.ErrParam), nil, false},
		{"from empty moments", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			return stream.ContingencyFromMoments(m, 3)
		}, errKinds(featlab.ErrEmpty), nil, false},
		{"zero bins", func() (any, error) {
			m, _ := stream.NewMoments(2, false)
			_ = m.Add(&stream.Block{X: X})
			return stream.ContingencyFromMoments(m, 0)
		}, errKinds(featlab.ErrParam), nil, false},
		{"NaN cell", func() (any, error) {
			c, _ := stream.NewContingency([][]float64{{2}})
			return nil, c.Add(&stream.Block{X: mat.NewDense(1, 1, []float64{math.NaN()}), Y: []float64{1}})
		}, errKinds(featlab.ErrNotFinite), nil, false},
		{"other cuts", func() (any, error) {
			c, _ := stream.NewContingency([][]float64{{3}, {5}})
			return nil, c.Merge(filled())
		}, errKinds(featlab.ErrShape), nil, false},
		{"table index", func() (any, error) { return filled().Table(2) }, errKinds(featlab.ErrParam), nil, false},
		{"decode garbage", func() (any, error) {
			var c stream.Contingency
			return nil, c.UnmarshalBinary([]byte("FLST\x02\x04\x01"))
		}, errKinds(featlab.ErrParam), nil, false},
		{"gain nil", func() (any, error) { return filter.InfoGainFromCounts(nil, filter.Config{}) }, errKinds(featlab.ErrParam), nil, false},
		{"gain of nothing", func() (any, error) {
			c, _ := stream.NewContingency([][]float64{{2}})
			return filter.InfoGainFromCounts(c, filter.Config{})
		}, errKinds(featlab.ErrEmpty), nil, false},
		{"gain", func() (any, error) { return filter.InfoGainFromCounts(filled(), filter.Config{}) }, nil, nil, false},
	})
}
