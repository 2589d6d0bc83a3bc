//go:build !noasm

package kernel

import "golang.org/x/sys/cpu"

// useAVX selects the AVX2 + FMA column-statistics kernels of
// colstats_amd64.s.
var useAVX = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// momentsAVX is Moments over groups groups of four rows starting at x
// (row stride stride), columns [0, n4) with n4 a multiple of 4, into acc
// (s1 at acc, s2 at acc+n, sxy at acc+2n).
//
//go:noescape
func momentsAVX(x *float64, stride, groups, n4 int, shift, y, acc *float64, n int)

// moments2AVX is momentsAVX without y (s1 and s2 only).
//
//go:noescape
func moments2AVX(x *float64, stride, groups, n4 int, shift, acc *float64, n int)

// shiftSqAVX is ShiftSq over the first n4 (a multiple of 4) columns.
//
//go:noescape
func shiftSqAVX(row, shift, s, q *float64, n4 int)

// sumNonnegAVX is SumNonneg over the first n4 (a multiple of 4) columns;
// it returns 0 when every value is >= 0.
//
//go:noescape
func sumNonnegAVX(row, s *float64, n4 int) int

// sumAVX is the sum of the n16 (a multiple of 16) values at x.
//
//go:noescape
func sumAVX(x *float64, n16 int) float64

// affineDivAVX is AffineDiv over n4 (a multiple of 4) columns; 0 when
// every result is finite.
//
//go:noescape
func affineDivAVX(dst, in, sh, mu *float64, n4 int) int

// mulAddAVX is MulAdd over n4 (a multiple of 4) columns; 0 when every
// result is finite.
//
//go:noescape
func mulAddAVX(dst, in, mul, add *float64, n4 int) int

// minMaxAVX is MinMax over n4 (a multiple of 4) columns; 0 when every
// value is finite.
//
//go:noescape
func minMaxAVX(row, lo, hi *float64, n4 int) int

// sumRowsAVX is SumRows over groups groups of four rows, columns [0, n4).
//
//go:noescape
func sumRowsAVX(x *float64, stride, groups, n4 int, acc *float64)

// centredAVX is CentredSums over groups groups of four rows, columns
// [0, n4), into acc (sd at acc, ss at acc+n).
//
//go:noescape
func centredAVX(x *float64, stride, groups, n4 int, mean, acc *float64, n int)

// sumSqAVX stores to part Dot(x, x)'s four partial sums over the n4 (a
// multiple of 4) values at x.
//
//go:noescape
func sumSqAVX(x *float64, n4 int, part *[4]float64)

// divScalarAVX sets dst = in / s over n4 (a multiple of 4) values.
//
//go:noescape
func divScalarAVX(dst, in *float64, s float64, n4 int)
