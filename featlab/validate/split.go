// Package validate splits data for model selection and scores predictions.
//
// The lecture's rule is to select on validation data and report on test
// data: choose features and hyperparameters by their score on data the
// learner did not train on (a validation set, or the folds of a k-fold
// cross-validation), and report the chosen model once, on a test set that
// took no part in the choice. This package provides the splits (Holdout,
// TrainValTest, KFold, StratifiedKFold, Bootstrap), the metrics (MSE,
// Accuracy, ZeroOneLoss, ROCAUC, LogLoss) and CrossValidate, which fits a
// learner on every fold in parallel.
//
// Every split is drawn from a seeded permuted congruential generator,
//
//	rand.New(rand.NewPCG(seed, Stream))
//
// so the same seed gives the same split on every run and machine. Index
// slices are sorted ascending unless a function says otherwise.
package validate

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/featlab/course/featlab"
)

// Stream is the second PCG seed word of every split: the generator is
// rand.NewPCG(seed, Stream). (The bytes spell "featlab" in ASCII.)
const Stream uint64 = 0x66656174_6c6162

// newRand returns the package's generator for seed.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, Stream)) }

// Fold is one train/test pair of index sets into the m examples.
type Fold struct {
	Train []int // indices to fit on (with repeats for a bootstrap sample)
	Test  []int // indices to evaluate on
}

func checkM(m int) error {
	if m < 2 {
		return featlab.Errorf(featlab.ErrEmpty, "validate: need at least 2 examples to split, have %d", m)
	}
	return nil
}

func checkFrac(f float64, what string) error {
	if math.IsNaN(f) || f <= 0 || f >= 1 {
		return featlab.Errorf(featlab.ErrParam, "validate: %s = %v must be in (0, 1)", what, f)
	}
	return nil
}

// count returns ceil(frac*m) computed in float64 exactly as scikit-learn's
// train_test_split computes the size of a float test_size.
func count(frac float64, m int) int { return int(math.Ceil(frac * float64(m))) }

// Holdout splits 0..m-1 at random into a training and a test set, the
// test set holding ceil(testFrac*m) examples (as scikit-learn's
// train_test_split with a float test_size) and the training set the rest.
//
// Algorithm: a uniform random permutation p of 0..m-1 (rand.Perm on the
// seeded generator); test = p[:nTest], train = p[nTest:], each sorted.
//
// testFrac must be in (0, 1) and leave both sets non-empty.
func Holdout(m int, testFrac float64, seed uint64) (train, test []int, err error) {
	if err := checkM(m); err != nil {
		return nil, nil, err
	}
	if err := checkFrac(testFrac, "testFrac"); err != nil {
		return nil, nil, err
	}
	nTest := count(testFrac, m)
	if nTest < 1 || nTest >= m {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "validate: testFrac = %v of %d examples leaves %d for test and %d for training; both must be >= 1", testFrac, m, nTest, m-nTest)
	}
	p := newRand(seed).Perm(m)
	test, train = p[:nTest], p[nTest:]
	slices.Sort(test)
	slices.Sort(train)
	return train, test, nil
}

// TrainValTest splits 0..m-1 at random into training, validation and test
// sets holding m - nVal - nTest, nVal = ceil(valFrac*m) and nTest =
// ceil(testFrac*m) examples. Use the validation set to choose (features,
// hyperparameters) and the test set once, to report the choice.
//
// Algorithm: a uniform random permutation p of 0..m-1; test = p[:nTest],
// val = p[nTest:nTest+nVal], train = the rest, each sorted.
//
// Both fractions must be in (0, 1) and leave all three sets non-empty.
func TrainValTest(m int, valFrac, testFrac float64, seed uint64) (train, val, test []int, err error) {
	if err := checkM(m); err != nil {
		return nil, nil, nil, err
	}
	if err := checkFrac(valFrac, "valFrac"); err != nil {
		return nil, nil, nil, err
	}
	if err := checkFrac(testFrac, "testFrac"); err != nil {
		return nil, nil, nil, err
	}
	nTest, nVal := count(testFrac, m), count(valFrac, m)
	if nTest < 1 || nVal < 1 || nTest+nVal >= m {
		return nil, nil, nil, featlab.Errorf(featlab.ErrParam,
			"validate: valFrac = %v and testFrac = %v of %d examples leave %d for training, %d for validation and %d for test; each must be >= 1",
			valFrac, testFrac, m, m-nTest-nVal, nVal, nTest)
	}
	p := newRand(seed).Perm(m)
	test, val, train = p[:nTest], p[nTest:nTest+nVal], p[nTest+nVal:]
	slices.Sort(test)
	slices.Sort(val)
	slices.Sort(train)
	return train, val, test, nil
}

