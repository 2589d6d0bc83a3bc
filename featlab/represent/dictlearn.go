package represent

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab/transform"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/internal/kernel"
)

// DictUpdate selects the dictionary step of dictionary learning.
type DictUpdate int

const (
	// KSVD (the default): Aharon, Elad and Bruckstein (2006). Atom by atom,
	// with E_j = X - sum_{l != j} v^l mu_l restricted to the samples that
	// use atom j (Zhou 11.18), atom j and its code entries on that support
	// become the leading singular pair of the restricted E_j, so the
	// supports of the codes are preserved. The singular pair is found by
	// power iteration warm-started at the current atom, run until the
	// squared singular value changes by less than 1e-12 relatively (at most
	// 100 steps).
	KSVD DictUpdate = iota
	// ApproxKSVD: Rubinstein, Zibulevsky and Elad (2008): one power
	// iteration step per atom instead of the singular pair.
	ApproxKSVD
	// MOD: the method of optimal directions (Engan et al. 1999), the least
	// squares dictionary D = (V^T V)^{-1} V^T X for the fixed codes V
	// (Zhou 11.17 solved in one go), atoms then rescaled to unit norm with
	// the codes scaled the other way.
	MOD
)

// DictionaryLearningConfig configures dictionary learning. Only K is
// required.
type DictionaryLearningConfig struct {
	// K >= 1 is the number of atoms. K may exceed d (an overcomplete
	// dictionary) and m (as scikit-learn's DictionaryLearning allows):
	// atoms beyond the m nonzero training rows start as seeded Gaussian
	// directions, and an atom no code uses is replaced by the
	// worst-represented sample while one is left (each sample once), else
	// kept. With Clear, which replaces atoms fewer than 4 samples use,
	// K > m/4 leaves most atoms unused. The K x d dictionary and the m x K codes must each fit in
	// featlab.DefaultMaxCells values.
	K int
	// Coder of the sparse-coding step: OMP (default, codes with at most S
	// nonzeros) or Lasso (eq. 11.16 with Lambda).
	Coder Coder
	// S: nonzeros per code for OMP, 1 <= S <= K. Default max(1, min(K,
	// d/10)), scikit-learn's default for transform_n_nonzero_coefs.
	S int
	// Rule: OMP's selection rule, as in SparseCodeConfig.
	Rule greedy.Rule
	// Lambda >= 0 weights the l1 term of eq. 11.15 for the Lasso coder, in
	// Zhou's scaling (scikit-learn's alpha is Lambda/2).
	Lambda float64
	// Update: KSVD (default), ApproxKSVD or MOD.
	Update DictUpdate
	// MaxIter >= 0 is the number of alternations (coding step + dictionary
	// step). Default 30.
	MaxIter int
	// Tol >= 0: stop when an alternation lowers the objective by at most
	// Tol times its value. Default 0: stop only when it does not lower it
	// at all (or at MaxIter).
	Tol float64
	// Clear, after every dictionary step, replaces each atom that nearly
	// duplicates an earlier one (|cos| > 0.99) or that fewer than 4 samples
	// use by the worst-represented sample, and zeroes its codes, as the
	// K-SVD implementation of Aharon et al. does to escape poor local
	// minima. It can raise the objective for an alternation, so Objective
	// is monotone only without it. Default false.
	Clear bool
	// Init, when non-nil, is the K x d starting dictionary (its rows are
	// scaled to unit norm; none may be zero). Default: K distinct training
	// rows drawn with Seed, scaled to unit norm (rows that are zero are
	// skipped; if fewer than K rows are nonzero, seeded Gaussian directions
	// fill the rest).
	Init *mat.Dense
	// Seed of the initial dictionary.
	Seed uint64
	// Workers bounds the goroutines of the coding step (0: all cores). The
	// result does not depend on it.
	Workers int
	// Progress, when non-nil, is told of finished alternations.
	Progress featlab.Progress
}

