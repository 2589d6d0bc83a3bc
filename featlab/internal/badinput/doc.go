// Package badinput holds one test that throws the same hostile inputs at
// every public entry point of the library that takes user data: nil and
// empty matrices, NaN and infinities, lengths that disagree, constant
// columns, values near the float64 limit. Each call must return an error
// or a finite result, never panic. Per-package tests check the exact error
// kinds and messages; this one guards the whole surface at once, so a new
// entry point or a refactor cannot quietly reintroduce a panic.
package badinput
