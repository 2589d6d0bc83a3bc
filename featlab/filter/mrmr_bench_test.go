package filter

import (
	"testing"

	"github.com/featlab/course/datasets"
)

func BenchmarkMRMRBreastCancer(b *testing.B) {
	ds := datasets.BreastCancer()
	for _, c := range []struct {
		name string
		cfg  MRMRConfig
	}{
		{"F-r", MRMRConfig{K: 10, Relevance: MRMRF, Redundancy: MRMRF, Form: MRMRQuotient, DiscreteTarget: true, Workers: 1}},
		{"MI", MRMRConfig{K: 10, DiscreteTarget: true, Workers: 1}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if _, err := MRMR(ds.X, ds.Y, c.cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
