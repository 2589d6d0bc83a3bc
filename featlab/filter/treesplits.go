package filter

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TreeSplits grows a C4.5-style decision tree on (X, y) and counts the
// splits on each feature: every node splits on the feature of highest
// information gain Gain(D, a) = Ent(D) - sum_v |D^v|/|D| Ent(D^v) among
// its own examples (a categorical feature into one child per value, a
// continuous one at its best threshold t into [x <= t] and [x > t], the
// threshold chosen again at each node), and a node whose best gain is 0
// (at most 1e-12) is a leaf. This is the tree of Zhou 4.2.1 without the
// gain ratio and without pruning; notebook 03 compares the features it
// splits on with those subset search chooses under the same criterion.
//
// The result maps feature names (cfg.Names, or x1, x2, ...) to the number
// of nodes that split on them; features never split on are absent. y and
// cfg are as for NewInfoGain, whose errors TreeSplits returns.
func TreeSplits(X mat.Matrix, y []float64, cfg InfoGainConfig) (map[string]int, error) {
	used := map[string]int{}
	if err := treeSplits(X, y, cfg, used); err != nil {
		return nil, err
	}
	return used, nil
}

func treeSplits(X mat.Matrix, y []float64, cfg InfoGainConfig, used map[string]int) error {
	g, err := NewInfoGain(X, y, cfg)
	if err != nil {
		return err
	}
	sc := g.Scores()
	j := sc.Ranking()[0]
	if sc.Values[j] <= 1e-12 {
		return nil
	}
	used[g.Names()[j]]++
	t, cont := g.Threshold(j)
	child := map[float64][]int{}
	var keys []float64 // children in order of first appearance: deterministic
	for i := range y {
		v := X.At(i, j)
		if cont {
			v = 0
			if X.At(i, j) <= t {
				v = 1
			}
		}
		if _, ok := child[v]; !ok {
			keys = append(keys, v)
		}
		child[v] = append(child[v], i)
	}
	if cfg.Names == nil {
		cfg.Names = g.Names()
	}
	_, d := X.Dims()
	for _, v := range keys {
		rows := child[v]
		sub, ys := mat.NewDense(len(rows), d, nil), make([]float64, len(rows))
		for k, i := range rows {
			for c := 0; c < d; c++ {
				sub.Set(k, c, X.At(i, c))
			}
			ys[k] = y[i]
		}
		if err := treeSplits(sub, ys, cfg, used); err != nil {
			return featlab.Errorf(err, "filter: TreeSplits")
		}
	}
	return nil
}
