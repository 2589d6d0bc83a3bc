package greedy

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// randomProblem returns a random m x d design with correlated columns,
// unequal scales and means, and a target depending on a few of them.
func randomProblem(seed uint64, m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
	}
	for j := 1; j < d; j += 3 {
		for i := 0; i < m; i++ {
			X.Set(i, j, X.At(i, j-1)+0.5*X.At(i, j))
		}
	}
	for j := 0; j < d; j++ {
		s, c := 0.5+2*rng.Float64(), rng.NormFloat64()
		for i := 0; i < m; i++ {
			X.Set(i, j, s*X.At(i, j)+c)
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.NormFloat64() + 1
		for j := 0; j < d; j += 2 {
			y[i] += float64(j%5-2) * X.At(i, j)
		}
	}
	return X, y
}

// TestOMPThreeWays: Example 25.2's claim that OMP is forward greedy
// selection: the fast OMP, the textbook SVD OMP and brute-force Forward
// choose the same features in the same order with the same residuals, on
// random problems, with and without intercept; the Correlation rule agrees
// between the fast and textbook forms too. Residuals are orthogonal to the
// chosen columns and the identity
// ||V theta - y||^2 = ||V_{t-1} theta_{t-1} - y||^2 - <u_j,y>^2/||u_j||^2 holds.
func TestOMPThreeWays(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		m, d := 30+int(seed)*7, 4+int(seed)%9
		X, y := randomProblem(seed, m, d)
		for _, icpt := range []bool{false, true} {
			fast, err := OMP(X, y, OMPConfig{T: d, Intercept: icpt, Workers: 1 + int(seed)%3})
			if err != nil {
				t.Fatal(err)
			}
			book, err := OMPTextbook(X, y, OMPConfig{T: d, Intercept: icpt})
			if err != nil {
				t.Fatal(err)
			}
			fwd, err := Forward(X, y, ForwardConfig{Intercept: icpt})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("seed %d intercept %v", seed, icpt)
			if fmt.Sprint(fast.Support) != fmt.Sprint(book.Support) || fmt.Sprint(fast.Support) != fmt.Sprint(fwd.Support) {
				t.Fatalf("%s: orders fast %v textbook %v forward %v", name, fast.Support, book.Support, fwd.Support)
			}
			prev := floats.Dot(centred(y, icpt), centred(y, icpt))
			for k := range fast.Rounds {
				a, b, c := fast.Rounds[k], book.Rounds[k], fwd.Rounds[k]
				if !closeRel(a.Residual, b.Residual, 1e-9) || !closeRel(a.Residual, c.Residual, 1e-9) {
					t.Errorf("%s round %d: residuals %v %v %v", name, k+1, a.Residual, b.Residual, c.Residual)
				}
				if !closeRel(a.Criterion, b.Criterion, 1e-8) {
					t.Errorf("%s round %d: criterion fast %v textbook %v", name, k+1, a.Criterion, b.Criterion)
				}
				for l := range a.Theta {
					if !closeRel(a.Theta[l], b.Theta[l], 1e-8) {
						t.Errorf("%s round %d: theta[%d] fast %v textbook %v", name, k+1, l, a.Theta[l], b.Theta[l])
					}
				}
				for l := range a.Coef {
					if !closeRel(a.Coef[l], b.Coef[l], 1e-8) || !closeRel(a.Coef[l], c.Coef[l], 1e-8) {
						t.Errorf("%s round %d: coef[%d] %v %v %v", name, k+1, l, a.Coef[l], b.Coef[l], c.Coef[l])
					}
				}
				// The identity of Example 25.2.
				if got := prev - a.Gain; !closeRel(got, a.Residual*a.Residual, 1e-8) {
					t.Errorf("%s round %d: ||r_{t-1}||^2 - gain = %v, ||r_t||^2 = %v", name, k+1, got, a.Residual*a.Residual)
				}
				prev = a.Residual * a.Residual
			}
			// Residual orthogonal to every chosen (centred) column.
			r := residual(X, y, fast.Coef, fast.Intercept)
			for _, j := range fast.Support {
				col := centred(mat.Col(nil, j, X), icpt)
				if v := floats.Dot(col, r); math.Abs(v) > 1e-9*floats.Norm(col, 2)*floats.Norm(y, 2) {
					t.Errorf("%s: <X_%d, r> = %v", name, j, v)
				}
			}
			fc, _ := OMP(X, y, OMPConfig{T: d, Intercept: icpt, Rule: Correlation})
			bc, _ := OMPTextbook(X, y, OMPConfig{T: d, Intercept: icpt, Rule: Correlation})
			if fmt.Sprint(fc.Support) != fmt.Sprint(bc.Support) {
				t.Errorf("%s correlation rule: fast %v textbook %v", name, fc.Support, bc.Support)
			}
		}
	}
}

func centred(v []float64, icpt bool) []float64 {
	out := append([]float64(nil), v...)
	if icpt {
		mu := floats.Sum(v) / float64(len(v))
		for i := range out {
			out[i] -= mu
		}
	}
	return out
}

