package linear

import (
	"encoding/json"

	"github.com/featlab/course/featlab"
)

// The fitted models of this package are saved and loaded with
// featlab.Save and featlab.Load (kinds "linear.Model", "linear.LassoResult",
// ...): everything a result reports is kept (coefficients, convergence
// record, objective, feature names), and a loaded model predicts the same
// bits as the saved one.
func init() {
	featlab.RegisterKind("linear.Model", 1, func(md *Model) (any, error) { return md.state(), nil }, loadModel)
	featlab.RegisterKind("linear.LeastSquaresResult", 1, saveLeastSquares, loadLeastSquares)
	featlab.RegisterKind("linear.RidgeResult", 1, saveRidge, loadRidge)
	featlab.RegisterKind("linear.LassoResult", 1, saveLasso, loadLasso)
	featlab.RegisterKind("linear.LogisticResult", 1, saveLogistic, loadLogistic)
	featlab.RegisterKind("linear.SparseSVMResult", 1, saveSVM, loadSVM)
	featlab.RegisterKind("linear.ConstrainedLassoResult", 1, saveConstrainedLasso, loadConstrainedLasso)
	featlab.RegisterKind("linear.ConstrainedRidgeResult", 1, saveConstrainedRidge, loadConstrainedRidge)
	featlab.RegisterKind("linear.SGDLeastSquaresResult", 1, saveSGD, loadSGD)
	featlab.RegisterKind("linear.MultinomialResult", 1, saveMultinomial, loadMultinomial)
	featlab.RegisterKind("linear.OneVsRestResult", 1, saveOneVsRest, loadOneVsRest)
}

type modelState struct {
	Coef      []float64 `json:"coef"`
	Intercept float64   `json:"intercept"`
}

func (md *Model) state() modelState { return modelState{md.Coef, md.Intercept} }

// model checks a loaded linear predictor: at least one coefficient, all
// finite.
func (s modelState) model() (Model, error) {
	if len(s.Coef) == 0 {
		return Model{}, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: a linear model with no coefficient")
	}
	if err := featlab.CheckFinite("coef", s.Coef, -1); err != nil {
		return Model{}, err
	}
	if err := featlab.CheckFinite("intercept", []float64{s.Intercept}, 1); err != nil {
		return Model{}, err
	}
	return Model{Coef: s.Coef, Intercept: s.Intercept}, nil
}

func loadModel(_ int, data json.RawMessage) (*Model, error) {
	var st modelState
	md, err := decodeModel(data, &st)
	if err != nil {
		return nil, err
	}
	return &md, nil
}

// decodeModel decodes a state embedding modelState into st and returns
// its checked linear predictor.
func decodeModel(data json.RawMessage, st interface{ model() (Model, error) }) (Model, error) {
	if err := featlab.DecodeState(data, st); err != nil {
		return Model{}, err
	}
	return st.model()
}

// checkSavedNames checks loaded feature names: none, or one per
// coefficient.
func checkSavedNames(names []string, d int) error {
	if names != nil && len(names) != d {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d feature names for %d coefficients", len(names), d)
	}
	return nil
}

type statsState struct {
	Sigma2          featlab.JSONFloat  `json:"sigma2"`
	R2              featlab.JSONFloat  `json:"r2"`
	AdjR2           featlab.JSONFloat  `json:"adj_r2"`
	StdErr          featlab.JSONFloats `json:"std_err"`
	T               featlab.JSONFloats `json:"t"`
	P               featlab.JSONFloats `json:"p"`
	InterceptStdErr featlab.JSONFloat  `json:"intercept_std_err"`
	InterceptT      featlab.JSONFloat  `json:"intercept_t"`
	InterceptP      featlab.JSONFloat  `json:"intercept_p"`
	F               featlab.JSONFloat  `json:"f"`
	FP              featlab.JSONFloat  `json:"f_p"`
	FNumDF          int                `json:"f_num_df"`
	FDenDF          int                `json:"f_den_df"`
}

