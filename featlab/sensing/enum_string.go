package sensing

import "fmt"

// String names the recovery method.
func (r Recovery) String() string {
	switch r {
	case RecoverBP:
		return "basis-pursuit"
	case RecoverOMP:
		return "omp"
	}
	return fmt.Sprintf("Recovery(%d)", int(r))
}