func residual(X mat.Matrix, y, w []float64, b float64) []float64 {
	m, _ := X.Dims()
	r := make([]float64, m)
	for i := range r {
		r[i] = y[i] - b - floats.Dot(mat.Row(nil, i, X), w)
	}
	return r
}

// TestOMPBatchEqualsOMP: every row of OMPBatch is OMP on that signal, for
// both rules, and does not depend on the worker count.
func TestOMPBatchEqualsOMP(t *testing.T) {
	D, _ := randomProblem(3, 40, 25)
	Y := mat.NewDense(17, 40, nil)
	for i := 0; i < 17; i++ {
		_, y := randomProblem(100+uint64(i), 40, 25)
		Y.SetRow(i, y)
	}
	for _, rule := range []Rule{Exact, Correlation} {
		for _, norm := range []bool{false, true} {
			cfg := OMPConfig{T: 8, Rule: rule, Normalize: norm}
			c1, err := OMPBatch(D, Y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Workers = 4
			c4, _ := OMPBatch(D, Y, cfg)
			if !mat.Equal(c1, c4) {
				t.Errorf("rule %v: codes depend on Workers", rule)
			}
			for i := 0; i < 17; i++ {
				res, _ := OMP(D, mat.Row(nil, i, Y), cfg)
				for j, w := range res.Coef {
					if !closeRel(c1.At(i, j), w, 1e-9) {
						t.Errorf("rule %v normalize %v signal %d: batch %v, OMP %v at %d", rule, norm, i, c1.At(i, j), w, j)
					}
				}
			}
		}
	}
}

// TestBackwardBruteForce: each elimination removes the feature whose
// removal, refitted from scratch, gives the smallest RSS; the RSS after
// each step equals that refit.
func TestBackwardBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		m, d := 40+int(seed)*5, 3+int(seed)
		X, y := randomProblem(seed, m, d)
		for _, icpt := range []bool{false, true} {
			res, err := Backward(X, y, BackwardConfig{Intercept: icpt})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Removed) != d || len(res.Support) != 0 {
				t.Fatalf("removed %v support %v", res.Removed, res.Support)
			}
			rem := make([]int, d)
			for j := range rem {
				rem[j] = j
			}
			for k, st := range res.Steps {
				best, bj := math.Inf(1), -1
				for _, j := range rem {
					var sub []int
					for _, l := range rem {
						if l != j {
							sub = append(sub, l)
						}
					}
					if r := lsRSS(X, y, sub, icpt); bj < 0 || r < best-1e-9*math.Max(1, best) {
						best, bj = r, j
					}
				}
				if st.Feature != bj || !closeRel(st.RSS, best, 1e-8) {
					t.Fatalf("seed %d step %d: removed %d (RSS %v), brute force %d (RSS %v)", seed, k, st.Feature, st.RSS, bj, best)
				}
				var nr []int
				for _, l := range rem {
					if l != bj {
						nr = append(nr, l)
					}
				}
				rem = nr
			}
		}
	}
}

// lsRSS refits least squares on the columns sub by QR.
func lsRSS(X *mat.Dense, y []float64, sub []int, icpt bool) float64 {
	m, _ := X.Dims()
	yc := centred(y, icpt)
	if len(sub) == 0 {
		return floats.Dot(yc, yc)
	}
	A := mat.NewDense(m, len(sub), nil)
	for k, j := range sub {
		A.SetCol(k, centred(mat.Col(nil, j, X), icpt))
	}
	var qr mat.QR
	qr.Factorize(A)
	var w mat.VecDense
	if err := qr.SolveVecTo(&w, false, mat.NewVecDense(m, yc)); err != nil {
		panic(err)
	}
	var p mat.VecDense
	p.MulVec(A, &w)
	r := make([]float64, m)
	floats.SubTo(r, yc, p.RawVector().Data)
	return floats.Dot(r, r)
}

