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
// and displays the PNG inline.
//
// Every display is stored so that it reads without HTML trust: Jupyter
// opens a notebook it did not run "Not Trusted", and then (like GitHub and
// a sanitizing HTML export) drops or strips HTML output such as inline SVG.
// Figures are therefore sent as image/png (the same bytes as the PNG in
// plots/), and every HTML display (tables, exercise results) carries a
// text/plain alternative and stays legible with its styles removed.
package nb

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/viz"
	"github.com/go-gota/gota/dataframe"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
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
			return nil, featlab.Errorf(featlab.ErrParam, "nb: nil plot")
		}
		return viz.Single(f), nil
	case Figure:
		if f == nil {
			return nil, featlab.Errorf(featlab.ErrParam, "nb: nil figure")
		}
		return f, nil
	case nil:
		return nil, featlab.Errorf(featlab.ErrParam, "nb: nil figure")
	}
	return nil, featlab.Errorf(featlab.ErrParam, "nb: cannot draw a %T: want *plot.Plot or a Figure", fig)
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
	s, _, err := save(fig, notebook, name)
	return s, err
}

// save writes both files and returns their contents.
func save(fig any, notebook, name string) (svg string, png []byte, err error) {
	f, err := asFigure(fig)
	if err != nil {
		return "", nil, err
	}
	if !validName.MatchString(notebook) || !validName.MatchString(name) {
		return "", nil, featlab.Errorf(featlab.ErrParam, "nb: notebook %q and figure name %q must be plain file names", notebook, name)
	}
	dir, err := PlotsDir()
	if err != nil {
		return "", nil, err
	}
	dir = filepath.Join(dir, notebook)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	var s, p bytes.Buffer
	if err := f.WriteSVG(&s); err != nil {
		return "", nil, fmt.Errorf("nb: rendering %s as SVG: %w", name, err)
	}
	if err := f.WritePNG(&p); err != nil {
		return "", nil, fmt.Errorf("nb: rendering %s as PNG: %w", name, err)
	}
	if err := writeIfChanged(filepath.Join(dir, name+".svg"), s.Bytes()); err != nil {
		return "", nil, err
	}
	if err := writeIfChanged(filepath.Join(dir, name+".png"), p.Bytes()); err != nil {
		return "", nil, err
	}
	return s.String(), p.Bytes(), nil
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

// Show saves fig with Save and displays it inline as a PNG image (the
// bytes of plots/<notebook>/<name>.png), which every notebook viewer shows
// without trust, with the text "[figure <notebook>/<name>]" as its plain
// alternative. A failure stops the cell as Must does.
func Show(fig any, notebook, name string) {
	_, png, err := save(fig, notebook, name)
	if err != nil {
		fail(err)
		return
	}
	if gonbui.IsNotebook {
		sendPNG(png, fmt.Sprintf("[figure %s/%s]", notebook, name))
		return
	}
	fmt.Printf("[figure %s/%s saved]\n", notebook, name)
}

// send displays one output with several representations; the notebook
// picks the richest one it may show.
func send(data map[protocol.MIMEType]any) {
	gonbui.SendData(&protocol.DisplayData{Data: data})
	gonbui.Sync()
}

func sendPNG(png []byte, alt string) {
	send(map[protocol.MIMEType]any{protocol.MIMEImagePNG: png, protocol.MIMETextPlain: alt})
}

// Must stops the cell with err when it is not nil. It exists so that
// notebook cells stay short.
//
// In a notebook it prints the error and the cell line of the call (GoNB
// marks it "[[ Cell [n] Line k ]]") to stderr and ends the cell's program
// with exit status 1: no goroutine trace, since the fault is in the data or
// parameters the cell passed, not in the code. Headless runs report the
// cell as failed. Outside a notebook (go test, a program) it panics with
// the same message.
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

// ErrorText returns err's message as a student should read it: library
// errors already start with "featlab: ", and a prefix repeated by a caller
// that wrapped them ("featlab: validate: fold 2: featlab: ...") is removed.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "featlab: "); ok {
		return "featlab: " + strings.ReplaceAll(rest, "featlab: ", "")
	}
	return msg
}

// exit ends the cell's program; a variable so tests can intercept it.
var exit = os.Exit

func fail(err error) {
	msg := ErrorText(err)
	if !gonbui.IsNotebook {
		panic(msg)
	}
	fmt.Fprintf(os.Stderr, "error: %s\n", msg)
	if at := callSite(); at != "" {
		fmt.Fprintf(os.Stderr, "  in this cell at %s\n", at)
	}
	gonbui.Sync()
	exit(1)
}

