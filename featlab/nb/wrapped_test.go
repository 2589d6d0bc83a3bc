package nb

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrapText(t *testing.T) {
	long := strings.Repeat("word ", 50) + "end"
	got := WrapText("short\n"+long+"\n", 30)
	lines := strings.Split(got, "\n")
	if lines[0] != "short" || lines[len(lines)-1] != "" {
		t.Errorf("kept lines changed: %q", got)
	}
	for _, l := range lines {
		if utf8.RuneCountInString(l) > 30 {
			t.Errorf("line of %d runes: %q", utf8.RuneCountInString(l), l)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields("short "+long), " ") {
		t.Error("words lost or reordered")
	}
	if !strings.HasPrefix(lines[2], "  word") {
		t.Errorf("continuation not indented: %q", lines[2])
	}
	huge := strings.Repeat("x", 40)
	if WrapText(huge, 30) != huge {
		t.Error("a word longer than the width was cut")
	}
	if WrapText("a b", 0) != "a b" {
		t.Error("width 0")
	}
}

func ExampleWrapText() {
	msg := "featlab: column \"color\" holds text (\"green\" at row 0); encode it with transform.OneHot or drop it"
	fmt.Println(WrapText(msg, 50))
	// Output:
	// featlab: column "color" holds text ("green" at row
	//   0); encode it with transform.OneHot or drop it
}
