package filter

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// statsNames returns cfg.Names (checked against d), else the names the
// statistics recorded, else x1..xd.
func statsNames(cfgNames, recorded []string, d int, who string) ([]string, error) {
	switch {
	case cfgNames != nil && len(cfgNames) != d:
		return nil, featlab.Errorf(featlab.ErrShape, "%s: %d names for %d features", who, len(cfgNames), d)
	case cfgNames != nil:
		return append([]string(nil), cfgNames...), nil
	case recorded != nil:
		return recorded, nil
	}
	return featlab.DefaultNames(d), nil
}

// classStatsInput checks cs for a class score: rows of at least two classes.
func classStatsInput(cs *stream.ClassStats, who string) error {
	if cs == nil {
		return featlab.Errorf(featlab.ErrParam, "%s: nil ClassStats", who)
	}
	if cs.Count() == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "%s: the statistics hold no rows", who)
	}
	if len(cs.Classes()) < 2 {
		return featlab.Errorf(featlab.ErrLabels, "%s: target has %d distinct class(es), need at least 2", who, len(cs.Classes()))
	}
	return nil
}

// FClassifFromStats is FClassif computed from per-class statistics
// accumulated in one pass over data of any size (stream.ClassStats): with
// n_k, the class means x̄_kj and within-class sums of squared deviations
// M2_kj,
//
//	SSB_j = Σ_k n_k (x̄_kj − x̄_j)²,  SSW_j = Σ_k M2_kj,
//	F_j = [SSB_j / (K − 1)] / [SSW_j / (m − K)],
//
// with the conventions of FClassif (a constant feature scores 0 with
// p-value 1, a feature constant within each class but not overall
// math.MaxFloat64 with p-value 0, m <= K gives 0 and 1). It equals FClassif
// on the same rows up to rounding (relative 1e-10 or better; every term is
// a deviation, so large means cost no digits). Names come from cfg.Names,
// else from the statistics; cfg.Workers is unused.
func FClassifFromStats(cs *stream.ClassStats, cfg Config) (*Scores, error) {
	const who = "F classif (ANOVA) from statistics"
	if err := classStatsInput(cs, who); err != nil {
		return nil, err
	}
	d := cs.Features()
	names, err := statsNames(cfg.Names, cs.Names(), d, who)
	if err != nil {
		return nil, err
	}
	nk := cs.ClassCounts()
	K := len(nk)
	m := cs.Count()
	dfb, dfw := float64(K-1), float64(m-int64(K))
	means := make([][]float64, K)
	m2s := make([][]float64, K)
	los := make([][]float64, K)
	his := make([][]float64, K)
	for k := range nk {
		means[k], m2s[k], los[k], his[k], _ = cs.Class(k)
	}
	s := &Scores{Method: "F classif (ANOVA)", Names: names, Values: make([]float64, d), PValues: make([]float64, d)}
	constant := make([]bool, d)
	for j := 0; j < d; j++ {
		lo, hi := math.Inf(1), math.Inf(-1)
		within := true // every class constant
		var grand float64
		for k := range nk {
			lo, hi = math.Min(lo, los[k][j]), math.Max(hi, his[k][j])
			within = within && los[k][j] == his[k][j]
			grand += float64(nk[k]) * means[k][j]
		}
		if lo == hi {
			constant[j] = true
			s.PValues[j] = 1
			continue
		}
		// a scaled grand mean: n_k x̄_kj may overflow where x̄ does not
		if math.IsInf(grand, 0) {
			grand = 0
			for k := range nk {
				grand += float64(nk[k]) / float64(m) * means[k][j]
			}
		} else {
			grand /= float64(m)
		}
		var ssb, ssw float64
		for k := range nk {
			dv := means[k][j] - grand
			ssb += float64(nk[k]) * dv * dv
			ssw += m2s[k][j]
		}
		if within {
			ssw = 0
		}
		f := fRatio(ssb, ssw, dfb, dfw)
		s.Values[j] = f
		if dfw <= 0 {
			s.PValues[j] = 1
		} else {
			s.PValues[j] = fSurvival(f, dfb, dfw)
		}
	}
	s.Constant = constantList(constant)
	return s, nil
}

