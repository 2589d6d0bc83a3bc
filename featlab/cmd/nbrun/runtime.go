package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// runRecord is what `nbrun exec -inplace` stores in a notebook's metadata
// under "featlab": how long the headless run took and the machine's load
// when it ended, so the README can show each notebook's run time and a
// reader can judge it.
type runRecord struct {
	RunSeconds float64 `json:"run_seconds"`
	Load1      float64 `json:"load1"`
}

// loadAverage returns the one-minute load average, or -1 where
// /proc/loadavg cannot be read.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return -1
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}

// runStamp returns the edit that records the run time d and load in a
// notebook's metadata under "featlab" (for normalize).
func runStamp(d time.Duration, load float64) func(nb map[string]any) {
	return func(nb map[string]any) {
		md, _ := nb["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			nb["metadata"] = md
		}
		md["featlab"] = runRecord{
			RunSeconds: math.Round(d.Seconds()*10) / 10,
			Load1:      math.Round(load*100) / 100,
		}
	}
}

// storedRun returns the run record of a notebook, and false when it has
// none (never executed by `nbrun exec -inplace`).
func storedRun(nb *Notebook) (runRecord, bool) {
	var r runRecord
	raw, ok := nb.Metadata["featlab"]
	if !ok || json.Unmarshal(raw, &r) != nil || r.RunSeconds <= 0 {
		return runRecord{}, false
	}
	return r, true
}

// runTimeText is how the README shows a stored run time: whole seconds.
func runTimeText(r runRecord) string {
	return fmt.Sprintf("%.0f s", r.RunSeconds)
}

// readmeRow matches a row of the README's notebook table, capturing the
// notebook's file name.
var readmeRow = regexp.MustCompile(`^\| \[[^\]]+\]\(notebooks/([^)]+\.ipynb)\) \|`)

const runTimeHeader = "headless run"

// readmeWithRunTimes returns the README text with the notebook table's
// last column set to each notebook's stored run time (the column is added
// when missing). times maps a notebook's file name to its text; a row of a
// notebook not in times gets "—".
func readmeWithRunTimes(readme string, times map[string]string) (string, error) {
	lines := strings.Split(readme, "\n")
	found := false
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "| notebook |") {
			continue
		}
		found = true
		hasCol := strings.HasSuffix(strings.TrimSpace(lines[i]), "| "+runTimeHeader+" |")
		if !hasCol {
			lines[i] = strings.TrimRight(lines[i], " ") + " " + runTimeHeader + " |"
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|---") {
				lines[i+1] = strings.TrimRight(lines[i+1], " ") + "---:|"
			}
		}
		for j := i + 2; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			m := readmeRow.FindStringSubmatch(lines[j])
			if m == nil {
				continue
			}
			row := strings.TrimRight(lines[j], " ")
			if hasCol {
				k := strings.LastIndex(strings.TrimSuffix(row, "|"), "|")
				row = row[:k+1]
			}
			t, ok := times[m[1]]
			if !ok {
				t = "—"
			}
			lines[j] = row + " " + t + " |"
		}
	}
	if !found {
		return "", fmt.Errorf("no notebook table (a line starting \"| notebook |\") in the README")
	}
	return strings.Join(lines, "\n"), nil
}

// readmeTimes rewrites the README at readmePath so that its notebook table
// shows the stored run time of each notebook in paths.
func readmeTimes(readmePath string, paths []string) error {
	times := map[string]string{}
	for _, p := range paths {
		nb, err := readNotebook(p)
		if err != nil {
			return err
		}
		if r, ok := storedRun(nb); ok {
			times[filepath.Base(p)] = runTimeText(r)
		}
	}
	b, err := os.ReadFile(readmePath)
	if err != nil {
		return err
	}
	s, err := readmeWithRunTimes(string(b), times)
	if err != nil {
		return fmt.Errorf("%s: %w", readmePath, err)
	}
	if s == string(b) {
		return nil
	}
	return os.WriteFile(readmePath, []byte(s), 0o644)
}
