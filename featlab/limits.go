package featlab

import (
	"errors"
	"fmt"
	"math/bits"
)

// ErrTooLarge: a computation whose memory a parameter controls (the degree
// of polynomial features, the number of one-hot categories, the size of a
// Gram block or of an exhaustive search) would need more than the limit
// the caller set (or the default). The message says how much it would
// need and which field raises the limit.
var ErrTooLarge = errors.New("too large for the memory limit")

// DefaultMaxCells is the default limit on the number of float64 values
// (rows x columns) one allocation controlled by a parameter may hold:
// 2^27 values, 1 GiB. Configs that can allocate more have a MaxCells
// field: 0 means this default, a larger value raises it, a negative value
// removes the limit.
const DefaultMaxCells = 1 << 27

// CheckCells returns nil when rows x cols float64 values fit in limit
// (0: DefaultMaxCells; negative: no limit), else an error wrapping
// ErrTooLarge that names what would be allocated, its size in GB and the
// config field (field, when there is one) that raises the limit. Products
// that overflow int are too large.
func CheckCells(what, field string, rows, cols, limit int) error {
	if limit < 0 {
		return nil
	}
	if limit == 0 {
		limit = DefaultMaxCells
	}
	hi, n := bits.Mul64(uint64(max(rows, 0)), uint64(max(cols, 0)))
	if hi == 0 && n <= uint64(limit) {
		return nil
	}
	gb := float64(rows) * float64(cols) * 8 / 1e9
	advice := ""
	if field != "" {
		advice = fmt.Sprintf("; raise %s (negative: no limit) if the machine has the memory", field)
	}
	return Errorf(ErrTooLarge, "%s would be %d x %d = %.4g values (%.3g GB), over the limit of %d values (%.3g GB)%s",
		what, rows, cols, float64(rows)*float64(cols), gb, limit, float64(limit)*8/1e9, advice)
}
