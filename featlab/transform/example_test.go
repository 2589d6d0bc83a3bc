package transform_test

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// Standardization is fitted on the training data and then applied, with
// the training mean and variance, to new data.
func ExampleStandardize() {
	train := mat.NewDense(4, 2, []float64{
		1, 10,
		2, 20,
		3, 30,
		4, 40,
	})
	s := &transform.Standardize{}
	if err := s.Fit(train); err != nil {
		panic(err)
	}
	fmt.Printf("mean %v  variance (1/m) %v\n", s.Mean(), s.Var())
	test := mat.NewDense(1, 2, []float64{5, 25})
	out, _ := s.Transform(test)
	fmt.Printf("test row -> %.4f\n", mat.Row(nil, 0, out))
	// Output:
	// mean [2.5 25]  variance (1/m) [1.25 125]
	// test row -> [2.2361 0.0000]
}

// The four ranges of 25.2.1: [0, 1], [-1, 1], [0, b] and [-b, b] (b = 5).
func ExampleUnitRange() {
	X := mat.NewDense(3, 1, []float64{2, 4, 10})
	for _, u := range []*transform.UnitRange{{}, {Min: -1, Max: 1}, {Min: 0, Max: 5}, {Min: -5, Max: 5}} {
		out, _ := transform.FitTransform(u, X)
		fmt.Println(mat.Col(nil, 0, out))
	}
	// Output:
	// [0 0.25 1]
	// [-1 -0.5 1]
	// [0 1.25 5]
	// [-5 -2.5 5]
}

// Clipping with b = 1 as in the clipping example of 25.2, next to the
// sigmoid, its soft version.
func ExampleClip() {
	X := mat.NewDense(1, 5, []float64{-100, -0.5, 0, 0.5, 100})
	hard, _ := transform.FitTransform(&transform.Clip{B: 1}, X)
	soft, _ := transform.FitTransform(&transform.Sigmoid{B: 1}, X)
	fmt.Println(mat.Row(nil, 0, hard))
	fmt.Printf("%.3f\n", mat.Row(nil, 0, soft))
	// Output:
	// [-1 -0.5 0 0.5 1]
	// [0.000 0.378 0.500 0.622 1.000]
}

// Log then standardize, fitted as one pipeline: the standardization
// learns the mean and variance of the logged training data.
func ExamplePipeline() {
	counts := mat.NewDense(4, 1, []float64{0, 1, 10, 1000})
	p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Log{B: 1}, &transform.Standardize{}}}
	out, err := transform.FitTransform(p, counts)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.3f\n", mat.Col(nil, 0, out))
	// Output:
	// [-0.929 -0.671 -0.038 1.638]
}

// Polynomial features of degree 2 with readable names, in scikit-learn's
// order.
func ExamplePolynomial() {
	X := mat.NewDense(1, 3, []float64{2, 3, 5})
	p := &transform.Polynomial{Degree: 2}
	out, _ := transform.FitTransform(p, X)
	names, _ := p.OutputNames([]string{"a", "b", "c"})
	fmt.Println(names)
	fmt.Println(mat.Row(nil, 0, out))
	// Output:
	// [1 a b c a^2 a*b a*c b^2 b*c c^2]
	// [1 2 3 5 4 6 10 9 15 25]
}

// One-hot encoding of a string column of a gota frame; the other columns
// pass through in place. A colour not seen at fit time is an error by
// default, all zeros with UnknownIgnore.
func ExampleOneHot() {
	train := dataframe.New(
		series.New([]string{"green", "black", "green", "white"}, series.String, "color"),
		series.New([]float64{0.697, 0.774, 0.634, 0.608}, series.Float, "density"),
	)
	oh := &transform.OneHot{Unknown: transform.UnknownIgnore}
	out, err := transform.ApplyFrame(oh, train, "color")
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Names())
	test := dataframe.New(
		series.New([]string{"white", "blue"}, series.String, "color"),
		series.New([]float64{0.5, 0.6}, series.Float, "density"),
	)
	enc, _ := transform.TransformFrame(oh, test, "color")
	for _, n := range enc.Names()[:3] {
		fmt.Println(n, enc.Col(n).Float())
	}
	_, err = transform.TransformFrame(&transform.OneHot{}, test, "color")
	fmt.Println(err != nil)
	// Output:
	// [color=black color=green color=white density]
	// color=black [0 0]
	// color=green [0 0]
	// color=white [1 0]
	// true
}

// Row normalization makes an instance's size irrelevant: a document and
// the same document repeated ten times get the same l1-normalized word
// frequencies.
func ExampleRowNormalize() {
	counts := mat.NewDense(2, 3, []float64{
		2, 1, 1,
		20, 10, 10,
	})
	out, _ := transform.FitTransform(&transform.RowNormalize{Norm: transform.L1}, counts)
	fmt.Println(mat.Row(nil, 0, out), mat.Row(nil, 1, out))
	// Output:
	// [0.5 0.25 0.25] [0.5 0.25 0.25]
}

// OneHotDataset turns every string column into indicators and returns a
// featlab.Dataset for the rest of the library.
func ExampleOneHotDataset() {
	df := dataframe.New(
		series.New([]string{"curled", "stiff", "curled"}, series.String, "root"),
		series.New([]float64{0.46, 0.21, 0.37}, series.Float, "sugar"),
		series.New([]string{"yes", "no", "yes"}, series.String, "good"),
	)
	ds, _, err := transform.OneHotDataset(df, "good", transform.UnknownError)
	if err != nil {
		panic(err)
	}
	fmt.Println(ds)
	// Output:
	// Dataset 3 examples x 3 features [root=curled, root=stiff, sugar], target "good" (2 classes)
}
