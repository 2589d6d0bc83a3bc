//go:build race

package badinput

// raceEnabled: the test binary runs under the race detector.
const raceEnabled = true
