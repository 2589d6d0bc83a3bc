//go:build !amd64 || noasm

package kernel

// SqDist returns ||a - b||^2 (b at least as long as a).
func SqDist(a, b []float64) float64 {
	return SqDistGo(a, b[:len(a)])
}
