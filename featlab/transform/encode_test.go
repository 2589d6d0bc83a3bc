package transform_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// Each encoder's unseen-category policies and level limit.
func TestEncoderPolicies(t *testing.T) {
	Xtr := mat.NewDense(4, 2, []float64{
		1.5, 4,
		2, 6,
		1.5, 8,
		2, 4,
	})
	Xte := mat.NewDense(2, 2, []float64{1.5, 10, 3, 6})
	encs := map[string]func(transform.Unknown) featlab.Transformer{
		"OneHot":  func(u transform.Unknown) featlab.Transformer { return &transform.OneHot{Unknown: u} },
		"Ordinal": func(u transform.Unknown) featlab.Transformer { return &transform.Ordinal{Unknown: u} },
		"Dummies": func(u transform.Unknown) featlab.Transformer { return &transform.Dummies{Unknown: u} },
	}
	want := map[string][3][][]float64{ // ignore, other
		"OneHot":  {{{1, 0, 0, 0, 0}, {0, 0, 0, 1, 0}}, {{1, 0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 1, 0, 0}}},
		"Dummies": {{{1, 0, 0, 0, 0}, {0, 0, 0, 1, 0}}, {{1, 0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 1, 0, 0}}},
		"Ordinal": {{{0, -1}, {-1, 1}}, {{0, 3}, {2, 1}}},
	}
	for name, mk := range encs {
		e := mk(transform.UnknownError)
		if err := e.Fit(Xtr); err != nil {
			t.Fatal(err)
		}
		_, err := e.Transform(Xte)
		if !errors.Is(err, transform.ErrUnknownCategory) || !strings.Contains(err.Error(), "row 0") {
			t.Errorf("%s default: %v, want ErrUnknownCategory naming row 0", name, err)
		}
		for p, u := range []transform.Unknown{transform.UnknownIgnore, transform.UnknownOther} {
			e := mk(u)
			out, err := transform.FitTransform(e, Xtr)
			if err != nil {
				t.Fatal(err)
			}
			if name != "Ordinal" {
				// Training rows: one 1 per block, never in "(other)".
				r, c := out.Dims()
				for i := 0; i < r; i++ {
					s := 0.0
					for j := 0; j < c; j++ {
						s += out.At(i, j)
					}
					if s != 2 {
						t.Errorf("%s policy %d: training row %d sums to %v", name, u, i, s)
					}
				}
			}
			if out, err = e.Transform(Xte); err != nil {
				t.Fatal(err)
			}
			for i, row := range want[name][p] {
				if got := mat.Row(nil, i, out); !slices.Equal(got, row) {
					t.Errorf("%s policy %d row %d: %v, want %v", name, u, i, got, row)
				}
			}
		}
		if err := mk(transform.Unknown(9)).Fit(Xtr); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s bad policy: %v", name, err)
		}
	}
	// A column beyond MaxLevels is named; raising the limit accepts it.
	X := mat.NewDense(5, 2, []float64{0, 0, 0, 1, 0, 2, 0, 3, 0, 4})
	for name, e := range map[string]featlab.Transformer{
		"OneHot": &transform.OneHot{MaxLevels: 4}, "Ordinal": &transform.Ordinal{MaxLevels: 4}, "Dummies": &transform.Dummies{MaxLevels: 4},
	} {
		err := e.Fit(X)
		if !errors.Is(err, transform.ErrTooManyLevels) || !errors.Is(err, featlab.ErrTooLarge) || !strings.Contains(err.Error(), "column 1") {
			t.Errorf("%s MaxLevels 4: %v", name, err)
		}
	}
	if err := (&transform.OneHot{MaxLevels: 5}).Fit(X); err != nil {
		t.Error(err)
	}
}

// Dummies passes other columns through in place, names the levels, and
// its groups partition the output; Ordinal with Categories keeps their
// order and round-trips.
func TestDummiesAndOrdinal(t *testing.T) {
	X := mat.NewDense(3, 3, []float64{
		0.5, 2, 1,
		1.5, 0, 0,
		2.5, 1, 1,
	})
	d := &transform.Dummies{Columns: []int{1, 2}, Levels: [][]string{{"low", "mid", "high"}, nil}}
	out, err := transform.FitTransform(d, X)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.5, 0, 0, 1, 0, 1}
	if got := mat.Row(nil, 0, out); !slices.Equal(got, want) {
		t.Errorf("row 0: %v, want %v", got, want)
	}
	names, _ := d.OutputNames([]string{"w", "lvl", "am"})
	if !slices.Equal(names, []string{"w", "lvl=low", "lvl=mid", "lvl=high", "am=0", "am=1"}) {
		t.Errorf("names %q", names)
	}
	groups, err := d.Groups([]string{"w", "lvl", "am"})
	if err != nil || featlab.CheckGroups(groups, 6) != nil || len(groups) != 3 || !slices.Equal(groups[1].Columns, []int{1, 2, 3}) {
		t.Errorf("groups %v %v", groups, err)
	}
	if err := (&transform.Dummies{Levels: [][]string{{"a"}, nil, nil}}).Fit(X); !errors.Is(err, transform.ErrUnknownCategory) {
		t.Errorf("fit code outside Levels: %v", err)
	}
	ds := &featlab.Dataset{X: X, Names: []string{"w", "lvl", "am"}, Levels: [][]string{nil, {"low", "mid", "high"}, nil}}
	if dd := transform.DummiesOf(ds, transform.UnknownOther); !slices.Equal(dd.Columns, []int{1}) || dd.Levels[0][2] != "high" {
		t.Errorf("DummiesOf: %+v", dd)
	}

	o := &transform.Ordinal{Categories: [][]string{{"2", "1", "0"}}}
	c := mat.NewDense(3, 1, []float64{0, 2, 1})
	codes, err := transform.FitTransform(o, c)
	if err != nil {
		t.Fatal(err)
	}
	if got := mat.Col(nil, 0, codes); !slices.Equal(got, []float64{2, 0, 1}) {
		t.Errorf("codes %v", got)
	}
	back, err := o.InverseTransform(codes)
	if err != nil || !mat.Equal(back, c) {
		t.Errorf("inverse %v %v", mat.Formatted(back), err)
	}
	if err := (&transform.Ordinal{Categories: [][]string{{"2", "1"}}}).Fit(c); !errors.Is(err, transform.ErrUnknownCategory) {
		t.Errorf("fit value outside Categories: %v", err)
	}
	if err := (&transform.Ordinal{Categories: [][]string{{"x"}}}).Fit(c); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("non-numeric category of a matrix: %v", err)
	}
}