// DictionaryLearning is a dictionary learned by the alternating
// optimisation of Zhou eq. 11.15,
//
//	min_{D, V} sum_i ||x_i - v_i D||^2 + lambda sum_i ||v_i||_1
//
// (D: K x d with unit-norm rows, Zhou's B^T; v_i the code of x_i, Zhou's
// alpha_i), or of its s-sparse form min sum_i ||x_i - v_i D||^2 s.t.
// ||v_i||_0 <= S (25.3.1) with the OMP coder. Each alternation codes every
// sample with D fixed (11.16), then updates D (11.17) by K-SVD, approximate
// K-SVD or MOD.
//
// Monotonicity. Neither OMP nor a lasso solved to a tolerance is exact, so
// a sample keeps its previous code when the new one scores worse; with the
// Lasso coder the K-SVD step, which also rescales codes and so changes the
// l1 term, keeps for each atom the better of the rank-one update and the
// atom-only update mu_j = E_j^T v^j / ||E_j^T v^j||. Hence neither step ever
// increases the objective (Objective is non-increasing). An atom no sample
// uses is replaced by the worst-represented sample (largest residual),
// scaled to unit norm; its codes are zero, so the objective is unchanged.
// No atom is ever zero or NaN.
//
// As an auto-encoder, Encode codes new data with the same coder, S and
// Lambda, and Decode returns V D.
type DictionaryLearning struct {
	DictionaryLearningConfig
	// FrameMemory lets transform.FitFrame / TransformFrame find the
	// fitted columns of a data frame by name.
	transform.FrameMemory
	// Atoms is the learned K x d dictionary (unit-norm rows).
	Atoms *mat.Dense
	// Codes is the m x K matrix of the training codes at the end.
	Codes *mat.Dense
	// Objective[t] is the objective after alternation t+1's dictionary
	// step; CodingObjective[t] after its coding step. Initial is the
	// objective of the initial dictionary with zero codes, sum_i ||x_i||^2.
	Objective, CodingObjective []float64
	Initial                    float64
	// Replaced counts atom replacements (unused atoms) over the fit.
	Replaced int
	// Convergence: Iterations alternations run, Converged when the Tol rule
	// stopped the fit before MaxIter, Gap the last relative decrease.
	featlab.Convergence
}

// LearnDictionary learns a dictionary from the rows of X.
//
// Memory, for m samples of dimension d and K atoms: the codes (m x K,
// returned as Codes, not copied per alternation), the residual X - V D
// (m x d), a copy of X unless it is a *mat.Dense with contiguous rows, and
// for the coding step blocks of about 2^20 values (codes and, for OMP,
// correlations); MOD also keeps a copy of the codes while it checks its
// step. For 100000 x 64 and 256 atoms: about 205 MB of codes plus 51 MB
// plus 16 MB of blocks, under five times the input beside the codes.
//
// Errors: K < 1, S outside [1, K], Lambda < 0, MaxIter or Tol < 0,
// an unknown Coder or Update, an Init of the wrong shape, non-finite or with
// a zero row (ErrParam, ErrShape, ErrNotFinite); empty or non-finite X;
// a dictionary or codes over featlab.DefaultMaxCells values (ErrTooLarge).
func LearnDictionary(X mat.Matrix, cfg DictionaryLearningConfig) (*DictionaryLearning, error) {
	return LearnDictionaryContext(context.Background(), X, cfg)
}

// LearnDictionaryContext is LearnDictionary with cancellation, checked
// between alternations, between samples of the coding step and at every
// power-iteration step of each K-SVD atom update: cancelled, it returns
// the dictionary after the last finished alternation with an error
// wrapping ctx.Err() (Codes then hold, for that dictionary, the codes of
// the interrupted coding step where they were accepted, each no worse
// than before). Cancelled in a K-SVD dictionary step, it returns the
// dictionary and codes with the atoms finished so far updated (each
// update leaves the objective no worse); Objective then has no entry for
// that alternation.
func LearnDictionaryContext(ctx context.Context, X mat.Matrix, cfg DictionaryLearningConfig) (*DictionaryLearning, error) {
	dl := &DictionaryLearning{DictionaryLearningConfig: cfg}
	err := dl.fit(ctx, X)
	if err != nil && dl.Atoms == nil {
		return nil, err
	}
	return dl, err
}

