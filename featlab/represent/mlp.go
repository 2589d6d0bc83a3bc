package represent

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// MLPConfig configures FitMLP. The zero value is the default, field by
// field.
type MLPConfig struct {
	// Units is the number of hidden units h, the length of psi(x).
	// Default 0: 32.
	Units int
	// Lambda >= 0 is the weight decay on both weight matrices (biases
	// are not penalised). Default 0.
	Lambda float64
	// Step is Adam's step size. Default 0: 0.01.
	Step float64
	// MaxIter is the number of full-batch Adam steps. Default 0: 300.
	MaxIter int
	// Tol stops early when the largest absolute entry of the gradient
	// falls to Tol or below. Default 0: 1e-6.
	Tol float64
	// Seed seeds the initial weights (math/rand/v2 PCG).
	Seed uint64
	// MaxCells limits d x Units and Units x classes (0:
	// featlab.DefaultMaxCells; negative: no limit).
	MaxCells int
}

// MLP is a classifier with one hidden layer, fitted by FitMLP: the smallest
// case of the lecture's remark that the layers of a neural network are a
// learned representation. Its hidden layer is the feature map
//
//	psi(x) = tanh(W1^T z(x) + b1)     (h values in (-1, 1))
//
// where z standardizes each feature with the training mean and population
// standard deviation (transform.Standardize), and its output layer is a
// linear predictor on psi: class scores W2^T psi(x) + b2, the prediction
// their argmax. FitMLP learns psi and the linear layer together, where
// 25.3's auto-encoders learn psi without the labels.
//
// An MLP is safe for concurrent use once fitted (its methods only read).
type MLP struct {
	MLPConfig
	// Classes are the class labels in increasing order; score j is class
	// Classes[j].
	Classes []int
	// W1 (d x h) and B1 (h) are the hidden layer, W2 (h x c) and B2 (c)
	// the output layer.
	W1, W2 *mat.Dense
	B1, B2 []float64
	// Mean and Scale standardize the input: z(x)_j = (x_j - Mean_j) /
	// Scale_j (transform.Standardize's fit on the training rows).
	Mean, Scale []float64
	// Loss is the training objective after each step.
	Loss                []float64
	featlab.Convergence // Gap: the largest absolute gradient entry
}

// FitMLP fits a one-hidden-layer network to class labels y (whole numbers,
// at least two distinct) by full-batch Adam on the mean cross-entropy of a
// softmax output plus weight decay:
//
//	(1/m) sum_i -log p_{y_i}(x_i) + Lambda (||W1||_F^2 + ||W2||_F^2),
//	p(x) = softmax(W2^T psi(x) + b2).
//
// The weights start as N(0, 1/d) and N(0, 1/h) draws from Seed, the biases
// at 0. The same Seed gives the same network, bit for bit. Errors wrap
// featlab.ErrParam (negative or NaN settings), ErrTooLarge, and those of
// featlab.CheckXY and featlab.ClassLabels; a fit whose numbers stop being
// finite returns an error wrapping featlab.ErrNotFinite.
func FitMLP(X mat.Matrix, y []float64, cfg MLPConfig) (*MLP, error) {
	return FitMLPContext(context.Background(), X, y, cfg)
}

// FitMLPContext is FitMLP with cancellation: it looks at ctx before each
// Adam step (each step is one full-batch gradient, about 6 m d h
// floating-point operations). Cancelled, it returns the network as it is
// after the last finished step (the initial weights and an empty Loss if
// none; nil if cancelled before the fit began) and an error wrapping
// ctx.Err(). Not cancelled, it is FitMLP bit for bit.
func FitMLPContext(ctx context.Context, X mat.Matrix, y []float64, cfg MLPConfig) (*MLP, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	classes, err := featlab.ClassLabels(y, 2)
	if err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	h, c := cfg.Units, len(classes)
	if h == 0 {
		h = 32
	}
	if err := featlab.CheckCells("MLP hidden weights", "MaxCells", d, h, cfg.MaxCells); err != nil {
		return nil, err
	}
	if err := featlab.CheckCells("MLP output weights", "MaxCells", h, c, cfg.MaxCells); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Errorf(err, "represent: FitMLP cancelled before the fit")
	}
	std := &transform.Standardize{Workers: 1}
	if err := std.Fit(X); err != nil {
		return nil, err
	}
	Z, err := std.Transform(X)
	if err != nil {
		return nil, err
	}
	net := &MLP{MLPConfig: cfg, Classes: classes, Mean: std.Mean(), Scale: std.Scale()}
	index := make(map[int]int, c)
	for j, l := range classes {
		index[l] = j
	}
	T := mat.NewDense(m, c, nil) // one-hot targets
	for i, v := range y {
		T.Set(i, index[int(v)], 1)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d6c70))
	net.W1, net.W2 = gaussian(rng, d, h, 1/math.Sqrt(float64(d))), gaussian(rng, h, c, 1/math.Sqrt(float64(h)))
	net.B1, net.B2 = make([]float64, h), make([]float64, c)
	if err := net.train(ctx, Z, T); err != nil {
		if cerr := ctx.Err(); cerr != nil && errors.Is(err, cerr) {
			return net, err
		}
		return nil, err
	}
	return net, nil
}

