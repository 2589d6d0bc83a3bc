package featlab

import (
	"errors"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
)

func TestSelectionApply(t *testing.T) {
	s := NewSelection("test", []string{"a", "b", "c"}, []int{2, 0})
	X := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	got, err := s.Apply(X)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(got, mat.NewDense(2, 2, []float64{3, 1, 6, 4})) {
		t.Fatalf("Apply = %v", mat.Formatted(got))
	}
	if _, err := s.Apply(mat.NewDense(2, 2, nil)); !errors.Is(err, ErrShape) {
		t.Fatalf("wrong width: %v", err)
	}
	var nilX *mat.Dense
	if _, err := s.Apply(nilX); !errors.Is(err, ErrEmpty) {
		t.Fatalf("nil: %v", err)
	}
	if _, err := NewSelection("none", []string{"a"}, nil).Apply(mat.NewDense(1, 1, nil)); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty selection: %v", err)
	}

	ds, err := NewDataset(X, []float64{0, 1}, []string{"a", "b", "c"}, "y")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.ApplyDataset(ds)
	if err != nil {
		t.Fatal(err)
	}
	if sub.Names[0] != "c" || sub.Names[1] != "a" || sub.X.At(1, 0) != 6 {
		t.Fatalf("ApplyDataset names %v X %v", sub.Names, mat.Formatted(sub.X))
	}
	other, _ := NewDataset(X, []float64{0, 1}, []string{"a", "c", "b"}, "y")
	if _, err := s.ApplyDataset(other); !errors.Is(err, ErrShape) {
		t.Fatalf("renamed dataset: %v", err)
	}

	df := dataframe.New(
		series.New([]string{"u", "v"}, series.String, "id"),
		series.New([]float64{1, 4}, series.Float, "a"),
		series.New([]float64{2, 5}, series.Float, "b"),
		series.New([]float64{3, 6}, series.Float, "c"),
		series.New([]float64{0, 1}, series.Float, "y"),
	)
	out, err := s.ApplyFrame(df)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"id", "a", "c", "y"}
	if names := out.Names(); len(names) != len(want) {
		t.Fatalf("ApplyFrame columns %v, want %v", names, want)
	} else {
		for k := range want {
			if names[k] != want[k] {
				t.Fatalf("ApplyFrame columns %v, want %v", names, want)
			}
		}
	}
	if _, err := s.ApplyFrame(df.Drop("c")); !errors.Is(err, ErrMissing) {
		t.Fatalf("missing chosen column: %v", err)
	}
}
