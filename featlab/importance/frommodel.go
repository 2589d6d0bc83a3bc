package importance

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// FromModelConfig configures FromModel (scikit-learn's SelectFromModel).
// Learner is required by FromModel and Select; Threshold's and
// MaxFeatures' zero values are the defaults. FromModelConfig is a
// featlab.Selector.
type FromModelConfig struct {
	// Learner is fitted on all the features.
	Learner featlab.Learner
	// Importance reads the importances from the fitted predictor (default
	// nil: AbsCoef, |w_j|, scikit-learn's SelectFromModel).
	Importance Getter
	// Threshold keeps the features whose importance is at least it:
	// "mean", "median", a scale of either ("1.25*mean", "0.5 * median"),
	// a number ("1e-5"), or "-inf" for none (to select by MaxFeatures
	// alone). Default "": "mean", as scikit-learn (whose special default
	// of 1e-5 for l1-penalised models is not applied: ask for it).
	Threshold string
	// MaxFeatures, when > 0, keeps at most that many features: the ones
	// with the largest importances (ties to the lower index) that also
	// pass the threshold. Default 0: no limit.
	MaxFeatures int
	// Names names the features (nil: x1, ..., xd).
	Names []string
}

// FromModelResult holds the importances of a fitted model and the
// features that pass the rule.
type FromModelResult struct {
	Importances []float64         // one per feature
	Threshold   float64           // the threshold applied (-Inf for none)
	Chosen      []int             // kept features, increasing index
	Model       featlab.Predictor // the fitted model (nil from SelectImportances)

	names []string
	rule  string
}

// FromModel fits cfg.Learner on X, y, reads one importance a_j per
// feature and keeps
//
//	{ j : a_j >= t }                          (MaxFeatures = 0)
//	{ j among the MaxFeatures largest a_j : a_j >= t }
//
// with t from Threshold: mean(a), median(a) (the average of the two
// middle values for even d), s*mean(a), s*median(a), a number, or -Inf.
func FromModel(X mat.Matrix, y []float64, cfg FromModelConfig) (*FromModelResult, error) {
	if cfg.Learner == nil || featlab.IsNilValue(cfg.Learner) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: FromModelConfig needs a Learner")
	}
	_, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: FromModel")
	}
	if _, _, err := parseThreshold(cfg.Threshold); err != nil {
		return nil, err
	}
	if cfg.MaxFeatures < 0 || cfg.MaxFeatures > d {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: MaxFeatures = %d must be in [0, %d]", cfg.MaxFeatures, d)
	}
	p, err := fitSafe(context.Background(), cfg.Learner, X, y)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: FromModel")
	}
	all := make([]int, d)
	for j := range all {
		all[j] = j
	}
	imp, err := importancesSafe(cfg.Importance, AbsCoef, p, all)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: FromModel")
	}
	r, err := SelectImportances(imp, cfg)
	if err != nil {
		return nil, err
	}
	r.Model = p
	return r, nil
}

// SelectImportances applies FromModel's rule (cfg.Threshold,
// cfg.MaxFeatures, cfg.Names) to importances already computed, one per
// feature (scikit-learn's SelectFromModel with prefit=True); cfg.Learner
// and cfg.Importance are not used.
func SelectImportances(importances []float64, cfg FromModelConfig) (*FromModelResult, error) {
	d := len(importances)
	if d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "importance: no importances")
	}
	if err := featlab.CheckVector(importances, "importances"); err != nil {
		return nil, err
	}
	if cfg.Names != nil && len(cfg.Names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "importance: %d names for %d importances", len(cfg.Names), d)
	}
	if cfg.MaxFeatures < 0 || cfg.MaxFeatures > d {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: MaxFeatures = %d must be in [0, %d]", cfg.MaxFeatures, d)
	}
	scale, ref, err := parseThreshold(cfg.Threshold)
	if err != nil {
		return nil, err
	}
	rule := cfg.Threshold
	var t float64
	switch {
	case ref == "none":
		t = math.Inf(-1)
	case ref == "mean":
		t = scale * mean(importances)
		if rule == "" {
			rule = "mean"
		}
	case ref == "median":
		t = scale * median(importances)
	default:
		t = scale
	}
	keep := make([]bool, d)
	if cfg.MaxFeatures > 0 {
		order := make([]int, d)
		for j := range order {
			order[j] = j
		}
		sort.SliceStable(order, func(a, b int) bool { return importances[order[a]] > importances[order[b]] })
		for _, j := range order[:cfg.MaxFeatures] {
			keep[j] = true
		}
	} else {
		for j := range keep {
			keep[j] = true
		}
	}
	r := &FromModelResult{Importances: append([]float64(nil), importances...), Threshold: t, rule: rule}
	for j, v := range importances {
		if keep[j] && v >= t {
			r.Chosen = append(r.Chosen, j)
		}
	}
	r.names = cfg.Names
	if r.names == nil {
		r.names = featlab.DefaultNames(d)
	} else {
		r.names = append([]string(nil), r.names...)
	}
	if cfg.MaxFeatures > 0 {
		r.rule += fmt.Sprintf(", at most %d", cfg.MaxFeatures)
	}
	return r, nil
}

// parseThreshold reads a Threshold: it returns (scale, "mean"|"median")
// for a reference, (value, "") for a number.
func parseThreshold(s string) (float64, string, error) {
	bad := func() (float64, string, error) {
		return 0, "", featlab.Errorf(featlab.ErrParam, "importance: Threshold %q: want \"mean\", \"median\", \"<scale>*mean\", \"<scale>*median\", a number or \"-inf\"", s)
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return 1, "mean", nil
	}
	scale, ref := 1.0, s
	if a, b, ok := strings.Cut(s, "*"); ok {
		v, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return bad()
		}
		scale, ref = v, strings.TrimSpace(b)
		if ref != "mean" && ref != "median" {
			return bad()
		}
	}
	if ref == "mean" || ref == "median" {
		return scale, ref, nil
	}
	if ref == "-inf" {
		return 0, "none", nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return bad()
	}
	return v, "", nil
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Select makes FromModelConfig a featlab.Selector: FromModel(X, y,
// cfg).Selection().
func (cfg FromModelConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := FromModel(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Selection returns the kept features, largest importance first, with the
// importances as Scores and every feature ranked by importance.
func (r *FromModelResult) Selection() *featlab.Selection {
	d := len(r.Importances)
	order := make([]int, d)
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Importances[order[a]] > r.Importances[order[b]] })
	in := make([]bool, d)
	for _, j := range r.Chosen {
		in[j] = true
	}
	var chosen []int
	for _, j := range order {
		if in[j] {
			chosen = append(chosen, j)
		}
	}
	s := featlab.NewSelection(fmt.Sprintf("from model, threshold %s = %s", r.rule, featlab.FormatFloat(r.Threshold)), append([]string(nil), r.names...), chosen)
	s.Scores = append([]float64(nil), r.Importances...)
	s.Ranking = order
	return s
}
