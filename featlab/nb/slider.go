package nb

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
)

// MaxSliderBytes bounds the PNG frames one Slider stores in its notebook
// (before base64; frames are stored with a 256-colour palette, about a
// third of the size of the figure's own PNG): a slider over more or larger figures fails with a
// message asking for fewer values, rather than making the notebook heavy.
const MaxSliderBytes = 1 << 20

// Slider shows a figure that depends on one parameter, for lectures,
// without a live kernel.
//
// It draws draw(v) once for every v in values (the frames), saves the
// default frame draw(values[at]) as Show does (plots/<notebook>/<name>.svg
// and .png) and displays it as a PNG, then displays a slider over the
// values that swaps the figure for the frame at each position: a small
// script in an HTML output, which carries every frame as an embedded PNG
// (with a 256-colour palette, which only anti-aliased edges notice).
// The cell takes the time of drawing the frames and ends; the slider moves
// instantly in a trusted notebook and on the pages of `make site` (no
// kernel there), and the line under it reads "<label> = <value>". GitHub,
// an untrusted notebook and a sanitizing export drop the script and show
// the default frame with the line "<label> = <default> (the slider moves in
// a trusted notebook and on the course site)". The stored outputs and
// plots/ depend only on the frames, so headless runs are byte-for-byte
// reproducible. Outside a notebook it saves the default frame and prints
// "[figure <notebook>/<name> saved]".
//
// The frames must total at most MaxSliderBytes of PNG; for a figure that
// cannot be precomputed, LiveSlider redraws it in the kernel.
func Slider(notebook, name, label string, values []float64, at int, draw func(v float64) (any, error)) {
	png, ok := defaultFrame("Slider", notebook, name, values, at, draw)
	if !ok {
		return
	}
	if !gonbui.IsNotebook {
		fmt.Printf("[figure %s/%s saved]\n", notebook, name)
		return
	}
	frames := make([][]byte, len(values))
	total := 0
	for i, v := range values {
		if i == at {
			frames[i] = compactPNG(png)
		} else {
			f, err := draw(v)
			if err != nil {
				fail(fmt.Errorf("nb: Slider %q at %s = %.4g: %w", name, label, v, err))
				return
			}
			ff, err := asFigure(f)
			if err != nil {
				fail(err)
				return
			}
			var b bytes.Buffer
			if err := ff.WritePNG(&b); err != nil {
				fail(fmt.Errorf("nb: Slider %q: rendering %s = %.4g as PNG: %w", name, label, v, err))
				return
			}
			frames[i] = compactPNG(b.Bytes())
		}
		total += len(frames[i])
	}
	if total > MaxSliderBytes {
		fail(fmt.Errorf("nb: Slider %q: %d frames of %d KB in all, more than the %d KB a notebook should carry: pass fewer values",
			name, len(values), total>>10, MaxSliderBytes>>10))
		return
	}
	sendPNG(png, fmt.Sprintf("[figure %s/%s]", notebook, name))
	h, text := sliderHTML(notebook, name, label, values, at, frames)
	htmlWithText(h, text)
}

// sliderNote is what the page says where the script does not run.
const sliderNote = "the slider moves in a trusted notebook and on the course site"

