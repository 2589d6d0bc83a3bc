package filter_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

// Relief's weights as a diagonal metric (Zhou 11.2): stretching each
// feature by its Relief-F weight makes the 1-nearest-neighbour classifier
// of the wine data right more often (leave-one-out).
func ExampleReliefMetric() {
	ds := datasets.Wine()
	s, _ := filter.ReliefFDataset(ds, filter.ReliefConfig{})
	w, _ := filter.ReliefMetric(s)
	plain, _ := filter.NearestNeighborAccuracy(ds.X, ds.Y, filter.NearestNeighborConfig{})
	relief, _ := filter.NearestNeighborAccuracy(ds.X, ds.Y, filter.NearestNeighborConfig{Weights: w})
	fmt.Printf("1-NN, leave-one-out: %.3f with equal weights, %.3f with Relief-F's\n", plain, relief)
	// Output:
	// 1-NN, leave-one-out: 0.949 with equal weights, 0.972 with Relief-F's
}

// The terciles of a target and how far a feature moves between the lowest
// and the highest one.
func ExampleStandardizedShift() {
	y := []float64{10, 20, 30, 40, 50, 60}
	x := []float64{1, 2, 2, 3, 4, 5}
	g, _ := filter.QuantileGroups(y, 3)
	s, _ := filter.StandardizedShift(x, g, 0, 2)
	fmt.Println(g)
	fmt.Printf("%.2f standard deviations\n", s)
	// Output:
	// [0 0 1 1 2 2]
	// 2.23 standard deviations
}
