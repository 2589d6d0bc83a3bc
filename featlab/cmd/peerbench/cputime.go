package main

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used
// so far: on a loaded machine a single-threaded timing's CPU time is
// close to what it would take on a quiet one, while its wall time grows
// with the other processes' share of the core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
