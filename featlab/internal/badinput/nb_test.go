package badinput

import (
	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/nb"
)

// nbChecks: the notebook helpers on nil and odd values (outside a
// notebook they print plain text): no panic. Show and Save are called
// only with a nil figure, which must be an error before anything is
// written under plots/.
func nbChecks() []failure {
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	return runCases("nb", "helpers on nil and odd values", []outcome{
		c("SelectionHTML(nil)", func() (any, error) { return nb.SelectionHTML(nil), nil }),
		c("SelectionHTML of an empty Selection", func() (any, error) { return nb.SelectionHTML(&featlab.Selection{}), nil }),
		c("TableHTML of an empty frame", func() (any, error) { return nb.TableHTML(dataframe.DataFrame{}), nil }),
		c("Display(nil)", func() (any, error) { nb.Display(nil); return nil, nil }),
		c("Display((*featlab.Selection)(nil))", func() (any, error) { nb.Display((*featlab.Selection)(nil)); return nil, nil }),
		c("Progress with done > total and total 0", func() (any, error) {
			p := nb.NewProgress("x")
			p(5, 3)
			p(0, 0)
			p(-1, -1)
			return nil, nil
		}),
		{input: "Save(nil)", call: func() (any, error) { return nb.Save(nil, "zz-suite", "nil") }, want: errKinds(featlab.ErrParam, featlab.ErrEmpty)},
		c("HTML and Markdown of empty text", func() (any, error) { nb.HTML(""); nb.Markdown(""); return nil, nil }),
		c("Headless, PlotsDir, RepoRoot", func() (any, error) {
			_ = nb.Headless()
			_, err1 := nb.PlotsDir()
			_, err2 := nb.RepoRoot()
			if err1 != nil {
				return nil, err1
			}
			return nil, err2
		}),
	})
}

var nbIDs = []string{"nb.SelectionHTML", "nb.TableHTML", "nb.Display", "nb.NewProgress", "nb.Save", "nb.HTML", "nb.Markdown",
	"nb.Headless", "nb.PlotsDir", "nb.RepoRoot"}
