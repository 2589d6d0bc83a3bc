package nb

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// SliderIdle is how long a LiveSlider waits for the next move before its
// cell ends (so that "Run All" goes on to the next cells). Moving it resets
// the wait; FEATLAB_SLIDER_IDLE (a Go duration such as "10m"; make lab sets
// it from SLIDER_IDLE, 30s by default) overrides it.
var SliderIdle = 30 * time.Second

// sliderStart bounds the wait for the browser to answer a new slider: a
// notebook executed without a browser (nbconvert without FEATLAB_HEADLESS)
// never answers, and the cell must not hang.
const sliderStart = 10 * time.Second

// LiveSlider is Slider for a figure that cannot be precomputed (too many
// values, or values the student types): the kernel redraws the figure at
// each move, so it needs a running kernel and blocks its cell meanwhile.
// Prefer Slider, whose frames are drawn once and move without a kernel.
//
// It draws draw(values[at]), saves it and displays it exactly as Show does
// (plots/<notebook>/<name>.svg and .png). Headless (make test, make figures,
// nbconvert, go test) that is all, so stored notebooks and plots/ are those
// of the default value. In a notebook open in a browser, a slider over
// values follows the figure; each move redraws it in place with
// draw(values[i]) (not saved), and the line under the slider reads
// "<label> = <value>". The cell runs while the slider is in use and ends
// after SliderIdle without a move; run it again to bring the slider back.
// The line under the slider says so from the start ("live: the kernel
// redraws; closes after 30s without a move"), so a student knows why the
// cell shows In [*].
// Call it last in its cell: output the cell prints after it appears only
// once the slider has closed.
func LiveSlider(notebook, name, label string, values []float64, at int, draw func(v float64) (any, error)) {
	png, ok := defaultFrame("LiveSlider", notebook, name, values, at, draw)
	if !ok {
		return
	}
	alt := fmt.Sprintf("[figure %s/%s]", notebook, name)
	if Headless() {
		if gonbui.IsNotebook {
			sendPNG(png, alt)
		} else {
			fmt.Printf("[figure %s/%s saved]\n", notebook, name)
		}
		return
	}
	figID := "featlab-fig-" + gonbui.UniqueId()
	update := func(png []byte) {
		gonbui.SendData(&protocol.DisplayData{
			Data:      map[protocol.MIMEType]any{protocol.MIMEImagePNG: png, protocol.MIMETextPlain: alt},
			DisplayID: figID,
		})
	}
	update(png)
	labelID := "featlab-label-" + gonbui.UniqueId()
	say := func(v float64, note string) {
		gonbui.UpdateHTML(labelID, fmt.Sprintf(`<div class="featlab-slider-label" style="font-family:monospace">%s = %s%s</div>`,
			html.EscapeString(label), html.EscapeString(fmt.Sprintf("%.4g", v)), note))
	}
	idle := SliderIdle
	if d, err := time.ParseDuration(os.Getenv("FEATLAB_SLIDER_IDLE")); err == nil && d > 0 {
		idle = d
	}
	live := fmt.Sprintf(" (live: the kernel redraws the figure; the slider closes after %v without a move)", idle)
	say(values[at], live)
	built := make(chan *widgets.SliderBuilder, 1)
	go func() { built <- widgets.Slider(0, len(values)-1, at).Done() }()
	var s *widgets.SliderBuilder
	select {
	case s = <-built:
	case <-time.After(sliderStart):
		say(values[at], " (no browser answered; the figure stays static)")
		gonbui.Sync()
		return
	}
	moves := s.Listen().LatestOnly()
	defer moves.Close()
	timer := time.NewTimer(idle)
	for {
		select {
		case i := <-moves.C:
			if i < 0 || i >= len(values) {
				continue
			}
			timer.Reset(idle)
			f, err := draw(values[i])
			if err != nil {
				say(values[i], " — "+html.EscapeString(ErrorText(err)))
				continue
			}
			ff, err := asFigure(f)
			if err != nil {
				fail(err)
				return
			}
			var b bytes.Buffer
			if err := ff.WritePNG(&b); err != nil {
				fail(err)
				return
			}
			update(b.Bytes())
			say(values[i], live)
		case <-timer.C:
			say(values[s.Value()], fmt.Sprintf(" (slider closed after %v without a move: run the cell again to use it)", idle))
			gonbui.Sync()
			return
		}
	}
}