// callSite returns file:line of the first caller outside package nb: in a
// notebook, a line of GoNB's generated main.go, which GoNB rewrites into
// the cell number and line when it prints stderr.
func callSite() string {
	pcs := make([]uintptr, 16)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, module+"/featlab/nb.") && f.File != "" {
			return fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		if !more {
			return ""
		}
	}
}

// HTML displays raw HTML in a notebook, or prints it elsewhere. The plain
// text alternative stored with it, for viewers that do not trust HTML, is
// the HTML with its tags removed.
func HTML(s string) {
	htmlWithText(s, plainText(s))
}

func htmlWithText(h, text string) {
	if gonbui.IsNotebook {
		send(map[protocol.MIMEType]any{protocol.MIMETextHTML: h, protocol.MIMETextPlain: text})
		return
	}
	fmt.Println(h)
}

var (
	tagRE   = regexp.MustCompile(`<[^>]*>`)
	breakRE = regexp.MustCompile(`(?i)</?(tr|p|div|table|h[1-6])\b[^>]*>|<br\s*/?>`)
	cellRE  = regexp.MustCompile(`(?i)</t[dh]>`)
)

// plainText reduces HTML to readable text: one line per row, paragraph or
// block, cells separated by two spaces.
func plainText(h string) string {
	t := breakRE.ReplaceAllString(h, "\n")
	t = cellRE.ReplaceAllString(t, "  ")
	t = html.UnescapeString(tagRE.ReplaceAllString(t, ""))
	var lines []string
	for _, l := range strings.Split(t, "\n") {
		if l = strings.TrimRight(l, " \t"); strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// Markdown displays Markdown in a notebook, or prints it elsewhere. The
// Markdown source is stored as the plain-text alternative, which untrusted
// viewers show instead.
func Markdown(s string) {
	if gonbui.IsNotebook {
		send(map[protocol.MIMEType]any{protocol.MIMETextMarkdown: s, protocol.MIMETextPlain: s})
		return
	}
	fmt.Println(s)
}

// Display shows v in the most readable form available: a value with an
// HTML() string method (exercise results, scores) as HTML, with its
// String() (or the HTML's text) as the plain alternative; a data frame or a
// *featlab.Selection as an HTML table with a plain-text table beside it; a
// figure inline as a PNG without saving; anything else printed with fmt.
func Display(v any) {
	switch x := v.(type) {
	case interface{ HTML() string }:
		h := x.HTML()
		text := plainText(h)
		if s, ok := v.(fmt.Stringer); ok {
			text = s.String()
		}
		htmlWithText(h, text)
	case *featlab.Selection:
		htmlWithText(SelectionHTML(x), plainText(SelectionHTML(x)))
	case dataframe.DataFrame:
		htmlWithText(TableHTML(x), TableText(x))
	case *dataframe.DataFrame:
		htmlWithText(TableHTML(*x), TableText(*x))
	case *plot.Plot, Figure:
		f, err := asFigure(x)
		if err != nil {
			fail(err)
		}
		var b bytes.Buffer
		Must(f.WritePNG(&b))
		if gonbui.IsNotebook {
			sendPNG(b.Bytes(), "[figure]")
		} else {
			fmt.Println("[figure]")
		}
	default:
		fmt.Println(v)
	}
}

// TableText renders a data frame as an aligned plain-text table, floats
// with 6 significant digits as in TableHTML.
func TableText(df dataframe.DataFrame) string {
	names := df.Names()
	cols := tableCells(df)
	width := make([]int, len(names))
	for j, n := range names {
		width[j] = len(n)
		for _, c := range cols[j] {
			width[j] = max(width[j], len(c))
		}
	}
	var b strings.Builder
	line := func(cell func(j int) string) {
		for j := range names {
			if j > 0 {
				b.WriteString("  ")
			}
			fmt.Fprintf(&b, "%*s", width[j], cell(j))
		}
		b.WriteString("\n")
	}
	line(func(j int) string { return names[j] })
	for i := 0; i < df.Nrow(); i++ {
		line(func(j int) string { return cols[j][i] })
	}
	return strings.TrimRight(b.String(), "\n")
}

func tableCells(df dataframe.DataFrame) [][]string {
	names := df.Names()
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
	return cols
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
	cols := tableCells(df)
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
	if s == nil {
		return "<p>no selection (nil)</p>"
	}
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
