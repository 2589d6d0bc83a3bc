package filter

import "fmt"

// String names the distance.
func (d ReliefDistance) String() string {
	switch d {
	case ReliefEuclidean:
		return "euclidean"
	case ReliefManhattan:
		return "manhattan"
	}
	return fmt.Sprintf("ReliefDistance(%d)", int(d))
}
