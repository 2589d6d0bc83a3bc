package featlab

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestCheckCells(t *testing.T) {
	if err := CheckCells("x", "Cfg.MaxCells", 1<<13, 1<<14, 0); err != nil {
		t.Errorf("2^27 cells refused: %v", err)
	}
	err := CheckCells("Polynomial output", "Polynomial.MaxCells", 1<<13, 1<<14+1, 0)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "Polynomial.MaxCells") || !strings.Contains(err.Error(), "Polynomial output") {
		t.Errorf("over the default: %v", err)
	}
	if err := CheckCells("x", "f", math.MaxInt, 3, 0); !errors.Is(err, ErrTooLarge) {
		t.Errorf("overflowing product: %v", err)
	}
	if err := CheckCells("x", "f", math.MaxInt, 3, -1); err != nil {
		t.Errorf("no limit: %v", err)
	}
	if err := CheckCells("x", "f", 10, 10, 99); !errors.Is(err, ErrTooLarge) {
		t.Errorf("raised limit: %v", err)
	}
}