// KFold splits 0..m-1 at random into k folds of nearly equal size and
// returns, for each fold, the other k-1 folds as training set and the fold
// as test set. Every index is in exactly one test set.
//
// Algorithm (scikit-learn's KFold(n_splits=k, shuffle=True)): a uniform
// random permutation p of 0..m-1 is cut into k consecutive pieces, the
// first m mod k of size floor(m/k)+1, the others of size floor(m/k).
// scikit-learn's default KFold(n_splits=k) does not shuffle: that is
// KFoldUnshuffled.
//
// k must be in [2, m].
func KFold(m, k int, seed uint64) ([]Fold, error) {
	if err := checkKFold(m, k); err != nil {
		return nil, err
	}
	return contiguousFolds(newRand(seed).Perm(m), k), nil
}

// KFoldUnshuffled splits the examples 0..m-1 into k contiguous folds
// without shuffling, as scikit-learn's default KFold(n_splits=k) (shuffle
// False) does: fold f tests the examples from its start on, the first
// m mod k folds holding floor(m/k)+1 examples and the others floor(m/k),
// and trains on all the others. Use it to reproduce a published
// cross-validation exactly; on data sorted by the target or by time the
// folds are not exchangeable, and KFold (shuffled, with a seed) is the
// safer default.
//
// k must be in [2, m].
func KFoldUnshuffled(m, k int) ([]Fold, error) {
	if err := checkKFold(m, k); err != nil {
		return nil, err
	}
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	return contiguousFolds(order, k), nil
}

func checkKFold(m, k int) error {
	if err := checkM(m); err != nil {
		return err
	}
	if k < 2 || k > m {
		return featlab.Errorf(featlab.ErrParam, "validate: k = %d folds must be in [2, m = %d]", k, m)
	}
	return nil
}

// contiguousFolds cuts order into k consecutive pieces, the first
// m mod k of size floor(m/k)+1 and the others floor(m/k); piece f is the
// test set of fold f.
func contiguousFolds(order []int, k int) []Fold {
	m := len(order)
	fold := make([]int, m)
	start := 0
	for f := 0; f < k; f++ {
		size := m / k
		if f < m%k {
			size++
		}
		for _, i := range order[start : start+size] {
			fold[i] = f
		}
		start += size
	}
	return foldsOf(fold, k)
}

// foldsOf turns a test-fold number per example into k sorted folds.
func foldsOf(fold []int, k int) []Fold {
	m := len(fold)
	size := make([]int, k)
	for _, f := range fold {
		size[f]++
	}
	folds := make([]Fold, k)
	for f := range folds {
		folds[f] = Fold{Train: make([]int, 0, m-size[f]), Test: make([]int, 0, size[f])}
	}
	for i, f := range fold {
		for g := range folds {
			if g == f {
				folds[g].Test = append(folds[g].Test, i)
			} else {
				folds[g].Train = append(folds[g].Train, i)
			}
		}
	}
	return folds
}

