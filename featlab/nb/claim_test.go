package nb

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

func captureStdout(f func()) string {
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	f()
	w.Close()
	os.Stdout = old
	var b bytes.Buffer
	b.ReadFrom(r)
	return b.String()
}

func TestClaimPrintsCheckMarkWhenItHolds(t *testing.T) {
	out := captureStdout(func() { Claimf(2 < 3, "two (%d) is less than three", 2) })
	if out != "✓ two (2) is less than three\n" {
		t.Errorf("Claim printed %q", out)
	}
}

func TestFalseClaimStopsTheCellQuotingIt(t *testing.T) {
	defer func() {
		r := recover()
		msg, _ := r.(string)
		if !strings.Contains(msg, `"FISTA brings no gain"`) || !strings.Contains(msg, "contradict") {
			t.Errorf("false claim recovered %v, want a panic quoting the claim", r)
		}
	}()
	Claim("FISTA brings no gain", 58 >= 72)
	t.Error("a false claim returned")
}

func TestCheckClaim(t *testing.T) {
	if err := CheckClaim("x", true); err != nil {
		t.Errorf("true claim: %v", err)
	}
	if err := CheckClaim("x", false); !errors.Is(err, ErrClaim) {
		t.Errorf("false claim: %v, want ErrClaim", err)
	}
	if err := CheckClaim("  ", true); !errors.Is(err, ErrClaim) {
		t.Errorf("empty claim accepted: %v", err)
	}
}

func TestWithin(t *testing.T) {
	cases := []struct {
		got, want, rel float64
		ok             bool
	}{
		{1.0005, 1, 1e-3, true}, {1.002, 1, 1e-3, false},
		{1000.5, 1000, 1e-3, true}, {1002, 1000, 1e-3, false},
		{1e-5, 0, 1e-4, true}, {-2, 2, 1, false},
	}
	for _, c := range cases {
		if Within(c.got, c.want, c.rel) != c.ok {
			t.Errorf("Within(%g, %g, %g) = %v", c.got, c.want, c.rel, !c.ok)
		}
	}
}

func TestMust2(t *testing.T) {
	a, b := Must2(1, "x", nil)
	if a != 1 || b != "x" {
		t.Errorf("Must2 = %v, %v", a, b)
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("Must2 with an error did not stop")
		}
	}()
	Must2(1, 2, errors.New("boom"))
}

func TestClaimInALoopPrintsOnce(t *testing.T) {
	out := captureStdout(func() {
		for i := 0; i < 3; i++ {
			Claim("every square is non-negative (loop test)", i*i >= 0)
		}
		Claim("another claim (loop test)", true)
	})
	if out != "✓ every square is non-negative (loop test)\n✓ another claim (loop test)\n" {
		t.Errorf("a claim repeated in a loop printed %q", out)
	}
}