// Fit learns the dictionary with the receiver's configuration
// (featlab.Transformer).
func (dl *DictionaryLearning) Fit(X mat.Matrix) error {
	dl.SetFrameColumns(nil)
	return dl.fit(context.Background(), X)
}

func (dl *DictionaryLearning) fit(ctx context.Context, X mat.Matrix) error {
	cfg := dl.DictionaryLearningConfig
	m, d, err := checkData(X, "X")
	if err != nil {
		return err
	}
	if cfg.K < 1 {
		return featlab.Errorf(featlab.ErrParam, "represent: DictionaryLearning: K = %d atoms, want >= 1", cfg.K)
	}
	if err := featlab.CheckCells("represent: DictionaryLearning: the dictionary", "", cfg.K, d, 0); err != nil {
		return err
	}
	if err := featlab.CheckCells("represent: DictionaryLearning: the codes", "", m, cfg.K, 0); err != nil {
		return err
	}
	k := cfg.K
	sc := SparseCodeConfig{Coder: cfg.Coder, S: cfg.S, Lambda: cfg.Lambda}
	s, err := sc.sparsity(k, d)
	if err != nil {
		return featlab.Errorf(featlab.ErrParam, "represent: DictionaryLearning: %v", err)
	}
	if cfg.Update < KSVD || cfg.Update > MOD {
		return featlab.Errorf(featlab.ErrParam, "represent: DictionaryLearning: unknown Update %d", cfg.Update)
	}
	if cfg.MaxIter < 0 || !(cfg.Tol >= 0) || math.IsInf(cfg.Tol, 0) {
		return featlab.Errorf(featlab.ErrParam, "represent: DictionaryLearning: MaxIter = %d and Tol = %v must be >= 0", cfg.MaxIter, cfg.Tol)
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 30
	}
	x, _, _ := kernel.DenseRows(X)
	if err := kernel.CheckScale(x, "represent", "X"); err != nil {
		return err
	}
	Xd := mat.NewDense(m, d, x)
	lambda := 0.0
	if cfg.Coder == Lasso {
		lambda = cfg.Lambda
	}
	D, err := initDictionary(x, m, d, k, cfg.Init, cfg.Seed)
	if err != nil {
		return err
	}
	st := &dlState{x: x, m: m, d: d, k: k, D: D, V: mat.NewDense(m, k, nil), R: append([]float64(nil), x...), lambda: lambda}
	st.initial = st.objective()
	dl.Initial = st.initial
	dl.Objective, dl.CodingObjective, dl.Replaced = nil, nil, 0
	prev := st.initial
	dl.Convergence = featlab.Convergence{Tol: cfg.Tol}
	publish := func() {
		dl.Atoms = mat.DenseCopyOf(st.D)
		dl.Codes = st.V // shared, not copied: m x K values per alternation
	}
	publish()
	for it := 0; it < maxIter; it++ {
		if err := ctx.Err(); err != nil {
			return featlab.Errorf(err, "represent: DictionaryLearning cancelled after %d alternations", it)
		}
		// coding step (11.16)
		if err := st.codeStep(ctx, Xd, cfg, s, lambda); err != nil {
			return featlab.Errorf(err, "represent: DictionaryLearning: coding step of alternation %d", it+1)
		}
		dl.CodingObjective = append(dl.CodingObjective, st.objective())
		// dictionary step (11.17)
		switch cfg.Update {
		case KSVD, ApproxKSVD:
			for j := 0; j < k; j++ {
				if err := st.ksvdAtomContext(ctx, j, cfg.Update == ApproxKSVD); err != nil {
					// atoms 0..j-1 are updated with their codes (and R):
					// a consistent pair, no worse than before
					publish()
					return featlab.Errorf(err, "represent: DictionaryLearning cancelled in the dictionary step of alternation %d after %d of %d atoms", it+1, j, k)
				}
			}
		case MOD:
			st.mod()
		}
		dl.Replaced += st.replaceUnused()
		if cfg.Clear {
			dl.Replaced += st.clear()
		}
		st.refresh()
		obj := st.objective()
		dl.Objective = append(dl.Objective, obj)
		publish()
		dl.Iterations = it + 1
		if err := safeProgress(cfg.Progress, it+1, maxIter); err != nil {
			return err
		}
		dec := 0.0
		if prev > 0 {
			dec = (prev - obj) / prev
		}
		dl.Gap = dec
		prev = obj
		if dec <= cfg.Tol {
			dl.Converged = true
			break
		}
	}
	return nil
}