// StratifiedKFold is KFold for class labels: every fold holds each class
// in nearly the same proportion as y. For each class c with n_c examples,
// each test fold gets floor(n_c/k) or ceil(n_c/k) of them, and the test
// folds' sizes differ by at most one.
//
// Algorithm (scikit-learn's StratifiedKFold(n_splits=k, shuffle=True)):
// number the classes in order of first appearance in y; sort the examples
// by class number and deal them to folds 0, 1, ..., k-1, 0, 1, ... in that
// order, which fixes how many of each class fold f tests (its allocation);
// then, class by class, shuffle the multiset of fold numbers allocated to
// the class and give them to the class's examples in index order.
//
// y must hold class labels (whole numbers); k must be in [2, m] and not
// exceed the size of every class (some class must have at least k
// examples). A class with fewer than k examples is missing from some test
// folds, as in scikit-learn, which warns.
func StratifiedKFold(y []float64, k int, seed uint64) ([]Fold, error) {
	return stratifiedKFold(y, k, newRand(seed))
}

// stratifiedKFold is StratifiedKFold; a nil r gives each class its fold
// numbers in increasing order (StratifiedKFoldUnshuffled).
func stratifiedKFold(y []float64, k int, r *rand.Rand) ([]Fold, error) {
	m := len(y)
	if err := checkM(m); err != nil {
		return nil, err
	}
	if _, err := featlab.ClassLabels(y, 1); err != nil {
		return nil, err
	}
	if k < 2 || k > m {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: k = %d folds must be in [2, m = %d]", k, m)
	}
	// Classes numbered by first appearance, as scikit-learn does.
	code := map[float64]int{}
	enc := make([]int, m)
	var counts []int
	for i, v := range y {
		c, ok := code[v]
		if !ok {
			c = len(counts)
			code[v] = c
			counts = append(counts, 0)
		}
		enc[i] = c
		counts[c]++
	}
	if slices.Max(counts) < k {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: k = %d folds is more than the size of every class (largest %d)", k, slices.Max(counts))
	}
	// Allocation: deal the examples, sorted by class, round robin.
	nc := len(counts)
	alloc := make([][]int, k) // alloc[f][c]
	for f := range alloc {
		alloc[f] = make([]int, nc)
	}
	pos := 0
	for c, n := range counts {
		for range n {
			alloc[pos%k][c]++
			pos++
		}
	}
	fold := make([]int, m)
	members := make([][]int, nc)
	for i, c := range enc {
		members[c] = append(members[c], i)
	}
	for c := range nc {
		labels := make([]int, 0, counts[c])
		for f := range k {
			for range alloc[f][c] {
				labels = append(labels, f)
			}
		}
		if r != nil {
			r.Shuffle(len(labels), func(a, b int) { labels[a], labels[b] = labels[b], labels[a] })
		}
		for t, i := range members[c] {
			fold[i] = labels[t]
		}
	}
	return foldsOf(fold, k), nil
}

// Bootstrap draws rounds bootstrap samples of 0..m-1: in each, Train holds
// m indices drawn uniformly with replacement, in draw order (so with
// repeats), and Test the out-of-bag indices never drawn, sorted. About
// (1-1/m)^m ~ 1/e ~ 36.8% of the examples are out of bag in each round
// (Zhou 2016, section 2.2.3).
//
// A round whose out-of-bag set would be empty is drawn again, so every
// Test is non-empty. rounds must be >= 1.
func Bootstrap(m, rounds int, seed uint64) ([]Fold, error) {
	if err := checkM(m); err != nil {
		return nil, err
	}
	if rounds < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: rounds = %d must be >= 1", rounds)
	}
	r := newRand(seed)
	folds := make([]Fold, rounds)
	in := make([]bool, m)
	for b := range folds {
		for {
			clear(in)
			train := make([]int, m)
			for t := range train {
				train[t] = r.IntN(m)
				in[train[t]] = true
			}
			var oob []int
			for i, ok := range in {
				if !ok {
					oob = append(oob, i)
				}
			}
			if len(oob) > 0 {
				folds[b] = Fold{Train: train, Test: oob}
				break
			}
		}
	}
	return folds, nil
}
