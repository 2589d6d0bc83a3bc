package transform

import "fmt"

// String names the policy.
func (u Unknown) String() string {
	switch u {
	case UnknownError:
		return "error"
	case UnknownIgnore:
		return "ignore"
	}
	return fmt.Sprintf("Unknown(%d)", int(u))
}
