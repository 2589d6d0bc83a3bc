package represent

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMLPGradientMatchesFiniteDifferences checks the back-propagated
// gradient of the objective (weight decay included) against central
// differences at every weight and bias of a small random network.
func TestMLPGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	Z := gaussian(rng, 7, 3, 1)
	T := mat.NewDense(7, 3, nil)
	for i := 0; i < 7; i++ {
		T.Set(i, i%3, 1)
	}
	net := &MLP{MLPConfig: MLPConfig{Lambda: 0.05}, W1: gaussian(rng, 3, 4, 0.7), W2: gaussian(rng, 4, 3, 0.7),
		B1: []float64{0.1, -0.2, 0.3, 0}, B2: []float64{0.2, 0, -0.1}}
	params := [][]float64{net.W1.RawMatrix().Data, net.B1, net.W2.RawMatrix().Data, net.B2}
	grads := make([][]float64, len(params))
	for k, p := range params {
		grads[k] = make([]float64, len(p))
	}
	net.gradient(Z, T, grads)
	scratch := make([][]float64, len(params))
	for k, p := range params {
		scratch[k] = make([]float64, len(p))
	}
	const h = 1e-6
	for k, p := range params {
		for q := range p {
			old := p[q]
			p[q] = old + h
			up := net.gradient(Z, T, scratch)
			p[q] = old - h
			down := net.gradient(Z, T, scratch)
			p[q] = old
			if fd := (up - down) / (2 * h); math.Abs(fd-grads[k][q]) > 1e-7 {
				t.Errorf("parameter block %d entry %d: back-propagation %.10f, finite difference %.10f", k, q, grads[k][q], fd)
			}
		}
	}
}
