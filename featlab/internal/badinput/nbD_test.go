package badinput

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
)

func init() { entrySets = append(entrySets, nbDEntries) }

// nbDEntries: the entry points added for notebooks 07-09 (issue 23).
func nbDEntries() []*entry {
	return []*entry{
		xy("represent.FitMLP", func(X mat.Matrix, y []float64, c represent.MLPConfig) (any, error) {
			net, err := represent.FitMLP(X, y, c)
			if err != nil {
				return nil, err
			}
			p, err := net.Predict(X)
			if err != nil {
				return nil, err
			}
			return []any{net, p}, nil
		}, represent.MLPConfig{Units: 3, MaxIter: 20, Seed: 1}, classif,
			alsoCovers("represent.MLP.Encode", "represent.MLP.Predict")),
	}
}

func init() {
	entrySets = append(entrySets, func() []*entry {
		return []*entry{
			xy("represent.ToCSR", func(X mat.Matrix, _ []float64, _ struct{}) (any, error) {
				s, err := represent.ToCSR(X)
				if err != nil {
					return nil, err
				}
				return []any{s, s.Dense(), s.Bytes(), s.NNZ()}, nil
			}, struct{}{}, ignoresY, alsoCovers("represent.CSR.Dense", "represent.CSR.Bytes", "represent.CSR.NNZ")),
		}
	})
}
