//go:build !noasm

#include "textflag.h"

// The column-statistics kernels (AVX2 + FMA): four columns to a Y register,
// the lanes doing exactly the scalar loop of colstats.go for their column,
// except that a product and the sum it is added to are fused where noted.
//
// The kernels over groups of four rows (momentsAVX, moments2AVX,
// sumRowsAVX, centredAVX) read four rows side by side, four short
// streams the hardware prefetcher follows poorly: each step prefetches
// the same columns of the next group's four rows (R13 = row 4, R14 = row
// 6 of the group), a whole group ahead (prefetches do not fault, so the
// last group's reach past the matrix is harmless). sumRowsAVX and
// centredAVX, the two passes of Standardize's fit, prefetch two groups
// ahead (rows 8-11): on 100000 x 100, alternating builds at load 12-20,
// their per-process CPU time relative to kernel.Sum's in the same run fell
// from 1.71x to 1.59x (sumRows) and 1.73x to 1.65x (centred); four groups
// ahead was worse than one (1.78x, 1.80x). From memory this takes
// Moments on 10000 x 1000 from about half of kernel.Sum's read bandwidth to
// about three quarters (per-process CPU time, loaded machine).
//
// Every inner loop starts on a 32-byte boundary (PCALIGN): without it a
// change elsewhere in the file moved sumNonnegAVX's loop and made chi^2
// about 1.25x slower.

// func momentsAVX(x *float64, stride, groups, n4 int, shift, y, acc *float64, n int)
//
// For each group of four rows (r0..r3 at x, x+stride, ...; y0..y3) and
// each 4 columns j: t_r = x_rj - shift_j,
//   s1_j  += (t0 + t1) + (t2 + t3)
//   s2_j  += fma(t1, t1, t0 t0) + fma(t3, t3, t2 t2)
//   sxy_j += fma(t1, y1, t0 y0) + fma(t3, y3, t2 y2)
TEXT ·momentsAVX(SB), NOSPLIT, $0-64
	MOVQ x+0(FP), SI
	MOVQ stride+8(FP), BX
	SHLQ $3, BX
	MOVQ groups+16(FP), R12
	MOVQ y+40(FP), DI
	MOVQ n+56(FP), DX
	SHLQ $3, DX
	TESTQ R12, R12
	JZ   mdone

mgroup:
	VBROADCASTSD 0(DI), Y12
	VBROADCASTSD 8(DI), Y13
	VBROADCASTSD 16(DI), Y14
	VBROADCASTSD 24(DI), Y15
	MOVQ SI, R8
	LEAQ (SI)(BX*2), R9
	LEAQ (SI)(BX*4), R13
	LEAQ (R13)(BX*2), R14
	MOVQ shift+32(FP), R11
	MOVQ acc+48(FP), R10
	MOVQ n4+24(FP), CX
	SHRQ $2, CX
	JZ   mnext

	PCALIGN $32

mcol:
	PREFETCHT0 (R13)
	PREFETCHT0 (R13)(BX*1)
	PREFETCHT0 (R14)
	PREFETCHT0 (R14)(BX*1)
	VMOVUPD (R11), Y4
	VMOVUPD (R8), Y0
	VSUBPD  Y4, Y0, Y0
	VMOVUPD (R8)(BX*1), Y1
	VSUBPD  Y4, Y1, Y1
	VMOVUPD (R9), Y2
	VSUBPD  Y4, Y2, Y2
	VMOVUPD (R9)(BX*1), Y3
	VSUBPD  Y4, Y3, Y3

	VADDPD  Y1, Y0, Y5
	VADDPD  Y3, Y2, Y6
	VADDPD  Y6, Y5, Y5
	VADDPD  (R10), Y5, Y5
	VMOVUPD Y5, (R10)

	VMULPD      Y0, Y0, Y7
	VFMADD231PD Y1, Y1, Y7
	VMULPD      Y2, Y2, Y8
	VFMADD231PD Y3, Y3, Y8
	VADDPD      Y8, Y7, Y7
	VADDPD      (R10)(DX*1), Y7, Y7
	VMOVUPD     Y7, (R10)(DX*1)

	VMULPD      Y12, Y0, Y9
	VFMADD231PD Y13, Y1, Y9
	VMULPD      Y14, Y2, Y10
	VFMADD231PD Y15, Y3, Y10
	VADDPD      Y10, Y9, Y9
	VADDPD      (R10)(DX*2), Y9, Y9
	VMOVUPD     Y9, (R10)(DX*2)

	ADDQ $32, R8
	ADDQ    $32, R13
	ADDQ    $32, R14
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	DECQ CX
	JNZ  mcol

