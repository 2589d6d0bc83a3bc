package exercise

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// A slow check reports on standard error while it runs (issue 9: 25 cases
// x 3 s ran 75 s with no output). The thresholds are lowered here; the
// student sleeps, so the lines come however fast the machine is.
func TestSlowCheckReports(t *testing.T) {
	defer func(f, e time.Duration) { quietFor, quietEvery = f, e }(quietFor, quietEvery)
	quietFor, quietEvery = 200*time.Millisecond, 100*time.Millisecond
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = w
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() { _, _ = io.Copy(&buf, r); close(done) }()
	ex := VecToScalar("slow mean", func(v []float64) float64 { return v[0] }, nil)
	ex.Cases = 3
	res := Check(ex, func(v []float64) float64 { time.Sleep(600 * time.Millisecond); return v[0] })
	os.Stderr = saved
	w.Close()
	<-done
	if !res.Passed {
		t.Fatalf("the slow but right student failed: %s", res)
	}
	out := buf.String()
	if !strings.Contains(out, `exercise "slow mean": case`) || !strings.Contains(out, "still running") {
		t.Errorf("no progress on standard error:\n%s", out)
	}
}
