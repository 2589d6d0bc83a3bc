package filter

import "testing"

func TestMRMRFormString(t *testing.T) {
	for f, want := range map[MRMRForm]string{MRMRDifference: "MID", MRMRQuotient: "MIQ", 7: "MRMRForm(7)"} {
		if got := f.String(); got != want {
			t.Errorf("MRMRForm(%d).String() = %q, want %q", int(f), got, want)
		}
	}
}