// initDictionary returns the K x d unit-norm starting dictionary.
func initDictionary(x []float64, m, d, k int, init *mat.Dense, seed uint64) (*mat.Dense, error) {
	if init != nil {
		r, c := init.Dims()
		if r != k || c != d {
			return nil, featlab.Errorf(featlab.ErrShape, "represent: DictionaryLearning: Init is %dx%d, want K x d = %dx%d", r, c, k, d)
		}
		if _, _, err := checkAtoms(init); err != nil {
			// wraps both ErrParam and the kind found (ErrNotFinite, ...)
			return nil, fmt.Errorf("%w (%w)", featlab.Wrap(err, "represent: DictionaryLearning: Init"), featlab.ErrParam)
		}
		D := mat.DenseCopyOf(init)
		for j := 0; j < k; j++ {
			normalise(D.RawRowView(j))
		}
		return D, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	D := mat.NewDense(k, d, nil)
	j := 0
	for _, i := range rng.Perm(m) {
		if j == k {
			break
		}
		row := x[i*d : (i+1)*d]
		if kernel.Dot(row, row) == 0 {
			continue
		}
		copy(D.RawRowView(j), row)
		normalise(D.RawRowView(j))
		j++
	}
	for ; j < k; j++ {
		row := D.RawRowView(j)
		for t := range row {
			row[t] = rng.NormFloat64()
		}
		normalise(row)
	}
	return D, nil
}

func normalise(v []float64) {
	n := math.Sqrt(kernel.Dot(v, v))
	if n > 0 {
		for t := range v {
			v[t] /= n
		}
	}
}

// dlState is the state of the alternation: data x (m x d), dictionary D,
// codes V and residual R = X - V D, all row-major.
type dlState struct {
	x       []float64
	m, d, k int
	D, V    *mat.Dense
	R       []float64
	lambda  float64
	initial float64
}

// objective returns sum_i ||r_i||^2 + lambda sum |V|.
func (st *dlState) objective() float64 {
	s := 0.0
	for i := 0; i < st.m; i++ {
		r := st.R[i*st.d : (i+1)*st.d]
		s += kernel.Dot(r, r)
	}
	if st.lambda > 0 {
		for _, v := range st.V.RawMatrix().Data {
			s += st.lambda * math.Abs(v)
		}
	}
	return s
}

// residualOf writes x_i - v D into r and returns ||r||^2 + lambda ||v||_1.
func (st *dlState) residualOf(i int, v, r []float64) float64 {
	d := st.d
	copy(r, st.x[i*d:(i+1)*d])
	l1 := 0.0
	for j, c := range v {
		if c != 0 {
			axpy(-c, st.D.RawRowView(j), r)
			l1 += math.Abs(c)
		}
	}
	return kernel.Dot(r, r) + st.lambda*l1
}

// codeBlockCells bounds the values of one block of the coding step's
// temporaries (its codes, and for OMP its correlations): about 8 MB each.
const codeBlockCells = 1 << 20

// codeStep codes the samples with D fixed, a block of rows at a time, and
// accepts each block's codes at once (acceptCodes): the step needs block
// temporaries, not two more m x K tables. Samples are coded independently,
// so the codes are those of one call over all rows.
func (st *dlState) codeStep(ctx context.Context, Xd *mat.Dense, cfg DictionaryLearningConfig, s int, lambda float64) error {
	rows := max(64, codeBlockCells/st.k/64*64) // whole OMPBatch chunks
	for lo := 0; lo < st.m; lo += rows {
		hi := min(lo+rows, st.m)
		xb := Xd.Slice(lo, hi, 0, st.d).(*mat.Dense)
		warm := st.V.Slice(lo, hi, 0, st.k).(*mat.Dense)
		Vb, err := encodeWith(ctx, xb, st.D, cfg.Coder, s, cfg.Rule, lambda, 0, 0, cfg.Workers, nil, warm)
		if err != nil {
			return err
		}
		st.acceptCodes(lo, Vb)
	}
	return nil
}

// acceptCodes takes the new code of each sample of the block starting at
// row lo unless it scores worse than the current one, and updates R.
func (st *dlState) acceptCodes(lo int, Vnew *mat.Dense) {
	d := st.d
	r := make([]float64, d)
	nb, _ := Vnew.Dims()
	for i := lo; i < lo+nb; i++ {
		old := st.V.RawRowView(i)
		ri := st.R[i*d : (i+1)*d]
		cur := kernel.Dot(ri, ri)
		if st.lambda > 0 {
			for _, c := range old {
				cur += st.lambda * math.Abs(c)
			}
		}
		nv := Vnew.RawRowView(i - lo)
		if st.residualOf(i, nv, r) <= cur {
			copy(old, nv)
			copy(ri, r)
		}
	}
}

// refresh recomputes R = X - V D exactly (no drift from the updates).
func (st *dlState) refresh() {
	d := st.d
	for i := 0; i < st.m; i++ {
		st.residualOf(i, st.V.RawRowView(i), st.R[i*d:(i+1)*d])
	}
}

// ksvdAtom updates atom j and its codes on their support (11.18).
func (st *dlState) ksvdAtom(j int, approx bool) {
	_ = st.ksvdAtomContext(context.Background(), j, approx)
}

// ksvdAtomContext is ksvdAtom with ctx checked at every power-iteration
// step (up to 100 passes over the atom's samples): cancelled, it returns
// ctx.Err() and leaves the atom, its codes and R unchanged.
func (st *dlState) ksvdAtomContext(ctx context.Context, j int, approx bool) error {
	d, k := st.d, st.k
	vd := st.V.RawMatrix().Data
	var omega []int
	for i := 0; i < st.m; i++ {
		if vd[i*k+j] != 0 {
			omega = append(omega, i)
		}
	}
	if len(omega) == 0 {
		return nil
	}
	dj := st.D.RawRowView(j)
	a := make([]float64, len(omega))
	for t, i := range omega {
		a[t] = vd[i*k+j]
	}
	// E rows: e_i = r_i + a_i d_j (i in omega).
	Eu := func(u []float64, g []float64) { // g = E u
		du := kernel.Dot(dj, u)
		for t, i := range omega {
			g[t] = kernel.Dot(st.R[i*d:(i+1)*d], u) + a[t]*du
		}
	}
	Etg := func(g []float64, u []float64) { // u = E^T g
		clear(u)
		ag := 0.0
		for t, i := range omega {
			axpy(g[t], st.R[i*d:(i+1)*d], u)
			ag += a[t] * g[t]
		}
		axpy(ag, dj, u)
	}
	u := append([]float64(nil), dj...)
	g := make([]float64, len(omega))
	Eu(u, g)
	sig := kernel.Dot(g, g)
	steps := 100
	if approx {
		steps = 1
	}
	for it := 0; it < steps; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		Etg(g, u)
		normalise(u)
		Eu(u, g)
		ns := kernel.Dot(g, g)
		conv := ns-sig <= 1e-12*ns
		sig = ns
		if conv {
			break
		}
	}
	// data-term change of the rank-one update relative to the old pair:
	// ||E - g u^T||^2 - ||E - a d_j^T||^2 = -||g||^2 + 2 a.(E d_j) - ||a||^2.
	Ed := make([]float64, len(omega))
	Eu(dj, Ed)
	base := 2*kernel.Dot(a, Ed) - kernel.Dot(a, a)
	dK := -sig + base
	useK := true
	if st.lambda > 0 {
		l1new, l1old := 0.0, 0.0
		for t := range g {
			l1new += math.Abs(g[t])
			l1old += math.Abs(a[t])
		}
		dK += st.lambda * (l1new - l1old)
		// atom-only update: u' = E^T a / ||E^T a||
		uA := make([]float64, d)
		Etg(a, uA)
		n := math.Sqrt(kernel.Dot(uA, uA))
		dA := -2*n + base
		if dA < dK && n > 0 {
			for t := range uA {
				uA[t] /= n
			}
			u = uA
			copy(g, a)
			useK = false
			dK = dA
		}
	}
	if !(dK <= 0) || kernel.Dot(u, u) == 0 {
		return nil // numerical noise: keep the old pair
	}
	_ = useK
	for t, i := range omega {
		ri := st.R[i*d : (i+1)*d]
		axpy(a[t], dj, ri)
		axpy(-g[t], u, ri)
		vd[i*k+j] = g[t]
	}
	copy(dj, u)
	return nil
}

