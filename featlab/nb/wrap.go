package nb

import (
	"strings"
	"unicode/utf8"
)

// Wrap breaks s into lines of at most width characters (runes) at spaces,
// for printed output that must fit a projected cell: each line of s is
// filled greedily with whole words, continuation lines indented by two
// spaces. A word longer than the room on a line stays whole on a line of
// its own. width < 10 is treated as 10. Existing line breaks are kept.
func Wrap(s string, width int) string {
	width = max(width, 10)
	var out []string
	for _, line := range strings.Split(s, "\n") {
		cur, indent := "", ""
		for _, w := range strings.Fields(line) {
			switch {
			case cur == "":
				cur = indent + w
			case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
				cur += " " + w
			default:
				out = append(out, cur)
				indent = "  "
				cur = indent + w
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
