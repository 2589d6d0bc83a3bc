package stream_test

import (
	"fmt"
	"strings"

	"github.com/featlab/course/featlab/stream"
	"gonum.org/v1/gonum/mat"
)

// Correlations of a CSV file from one pass, parsed on two workers.
func ExamplePass() {
	text := "x1,x2,y\n1000001,2,3\n1000002,4,5\n1000003,7,6\n1000004,8,9\n"
	src, err := stream.NewCSV(strings.NewReader(text), stream.CSVConfig{Target: "y", ChunkBytes: 16})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := stream.NewGram(len(src.Names()), true)
	if err := stream.Pass(src, g, 2); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(src.Names(), g.Count(), g.Mean())
	fmt.Printf("corr(x1, y) = %.4f\n", g.Corr().At(0, 2))
	// Output:
	// [x1 x2] 4 [1.0000025e+06 5.25 5.75]
	// corr(x1, y) = 0.9812
}

// Moments of two shards merged, after a trip through the binary encoding.
func ExampleMoments_Merge() {
	a, _ := stream.NewMoments(1, false)
	b, _ := stream.NewMoments(1, false)
	_ = stream.Pass(&stream.MatrixSource{X: col(1, 2, 3)}, a, 1)
	_ = stream.Pass(&stream.MatrixSource{X: col(4, 5)}, b, 1)
	enc, _ := b.MarshalBinary()
	var shard stream.Moments
	if err := shard.UnmarshalBinary(enc); err != nil {
		fmt.Println(err)
		return
	}
	_ = a.Merge(&shard)
	fmt.Println(a.Count(), a.Mean(), a.Var(), a.Min(), a.Max())
	// Output:
	// 5 [3] [2.5] [1] [5]
}

func col(v ...float64) *mat.Dense { return mat.NewDense(len(v), 1, v) }
