package badinput

import (
	"context"
	"reflect"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Adapters: one line registers an entry point of a common shape.

// opt adjusts an entry at registration.
type opt func(*entry)

// classif: y must hold class labels (a non-integer label must be an error
// wrapping featlab.ErrLabels).
func classif(e *entry) { e.classif = true }

// allowInf: the result may hold an infinity (a perfect fit's score).
func allowInf(e *entry) { e.allowInf = true }

// ignoresY: the entry takes X alone; faults in y are not its business.
func ignoresY(e *entry) { e.ignoresY = true }

// invariant: what must not change when X is scaled by a power of two.
func invariant(f func(out any) []float64) opt { return func(e *entry) { e.invariant = f } }

// alsoCovers: further identifiers (methods, Context variants) the entry
// exercises.
func alsoCovers(ids ...string) opt { return func(e *entry) { e.covers = append(e.covers, ids...) } }

// xy registers f(X, y, cfg) with the config cfg; the suite sets the
// config's Workers, Seed and Progress fields by name where they exist.
func xy[C any, R any](id string, f func(mat.Matrix, []float64, C) (R, error), cfg C, opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id}, kind: "xy", cfg: reflect.TypeOf(cfg), cfgVal: cfg}
	e.xy = func(X mat.Matrix, y []float64, set func(reflect.Value)) (any, error) {
		c := cfg
		if set != nil {
			set(reflect.ValueOf(&c))
		}
		return f(X, y, c)
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// xyCtx registers f and its Context variant fctx: a context cancelled
// before the call must give an error wrapping context.Canceled.
func xyCtx[C any, R any](id string, f func(mat.Matrix, []float64, C) (R, error), fctx func(context.Context, mat.Matrix, []float64, C) (R, error), cfg C, opts ...opt) *entry {
	e := xy(id, f, cfg, opts...)
	e.covers = append(e.covers, id+"Context")
	e.ctx = func(ctx context.Context, X mat.Matrix, y []float64) (any, error) { return fctx(ctx, X, y, cfg) }
	return e
}

// xyPtr registers f(X, y, names, &cfg) (the filter scores' form).
func xyPtr[C any, R any](id string, f func(mat.Matrix, []float64, []string, *C) (R, error), cfg C, opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id}, kind: "xy", cfg: reflect.TypeOf(cfg), cfgVal: cfg}
	e.xy = func(X mat.Matrix, y []float64, set func(reflect.Value)) (any, error) {
		c := cfg
		if set != nil {
			set(reflect.ValueOf(&c))
		}
		return f(X, y, nil, &c)
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// plainXY registers a function of (X, y) with no config.
func plainXY(id string, f func(mat.Matrix, []float64) (any, error), opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id}, kind: "xy", xy: func(X mat.Matrix, y []float64, _ func(reflect.Value)) (any, error) { return f(X, y) }}
	for _, o := range opts {
		o(e)
	}
	return e
}

// vec registers a metric f(y, v).
func vec(id string, f func(y, v []float64) (float64, error), opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id}, kind: "vec", vec: func(y, v []float64) (any, error) { return f(y, v) }}
	for _, o := range opts {
		o(e)
	}
	return e
}

// tr registers a transformer type by an unfitted prototype value; it
// covers the type's Fit, Transform, InverseTransform and OutputNames.
func tr[T any, P interface {
	*T
	featlab.Transformer
}](id string, proto T, opts ...opt) *entry {
	return trFunc(id, func() featlab.Transformer { c := proto; return P(&c) }, opts...)
}

// trFunc registers a transformer made by newT (for those holding other
// transformers, such as a Pipeline).
func trFunc(id string, newT func() featlab.Transformer, opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id + ".Fit", id + ".Transform"}, kind: "transformer", newT: newT}
	t := newT()
	if _, ok := t.(featlab.InverseTransformer); ok {
		e.covers = append(e.covers, id+".InverseTransform")
	}
	if _, ok := t.(featlab.Namer); ok {
		e.covers = append(e.covers, id+".OutputNames")
	}
	for _, m := range accessors(t) {
		e.covers = append(e.covers, id+"."+m)
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// csvReader registers a reader of CSV text (target: it reads the target
// column "y").
func csvReader(id string, target bool, f func(text string) (any, error), opts ...opt) *entry {
	e := &entry{id: id, covers: []string{id}, kind: "csv", csv: f, csvTarget: target}
	for _, o := range opts {
		o(e)
	}
	return e
}

// custom registers an entry that runs its own cases (parameters, index
// methods, callbacks, frames) and returns the failures it found.
func custom(id, kind string, covers []string, run func() []failure) *entry {
	return &entry{id: id, covers: append([]string{id}, covers...), kind: kind, run: run}
}

// accessors returns the exported methods of v with no arguments and one
// result, other than those every check calls anyway (the learned
// parameters of a transformer: Mean, Scale, Categories, ...).
func accessors(v any) []string {
	var out []string
	t := reflect.TypeOf(v)
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		if m.Type.NumIn() == 1 && m.Type.NumOut() == 1 && m.Name != "String" {
			out = append(out, m.Name)
		}
	}
	return out
}

// learner registers a Learner's Fit, and checks the Predictor it returns
// on new data: another width (featlab.ErrShape), a NaN (naming the row),
// nil; X and y as for xy.
func learner(id string, l featlab.Learner, opts ...opt) *entry {
	e := plainXY(id, func(X mat.Matrix, y []float64) (any, error) { return l.Fit(X, y) }, opts...)
	e.learner = l
	return e
}

// as registers a variant (another config, criterion or strategy of the
// same function) under its own id, covering the exported identifier id.
func as(id string) opt { return func(e *entry) { e.covers = []string{id} } }

// progressIgnored: the config has a Progress field that this function
// documents it ignores (OMP on one signal: only OMPBatch reports), so the
// panicking-Progress check does not apply; Workers is still varied.
func progressIgnored(e *entry) {
	e.cfg = reflect.TypeOf(struct{ Workers int }{})
	e.noProgress = true
}

// nanMarked returns v with NaN replaced by 0, for result fields whose doc
// says NaN marks "not applicable" (a feature already chosen, a size never
// reached): the finiteness check then covers every other value.
func nanMarked(v []float64) []float64 {
	out := append([]float64(nil), v...)
	for i, x := range out {
		if x != x {
			out[i] = 0
		}
	}
	return out
}

// nanIn: NaN is a documented marker in these result fields.
func nanIn(fields ...string) opt {
	return func(e *entry) { e.nanFields = append(e.nanFields, fields...) }
}
