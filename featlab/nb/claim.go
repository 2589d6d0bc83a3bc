package nb

import (
	"errors"
	"fmt"
	"strings"
	"sync"
)

// ClaimMark starts the line printed for a claim that holds.
const ClaimMark = "✓ "

// Claim checks a sentence of the notebook's prose on the values the cell
// has just computed. text is the claim as the markdown states it ("FISTA
// needs fewer passes than proximal gradient"), holds the Go expression
// that decides it on the computed values (fista < prox).
//
// When the claim holds, Claim prints the text after a check mark as plain
// standard output, which every notebook viewer shows without trust. When it
// does not, the cell stops as Must does with an error quoting the claim:
// headless runs (make test) then fail, so a sentence that the data no
// longer supports cannot survive a change of the library or the data.
// Outside a notebook a false claim panics with the same message.
//
// A claim checked again with the same text, as in a loop over cases, is
// printed only the first time: its one ✓ line then says that it held
// every time it was checked (a false one stops the cell).
func Claim(text string, holds bool) {
	if err := CheckClaim(text, holds); err != nil {
		fail(err)
		return
	}
	claimed.Lock()
	seen := claimed.texts[text]
	if claimed.texts == nil {
		claimed.texts = map[string]bool{}
	}
	claimed.texts[text] = true
	claimed.Unlock()
	if !seen {
		fmt.Println(ClaimMark + text)
	}
}

// claimed records the texts of the claims printed by this program (a
// notebook cell is one program run).
var claimed struct {
	sync.Mutex
	texts map[string]bool
}

// Claimf is Claim with the text formatted by fmt.Sprintf, so that the
// printed claim can carry the numbers it is about.
func Claimf(holds bool, format string, args ...any) {
	Claim(fmt.Sprintf(format, args...), holds)
}

// ErrClaim is wrapped by the error CheckClaim returns for a false claim.
var ErrClaim = errors.New("claim contradicted by the computed values")

// CheckClaim returns nil when holds is true and otherwise an error quoting
// text and wrapping ErrClaim. An empty text is an error too: a claim must
// say what it checks.
func CheckClaim(text string, holds bool) error {
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("nb: a claim needs its sentence: %w", ErrClaim)
	}
	if !holds {
		return fmt.Errorf("nb: the notebook claims %q, but the values computed in this cell contradict it; fix the prose (or the code): %w", text, ErrClaim)
	}
	return nil
}

// Within reports whether got is within rel (relative to max(1, |want|))
// of want: the usual test of a claim that a number "equals" another up to
// rounding.
func Within(got, want, rel float64) bool {
	d := got - want
	if d < 0 {
		d = -d
	}
	s := want
	if s < 0 {
		s = -s
	}
	if s < 1 {
		s = 1
	}
	return d <= rel*s
}