type leastSquaresState struct {
	modelState
	Rank      int         `json:"rank"`
	MinNorm   bool        `json:"min_norm,omitempty"`
	RSS       float64     `json:"rss"`
	DF        int         `json:"df"`
	Stats     *statsState `json:"stats,omitempty"`
	Names     []string    `json:"names,omitempty"`
	Intercept bool        `json:"fit_intercept,omitempty"`
}

func saveLeastSquares(r *LeastSquaresResult) (any, error) {
	st := leastSquaresState{r.state(), r.Rank, r.MinNorm, r.RSS, r.DF, nil, r.names, r.intercept}
	if s := r.Stats; s != nil {
		st.Stats = &statsState{featlab.JSONFloat(s.Sigma2), featlab.JSONFloat(s.R2), featlab.JSONFloat(s.AdjR2),
			s.StdErr, s.T, s.P, featlab.JSONFloat(s.InterceptStdErr), featlab.JSONFloat(s.InterceptT), featlab.JSONFloat(s.InterceptP),
			featlab.JSONFloat(s.F), featlab.JSONFloat(s.FP), s.FNumDF, s.FDenDF}
	}
	return st, nil
}

func loadLeastSquares(_ int, data json.RawMessage) (*LeastSquaresResult, error) {
	var st leastSquaresState
	md, err := decodeModel(data, &st)
	if err != nil {
		return nil, err
	}
	d := len(md.Coef)
	if err := checkSavedNames(st.Names, d); err != nil {
		return nil, err
	}
	if st.Rank < 0 || st.Rank > d || st.DF < 0 || !(st.RSS >= 0) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: rank %d, df %d, rss %v for %d coefficients", st.Rank, st.DF, st.RSS, d)
	}
	if err := featlab.CheckFinite("rss", []float64{st.RSS}, 1); err != nil {
		return nil, err
	}
	r := &LeastSquaresResult{Model: md, Rank: st.Rank, MinNorm: st.MinNorm, RSS: st.RSS, DF: st.DF, names: st.Names, intercept: st.Intercept}
	if s := st.Stats; s != nil {
		if len(s.StdErr) != d || len(s.T) != d || len(s.P) != d {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: statistics for %d, %d, %d of %d coefficients", len(s.StdErr), len(s.T), len(s.P), d)
		}
		r.Stats = &LeastSquaresStats{Sigma2: float64(s.Sigma2), R2: float64(s.R2), AdjR2: float64(s.AdjR2),
			StdErr: s.StdErr, T: s.T, P: s.P,
			InterceptStdErr: float64(s.InterceptStdErr), InterceptT: float64(s.InterceptT), InterceptP: float64(s.InterceptP),
			F: float64(s.F), FP: float64(s.FP), FNumDF: s.FNumDF, FDenDF: s.FDenDF}
	}
	return r, nil
}

type ridgeState struct {
	modelState
	Lambda    float64 `json:"lambda"`
	Objective int     `json:"objective"`
}

func saveRidge(r *RidgeResult) (any, error) {
	return ridgeState{r.state(), r.Lambda, int(r.Objective)}, nil
}

func loadRidge(_ int, data json.RawMessage) (*RidgeResult, error) {
	var st ridgeState
	md, err := decodeModel(data, &st)
	if err != nil {
		return nil, err
	}
	if err := checkSavedLambda(st.Lambda); err != nil {
		return nil, err
	}
	return &RidgeResult{Model: md, Lambda: st.Lambda, Objective: RidgeObjective(st.Objective)}, nil
}

func checkSavedLambda(v ...float64) error {
	for _, l := range v {
		if !(l >= 0) || l-l != 0 {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: penalty weight %v must be finite and >= 0", l)
		}
	}
	return nil
}

type lassoState struct {
	modelState
	Convergence featlab.ConvergenceState `json:"convergence"`
	Lambda1     float64                  `json:"lambda1"`
	Lambda2     float64                  `json:"lambda2"`
	Solver      int                      `json:"solver"`
	Objective   featlab.JSONFloat        `json:"objective"`
	Constant    []int                    `json:"constant,omitempty"`
	History     featlab.JSONFloats       `json:"history,omitempty"`
	Names       []string                 `json:"names,omitempty"`
}

