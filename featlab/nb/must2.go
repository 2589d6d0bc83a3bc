package nb

// Must2 returns a and b, or stops the cell as Must does when err is not
// nil: for library calls with two results and an error, such as
// synth.ClipExampleOptimum.
func Must2[A, B any](a A, b B, err error) (A, B) {
	Must(err)
	return a, b
}
