package par

import (
	"errors"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestCallProgress(t *testing.T) {
	if err := CallProgress(nil, 1, 2); err != nil {
		t.Fatal(err)
	}
	got := 0
	if err := CallProgress(func(done, _ int) { got = done }, 3, 4); err != nil || got != 3 {
		t.Fatalf("err %v, done %d", err, got)
	}
	if err := CallProgress(func(int, int) { panic("boom") }, 1, 2); !errors.Is(err, featlab.ErrPanic) {
		t.Fatalf("err = %v, want ErrPanic", err)
	}
}
