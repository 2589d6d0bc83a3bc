package featlab

// SetMaxFileBytes lowers the largest file Load reads, for a test, and
// returns the function that restores it.
func SetMaxFileBytes(n int) func() {
	old := maxFileBytes
	maxFileBytes = n
	return func() { maxFileBytes = old }
}
