package linear

import (
	"fmt"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

// Benchmark data: scikit-learn's make_regression design (synth.Regression)
// with 20 informative features and noise 1, the sizes of issue #4 (and a
// wide one for the path).
var benchSizes = []struct{ m, d int }{{2000, 500}, {10000, 1000}}

var pathSizes = append(benchSizes, struct{ m, d int }{200, 5000})

var (
	benchMu   sync.Mutex
	benchData = map[[2]int]struct {
		X *mat.Dense
		y []float64
	}{}
)

func benchProblem(b *testing.B, m, d int) (*mat.Dense, []float64) {
	benchMu.Lock()
	defer benchMu.Unlock()
	k := [2]int{m, d}
	if p, ok := benchData[k]; ok {
		return p.X, p.y
	}
	ds, _, err := synth.Regression(m, synth.RegressionConfig{Features: d, Informative: 20, Noise: 1}, 0)
	if err != nil {
		b.Fatal(err)
	}
	benchData[k] = struct {
		X *mat.Dense
		y []float64
	}{ds.X, ds.Y}
	return ds.X, ds.Y
}

// BenchmarkLassoPath: 100 lambdas, eps 1e-3, tol 1e-4, with intercept
// (scikit-learn's lasso_path defaults on centred data). Run single-threaded
// with -cpu 1 to compare with lasso_path.
func BenchmarkLassoPath(b *testing.B) {
	for _, sz := range pathSizes {
		b.Run(fmt.Sprintf("m=%d_d=%d", sz.m, sz.d), func(b *testing.B) {
			X, y := benchProblem(b, sz.m, sz.d)
			b.ReportAllocs()
			b.ResetTimer()
			c0 := cpuTime()
			var p *LassoPathResult
			for i := 0; i < b.N; i++ {
				var err error
				p, err = LassoPath(X, y, LassoPathConfig{Intercept: true})
				if err != nil {
					b.Fatal(err)
				}
				if !p.Converged {
					b.Fatal("path did not converge")
				}
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(p.GramColumns), "gramcols")
			b.ReportMetric(float64(p.GramPasses), "passes")
		})
	}
}

// BenchmarkLasso: one fit from zero at scikit-learn's default tol 1e-4, at
// lambda = grid[50] and grid[90] of the default 100-value grid.
func BenchmarkLasso(b *testing.B) {
	for _, sz := range benchSizes {
		for _, k := range []int{50, 90} {
			b.Run(fmt.Sprintf("m=%d_d=%d_grid%d", sz.m, sz.d, k), func(b *testing.B) {
				X, y := benchProblem(b, sz.m, sz.d)
				grid, err := LassoGrid(X, y, 100, 1e-3, true)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				c0 := cpuTime()
				for i := 0; i < b.N; i++ {
					r, err := Lasso(X, y, LassoConfig{Lambda: grid[k], Intercept: true})
					if err != nil {
						b.Fatal(err)
					}
					if !r.Converged {
						b.Fatal("not converged")
					}
				}
				b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// cpuTime returns the CPU time used by the process so far. On a shared
// machine it is a steadier measure than wall time; run with -cpu 1
// (GOMAXPROCS=1) so that it counts one core's work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLassoCV: 5-fold cross-validation over the default 100-lambda
// path (six paths: the full data and five folds), on one core with
// Workers 1.
func BenchmarkLassoCV(b *testing.B) {
	X, y := benchProblem(b, 2000, 500)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{Intercept: true}, Folds: 5, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
}