func (cfg MLPConfig) check() error {
	for _, p := range []struct {
		name string
		v    float64
	}{{"Units", float64(cfg.Units)}, {"Lambda", cfg.Lambda}, {"Step", cfg.Step},
		{"MaxIter", float64(cfg.MaxIter)}, {"Tol", cfg.Tol}} {
		if !(p.v >= 0) || math.IsInf(p.v, 1) {
			return featlab.Errorf(featlab.ErrParam, "represent: FitMLP: %s = %v must be finite and >= 0", p.name, p.v)
		}
	}
	return nil
}

// gaussian returns an r x c matrix of N(0, sd^2) draws.
func gaussian(rng *rand.Rand, r, c int, sd float64) *mat.Dense {
	W := mat.NewDense(r, c, nil)
	for k := range W.RawMatrix().Data {
		W.RawMatrix().Data[k] = sd * rng.NormFloat64()
	}
	return W
}

// train runs full-batch Adam from the current weights, looking at ctx
// before each step.
func (net *MLP) train(ctx context.Context, Z, T *mat.Dense) error {
	step, iters, tol := orDefault(net.Step, 0.01), net.MaxIter, orDefault(net.MLPConfig.Tol, 1e-6)
	if iters == 0 {
		iters = 300
	}
	params := [][]float64{net.W1.RawMatrix().Data, net.B1, net.W2.RawMatrix().Data, net.B2}
	grads := make([][]float64, len(params))
	mom, vel := make([][]float64, len(params)), make([][]float64, len(params))
	for k, p := range params {
		grads[k], mom[k], vel[k] = make([]float64, len(p)), make([]float64, len(p)), make([]float64, len(p))
	}
	const b1, b2, eps = 0.9, 0.999, 1e-8
	net.Convergence = featlab.Convergence{Tol: tol}
	for t := 1; t <= iters; t++ {
		if err := ctx.Err(); err != nil {
			return featlab.Errorf(err, "represent: FitMLP cancelled after %d of %d steps", t-1, iters)
		}
		loss := net.gradient(Z, T, grads)
		gap := 0.0
		for _, g := range grads {
			for _, v := range g {
				gap = math.Max(gap, math.Abs(v))
			}
		}
		if math.IsNaN(loss) || math.IsInf(loss, 0) || math.IsNaN(gap) || math.IsInf(gap, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "represent: FitMLP: the loss is %v at step %d: lower Step", loss, t)
		}
		net.Loss = append(net.Loss, loss)
		net.Iterations, net.Gap = t, gap
		if gap <= tol {
			net.Converged = true
			break
		}
		c1, c2 := 1-math.Pow(b1, float64(t)), 1-math.Pow(b2, float64(t))
		for k, p := range params {
			for q, g := range grads[k] {
				mom[k][q] = b1*mom[k][q] + (1-b1)*g
				vel[k][q] = b2*vel[k][q] + (1-b2)*g*g
				p[q] -= step * (mom[k][q] / c1) / (math.Sqrt(vel[k][q]/c2) + eps)
			}
		}
	}
	return nil
}