// sliderHTML returns the slider's HTML output (a label line, and a script
// that puts a range input before it and swaps the figure above on each
// move) and its plain-text alternative.
func sliderHTML(notebook, name, label string, values []float64, at int, frames [][]byte) (h, text string) {
	id := "featlab-slider-" + notebook + "-" + name
	labels := make([]string, len(values))
	data := make([]string, len(frames))
	for i, v := range values {
		labels[i] = fmt.Sprintf("%.4g", v)
		data[i] = base64.StdEncoding.EncodeToString(frames[i])
	}
	lj, _ := json.Marshal(labels)
	fj, _ := json.Marshal(data)
	nj, _ := json.Marshal(label)
	text = fmt.Sprintf("%s = %s (%s)", label, labels[at], sliderNote)
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="featlab-slider" id="%s">`, id)
	fmt.Fprintf(&b, `<div class="featlab-slider-label">%s</div></div>`, html.EscapeString(text))
	fmt.Fprintf(&b, "\n<script>\n(function () {\n  var id = %q, at = %d, name = %s, labels = %s;\n  var frames = %s;\n",
		id, at, nj, lj, fj)
	b.WriteString(sliderScript)
	b.WriteString("</script>\n")
	return b.String(), text
}

// sliderScript finds the slider's div (waiting while the notebook inserts
// the output), the last figure image above it in its output area, and
// replaces the label line by a range input and the current value.
const sliderScript = `  var tries = 0;
  function start() {
    var root = document.getElementById(id);
    if (!root || !root.isConnected) {
      if (tries++ < 100) { setTimeout(start, 50); }
      return;
    }
    if (root.getAttribute("data-started")) { return; }
    var img = null;
    for (var a = root.parentNode; a && !img; a = a.parentNode) {
      var imgs = a.querySelectorAll ? a.querySelectorAll("img") : [];
      for (var i = 0; i < imgs.length; i++) {
        if (imgs[i].compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING) { img = imgs[i]; }
      }
    }
    if (!img) { return; }
    root.setAttribute("data-started", "1");
    var input = document.createElement("input");
    input.type = "range"; input.min = 0; input.max = frames.length - 1; input.step = 1; input.value = at;
    input.className = "featlab-slider-input";
    input.style.width = "60%"; input.style.verticalAlign = "middle";
    input.setAttribute("aria-label", name);
    var text = document.createElement("span");
    text.className = "featlab-slider-value";
    text.style.fontFamily = "monospace"; text.style.marginLeft = "1em";
    function show() {
      var i = Number(input.value);
      img.src = "data:image/png;base64," + frames[i];
      text.textContent = name + " = " + labels[i];
    }
    input.addEventListener("input", show);
    input.addEventListener("change", show);
    root.innerHTML = "";
    root.appendChild(input);
    root.appendChild(text);
    show();
  }
  start();
})();
`

// Thin picks at most n of values for a Slider's frames, evenly spaced by
// index, always including the first, the last and values[keep]; it returns
// them in their original order and the index of values[keep] among them.
// A path of 100 lambdas thus becomes a slider of about n frames whose
// default is the value the text discusses. n < 2 is taken as 2; keep
// outside values is taken as 0.
func Thin(values []float64, n, keep int) (thinned []float64, at int) {
	if len(values) == 0 {
		return nil, 0
	}
	if keep < 0 || keep >= len(values) {
		keep = 0
	}
	if n < 2 {
		n = 2
	}
	if n >= len(values) {
		return append([]float64(nil), values...), keep
	}
	pick := make(map[int]bool, n+1)
	for j := 0; j < n; j++ {
		pick[j*(len(values)-1)/(n-1)] = true
	}
	pick[keep] = true
	for i, v := range values {
		if pick[i] {
			if i == keep {
				at = len(thinned)
			}
			thinned = append(thinned, v)
		}
	}
	return thinned, at
}

// defaultFrame checks a slider's arguments, draws its figure at the
// default value values[at] and saves it as the notebook's figure name;
// on a failure it reports it (fail) and returns false.
func defaultFrame(kind, notebook, name string, values []float64, at int, draw func(v float64) (any, error)) ([]byte, bool) {
	if len(values) == 0 || at < 0 || at >= len(values) {
		fail(fmt.Errorf("nb: %s %q: default index %d outside the %d values", kind, name, at, len(values)))
		return nil, false
	}
	if draw == nil {
		fail(fmt.Errorf("nb: %s %q: draw is nil", kind, name))
		return nil, false
	}
	fig, err := draw(values[at])
	if err != nil {
		fail(err)
		return nil, false
	}
	_, png, err := save(fig, notebook, name)
	if err != nil {
		fail(err)
		return nil, false
	}
	return png, true
}