// A Pipeline's groups follow its steps' widths; after a mixing step there
// are none.
func TestPipelineGroups(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 0.5, 2, 1.5, 3, 2.5, 1, 3})
	p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Dummies{Columns: []int{0}}, &transform.Standardize{}}}
	if err := p.Fit(X); err != nil {
		t.Fatal(err)
	}
	g, err := p.Groups([]string{"c", "w"})
	if err != nil || len(g) != 2 || !slices.Equal(g[0].Columns, []int{0, 1, 2}) || !slices.Equal(g[1].Columns, []int{3}) {
		t.Errorf("groups %v %v", g, err)
	}
	q := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Polynomial{Degree: 2}}}
	if err := q.Fit(X); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Groups(nil); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("polynomial pipeline groups: %v", err)
	}
}

// Dummies on named int columns of a frame: each block takes its column's
// place, found by name in later frames.
func TestDummiesFrame(t *testing.T) {
	train := dataframe.New(
		series.New([]int{6, 4, 8, 6}, series.Int, "cyl"),
		series.New([]float64{21, 22.8, 18.7, 21.4}, series.Float, "mpg"),
		series.New([]int{4, 4, 3, 3}, series.Int, "gear"),
	)
	d := &transform.Dummies{}
	out, err := transform.ApplyFrame(d, train, "cyl", "gear")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"cyl=4", "cyl=6", "cyl=8", "mpg", "gear=3", "gear=4"}
	if !slices.Equal(out.Names(), want) {
		t.Errorf("names %q, want %q", out.Names(), want)
	}
	test := dataframe.New(
		series.New([]int{3}, series.Int, "gear"),
		series.New([]int{8}, series.Int, "cyl"),
	)
	out, err = transform.TransformFrame(d, test)
	if err != nil {
		t.Fatal(err)
	}
	if got := frameMat(t, out); !slices.Equal(mat.Row(nil, 0, got), []float64{1, 0, 0, 0, 1}) || !slices.Equal(out.Names(), []string{"gear=3", "gear=4", "cyl=4", "cyl=6", "cyl=8"}) {
		t.Errorf("test frame %q %v", out.Names(), mat.Row(nil, 0, got))
	}
}

// OneHotDataset's encoder gives the groups of its Dataset, which
// search.Grouped and Selection.ByGroup take.
func TestFrameEncoderGroups(t *testing.T) {
	df := dataframe.New(
		series.New([]string{"red", "blue", "red", "green"}, series.String, "color"),
		series.New([]float64{1, 2, 3, 4}, series.Float, "a=b"),
		series.New([]string{"s", "l", "l", "s"}, series.String, "size"),
		series.New([]float64{0, 1, 0, 1}, series.Float, "y"),
	)
	ds, enc, err := transform.OneHotDataset(df, "y", transform.UnknownError)
	if err != nil {
		t.Fatal(err)
	}
	g := enc.Groups()
	if err := featlab.CheckGroups(g, len(ds.Names)); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, gr := range g {
		names = append(names, gr.Name)
	}
	if !slices.Equal(names, []string{"color", "a=b", "size"}) || len(g[0].Columns) != 3 {
		t.Errorf("groups %v of %q", g, ds.Names)
	}
	if (*transform.FrameEncoder)(nil).Groups() != nil {
		t.Error("nil encoder has groups")
	}
}

// Over MaxCells, Dummies stays unfitted; Ordinal's errors name Ordinal.
func TestEncoderFitFailures(t *testing.T) {
	X := mat.NewDense(3, 1, []float64{1, 2, 3})
	d := &transform.Dummies{MaxCells: 2}
	if err := d.Fit(X); !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("MaxCells 2: %v", err)
	}
	if _, err := d.Transform(X); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("Transform after a failed Fit: %v", err)
	}
	err := (&transform.Ordinal{MaxLevels: 2}).Fit(X)
	if err == nil || !strings.Contains(err.Error(), "Ordinal.MaxLevels") {
		t.Errorf("Ordinal MaxLevels: %v", err)
	}
	err = transform.FitFrame(&transform.Ordinal{}, dataframe.New(series.New([]string{"a", "NaN"}, series.String, "c")))
	if err == nil || !strings.Contains(err.Error(), "Ordinal: missing value at row 1") {
		t.Errorf("Ordinal missing value: %v", err)
	}
}