// Chi2FromStats is Chi2 computed from per-class statistics
// (stream.ClassStats): the observed per-class totals are
// O_kj = n_k x̄_kj and
//
//	chi2_j = Σ_k (O_kj − E_kj)² / E_kj,  E_kj = (n_k / m) Σ_k O_kj,
//
// with the p-value of the chi-squared distribution with K − 1 degrees of
// freedom. A feature with a negative value (a class minimum below 0) wraps
// featlab.ErrParam; a constant feature scores 0 with p-value 1. It equals
// Chi2 on the same rows up to rounding.
func Chi2FromStats(cs *stream.ClassStats, cfg Config) (*Scores, error) {
	const who = "chi2 from statistics"
	if err := classStatsInput(cs, who); err != nil {
		return nil, err
	}
	d := cs.Features()
	names, err := statsNames(cfg.Names, cs.Names(), d, who)
	if err != nil {
		return nil, err
	}
	nkI := cs.ClassCounts()
	K := len(nkI)
	nk := make([]float64, K)
	for k, v := range nkI {
		nk[k] = float64(v)
	}
	m := float64(cs.Count())
	means := make([][]float64, K)
	los := make([][]float64, K)
	his := make([][]float64, K)
	for k := range nk {
		means[k], _, los[k], his[k], _ = cs.Class(k)
	}
	shift := cs.Shift()
	s := &Scores{Method: "chi2", Names: names, Values: make([]float64, d), PValues: make([]float64, d)}
	constant := make([]bool, d)
	dist := distuv.ChiSquared{K: float64(K - 1)}
	obs := make([]float64, K)
	for j := 0; j < d; j++ {
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := range nk {
			lo, hi = math.Min(lo, los[k][j]), math.Max(hi, his[k][j])
		}
		if lo < 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "%s needs non-negative features; feature %d (%q) has minimum %v", who, j, names[j], lo)
		}
		if lo == hi {
			constant[j] = true
			s.PValues[j] = 1
			continue
		}
		for k := range nk {
			obs[k] = nk[k] * (means[k][j] + shift[j])
		}
		chi := chiSquared(obs, nk, m)
		if math.IsNaN(chi) || math.IsInf(chi, 0) {
			// overflow of the totals: chi2 scales linearly with x
			for k := range nk {
				obs[k] = nk[k] * (means[k][j]/hi + shift[j]/hi)
			}
			chi = chiSquared(obs, nk, m) * hi
			if math.IsInf(chi, 1) {
				chi = math.MaxFloat64
			}
		}
		s.Values[j] = chi
		s.PValues[j] = dist.Survival(chi)
	}
	s.Constant = constantList(constant)
	return s, nil
}

// InfoGainFromCounts scores each feature discretised by c's cut points
// (stream.Contingency) by its information gain about the class, in bits:
//
//	Gain_j = Ent(D) − Σ_b (N_jb / m) Ent(D_jb),  Ent = −Σ_k p_k log2 p_k,
//
// where D_jb holds the rows whose feature j falls in bin b (Zhou's Gain
// of a discrete attribute, 4.2.1). It equals the gain of the in-memory
// data binned by the same cut points (filter.Entropy of the labels minus
// the weighted entropies of the bins). A feature whose rows all fall in
// one bin scores 0 and is listed in Constant. At least one row of two
// classes is required (ErrEmpty, ErrLabels).
func InfoGainFromCounts(c *stream.Contingency, cfg Config) (*Scores, error) {
	const who = "information gain from counts"
	if c == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "%s: nil Contingency", who)
	}
	if c.Count() == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "%s: the counts hold no rows", who)
	}
	if len(c.Classes()) < 2 {
		return nil, featlab.Errorf(featlab.ErrLabels, "%s: target has %d distinct class(es), need at least 2", who, len(c.Classes()))
	}
	d := c.Features()
	names, err := statsNames(cfg.Names, c.Names(), d, who)
	if err != nil {
		return nil, err
	}
	n := c.Count()
	s := &Scores{Method: "information gain (bits)", Names: names, Values: make([]float64, d)}
	for j := 0; j < d; j++ {
		tab, _ := c.Table(j)
		K := len(c.Classes())
		tot := make([]int, K)
		used := 0
		var cond float64
		for _, row := range tab {
			cnt := make([]int, K)
			nb := 0
			for k, v := range row {
				cnt[k] = int(v)
				tot[k] += int(v)
				nb += int(v)
			}
			if nb > 0 {
				used++
				cond += float64(nb) / float64(n) * entropyCounts(cnt, nb)
			}
		}
		if used <= 1 {
			s.Constant = append(s.Constant, j)
			continue
		}
		s.Values[j] = math.Max(0, entropyCounts(tot, int(n))-cond)
	}
	return s, nil
}
