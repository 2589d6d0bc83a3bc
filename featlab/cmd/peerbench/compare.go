package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/featlab/course/featlab"
)

// The before/after comparison (peerbench -compare OLD, see README.md and
// `make bench-compare`): this binary (new) and the peerbench binary OLD
// built from an older checkout each time featlab alone, single-threaded
// (GOMAXPROCS 1), case by case, old and new interleaved in separate
// processes, rounds times; the table gives the median over the rounds of
// each process's best wall and best CPU time, and new / old.

// goOnlyPrefix starts the lines -goonly prints: case, wall seconds, CPU
// seconds (tab-separated).
const goOnlyPrefix = "GOONLY\t"

// runGoOnly times the featlab side of the selected cases single-threaded
// and prints one goOnlyPrefix line per case.
func runGoOnly(re *regexp.Regexp, repeats int) {
	for _, c := range cases {
		full := c.Group + "/" + c.Name
		if !re.MatchString(full) {
			continue
		}
		data := c.Data()
		wall, cpu, err := timeGoCPU(c, data, 1, repeats)
		if err != nil {
			fmt.Printf("%s%s\tNaN\tNaN\t%v\n", goOnlyPrefix, full, err)
			continue
		}
		fmt.Printf("%s%s\t%g\t%g\n", goOnlyPrefix, full, wall, cpu)
	}
}

// listCases runs bin -list and returns the case names it prints.
func listCases(bin string, re *regexp.Regexp) ([]string, error) {
	out, err := exec.Command(bin, "-list").Output()
	if err != nil {
		return nil, fmt.Errorf("%s -list: %v", bin, err)
	}
	var names []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" && re.MatchString(s) {
			names = append(names, s)
		}
	}
	return names, nil
}

// goOnce runs bin -goonly on one case and returns its wall and CPU
// seconds.
func goOnce(bin, name string, repeats int) (wall, cpu float64, err error) {
	cmd := exec.Command(bin, "-goonly", "-repeats", strconv.Itoa(repeats), "-run", "^"+regexp.QuoteMeta(name)+"$")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return math.NaN(), math.NaN(), fmt.Errorf("%s: %v", bin, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		rest, ok := strings.CutPrefix(line, goOnlyPrefix)
		if !ok {
			continue
		}
		f := strings.Split(rest, "\t")
		if len(f) < 3 || f[0] != name {
			continue
		}
		if len(f) > 3 {
			return math.NaN(), math.NaN(), fmt.Errorf("%s", f[3])
		}
		wall, _ = strconv.ParseFloat(f[1], 64)
		cpu, _ = strconv.ParseFloat(f[2], 64)
		return wall, cpu, nil
	}
	return math.NaN(), math.NaN(), fmt.Errorf("%s printed no time for %q", bin, name)
}

// runCompare times the cases common to this binary and old, interleaved,
// and prints old, new and new / old per case (wall and CPU).
func runCompare(old string, re *regexp.Regexp, repeats, rounds int) {
	self, err := os.Executable()
	if err != nil {
		fatal(err)
	}
	oldNames, err := listCases(old, re)
	if err != nil {
		fatal(err)
	}
	newNames, err := listCases(self, re)
	if err != nil {
		fatal(err)
	}
	var common []string
	for _, n := range newNames {
		if slices.Contains(oldNames, n) {
			common = append(common, n)
		}
	}
	fmt.Printf("compare: old %s, new %s; %d common cases, featlab only, single-threaded (GOMAXPROCS 1), %d rounds old/new interleaved, best of %d runs per process\n", old, self, len(common), rounds, repeats)
	printLoad("load")
	header := []string{"case", "old wall", "new wall", "new/old wall", "old CPU", "new CPU", "new/old CPU"}
	var rows [][]string
	var notes []string
	for _, name := range common {
		fmt.Fprintf(os.Stderr, "  %s ...\n", name)
		var ow, nw, oc, nc []float64
		var failed string
		for r := 0; r < rounds && failed == ""; r++ {
			// Alternate which side goes first, so that neither always
			// runs right after the other's warm caches or a load spike.
			sides := []struct {
				bin        string
				wall, cpus *[]float64
			}{{old, &ow, &oc}, {self, &nw, &nc}}
			if r%2 == 1 {
				sides[0], sides[1] = sides[1], sides[0]
			}
			for _, s := range sides {
				w, c, err := goOnce(s.bin, name, repeats)
				if err != nil {
					failed = err.Error()
					break
				}
				*s.wall = append(*s.wall, w)
				*s.cpus = append(*s.cpus, c)
			}
		}
		if failed != "" {
			notes = append(notes, name+": "+failed)
			rows = append(rows, []string{name, "-", "-", "-", "-", "-", "-"})
			continue
		}
		mow, mnw, moc, mnc := median(ow), median(nw), median(oc), median(nc)
		rows = append(rows, []string{name, secs(mow), secs(mnw), multiple(mnw, mow), secs(moc), secs(mnc), multiple(mnc, moc)})
	}
	fmt.Print(featlab.FormatTable(header, rows))
	fmt.Println("new/old below 1 means the new checkout is faster; CPU = user + system time of the process over the timed run (best run), which load from other processes inflates less than wall time")
	for _, n := range notes {
		fmt.Println("  failed: " + n)
	}
	printLoad("load at the end")
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func printLoad(what string) {
	if l, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("%s: %s\n", what, strings.Join(strings.Fields(string(l))[:3], " "))
	}
}