mnext:
	LEAQ (SI)(BX*4), SI
	ADDQ $32, DI
	DECQ R12
	JNZ  mgroup

mdone:
	VZEROUPPER
	RET

// func moments2AVX(x *float64, stride, groups, n4 int, shift, acc *float64, n int)
//
// momentsAVX without the cross products.
TEXT ·moments2AVX(SB), NOSPLIT, $0-56
	MOVQ x+0(FP), SI
	MOVQ stride+8(FP), BX
	SHLQ $3, BX
	MOVQ groups+16(FP), R12
	MOVQ n+48(FP), DX
	SHLQ $3, DX
	TESTQ R12, R12
	JZ   m2done

m2group:
	MOVQ SI, R8
	LEAQ (SI)(BX*2), R9
	LEAQ (SI)(BX*4), R13
	LEAQ (R13)(BX*2), R14
	MOVQ shift+32(FP), R11
	MOVQ acc+40(FP), R10
	MOVQ n4+24(FP), CX
	SHRQ $2, CX
	JZ   m2next

	PCALIGN $32

m2col:
	PREFETCHT0 (R13)
	PREFETCHT0 (R13)(BX*1)
	PREFETCHT0 (R14)
	PREFETCHT0 (R14)(BX*1)
	VMOVUPD (R11), Y4
	VMOVUPD (R8), Y0
	VSUBPD  Y4, Y0, Y0
	VMOVUPD (R8)(BX*1), Y1
	VSUBPD  Y4, Y1, Y1
	VMOVUPD (R9), Y2
	VSUBPD  Y4, Y2, Y2
	VMOVUPD (R9)(BX*1), Y3
	VSUBPD  Y4, Y3, Y3

	VADDPD  Y1, Y0, Y5
	VADDPD  Y3, Y2, Y6
	VADDPD  Y6, Y5, Y5
	VADDPD  (R10), Y5, Y5
	VMOVUPD Y5, (R10)

	VMULPD      Y0, Y0, Y7
	VFMADD231PD Y1, Y1, Y7
	VMULPD      Y2, Y2, Y8
	VFMADD231PD Y3, Y3, Y8
	VADDPD      Y8, Y7, Y7
	VADDPD      (R10)(DX*1), Y7, Y7
	VMOVUPD     Y7, (R10)(DX*1)

	ADDQ $32, R8
	ADDQ    $32, R13
	ADDQ    $32, R14
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	DECQ CX
	JNZ  m2col

m2next:
	LEAQ (SI)(BX*4), SI
	DECQ R12
	JNZ  m2group

m2done:
	VZEROUPPER
	RET

// func shiftSqAVX(row, shift, s, q *float64, n4 int)
//
// t = row - shift; s += t; q = fma(t, t, q), four columns at a time.
TEXT ·shiftSqAVX(SB), NOSPLIT, $0-40
	MOVQ row+0(FP), SI
	MOVQ shift+8(FP), R11
	MOVQ s+16(FP), R8
	MOVQ q+24(FP), R9
	MOVQ n4+32(FP), CX
	SHRQ $2, CX
	JZ   sqdone

	PCALIGN $32

sqloop:
	VMOVUPD     (SI), Y0
	VSUBPD      (R11), Y0, Y0
	VADDPD      (R8), Y0, Y1
	VMOVUPD     Y1, (R8)
	VMOVUPD     (R9), Y2
	VFMADD231PD Y0, Y0, Y2
	VMOVUPD     Y2, (R9)
	ADDQ        $32, SI
	ADDQ        $32, R11
	ADDQ        $32, R8
	ADDQ        $32, R9
	DECQ        CX
	JNZ         sqloop

