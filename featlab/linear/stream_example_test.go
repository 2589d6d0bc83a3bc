package linear_test

import (
	"fmt"
	"strings"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stream"
)

// The lasso path from one pass over a CSV file: only the (d+1) x (d+1)
// statistics are kept, whatever the number of rows.
func ExampleLassoPathFromStats() {
	var sb strings.Builder
	sb.WriteString("a,b,c,y\n")
	for i := 0; i < 200; i++ {
		a, b, c := float64(i%7), float64(i%5), float64(i%3)
		fmt.Fprintf(&sb, "%g,%g,%g,%g\n", a, b, c, 3*a-2*c+0.1*float64(i%2))
	}
	src, _ := stream.NewCSV(strings.NewReader(sb.String()), stream.CSVConfig{Target: "y", ChunkBytes: 512})
	g, _ := stream.NewGram(3, true)
	if err := stream.Pass(src, g, 2); err != nil {
		fmt.Println(err)
		return
	}
	p, err := linear.LassoPathFromStats(g, linear.LassoPathConfig{Intercept: true, NLambdas: 10, Names: src.Names()})
	if err != nil {
		fmt.Println(err)
		return
	}
	k := len(p.Lambdas) - 1
	fmt.Printf("%d rows; at lambda %.4f: w = %.3f\n", g.Count(), p.Lambdas[k], p.Coef(k))
	// Output:
	// 200 rows; at lambda 0.0120: w = [2.997 0.000 -1.982]
}
