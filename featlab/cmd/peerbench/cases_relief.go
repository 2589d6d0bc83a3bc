package main

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
)

// Relief-F has no packaged peer here (skrebate is not in Debian), so these
// cases time featlab alone, at three sizes, to show the absolute time and
// its growth with m (O(m^2 d): doubling m should about quadruple the time).
func init() {
	for _, m := range []int{500, 1000, 2000} {
		Register(Case{
			Group:    "filter",
			Name:     fmt.Sprintf("Relief-F k=1, m=%d d=100, 2 classes", m),
			Data:     func() map[string]*mat.Dense { return filterData(m, 100) },
			Parallel: true,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["yc"])
				cfg := &filter.ReliefConfig{Workers: workers}
				return func() error {
					_, err := filter.ReliefF(X, y, *cfg)
					return err
				}, nil
			},
			Note: "Relief-F (Zhou eq. 11.4), all m examples, one near-hit and near-miss; no peer (skrebate is not packaged): absolute times, O(m^2 d)",
		})
	}
}