sqdone:
	VZEROUPPER
	RET

// func sumNonnegAVX(row, s *float64, n4 int) int
//
// s += row, four columns at a time; the result is the OR of the lane masks
// of !(x >= 0) (0 when every value is >= 0, NaN counting as not).
TEXT ·sumNonnegAVX(SB), NOSPLIT, $0-32
	MOVQ   row+0(FP), SI
	MOVQ   s+8(FP), R8
	MOVQ   n4+16(FP), CX
	VXORPD Y3, Y3, Y3
	VXORPD Y2, Y2, Y2
	SHRQ   $2, CX
	JZ     nndone

	PCALIGN $32

nnloop:
	VMOVUPD (SI), Y0
	VADDPD  (R8), Y0, Y1
	VMOVUPD Y1, (R8)
	VCMPPD  $0x19, Y3, Y0, Y4
	VORPD   Y4, Y2, Y2
	ADDQ    $32, SI
	ADDQ    $32, R8
	DECQ    CX
	JNZ     nnloop

nndone:
	VMOVMSKPD Y2, AX
	MOVQ      AX, ret+24(FP)
	VZEROUPPER
	RET

// func sumAVX(x *float64, n16 int) float64
//
// Four 4-lane partial sums over sixteen values per step, then
// ((Y0 + Y1) + (Y2 + Y3)) reduced lane by lane.
TEXT ·sumAVX(SB), NOSPLIT, $0-24
	MOVQ   x+0(FP), SI
	MOVQ   n16+8(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	SHRQ   $4, CX
	JZ     sdone

	PCALIGN $32

sloop:
	VADDPD (SI), Y0, Y0
	VADDPD 32(SI), Y1, Y1
	VADDPD 64(SI), Y2, Y2
	VADDPD 96(SI), Y3, Y3
	ADDQ   $128, SI
	DECQ   CX
	JNZ    sloop

sdone:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPD       X1, X0, X0
	VHADDPD      X0, X0, X0
	MOVSD        X0, ret+16(FP)
	VZEROUPPER
	RET

// The row maps. Each keeps Y6 = sum of result*0 (NaN exactly when a result
// is NaN or infinite) and returns the lane mask of Y6 != 0.

// affineDivAVX writes through the cache. Tried for Standardize's 80 MB
// output and measured slower on the development machine (AMD EPYC VM,
// per-process CPU time, 100000 x 100 into a reused output, load 10-14):
// non-temporal stores (VMOVNTPD, SFENCE once per 327 rows) 7.8 ms against
// 6.0 ms (19.5 ms with an SFENCE per row); a copy without Go's zeroing
// (make+copy, Go's memmove streams it) then the map in place, 16-21 ms
// against 13-15 ms for make + this kernel. Go zeroes a new 80 MB output in
// 256 KiB pieces with ordinary stores, so the output's lines are read
// twice (once for the zeroing, once here) besides the three reads of X.
//
// func affineDivAVX(dst, in, sh, mu *float64, n4 int) int
TEXT ·affineDivAVX(SB), NOSPLIT, $0-48
	MOVQ   dst+0(FP), DI
	MOVQ   in+8(FP), SI
	MOVQ   sh+16(FP), R8
	MOVQ   mu+24(FP), R9
	MOVQ   n4+32(FP), CX
	VXORPD Y7, Y7, Y7
	VXORPD Y6, Y6, Y6
	SHRQ   $2, CX
	JZ     addone

	PCALIGN $32

adloop:
	VMOVUPD (SI), Y0
	VSUBPD  (R8), Y0, Y0
	VDIVPD  (R9), Y0, Y0
	VMOVUPD Y0, (DI)
	VMULPD  Y7, Y0, Y1
	VADDPD  Y1, Y6, Y6
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     adloop

addone:
	VCMPPD    $4, Y7, Y6, Y6
	VMOVMSKPD Y6, AX
	MOVQ      AX, ret+40(FP)
	VZEROUPPER
	RET

// func mulAddAVX(dst, in, mul, add *float64, n4 int) int
TEXT ·mulAddAVX(SB), NOSPLIT, $0-48
	MOVQ   dst+0(FP), DI
	MOVQ   in+8(FP), SI
	MOVQ   mul+16(FP), R8
	MOVQ   add+24(FP), R9
	MOVQ   n4+32(FP), CX
	VXORPD Y7, Y7, Y7
	VXORPD Y6, Y6, Y6
	SHRQ   $2, CX
	JZ     madone

	PCALIGN $32

maloop:
	VMOVUPD (SI), Y0
	VMULPD  (R8), Y0, Y0
	VADDPD  (R9), Y0, Y0
	VMOVUPD Y0, (DI)
	VMULPD  Y7, Y0, Y1
	VADDPD  Y1, Y6, Y6
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     maloop

madone:
	VCMPPD    $4, Y7, Y6, Y6
	VMOVMSKPD Y6, AX
	MOVQ      AX, ret+40(FP)
	VZEROUPPER
	RET

// func minMaxAVX(row, lo, hi *float64, n4 int) int
//
// VMINPD/VMAXPD return their second source (lo, hi) when the values are
// equal or one is NaN, so lo and hi change only on x < lo and x > hi.
TEXT ·minMaxAVX(SB), NOSPLIT, $0-40
	MOVQ   row+0(FP), SI
	MOVQ   lo+8(FP), R8
	MOVQ   hi+16(FP), R9
	MOVQ   n4+24(FP), CX
	VXORPD Y7, Y7, Y7
	VXORPD Y6, Y6, Y6
	SHRQ   $2, CX
	JZ     mmdone

	PCALIGN $32

mmloop:
	VMOVUPD (SI), Y0
	VMOVUPD (R8), Y1
	VMINPD  Y1, Y0, Y1
	VMOVUPD Y1, (R8)
	VMOVUPD (R9), Y2
	VMAXPD  Y2, Y0, Y2
	VMOVUPD Y2, (R9)
	VMULPD  Y7, Y0, Y3
	VADDPD  Y3, Y6, Y6
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     mmloop

mmdone:
	VCMPPD    $4, Y7, Y6, Y6
	VMOVMSKPD Y6, AX
	MOVQ      AX, ret+32(FP)
	VZEROUPPER
	RET

// func sumRowsAVX(x *float64, stride, groups, n4 int, acc *float64)
//
// acc_j = (((acc_j + x0j) + x1j) + x2j) + x3j for each group of four rows:
// the row-order sums. Prefetches rows 8-11 (R13 = row 8, R14 = row 10).
TEXT ·sumRowsAVX(SB), NOSPLIT, $0-40
	MOVQ  x+0(FP), SI
	MOVQ  stride+8(FP), BX
	SHLQ  $3, BX
	MOVQ  groups+16(FP), R12
	TESTQ R12, R12
	JZ    srdone

srgroup:
	MOVQ SI, R8
	LEAQ (SI)(BX*2), R9
	LEAQ (SI)(BX*8), R13
	LEAQ (R13)(BX*2), R14
	MOVQ acc+32(FP), R10
	MOVQ n4+24(FP), CX
	SHRQ $2, CX
	JZ   srnext

	PCALIGN $32

srcol:
	PREFETCHT0 (R13)
	PREFETCHT0 (R13)(BX*1)
	PREFETCHT0 (R14)
	PREFETCHT0 (R14)(BX*1)
	VMOVUPD (R10), Y0
	VADDPD  (R8), Y0, Y0
	VADDPD  (R8)(BX*1), Y0, Y0
	VADDPD  (R9), Y0, Y0
	VADDPD  (R9)(BX*1), Y0, Y0
	VMOVUPD Y0, (R10)
	ADDQ    $32, R8
	ADDQ    $32, R13
	ADDQ    $32, R14
	ADDQ    $32, R9
	ADDQ    $32, R10
	DECQ    CX
	JNZ     srcol

srnext:
	LEAQ (SI)(BX*4), SI
	DECQ R12
	JNZ  srgroup

srdone:
	VZEROUPPER
	RET

// func centredAVX(x *float64, stride, groups, n4 int, mean, acc *float64, n int)
//
// For each row r of a group of four in order: c = x_rj - mean_j,
// sd_j += c, ss_j += c*c (product rounded, then added). Prefetches rows
// 8-11 (R13 = row 8, R14 = row 10).
TEXT ·centredAVX(SB), NOSPLIT, $0-56
	MOVQ  x+0(FP), SI
	MOVQ  stride+8(FP), BX
	SHLQ  $3, BX
	MOVQ  groups+16(FP), R12
	MOVQ  n+48(FP), DX
	SHLQ  $3, DX
	TESTQ R12, R12
	JZ    cedone

cegroup:
	MOVQ SI, R8
	LEAQ (SI)(BX*2), R9
	LEAQ (SI)(BX*8), R13
	LEAQ (R13)(BX*2), R14
	MOVQ mean+32(FP), R11
	MOVQ acc+40(FP), R10
	MOVQ n4+24(FP), CX
	SHRQ $2, CX
	JZ   cenext

	PCALIGN $32

cecol:
	PREFETCHT0 (R13)
	PREFETCHT0 (R13)(BX*1)
	PREFETCHT0 (R14)
	PREFETCHT0 (R14)(BX*1)
	VMOVUPD (R11), Y4
	VMOVUPD (R10), Y5
	VMOVUPD (R10)(DX*1), Y6

	VMOVUPD (R8), Y0
	VSUBPD  Y4, Y0, Y0
	VADDPD  Y0, Y5, Y5
	VMULPD  Y0, Y0, Y0
	VADDPD  Y0, Y6, Y6

	VMOVUPD (R8)(BX*1), Y1
	VSUBPD  Y4, Y1, Y1
	VADDPD  Y1, Y5, Y5
	VMULPD  Y1, Y1, Y1
	VADDPD  Y1, Y6, Y6

	VMOVUPD (R9), Y2
	VSUBPD  Y4, Y2, Y2
	VADDPD  Y2, Y5, Y5
	VMULPD  Y2, Y2, Y2
	VADDPD  Y2, Y6, Y6

	VMOVUPD (R9)(BX*1), Y3
	VSUBPD  Y4, Y3, Y3
	VADDPD  Y3, Y5, Y5
	VMULPD  Y3, Y3, Y3
	VADDPD  Y3, Y6, Y6

	VMOVUPD Y5, (R10)
	VMOVUPD Y6, (R10)(DX*1)
	ADDQ    $32, R8
	ADDQ    $32, R13
	ADDQ    $32, R14
	ADDQ    $32, R9
	ADDQ    $32, R10
	ADDQ    $32, R11
	DECQ    CX
	JNZ     cecol

cenext:
	LEAQ (SI)(BX*4), SI
	DECQ R12
	JNZ  cegroup

cedone:
	VZEROUPPER
	RET

// func sumSqAVX(x *float64, n4 int, part *[4]float64)
//
// Lane k of Y0 sums x_i^2 over i = k mod 4 (each product rounded, then
// added: no fused multiply-add): Dot(x, x)'s four partial sums, stored to
// part.
TEXT ·sumSqAVX(SB), NOSPLIT, $0-24
	MOVQ   x+0(FP), SI
	MOVQ   n4+8(FP), CX
	MOVQ   part+16(FP), DI
	VXORPD Y0, Y0, Y0
	SHRQ   $2, CX
	JZ     ssdone

	PCALIGN $32

ssloop:
	VMOVUPD (SI), Y1
	VMULPD  Y1, Y1, Y1
	VADDPD  Y1, Y0, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNZ     ssloop

ssdone:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func divScalarAVX(dst, in *float64, s float64, n4 int)
//
// dst = in / s, four columns at a time.
TEXT ·divScalarAVX(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         in+8(FP), SI
	VBROADCASTSD s+16(FP), Y4
	MOVQ         n4+24(FP), CX
	SHRQ         $2, CX
	JZ           dsdone

	PCALIGN $32

dsloop:
	VMOVUPD (SI), Y0
	VDIVPD  Y4, Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     dsloop

dsdone:
	VZEROUPPER
	RET