func orDefault(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

// gradient writes the gradient of the objective into grads (W1, B1, W2,
// B2) and returns the objective.
func (net *MLP) gradient(Z, T *mat.Dense, grads [][]float64) float64 {
	m, _ := Z.Dims()
	H := net.hidden(Z)
	P := net.scores(H)
	loss := 0.0
	for i := 0; i < m; i++ {
		row, t := P.RawRowView(i), T.RawRowView(i)
		loss -= softmaxLog(row, t)
		for j := range row {
			row[j] = (row[j] - t[j]) / float64(m) // dLoss/dscores
		}
	}
	loss /= float64(m)
	gW2 := mat.NewDense(net.W2.RawMatrix().Rows, net.W2.RawMatrix().Cols, grads[2])
	gW2.Mul(H.T(), P)
	var dH mat.Dense
	dH.Mul(P, net.W2.T())
	for i := 0; i < m; i++ {
		hr, dr := H.RawRowView(i), dH.RawRowView(i)
		for j := range dr {
			dr[j] *= 1 - hr[j]*hr[j]
		}
	}
	gW1 := mat.NewDense(net.W1.RawMatrix().Rows, net.W1.RawMatrix().Cols, grads[0])
	gW1.Mul(Z.T(), &dH)
	colSums(grads[1], &dH)
	colSums(grads[3], P)
	for k, W := range []*mat.Dense{net.W1, net.W2} {
		g := grads[2*k]
		for q, w := range W.RawMatrix().Data {
			loss += net.Lambda * w * w
			g[q] += 2 * net.Lambda * w
		}
	}
	return loss
}

// softmaxLog turns the scores in row into probabilities in place and
// returns log p of the class marked 1 in the one-hot t.
func softmaxLog(row, t []float64) float64 {
	top := math.Inf(-1)
	for _, v := range row {
		top = math.Max(top, v)
	}
	s := 0.0
	for j, v := range row {
		row[j] = math.Exp(v - top)
		s += row[j]
	}
	lp := 0.0
	for j := range row {
		if t[j] == 1 {
			lp = math.Log(row[j] / s)
		}
		row[j] /= s
	}
	return lp
}

func colSums(dst []float64, A *mat.Dense) {
	for j := range dst {
		dst[j] = 0
	}
	r, _ := A.Dims()
	for i := 0; i < r; i++ {
		for j, v := range A.RawRowView(i) {
			dst[j] += v
		}
	}
}

// hidden returns tanh(Z W1 + b1) for standardized rows Z.
func (net *MLP) hidden(Z mat.Matrix) *mat.Dense {
	var H mat.Dense
	H.Mul(Z, net.W1)
	r, _ := H.Dims()
	for i := 0; i < r; i++ {
		for j, row := 0, H.RawRowView(i); j < len(row); j++ {
			row[j] = math.Tanh(row[j] + net.B1[j])
		}
	}
	return &H
}

// scores returns H W2 + b2.
func (net *MLP) scores(H *mat.Dense) *mat.Dense {
	var S mat.Dense
	S.Mul(H, net.W2)
	r, _ := S.Dims()
	for i := 0; i < r; i++ {
		for j, row := 0, S.RawRowView(i); j < len(row); j++ {
			row[j] += net.B2[j]
		}
	}
	return &S
}

// Encode returns psi(x) for every row of X: the m x h hidden activations.
// Errors wrap featlab.ErrNotFitted, ErrShape and ErrNotFinite.
func (net *MLP) Encode(X mat.Matrix) (*mat.Dense, error) {
	if net == nil || net.W1 == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: MLP.Encode before FitMLP")
	}
	if err := checkWidth(X, net.W1.RawMatrix().Rows, "X"); err != nil {
		return nil, err
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	Z := mat.DenseCopyOf(X)
	r, _ := Z.Dims()
	for i := 0; i < r; i++ {
		for j, row := 0, Z.RawRowView(i); j < len(row); j++ {
			if row[j] = (row[j] - net.Mean[j]) / net.Scale[j]; math.IsNaN(row[j]) || math.IsInf(row[j], 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "represent: MLP.Encode: X[%d, %d] = %v", i, j, X.At(i, j))
			}
		}
	}
	return net.hidden(Z), nil
}

// Predict returns the class of largest score for every row of X (ties:
// the smaller label).
func (net *MLP) Predict(X mat.Matrix) ([]float64, error) {
	H, err := net.Encode(X)
	if err != nil {
		return nil, err
	}
	S := net.scores(H)
	r, _ := S.Dims()
	out := make([]float64, r)
	for i := 0; i < r; i++ {
		best := 0
		for j, v := range S.RawRowView(i) {
			if v > S.At(i, best) {
				best = j
			}
		}
		out[i] = float64(net.Classes[best])
	}
	return out, nil
}