// TestOMPDegenerate: zero and duplicated columns are never chosen twice or
// divided by; a budget above the rank or above d stops early with the
// reason; y in the span stops with StopOrthogonal.
func TestOMPDegenerate(t *testing.T) {
	X, y := randomProblem(5, 20, 6)
	Xd := mat.NewDense(20, 9, nil)
	for j := 0; j < 6; j++ {
		Xd.SetCol(j, mat.Col(nil, j, X))
	}
	Xd.SetCol(6, mat.Col(nil, 2, X)) // duplicate of column 2
	// column 7 all zero
	c := mat.Col(nil, 0, X)
	floats.Add(c, mat.Col(nil, 1, X))
	Xd.SetCol(8, c) // x0 + x1
	for _, fn := range []func(mat.Matrix, []float64, OMPConfig) (*OMPResult, error){OMP, OMPTextbook} {
		for _, rule := range []Rule{Exact, Correlation} {
			res, err := fn(Xd, y, OMPConfig{T: 50, Rule: rule})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Support) != 6 || res.Stop != StopDependent || res.Converged {
				t.Errorf("%s: support %v stop %v, want 6 features and StopDependent", res.Method, res.Support, res.Stop)
			}
			seen := map[int]bool{}
			for _, j := range res.Support {
				if seen[j] || j == 7 {
					t.Errorf("%s: support %v", res.Method, res.Support)
				}
				seen[j] = true
			}
			for _, v := range res.Coef {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s: coef %v", res.Method, res.Coef)
				}
			}
		}
	}
	// y exactly in the span of two columns.
	y2 := make([]float64, 20)
	for i := range y2 {
		y2[i] = 2*X.At(i, 0) - X.At(i, 3)
	}
	res, _ := OMP(X, y2, OMPConfig{T: 6})
	if len(res.Support) >= 6 || res.Stop != StopOrthogonal || res.RSS > 1e-20 {
		t.Errorf("y in span: support %v stop %v rss %v", res.Support, res.Stop, res.RSS)
	}
	// tolerance
	res, _ = OMP(X, y, OMPConfig{Tol: 50})
	if res.Stop != StopTol || res.RSS > 50 {
		t.Errorf("tol: stop %v rss %v", res.Stop, res.RSS)
	}
	if len(res.Support) > 1 && res.Rounds[len(res.Rounds)-2].Residual*res.Rounds[len(res.Rounds)-2].Residual <= 50 {
		t.Errorf("tol: ran past the tolerance")
	}
	// Backward with duplicates: the dependent ones go first at zero cost.
	br, err := Backward(Xd, y, BackwardConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if br.Steps[0].Increase != 0 || br.Steps[1].Increase != 0 || br.Steps[2].Increase != 0 {
		t.Errorf("backward: first increases %v %v %v", br.Steps[0].Increase, br.Steps[1].Increase, br.Steps[2].Increase)
	}
}

// TestBadInput: clear errors, never a panic.
func TestBadInput(t *testing.T) {
	X, y := randomProblem(1, 10, 3)
	nan := mat.DenseCopyOf(X)
	nan.Set(4, 2, math.NaN())
	ynan := append([]float64(nil), y...)
	ynan[3] = math.Inf(1)
	var nilDense *mat.Dense
	cases := []struct {
		name string
		X    mat.Matrix
		y    []float64
		cfg  OMPConfig
		want error
	}{
		{"nil", nil, y, OMPConfig{}, featlab.ErrEmpty},
		{"typed nil", nilDense, y, OMPConfig{}, featlab.ErrEmpty},
		{"short y", X, y[:5], OMPConfig{}, featlab.ErrShape},
		{"NaN X", nan, y, OMPConfig{}, featlab.ErrNotFinite},
		{"Inf y", X, ynan, OMPConfig{}, featlab.ErrNotFinite},
		{"T<0", X, y, OMPConfig{T: -1}, featlab.ErrParam},
		{"Tol<0", X, y, OMPConfig{Tol: -1}, featlab.ErrParam},
		{"Tol NaN", X, y, OMPConfig{Tol: math.NaN()}, featlab.ErrParam},
		{"rule", X, y, OMPConfig{Rule: 7}, featlab.ErrParam},
		{"names", X, y, OMPConfig{Names: []string{"a"}}, featlab.ErrShape},
	}
	for _, c := range cases {
		for _, fn := range []func(mat.Matrix, []float64, OMPConfig) (*OMPResult, error){OMP, OMPTextbook} {
			if _, err := fn(c.X, c.y, c.cfg); !errors.Is(err, c.want) {
				t.Errorf("%s: err %v, want %v", c.name, err, c.want)
			}
		}
		if c.cfg.Rule == 0 && c.cfg.Tol == 0 && c.cfg.T == 0 && c.cfg.Names == nil {
			if _, err := Forward(c.X, c.y, ForwardConfig{}); !errors.Is(err, c.want) {
				t.Errorf("Forward %s: err %v, want %v", c.name, err, c.want)
			}
			if _, err := Backward(c.X, c.y, BackwardConfig{}); !errors.Is(err, c.want) {
				t.Errorf("Backward %s: err %v, want %v", c.name, err, c.want)
			}
		}
	}
	if _, err := Backward(X, y, BackwardConfig{K: 4}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Backward K>d: %v", err)
	}
	Y := mat.NewDense(2, 10, nil)
	if _, err := OMPBatch(X, mat.NewDense(2, 9, nil), OMPConfig{}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("batch shape: %v", err)
	}
	if _, err := OMPBatch(X, Y, OMPConfig{Intercept: true}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("batch intercept: %v", err)
	}
	if _, err := OMPBatch(nan, Y, OMPConfig{}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("batch NaN: %v", err)
	}
	if _, err := OMPBatch(nilDense, Y, OMPConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("batch nil: %v", err)
	}
	// All-zero signals code to zero.
	codes, err := OMPBatch(X, Y, OMPConfig{T: 2})
	if err != nil || mat.Norm(codes, 1) != 0 {
		t.Errorf("zero signals: %v %v", err, codes)
	}
}
