package par

import (
	"errors"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestReportAndCall(t *testing.T) {
	if err := Report(func(int, int) {}, 1, 2); err != nil {
		t.Fatal(err)
	}
	err := Report(func(int, int) { panic("p") }, 1, 2)
	var pe *PanicError
	if !errors.Is(err, featlab.ErrPanic) || !errors.As(err, &pe) || pe.Index != -1 {
		t.Errorf("Report: %v", err)
	}
	want := errors.New("x")
	if err := Call(3, func() error { return want }); err != want {
		t.Errorf("Call passes errors through: %v", err)
	}
	err = Call(3, func() error { panic("q") })
	if !errors.As(err, &pe) || pe.Index != 3 || pe.Value != "q" {
		t.Errorf("Call: %v", err)
	}
}
