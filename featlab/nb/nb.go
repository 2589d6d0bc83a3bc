// Package nb holds the helpers featlab notebooks use to show results: a
// figure shown inline and saved under plots/ in one call, tables for
// selections and data frames, and a progress reporter.
//
// It is the only featlab package that imports GoNB's gonbui; nothing in the
// library imports nb. Outside a notebook (go test, a Go program) the
// display calls print plain text instead, so the same code runs anywhere.
//
// A typical cell:
//
//	p := viz.New("Lasso path on diabetes", "log10 lambda", "coefficient")
//	...
//	nb.Show(p, "05-sparsity", "lasso-path")
//
// writes plots/05-sparsity/lasso-path.svg and .png at the repository root
// and displays the SVG inline.
package nb

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/viz"
	"github.com/go-gota/gota/dataframe"
	"github.com/janpfeifer/gonb/gonbui"
	"gonum.org/v1/plot"
)

// module is the module path whose go.mod marks the repository root.
const module = "github.com/featlab/course"

// Figure is anything that renders itself as SVG and PNG (viz.Figure: viz
// grids, and plots wrapped by viz.Single or viz.Sized).
type Figure = viz.Figure

func asFigure(fig any) (Figure, error) {
	switch f := fig.(type) {
	case *plot.Plot:
		if f == nil {
			return nil, errors.New("nb: nil plot")
		}
		return viz.Single(f), nil
	case Figure:
		if f == nil {
			return nil, errors.New("nb: nil figure")
		}
		return f, nil
	case nil:
		return nil, errors.New("nb: nil figure")
	}
	return nil, fmt.Errorf("nb: cannot draw a %T: want *plot.Plot or a Figure", fig)
}

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// RepoRoot returns the root of the featlab repository: the nearest folder
// upwards from $GONB_DIR (the notebook's folder, in GoNB) or else from the
// working directory whose go.mod declares the featlab module.
func RepoRoot() (string, error) {
	var starts []string
	if d := os.Getenv("GONB_DIR"); d != "" {
		starts = append(starts, d)
	}
	if d, err := os.Getwd(); err == nil {
		starts = append(starts, d)
	}
	for _, dir := range starts {
		for d := dir; ; d = filepath.Dir(d) {
			b, err := os.ReadFile(filepath.Join(d, "go.mod"))
			if err == nil && strings.Contains(string(b), "module "+module+"\n") {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", fmt.Errorf("nb: no go.mod of %s above %v", module, starts)
}

// PlotsDir returns the folder where figures are written: $FEATLAB_PLOTS if
// set, else plots/ at the repository root.
func PlotsDir() (string, error) {
	if d := os.Getenv("FEATLAB_PLOTS"); d != "" {
		return d, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "plots"), nil
}

// Save writes fig as plots/<notebook>/<name>.svg and .png and returns the
// SVG text. fig is a *plot.Plot (drawn at viz.Width x viz.Height, or
// wrapped with viz.Sized for another size) or a Figure such as a viz.Grid. The bytes depend only on the figure, so the same data gives the
// same files.
func Save(fig any, notebook, name string) (svg string, err error) {
	f, err := asFigure(fig)
	if err != nil {
		return "", err
	}
	if !validName.MatchString(notebook) || !validName.MatchString(name) {
		return "", fmt.Errorf("nb: notebook %q and figure name %q must be plain file names", notebook, name)
	}
	dir, err := PlotsDir()
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, notebook)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var s, p bytes.Buffer
	if err := f.WriteSVG(&s); err != nil {
		return "", fmt.Errorf("nb: rendering %s as SVG: %w", name, err)
	}
	if err := f.WritePNG(&p); err != nil {
		return "", fmt.Errorf("nb: rendering %s as PNG: %w", name, err)
	}
	if err := writeIfChanged(filepath.Join(dir, name+".svg"), s.Bytes()); err != nil {
		return "", err
	}
	if err := writeIfChanged(filepath.Join(dir, name+".png"), p.Bytes()); err != nil {
		return "", err
	}
	return s.String(), nil
}

// writeIfChanged leaves an identical file untouched (and its timestamp).
func writeIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	return os.WriteFile(path, b, 0o644)
}

// Every display is followed by gonbui.Sync: a cell's program may exit right
// after it, and without the sync GoNB can drop output still in its pipe.

// Show saves fig with Save and displays it inline. In a notebook a failure
// stops the cell (it panics with the error, which GoNB reports); elsewhere
// it is printed.
func Show(fig any, notebook, name string) {
	svg, err := Save(fig, notebook, name)
	if err != nil {
		fail(err)
		return
	}
	if gonbui.IsNotebook {
		gonbui.DisplaySVG(svg)
		gonbui.Sync()
		return
	}
	fmt.Printf("[figure %s/%s saved]\n", notebook, name)
}

// Must stops the cell with err when it is not nil: in a notebook by
// panicking (the cell shows the message and the run fails, as a headless
// run must), elsewhere too. It exists so that notebook cells stay short.
func Must(err error) {
	if err != nil {
		fail(err)
	}
}

// Must1 returns v, or stops the cell as Must does when err is not nil.
func Must1[T any](v T, err error) T {
	Must(err)
	return v
}

func fail(err error) {
	panic(fmt.Sprintf("featlab: %v", err))
}

// HTML displays raw HTML in a notebook, or prints it elsewhere.
func HTML(s string) {
	if gonbui.IsNotebook {
		gonbui.DisplayHTML(s)
		gonbui.Sync()
		return
	}
	fmt.Println(s)
}

// Markdown displays Markdown in a notebook, or prints it elsewhere.
func Markdown(s string) {
	if gonbui.IsNotebook {
		gonbui.DisplayMarkdown(s)
		gonbui.Sync()
		return
	}
	fmt.Println(s)
}

// Display shows v in the most readable form available: a value with an
// HTML() string method (exercise results, scores) as HTML; a data frame or
// a *featlab.Selection as an HTML table; a figure inline without saving;
// anything else printed with fmt.
func Display(v any) {
	switch x := v.(type) {
	case interface{ HTML() string }:
		HTML(x.HTML())
	case *featlab.Selection:
		HTML(SelectionHTML(x))
	case dataframe.DataFrame:
		HTML(TableHTML(x))
	case *dataframe.DataFrame:
		HTML(TableHTML(*x))
	case *plot.Plot, Figure:
		f, err := asFigure(x)
		if err != nil {
			fail(err)
		}
		var b bytes.Buffer
		Must(f.WriteSVG(&b))
		if gonbui.IsNotebook {
			gonbui.DisplaySVG(b.String())
			gonbui.Sync()
		} else {
			fmt.Println("[figure]")
		}
	default:
		fmt.Println(v)
	}
}

// TableHTML renders a data frame as an HTML table; floats are shown with 6
// significant digits.
func TableHTML(df dataframe.DataFrame) string {
	var b strings.Builder
	b.WriteString(`<table style="border-collapse:collapse;font-family:monospace;font-size:90%">` + "\n<tr>")
	names := df.Names()
	for _, n := range names {
		fmt.Fprintf(&b, `<th style="border-bottom:1px solid #888;padding:2px 8px;text-align:right">%s</th>`, html.EscapeString(n))
	}
	b.WriteString("</tr>\n")
	cols := make([][]string, len(names))
	for j, n := range names {
		s := df.Col(n)
		cols[j] = make([]string, s.Len())
		for i := 0; i < s.Len(); i++ {
			if f, ok := s.Val(i).(float64); ok {
				cols[j][i] = featlab.FormatFloat(f)
			} else {
				cols[j][i] = s.Elem(i).String()
			}
		}
	}
	for i := 0; i < df.Nrow(); i++ {
		b.WriteString("<tr>")
		for j := range names {
			fmt.Fprintf(&b, `<td style="padding:2px 8px;text-align:right">%s</td>`, html.EscapeString(cols[j][i]))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>")
	return b.String()
}

// SelectionHTML renders a selection: the method and chosen features, the
// per-feature table and, for searches, the step-by-step history.
func SelectionHTML(s *featlab.Selection) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<p><b>%s</b>: chose %d of %d: %s</p>\n", html.EscapeString(s.Method),
		len(s.Chosen), len(s.Names), html.EscapeString(strings.Join(s.ChosenNames, ", ")))
	b.WriteString(TableHTML(s.DataFrame()))
	if len(s.History) > 0 {
		b.WriteString("\n<p>search history</p>\n")
		b.WriteString(TableHTML(s.HistoryDataFrame()))
	}
	return b.String()
}