func saveLasso(r *LassoResult) (any, error) {
	return lassoState{r.state(), featlab.NewConvergenceState(r.Convergence), r.Lambda1, r.Lambda2, int(r.Solver),
		featlab.JSONFloat(r.Objective), r.Constant, r.History, r.names}, nil
}

func loadLasso(_ int, data json.RawMessage) (*LassoResult, error) {
	var st lassoState
	md, err := decodeModel(data, &st)
	if err != nil {
		return nil, err
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	if err := checkSavedLambda(st.Lambda1, st.Lambda2); err != nil {
		return nil, err
	}
	if err := checkSavedNames(st.Names, len(md.Coef)); err != nil {
		return nil, err
	}
	if err := featlab.CheckIndices("constant", st.Constant, len(md.Coef)); err != nil {
		return nil, err
	}
	return &LassoResult{Model: md, Convergence: conv, Lambda1: st.Lambda1, Lambda2: st.Lambda2, Solver: Solver(st.Solver),
		Objective: float64(st.Objective), Constant: st.Constant, History: st.History, names: st.Names}, nil
}

// classifierState is the state of the binary linear classifiers.
type classifierState struct {
	modelState
	Convergence featlab.ConvergenceState `json:"convergence"`
	Lambda      float64                  `json:"lambda"`
	Labels      [2]float64               `json:"labels"`
	Objective   featlab.JSONFloat        `json:"objective"`
	Solver      int                      `json:"solver"`
	Names       []string                 `json:"names,omitempty"`
}

func (st *classifierState) check() (Model, featlab.Convergence, error) {
	md, err := st.model()
	if err != nil {
		return md, featlab.Convergence{}, err
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return md, conv, err
	}
	if err := checkSavedLambda(st.Lambda); err != nil {
		return md, conv, err
	}
	if err := featlab.CheckFinite("labels", st.Labels[:], 2); err != nil {
		return md, conv, err
	}
	if !(st.Labels[0] < st.Labels[1]) {
		return md, conv, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: labels %v: the negative label must be below the positive one", st.Labels)
	}
	return md, conv, checkSavedNames(st.Names, len(md.Coef))
}

type logisticState struct {
	classifierState
	Penalty int `json:"penalty"`
}

func saveLogistic(r *LogisticResult) (any, error) {
	return logisticState{classifierState{modelState{r.Coef, r.Intercept}, featlab.NewConvergenceState(r.Convergence), r.Lambda, r.Labels,
		featlab.JSONFloat(r.Objective), int(r.Solver), r.names}, int(r.Penalty)}, nil
}

func loadLogistic(_ int, data json.RawMessage) (*LogisticResult, error) {
	var st logisticState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	md, conv, err := st.check()
	if err != nil {
		return nil, err
	}
	if err := Penalty(st.Penalty).check(); err != nil {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown penalty %d", st.Penalty)
	}
	return &LogisticResult{Convergence: conv, Coef: md.Coef, Intercept: md.Intercept, Lambda: st.Lambda,
		Penalty: Penalty(st.Penalty), Labels: st.Labels, Objective: float64(st.Objective),
		Solver: LogisticSolver(st.Solver), names: st.Names}, nil
}

type svmSaved struct {
	classifierState
	Dual     featlab.JSONFloat `json:"dual"`
	Alpha    []float64         `json:"alpha"`
	Polished bool              `json:"polished,omitempty"`
}

func saveSVM(r *SparseSVMResult) (any, error) {
	return svmSaved{classifierState{modelState{r.Coef, r.Intercept}, featlab.NewConvergenceState(r.Convergence), r.Lambda, r.Labels,
		featlab.JSONFloat(r.Objective), int(r.Solver), r.names}, featlab.JSONFloat(r.Dual), r.Alpha, r.Polished}, nil
}

func loadSVM(_ int, data json.RawMessage) (*SparseSVMResult, error) {
	var st svmSaved
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	md, conv, err := st.check()
	if err != nil {
		return nil, err
	}
	if err := featlab.CheckFinite("alpha", st.Alpha, -1); err != nil {
		return nil, err
	}
	return &SparseSVMResult{Convergence: conv, Coef: md.Coef, Intercept: md.Intercept, Lambda: st.Lambda,
		Labels: st.Labels, Objective: float64(st.Objective), Dual: float64(st.Dual), Alpha: st.Alpha,
		Solver: SVMSolver(st.Solver), Polished: st.Polished, names: st.Names}, nil
}

// constrainedState is the state of the constrained least-squares fits.
type constrainedState struct {
	modelState
	Radius      float64                   `json:"radius"`
	Objective   featlab.JSONFloat         `json:"objective"`
	Multiplier  featlab.JSONFloat         `json:"multiplier"`
	Convergence *featlab.ConvergenceState `json:"convergence,omitempty"`
	History     featlab.JSONFloats        `json:"history,omitempty"`
	Names       []string                  `json:"names,omitempty"`
}

func (st *constrainedState) check() (Model, error) {
	md, err := st.model()
	if err != nil {
		return md, err
	}
	if !(st.Radius >= 0) || st.Radius-st.Radius != 0 {
		return md, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: radius %v must be finite and >= 0", st.Radius)
	}
	return md, checkSavedNames(st.Names, len(md.Coef))
}

func saveConstrainedLasso(r *ConstrainedLassoResult) (any, error) {
	c := featlab.NewConvergenceState(r.Convergence)
	return constrainedState{r.state(), r.Radius, featlab.JSONFloat(r.Objective), featlab.JSONFloat(r.Multiplier), &c, r.History, r.names}, nil
}

func loadConstrainedLasso(_ int, data json.RawMessage) (*ConstrainedLassoResult, error) {
	var st constrainedState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	md, err := st.check()
	if err != nil {
		return nil, err
	}
	if st.Convergence == nil {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: no convergence record")
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	return &ConstrainedLassoResult{Model: md, Convergence: conv, Radius: st.Radius, Objective: float64(st.Objective),
		Multiplier: float64(st.Multiplier), History: st.History, names: st.Names}, nil
}

func saveConstrainedRidge(r *ConstrainedRidgeResult) (any, error) {
	return constrainedState{modelState: r.state(), Radius: r.Radius, Objective: featlab.JSONFloat(r.Objective), Multiplier: featlab.JSONFloat(r.Multiplier)}, nil
}

func loadConstrainedRidge(_ int, data json.RawMessage) (*ConstrainedRidgeResult, error) {
	var st constrainedState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	md, err := st.check()
	if err != nil {
		return nil, err
	}
	return &ConstrainedRidgeResult{Model: md, Radius: st.Radius, Objective: float64(st.Objective), Multiplier: float64(st.Multiplier)}, nil
}

type sgdState struct {
	modelState
	Convergence featlab.ConvergenceState `json:"convergence"`
	Step        float64                  `json:"step"`
	TraceIter   []int                    `json:"trace_iter,omitempty"`
	TraceObj    featlab.JSONFloats       `json:"trace_objective,omitempty"`
}

func saveSGD(r *SGDLeastSquaresResult) (any, error) {
	st := sgdState{modelState: r.state(), Convergence: featlab.NewConvergenceState(r.Convergence), Step: r.Step}
	for _, p := range r.Trace {
		st.TraceIter = append(st.TraceIter, p.Iter)
		st.TraceObj = append(st.TraceObj, p.Objective)
	}
	return st, nil
}

func loadSGD(_ int, data json.RawMessage) (*SGDLeastSquaresResult, error) {
	var st sgdState
	md, err := decodeModel(data, &st)
	if err != nil {
		return nil, err
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	if len(st.TraceIter) != len(st.TraceObj) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d trace iterations for %d objectives", len(st.TraceIter), len(st.TraceObj))
	}
	r := &SGDLeastSquaresResult{Model: md, Convergence: conv, Step: st.Step}
	for k, it := range st.TraceIter {
		r.Trace = append(r.Trace, SGDPoint{Iter: it, Objective: st.TraceObj[k]})
	}
	return r, nil
}

type multinomialState struct {
	Convergence featlab.ConvergenceState `json:"convergence"`
	Classes     []float64                `json:"classes"`
	Coef        *featlab.Matrix          `json:"coef"`
	Intercept   []float64                `json:"intercept"`
	Lambda      float64                  `json:"lambda"`
	Alpha       float64                  `json:"alpha"`
	Grouped     bool                     `json:"grouped,omitempty"`
	Objective   featlab.JSONFloat        `json:"objective"`
	Names       []string                 `json:"names,omitempty"`
}

func saveMultinomial(r *MultinomialResult) (any, error) {
	return multinomialState{featlab.NewConvergenceState(r.Convergence), r.Classes, featlab.NewMatrix(r.Coef), r.Intercept,
		r.Lambda, r.Alpha, r.Grouped, featlab.JSONFloat(r.Objective), r.names}, nil
}

// checkSavedClasses checks loaded class labels: at least two, finite,
// increasing.
func checkSavedClasses(classes []float64) error {
	if err := featlab.CheckFinite("classes", classes, -1); err != nil {
		return err
	}
	if len(classes) < 2 {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d classes", len(classes))
	}
	for k := 1; k < len(classes); k++ {
		if !(classes[k] > classes[k-1]) {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: classes %v are not increasing", classes)
		}
	}
	return nil
}

func loadMultinomial(_ int, data json.RawMessage) (*MultinomialResult, error) {
	var st multinomialState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	B, err := st.Coef.Dense("multinomial coef")
	if err != nil {
		return nil, err
	}
	d, K := B.Dims()
	if err := checkSavedClasses(st.Classes); err != nil {
		return nil, err
	}
	if len(st.Classes) != K {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d classes for %d columns of coefficients", len(st.Classes), K)
	}
	if err := featlab.CheckFinite("intercept", st.Intercept, K); err != nil {
		return nil, err
	}
	if err := checkSavedLambda(st.Lambda); err != nil {
		return nil, err
	}
	if !(st.Alpha >= 0 && st.Alpha <= 1) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: alpha %v outside [0, 1]", st.Alpha)
	}
	if err := checkSavedNames(st.Names, d); err != nil {
		return nil, err
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	return &MultinomialResult{Convergence: conv, Classes: st.Classes, Coef: B, Intercept: st.Intercept, Lambda: st.Lambda,
		Alpha: st.Alpha, Grouped: st.Grouped, Objective: float64(st.Objective), names: st.Names}, nil
}

type oneVsRestState struct {
	Classes []float64         `json:"classes"`
	Models  []json.RawMessage `json:"models"`
	Names   []string          `json:"names,omitempty"`
	D       int               `json:"d"`
}

func saveOneVsRest(r *OneVsRestResult) (any, error) {
	st := oneVsRestState{Classes: r.Classes, Names: r.names, D: r.d}
	for k, p := range r.Models {
		b, err := featlab.EncodeValue(p)
		if err != nil {
			return nil, featlab.Wrap(err, "one-vs-rest model of class %v", r.Classes[k])
		}
		st.Models = append(st.Models, b)
	}
	return st, nil
}

func loadOneVsRest(_ int, data json.RawMessage) (*OneVsRestResult, error) {
	var st oneVsRestState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	if err := checkSavedClasses(st.Classes); err != nil {
		return nil, err
	}
	if len(st.Models) != len(st.Classes) || st.D < 1 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d models for %d classes on %d features", len(st.Models), len(st.Classes), st.D)
	}
	if err := checkSavedNames(st.Names, st.D); err != nil {
		return nil, err
	}
	r := &OneVsRestResult{Classes: st.Classes, names: st.Names, d: st.D}
	for k, b := range st.Models {
		v, err := featlab.DecodeValue(b)
		if err != nil {
			return nil, featlab.Wrap(err, "one-vs-rest model %d", k)
		}
		p, ok := v.(featlab.Predictor)
		if !ok {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: one-vs-rest model %d is a %T, not a predictor", k, v)
		}
		r.Models = append(r.Models, p)
	}
	return r, nil
}
