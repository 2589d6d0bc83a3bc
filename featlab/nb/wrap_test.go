package nb

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrap(t *testing.T) {
	s := `featlab: transform: OneHot: value "yellow" at row 0, column "color" was not seen at fit time ` +
		`(categories [dark green light]; set Unknown: UnknownIgnore to encode it as all zeros)`
	got := Wrap(s, 40)
	for _, l := range strings.Split(got, "\n") {
		if utf8.RuneCountInString(l) > 40 {
			t.Errorf("line %q has %d > 40 characters", l, utf8.RuneCountInString(l))
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(s), " ") {
		t.Errorf("words changed:\n%s", got)
	}
	if Wrap("short", 100) != "short" || Wrap("a\nb", 100) != "a\nb" {
		t.Errorf("short text changed")
	}
	if w := Wrap(strings.Repeat("x", 30)+" y", 10); w != strings.Repeat("x", 30)+"\n  y" {
		t.Errorf("long word: %q", w)
	}
}

func ExampleWrap() {
	fmt.Println(Wrap("one two three four five six", 12))
	// Output:
	// one two
	//   three four
	//   five six
}
