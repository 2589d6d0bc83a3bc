package represent

import (
	"fmt"
	"testing"
)

// TestEnumStrings: each value of represent's enums prints as its name
// (distinct within its type), and an unknown value as Type(n).
func TestEnumStrings(t *testing.T) {
	for _, vals := range [][]fmt.Stringer{
		{Auto, Hamerly, Elkan, Lloyd},
		{Hard, Distances, Soft},
		{OMP, Lasso},
		{KSVD, ApproxKSVD, MOD},
		{Presence, Counts, TermFrequency},
		{IgnoreUnseen, ErrorUnseen},
	} {
		seen := map[string]bool{}
		for _, v := range vals {
			s := v.String()
			if seen[s] || s == "" {
				t.Errorf("%T: %q repeated or empty", v, s)
			}
			seen[s] = true
		}
	}
	if s := fmt.Sprint(DictUpdate(9), KMeansAlgorithm(-1)); s != "DictUpdate(9) KMeansAlgorithm(-1)" {
		t.Errorf("unknown values print as %q", s)
	}
	if s := fmt.Sprintf("%v", DictionaryLearningConfig{Update: MOD}.Update); s != "mod" {
		t.Errorf("MOD prints as %q", s)
	}
}
