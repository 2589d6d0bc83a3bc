//go:build !noasm

#include "textflag.h"

// func sqDistSSE2(a, b []float64) float64
//
// sum_i (a_i - b_i)^2 over len(a) coordinates: eight per iteration into four
// two-lane accumulators (SSE2 is part of every amd64), then the remainder
// one at a time into the first.
TEXT ·sqDistSSE2(SB), NOSPLIT, $0-56
	MOVQ  a_base+0(FP), SI
	MOVQ  a_len+8(FP), CX
	MOVQ  b_base+24(FP), DI
	XORPS X0, X0
	XORPS X1, X1
	XORPS X2, X2
	XORPS X3, X3
	MOVQ  CX, BX
	SHRQ  $3, BX
	JZ    tail

loop8:
	MOVUPD 0(SI), X4
	MOVUPD 0(DI), X5
	SUBPD  X5, X4
	MULPD  X4, X4
	ADDPD  X4, X0
	MOVUPD 16(SI), X6
	MOVUPD 16(DI), X7
	SUBPD  X7, X6
	MULPD  X6, X6
	ADDPD  X6, X1
	MOVUPD 32(SI), X4
	MOVUPD 32(DI), X5
	SUBPD  X5, X4
	MULPD  X4, X4
	ADDPD  X4, X2
	MOVUPD 48(SI), X6
	MOVUPD 48(DI), X7
	SUBPD  X7, X6
	MULPD  X6, X6
	ADDPD  X6, X3
	ADDQ   $64, SI
	ADDQ   $64, DI
	DECQ   BX
	JNZ    loop8

tail:
	ANDQ $7, CX
	JZ   done

tailloop:
	MOVSD (SI), X4
	MOVSD (DI), X5
	SUBSD X5, X4
	MULSD X4, X4
	ADDSD X4, X0
	ADDQ  $8, SI
	ADDQ  $8, DI
	DECQ  CX
	JNZ   tailloop

done:
	ADDPD    X1, X0
	ADDPD    X3, X2
	ADDPD    X2, X0
	MOVAPD   X0, X1
	UNPCKHPD X1, X1
	ADDSD    X1, X0
	MOVSD    X0, ret+48(FP)
	RET

// func sqDistAVX(a, b []float64) float64
//
// sqDistSSE2 with Y0 = (X0, X1) and Y1 = (X2, X3): the same eight partial
// sums in the same order, the remainder into lane 0 of Y0, and the same
// reduction ((X0 + X1) + (X2 + X3)), then lane 0 + lane 1.
TEXT ·sqDistAVX(SB), NOSPLIT, $0-56
	MOVQ   a_base+0(FP), SI
	MOVQ   a_len+8(FP), CX
	MOVQ   b_base+24(FP), DI
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	MOVQ   CX, BX
	SHRQ   $3, BX
	JZ     avxtail

avxloop8:
	VMOVUPD 0(SI), Y4
	VSUBPD  0(DI), Y4, Y4
	VMULPD  Y4, Y4, Y4
	VADDPD  Y4, Y0, Y0
	VMOVUPD 32(SI), Y5
	VSUBPD  32(DI), Y5, Y5
	VMULPD  Y5, Y5, Y5
	VADDPD  Y5, Y1, Y1
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    BX
	JNZ     avxloop8

avxtail:
	VEXTRACTF128 $1, Y0, X2
	VEXTRACTF128 $1, Y1, X3
	ANDQ         $7, CX
	JZ           avxdone

avxtailloop:
	VMOVSD (SI), X4
	VSUBSD (DI), X4, X4
	VMULSD X4, X4, X4
	VADDSD X4, X0, X0
	ADDQ   $8, SI
	ADDQ   $8, DI
	DECQ   CX
	JNZ    avxtailloop

avxdone:
	VADDPD     X2, X0, X0
	VADDPD     X3, X1, X1
	VADDPD     X1, X0, X0
	VUNPCKHPD  X0, X0, X1
	VADDSD     X1, X0, X0
	VMOVSD     X0, ret+48(FP)
	VZEROUPPER
	RET
