package featlab

import (
	"errors"
	"fmt"
	"testing"
)

func TestWrapNamesTheLibraryOnce(t *testing.T) {
	inner := Errorf(ErrParam, "linear: lambda = -1 is negative")
	err := Wrap(Wrap(inner, "validate: fold %d", 3), "search: subset {x1}")
	want := "featlab: search: subset {x1}: validate: fold 3: linear: lambda = -1 is negative: invalid parameter"
	if err.Error() != want {
		t.Fatalf("message %q, want %q", err.Error(), want)
	}
	if !errors.Is(err, ErrParam) {
		t.Fatal("Wrap hides the sentinel")
	}
	plain := Wrap(fmt.Errorf("disk full"), "datasets")
	if plain.Error() != "featlab: datasets: disk full" {
		t.Fatalf("plain error: %q", plain.Error())
	}
	if Wrap(nil, "x") != nil {
		t.Fatal("Wrap(nil) is not nil")
	}
}
