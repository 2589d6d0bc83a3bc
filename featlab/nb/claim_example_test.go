package nb_test

import (
	"github.com/featlab/course/featlab/nb"
)

// A sentence of the notebook's prose, checked on the values the cell has
// just computed: it prints with a check mark when it holds and stops the
// cell, quoting it, when it does not.
func ExampleClaimf() {
	fista, prox := 58, 72 // passes to reach the tolerance
	nb.Claimf(fista < prox, "FISTA gets there sooner (%d against %d passes)", fista, prox)
	// Output: ✓ FISTA gets there sooner (58 against 72 passes)
}