// mod replaces D by the least-squares dictionary for the current codes,
// over the used atoms, then rescales atoms to unit norm (codes inversely).
// If rounding made the data term worse, the old dictionary is kept.
func (st *dlState) mod() {
	m, d, k := st.m, st.d, st.k
	vd := st.V.RawMatrix().Data
	var used []int
	for j := 0; j < k; j++ {
		for i := 0; i < m; i++ {
			if vd[i*k+j] != 0 {
				used = append(used, j)
				break
			}
		}
	}
	if len(used) == 0 {
		return
	}
	u := len(used)
	G := mat.NewSymDense(u, nil)
	B := mat.NewDense(u, d, nil)
	for i := 0; i < m; i++ {
		row := vd[i*k : (i+1)*k]
		xi := st.x[i*d : (i+1)*d]
		for p, jp := range used {
			if c := row[jp]; c != 0 {
				axpy(c, xi, B.RawRowView(p))
				for q := p; q < u; q++ {
					if c2 := row[used[q]]; c2 != 0 {
						G.SetSym(p, q, G.At(p, q)+c*c2)
					}
				}
			}
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(G) {
		tr := 0.0
		for p := 0; p < u; p++ {
			tr += G.At(p, p)
		}
		for p := 0; p < u; p++ {
			G.SetSym(p, p, G.At(p, p)+1e-10*tr/float64(u))
		}
		if !ch.Factorize(G) {
			return
		}
	}
	var Dn mat.Dense
	if err := ch.SolveTo(&Dn, B); err != nil {
		return
	}
	oldD := mat.DenseCopyOf(st.D)
	oldV := append([]float64(nil), vd...)
	oldObj := st.objective()
	for p, j := range used {
		row := Dn.RawRowView(p)
		n := math.Sqrt(kernel.Dot(row, row))
		if !(n > 0) || math.IsInf(n, 0) || math.IsNaN(n) {
			continue
		}
		dj := st.D.RawRowView(j)
		for t := range dj {
			dj[t] = row[t] / n
		}
		for i := 0; i < m; i++ {
			vd[i*k+j] *= n
		}
	}
	st.refresh()
	if st.objective() > oldObj {
		st.D.Copy(oldD)
		copy(vd, oldV)
		st.refresh()
	}
}

// replaceUnused replaces every atom that no code uses by the training
// sample with the largest residual (each sample at most once), scaled to
// unit norm. It returns the number replaced.
func (st *dlState) replaceUnused() int {
	m, d, k := st.m, st.d, st.k
	vd := st.V.RawMatrix().Data
	used := make([]bool, k)
	for i := 0; i < m; i++ {
		for j, c := range vd[i*k : (i+1)*k] {
			if c != 0 {
				used[j] = true
			}
		}
	}
	taken := map[int]bool{}
	n := 0
	for j := 0; j < k; j++ {
		if used[j] {
			continue
		}
		best, bi := 0.0, -1
		for i := 0; i < m; i++ {
			r := st.R[i*d : (i+1)*d]
			if e := kernel.Dot(r, r); e > best && !taken[i] {
				best, bi = e, i
			}
		}
		if bi < 0 {
			continue // every sample is represented exactly: keep the atom
		}
		xi := st.x[bi*d : (bi+1)*d]
		if kernel.Dot(xi, xi) == 0 {
			continue
		}
		taken[bi] = true
		dj := st.D.RawRowView(j)
		copy(dj, xi)
		normalise(dj)
		n++
	}
	return n
}

// clear replaces near-duplicate and rarely used atoms by the
// worst-represented samples and zeroes their codes (DictionaryLearningConfig.Clear).
func (st *dlState) clear() int {
	m, d, k := st.m, st.d, st.k
	vd := st.V.RawMatrix().Data
	use := make([]int, k)
	for i := 0; i < m; i++ {
		for j, c := range vd[i*k : (i+1)*k] {
			if c != 0 {
				use[j]++
			}
		}
	}
	taken := map[int]bool{}
	n := 0
	for j := 0; j < k; j++ {
		dj := st.D.RawRowView(j)
		bad := use[j] > 0 && use[j] < 4
		for l := 0; l < j && !bad; l++ {
			bad = math.Abs(kernel.Dot(dj, st.D.RawRowView(l))) > 0.99
		}
		if !bad {
			continue
		}
		best, bi := 0.0, -1
		for i := 0; i < m; i++ {
			r := st.R[i*d : (i+1)*d]
			if e := kernel.Dot(r, r); e > best && !taken[i] {
				best, bi = e, i
			}
		}
		if bi < 0 {
			continue
		}
		xi := st.x[bi*d : (bi+1)*d]
		if kernel.Dot(xi, xi) == 0 {
			continue
		}
		for i := 0; i < m; i++ {
			if c := vd[i*k+j]; c != 0 {
				axpy(c, dj, st.R[i*d:(i+1)*d])
				vd[i*k+j] = 0
			}
		}
		taken[bi] = true
		copy(dj, xi)
		normalise(dj)
		n++
	}
	return n
}

// OutputNames names the K output columns atom1..atomK (featlab.Namer).
func (dl *DictionaryLearning) OutputNames([]string) ([]string, error) {
	if dl == nil || dl.Atoms == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: DictionaryLearning used before Fit")
	}
	k, _ := dl.Atoms.Dims()
	return names("atom", k), nil
}

// Encode codes the rows of X against the learned atoms with the configured
// coder, S and Lambda.
func (dl *DictionaryLearning) Encode(X mat.Matrix) (*mat.Dense, error) {
	if dl == nil || dl.Atoms == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: DictionaryLearning used before Fit")
	}
	return SparseEncode(X, SparseCodeConfig{Atoms: dl.Atoms, Coder: dl.Coder, Rule: dl.Rule, S: dl.S, Lambda: dl.Lambda, Workers: dl.Workers})
}

// Transform is Encode (featlab.Transformer).
func (dl *DictionaryLearning) Transform(X mat.Matrix) (*mat.Dense, error) { return dl.Encode(X) }

// Decode returns V Atoms.
func (dl *DictionaryLearning) Decode(V mat.Matrix) (*mat.Dense, error) {
	if dl == nil || dl.Atoms == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: DictionaryLearning used before Fit")
	}
	return decode(V, dl.Atoms, "DictionaryLearning")
}
