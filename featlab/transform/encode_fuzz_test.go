package transform

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// encodeErr accepts the sentinels of the encoders and of prediction by
// name.
func encodeErr(t *testing.T, what string, err error) {
	t.Helper()
	for _, s := range []error{ErrTooManyLevels, featlab.ErrTooLarge, featlab.ErrMissing, featlab.ErrNonNumeric} {
		if errors.Is(err, s) {
			return
		}
	}
	checkErr(t, what, err)
}

// FuzzEncodeFrame: CSV text of any shape, read by gota, goes through the
// text encoders (Ordinal and OneHot with each policy, and Ordinal with
// Categories read from the text's first row) and a fitted model's
// PredictFrame: never a panic, an error wraps a sentinel, a result is
// finite.
func FuzzEncodeFrame(f *testing.F) {
	f.Add("c,d\nred,1\nblue,2\nred,3\n", "c,d\ngreen,1\nred,NA\n")
	f.Add("a,b,y\n1,2,3\n4,5,6\n7,8,10\n", "b,a\n1,2\n")
	f.Add("x\n\"a,b\"\n?\n\n", "x\nNaN\n")
	f.Add("\ufeffa,a\n1,2\n", "a\n1e400\n")
	f.Fuzz(func(t *testing.T, train, test string) {
		if len(train) > 4096 || len(test) > 4096 {
			return
		}
		tr := dataframe.ReadCSV(strings.NewReader(train))
		te := dataframe.ReadCSV(strings.NewReader(test))
		if tr.Err != nil || tr.Nrow() == 0 || tr.Ncol() == 0 {
			return
		}
		cols := tr.Names()
		for _, u := range []Unknown{UnknownError, UnknownIgnore, UnknownOther} {
			for _, enc := range []featlab.Transformer{&OneHot{Unknown: u, MaxLevels: 50}, &Ordinal{Unknown: u, MaxLevels: 50}} {
				out, err := ApplyFrame(enc, tr, cols...)
				if err != nil {
					encodeErr(t, "fit", err)
					continue
				}
				if out.Err != nil {
					t.Fatalf("output frame carries %v", out.Err)
				}
				if te.Err != nil {
					continue
				}
				if _, err := TransformFrame(enc, te); err != nil {
					encodeErr(t, "transform", err)
				}
			}
		}
		// Categories from the first row of the test text.
		if te.Err == nil && te.Nrow() > 0 && te.Ncol() == tr.Ncol() {
			cats := make([][]string, te.Ncol())
			for j, n := range te.Names() {
				cats[j] = []string{te.Col(n).Records()[0]}
			}
			if err := FitFrame(&Ordinal{Categories: cats}, tr, cols...); err != nil {
				encodeErr(t, "fit with Categories", err)
			}
		}
		// Prediction by name from a model fitted on the numeric frame.
		if len(cols) < 2 || te.Err != nil {
			return
		}
		fit, err := Model{Learner: linear.RidgeConfig{Lambda: 1}}.FitFrame(tr, cols[len(cols)-1])
		if err != nil {
			encodeErr(t, "FitFrame", err)
			return
		}
		yhat, err := fit.PredictFrame(te)
		if err != nil {
			encodeErr(t, "PredictFrame", err)
			return
		}
		if len(yhat) != te.Nrow() {
			t.Fatalf("%d predictions for %d rows", len(yhat), te.Nrow())
		}
	})
}

// FuzzEncodeMatrix: Dummies and Ordinal on matrices of any values (NaN,
// infinities, huge and tiny numbers), fitted on one and applied to
// another: never a panic, an error wraps a sentinel, an output is finite
// and of the announced width.
func FuzzEncodeMatrix(f *testing.F) {
	f.Add([]byte{2, 1, 2, 3, 4, 1, 2}, []byte{2, 1, 9, 3, 4})
	f.Add([]byte{1, 0, 0, 0}, []byte{0})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		X, Z := fuzzMatrix(a), fuzzMatrix(b)
		if X == nil {
			return
		}
		for _, u := range []Unknown{UnknownError, UnknownIgnore, UnknownOther} {
			for _, enc := range []featlab.Transformer{
				&Dummies{Unknown: u, Columns: []int{0}, MaxLevels: 64},
				&Dummies{Unknown: u, Levels: make([][]string, fuzzCols(X)), MaxLevels: 64},
				&Ordinal{Unknown: u, MaxLevels: 64},
			} {
				if err := enc.Fit(X); err != nil {
					encodeErr(t, "fit", err)
					continue
				}
				if Z == nil {
					continue
				}
				out, err := enc.Transform(Z)
				if err != nil {
					encodeErr(t, "transform", err)
					continue
				}
				checkFiniteOut(t, "transform", out)
				if nm, ok := enc.(featlab.Namer); ok {
					names, err := nm.OutputNames(nil)
					if _, c := out.Dims(); err != nil || len(names) != c {
						t.Fatalf("%d names for %d columns (%v)", len(names), c, err)
					}
				}
			}
		}
	})
}

func fuzzCols(X interface{ Dims() (int, int) }) int { _, c := X.Dims(); return c }
