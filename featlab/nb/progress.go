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
// notebook opened in a browser. Headless it prints five plain lines, at
// 0%, 25%, 50%, 75% and 100%, whatever the order and size of the steps, so
// stored outputs stay short and identical from run to run.
func NewProgress(label string) featlab.Progress {
	if Headless() {
		printed := -1
		return func(done, total int) {
			if total <= 0 {
				return
			}
			// Print each quarter mark reached, with the mark itself rather
			// than done: parallel work reports done in jumps that vary from
			// run to run, and the stored output must not.
			for q := min(4*done/total, 4); printed < q; {
				printed++
				fmt.Printf("%s: %d%% (%d/%d)\n", label, 25*printed, printed*total/4, total)
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
