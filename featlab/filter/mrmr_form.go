package filter

import "fmt"

// String returns "MID" or "MIQ", the names of Peng, Long & Ding (2005).
func (f MRMRForm) String() string {
	switch f {
	case MRMRDifference:
		return "MID"
	case MRMRQuotient:
		return "MIQ"
	}
	return fmt.Sprintf("MRMRForm(%d)", int(f))
}
