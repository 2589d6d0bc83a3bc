//go:build !amd64 || noasm

package represent

// sqDist returns ||a - b||^2 (b at least as long as a).
func sqDist(a, b []float64) float64 {
	return sqDistGo(a, b[:len(a)])
}
