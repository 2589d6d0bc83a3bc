package stream

// Features returns d, the number of features.
func (m *Moments) Features() int { return m.d }

// HasTarget reports whether the last column's statistics are the
// target's.
func (m *Moments) HasTarget() bool { return m.target }
