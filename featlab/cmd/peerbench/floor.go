package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/kernel"
)

// bandwidth is the machine's measured read bandwidth in bytes per second,
// on one core and on all cores.
type bandwidth struct {
	one, all float64
	// oneCPU is the single-core bandwidth from the process CPU time of
	// the pass instead of its wall time: on a loaded machine it is less
	// inflated by the other processes' share of the core (the floor of
	// the table's CPU column).
	oneCPU   float64
	bufBytes int
}

// llcBytes returns the size of the last-level cache from sysfs, or 0.
func llcBytes() int {
	best := 0
	for k := 0; k < 8; k++ {
		b, err := os.ReadFile(fmt.Sprintf("/sys/devices/system/cpu/cpu0/cache/index%d/size", k))
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		mul := 1
		switch {
		case strings.HasSuffix(s, "K"):
			mul, s = 1<<10, strings.TrimSuffix(s, "K")
		case strings.HasSuffix(s, "M"):
			mul, s = 1<<20, strings.TrimSuffix(s, "M")
		}
		if v, err := strconv.Atoi(s); err == nil && v*mul > best {
			best = v * mul
		}
	}
	return best
}

// measureBandwidth reads a buffer of 256 MB (or 8 times the last-level
// cache, if larger) with the vectorised kernel.Sum, on one core
// (GOMAXPROCS 1) and on all cores (one goroutine per core, each its own
// part), and returns the best of repeats passes of each.
func measureBandwidth(repeats int) bandwidth {
	size := max(256<<20, 8*llcBytes())
	buf := make([]float64, size/8)
	for i := range buf {
		buf[i] = float64(i & 7)
	}
	bw := bandwidth{bufBytes: size}
	var sink float64
	old := runtime.GOMAXPROCS(1)
	best, bestCPU := math.Inf(1), math.Inf(1)
	for k := 0; k < repeats; k++ {
		c0, start := processCPU(), time.Now()
		sink += kernel.Sum(buf)
		best = min(best, time.Since(start).Seconds())
		bestCPU = min(bestCPU, (processCPU() - c0).Seconds())
	}
	bw.one = float64(size) / best
	bw.oneCPU = float64(size) / max(bestCPU, 1e-9)
	p := runtime.NumCPU()
	runtime.GOMAXPROCS(p)
	best = math.Inf(1)
	part := make([]float64, p)
	for k := 0; k < repeats; k++ {
		var wg sync.WaitGroup
		start := time.Now()
		for w := 0; w < p; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				part[w] = kernel.Sum(buf[w*len(buf)/p : (w+1)*len(buf)/p])
			}(w)
		}
		wg.Wait()
		best = min(best, time.Since(start).Seconds())
	}
	for _, v := range part {
		sink += v
	}
	runtime.GOMAXPROCS(old)
	bw.all = float64(size) / best
	if math.IsNaN(sink) {
		fmt.Println() // keeps the sums alive
	}
	return bw
}

// touch returns bytes(data) or 0 for a case that is not memory-bound.
func touch(c Case, data map[string]*mat.Dense) float64 {
	if c.Bytes == nil {
		return 0
	}
	return c.Bytes(data)
}

// matBytes is the size of an m x d float64 matrix in bytes.
func matBytes(X *mat.Dense) float64 {
	r, c := X.Dims()
	return 8 * float64(r) * float64(c)
}
