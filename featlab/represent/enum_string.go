package represent

import "fmt"

// String names the algorithm.
func (a KMeansAlgorithm) String() string {
	switch a {
	case Auto:
		return "auto"
	case Hamerly:
		return "hamerly"
	case Elkan:
		return "elkan"
	case Lloyd:
		return "lloyd"
	}
	return fmt.Sprintf("KMeansAlgorithm(%d)", int(a))
}

// String names the encoding.
func (e Encoding) String() string {
	switch e {
	case Hard:
		return "hard"
	case Distances:
		return "distances"
	case Soft:
		return "soft"
	}
	return fmt.Sprintf("Encoding(%d)", int(e))
}

// String names the coder.
func (c Coder) String() string {
	switch c {
	case OMP:
		return "omp"
	case Lasso:
		return "lasso"
	}
	return fmt.Sprintf("Coder(%d)", int(c))
}

// String names the dictionary update.
func (u DictUpdate) String() string {
	switch u {
	case KSVD:
		return "ksvd"
	case ApproxKSVD:
		return "approx-ksvd"
	case MOD:
		return "mod"
	}
	return fmt.Sprintf("DictUpdate(%d)", int(u))
}

// String names the weighting.
func (w Weighting) String() string {
	switch w {
	case Presence:
		return "presence"
	case Counts:
		return "counts"
	case TermFrequency:
		return "term-frequency"
	}
	return fmt.Sprintf("Weighting(%d)", int(w))
}

// String names the policy.
func (u Unseen) String() string {
	switch u {
	case IgnoreUnseen:
		return "ignore"
	case ErrorUnseen:
		return "error"
	}
	return fmt.Sprintf("Unseen(%d)", int(u))
}
