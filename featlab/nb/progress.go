package nb

import (
	"fmt"
	"os"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/janpfeifer/gonb/gonbui"
)

// Headless reports whether live displays are unavailable: outside a
// notebook, or when FEATLAB_HEADLESS is set (make sets it when it executes
// notebooks with nbconvert, where there is no browser to update a display).
func Headless() bool {
	return !gonbui.IsNotebook || os.Getenv("FEATLAB_HEADLESS") != ""
}

// NewProgress returns a featlab.Progress that renders a live bar in a
// notebook opened in a browser. Headless it prints at most five plain lines
// (0%, 25%, 50%, 75%, 100%), so stored outputs stay short and identical
// from run to run.
func NewProgress(label string) featlab.Progress {
	if Headless() {
		last := -1
		return func(done, total int) {
			if total <= 0 {
				return
			}
			q := 4 * done / total
			if q > last {
				last = q
				fmt.Printf("%s: %d/%d (%d%%)\n", label, done, total, 25*q)
			}
		}
	}
	id := gonbui.UniqueId()
	lastPct := -1
	return func(done, total int) {
		if total <= 0 {
			return
		}
		pct := 100 * done / total
		if pct == lastPct {
			return
		}
		lastPct = pct
		gonbui.UpdateHTML(id, progressHTML(label, done, total, pct))
	}
}

func progressHTML(label string, done, total, pct int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<div style="font-family:monospace">%s `, label)
	fmt.Fprintf(&b, `<span style="display:inline-block;width:300px;height:10px;background:#ddd;vertical-align:middle">`)
	fmt.Fprintf(&b, `<span style="display:block;width:%dpx;height:10px;background:#0072B2"></span></span>`, 3*pct)
	fmt.Fprintf(&b, ` %d/%d</div>`, done, total)
	return b.String()
}
