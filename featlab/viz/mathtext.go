package viz

import (
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// mathText is the text handler of every featlab figure. Text between a
// pair of dollar signs is mathematics in a small TeX subset: Greek letters
// (\alpha, \beta, \gamma, \theta, \rho, \delta, \kappa, \lambda, \mu, \sigma,
// \varepsilon), \| for a norm, \top, \cdot, \le, \ge, \min, \max, a minus sign for "-",
// and subscripts and superscripts, _x or _{...} and ^x or ^{...}, drawn
// smaller, lowered or raised. So `$\gamma_{\min}$`, `$\rho = k/n$`,
// `$(u_j^\top y)^2 / \|u_j\|^2$` and `$\|Q^\top Q - I\|$` are drawn as
// symbols. Any other text is drawn by gonum/plot's plain handler,
// unchanged.
//
// gonum/plot's own LaTeX handler (text.Latex, v0.17) draws no subscripts
// or superscripts and refuses "/", which every label above needs; this
// handler covers what the figures use with the Liberation Sans glyphs that
// ship with gonum/plot, so figures stay the same bytes everywhere.
type mathText struct {
	Plain text.Plain
}

var _ text.Handler = mathText{}

// newMathText returns a mathText drawing with the fonts of cache.
func newMathText(cache *font.Cache) mathText { return mathText{Plain: text.Plain{Fonts: cache}} }

// Cache returns the font cache.
func (h mathText) Cache() *font.Cache { return h.Plain.Fonts }

// Extents returns the extents of fnt.
func (h mathText) Extents(fnt font.Font) font.Extents { return h.Plain.Extents(fnt) }

// Lines splits txt into lines.
func (h mathText) Lines(txt string) []string { return h.Plain.Lines(txt) }

// run is a piece of a line drawn in one font at one baseline shift.
type run struct {
	text  string
	shift int // 0, +1 superscript, -1 subscript
}

const scriptScale = 0.7

var macros = strings.NewReplacer(
	`\alpha`, "α", `\beta`, "β", `\theta`, "θ",
	`\gamma`, "γ", `\rho`, "ρ", `\delta`, "δ", `\kappa`, "κ", `\lambda`, "λ", `\mu`, "μ",
	`\sigma`, "σ", `\varepsilon`, "ε", `\epsilon`, "ε", `\|`, "‖", `\top`, "T", `\cdot`, "·",
	`\le`, "≤", `\ge`, "≥", `\min`, "min", `\max`, "max", `\log`, "log", `\ell`, "l", `-`, "−", `\,`, " ",
)

// parse splits txt into runs: plain text outside dollar pairs, and the
// mathematics inside them with macros replaced and scripts marked.
func parse(txt string) []run {
	var out []run
	parts := strings.Split(txt, "$")
	if len(parts) < 3 {
		return []run{{text: txt}}
	}
	for k, p := range parts {
		if k%2 == 0 || k == len(parts)-1 && len(parts)%2 == 0 { // outside math (or an unpaired tail)
			if k%2 == 1 {
				p = "$" + p
			}
			out = append(out, run{text: p})
			continue
		}
		s := []rune(p)
		var cur []rune
		flush := func(shift int) {
			if len(cur) > 0 {
				out = append(out, run{text: macros.Replace(string(cur)), shift: shift})
				cur = nil
			}
		}
		for i := 0; i < len(s); i++ {
			if (s[i] == '_' || s[i] == '^') && i+1 < len(s) {
				flush(0)
				shift := 1
				if s[i] == '_' {
					shift = -1
				}
				j := i + 1
				var arg []rune
				switch {
				case s[j] == '{':
					end := j + 1
					for end < len(s) && s[end] != '}' {
						end++
					}
					arg, i = s[j+1:min(end, len(s))], end
				case s[j] == '\\': // a macro argument such as ^\top
					end := j + 1
					for end < len(s) && (s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z') {
						end++
					}
					arg, i = s[j:end], end-1
				default:
					arg, i = s[j:j+1], j
				}
				out = append(out, run{text: macros.Replace(string(arg)), shift: shift})
				continue
			}
			cur = append(cur, s[i])
		}
		flush(0)
	}
	return out
}

func isMath(txt string) bool { return strings.Count(txt, "$") >= 2 }

func scriptFont(f font.Font) font.Font {
	f.Size = font.Length(float64(f.Size) * scriptScale)
	return f
}

func (r run) font(base font.Font) font.Font {
	if r.shift != 0 {
		return scriptFont(base)
	}
	return base
}

func (r run) offset(base font.Font) vg.Length {
	switch r.shift {
	case 1:
		return vg.Length(0.4 * float64(base.Size))
	case -1:
		return vg.Length(-0.2 * float64(base.Size))
	}
	return 0
}

// width returns the width of the runs of one line.
func (h mathText) width(runs []run, base font.Font) vg.Length {
	var w vg.Length
	for _, r := range runs {
		f := r.font(base)
		face := h.Plain.Fonts.Lookup(f, f.Size)
		w += face.Width(r.text)
	}
	return w
}

// Box returns the bounding box of one line of txt. A superscript raises
// the top of the box, a subscript lowers its bottom, by as much as the
// script's font reaches beyond the base font's ascent or descent, so that
// whatever gonum/plot stacks by text height (legend entries, titles, axis
// labels, tick labels) leaves room for the scripts.
func (h mathText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	if !isMath(txt) {
		return h.Plain.Box(txt, fnt)
	}
	runs := parse(txt)
	_, height, depth = h.Plain.Box("Mg", fnt)
	up, down := h.scriptExtents(runs, fnt)
	return h.width(runs, fnt), height + up, depth + down
}

// scriptExtents returns how far the superscripts of runs reach above the
// ascent of fnt (up) and the subscripts below its descent (down), both at
// least 0.
func (h mathText) scriptExtents(runs []run, fnt font.Font) (up, down vg.Length) {
	base := h.Plain.Extents(fnt)
	for _, r := range runs {
		if r.shift == 0 {
			continue
		}
		f := r.font(fnt)
		ext := h.Plain.Extents(f)
		if r.shift > 0 {
			up = max(up, r.offset(fnt)+ext.Ascent-base.Ascent)
		} else {
			down = max(down, -r.offset(fnt)+ext.Descent-base.Descent)
		}
	}
	return up, down
}

// Draw draws txt at pt.
func (h mathText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	if !isMath(txt) || strings.Contains(strings.TrimRight(txt, "\n"), "\n") {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	runs := parse(strings.TrimRight(txt, "\n"))
	fnt := h.Plain.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	// The baseline sits as gonum/plot's plain handler puts it, raised by
	// the room Box added below it for subscripts.
	_, down := h.scriptExtents(runs, sty.Font)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent + down
	x := pt.X + vg.Length(sty.XAlign)*h.width(runs, sty.Font)
	for _, r := range runs {
		f := r.font(sty.Font)
		face := h.Plain.Fonts.Lookup(f, f.Size)
		c.FillString(face, vg.Point{X: x, Y: pt.Y + sty.Font.Size + r.offset(sty.Font)}, r.text)
		x += face.Width(r.text)
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

func init() {
	plot.DefaultTextHandler = newMathText(font.DefaultCache)
}
