// Package synth generates the synthetic data sets of the texts' worked
// examples, each from an explicit seed: the same seed gives the same data,
// bit for bit, on every machine.
//
// Each generator documents the distribution it samples from and the section
// of the text it reproduces. Sizes are parameters: a generator whose
// data would exceed featlab.DefaultMaxCells values (1 GiB) returns an
// error wrapping featlab.ErrTooLarge before allocating; nonsense sizes
// and parameters wrap featlab.ErrParam.
package synth
