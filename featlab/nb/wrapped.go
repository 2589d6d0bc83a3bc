package nb

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// PrintWidth is the widest line PrintWrapped prints: 100 columns, what a
// projected notebook shows without a horizontal scroll bar.
const PrintWidth = 100

// PrintWrapped prints its operands as fmt.Println does, but breaks every
// line longer than PrintWidth at spaces; continuation lines are indented
// by two spaces. A single word longer than the width stays whole. Use it
// for library error messages and other long prose in a cell's output.
func PrintWrapped(a ...any) {
	fmt.Print(WrapText(fmt.Sprintln(a...), PrintWidth))
}

// WrapText returns s with each line longer than width runes broken at
// spaces into lines of at most width runes (a word longer than width
// stays whole), continuation lines indented by two spaces. Line breaks
// already in s are kept; width < 10 is taken as 10.
func WrapText(s string, width int) string {
	width = max(width, 10)
	lines := strings.Split(s, "\n")
	for k, l := range lines {
		if utf8.RuneCountInString(l) <= width {
			continue
		}
		var out []string
		cur := ""
		for _, w := range strings.Fields(l) {
			if cur != "" && utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width {
				out = append(out, cur)
				cur = "  " + w
				continue
			}
			if cur != "" {
				cur += " "
			}
			cur += w
		}
		lines[k] = strings.Join(append(out, cur), "\n")
	}
	return strings.Join(lines, "\n")
}
