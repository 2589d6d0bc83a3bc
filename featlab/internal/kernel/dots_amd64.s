//go:build !noasm

#include "textflag.h"

// func dots4AVX(a, b *float64, n4, stride int, out *[4]float64)
//
// Four rows b_q = b + q stride at once: each four-element chunk of a is
// loaded once and multiplied into two sets of four accumulators (even and
// odd chunks, to hide the FMA latency); then the two sets are added and
// each accumulator summed across its lanes.
TEXT ·dots4AVX(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n4+16(FP), CX
	MOVQ stride+24(FP), DX
	MOVQ out+32(FP), R8
	SHLQ $3, DX
	SHLQ $3, CX
	LEAQ (DI)(DX*1), R9
	LEAQ (R9)(DX*1), R10
	LEAQ (R10)(DX*1), R11
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	XORQ AX, AX
	MOVQ CX, BX
	ANDQ $-64, BX
	JZ   one

loop8:
	VMOVUPD     (SI)(AX*1), Y4
	VMOVUPD     32(SI)(AX*1), Y9
	VFMADD231PD (DI)(AX*1), Y4, Y0
	VFMADD231PD (R9)(AX*1), Y4, Y1
	VFMADD231PD (R10)(AX*1), Y4, Y2
	VFMADD231PD (R11)(AX*1), Y4, Y3
	VFMADD231PD 32(DI)(AX*1), Y9, Y5
	VFMADD231PD 32(R9)(AX*1), Y9, Y6
	VFMADD231PD 32(R10)(AX*1), Y9, Y7
	VFMADD231PD 32(R11)(AX*1), Y9, Y8
	ADDQ        $64, AX
	CMPQ        AX, BX
	JLT         loop8

one:
	CMPQ AX, CX
	JGE  reduce
	VMOVUPD     (SI)(AX*1), Y4
	VFMADD231PD (DI)(AX*1), Y4, Y0
	VFMADD231PD (R9)(AX*1), Y4, Y1
	VFMADD231PD (R10)(AX*1), Y4, Y2
	VFMADD231PD (R11)(AX*1), Y4, Y3

reduce:
	VADDPD     Y5, Y0, Y0
	VADDPD     Y6, Y1, Y1
	VADDPD     Y7, Y2, Y2
	VADDPD     Y8, Y3, Y3
	VHADDPD    Y1, Y0, Y0
	VHADDPD    Y3, Y2, Y2
	VPERM2F128 $0x21, Y2, Y0, Y1
	VBLENDPD   $0xC, Y2, Y0, Y0
	VADDPD     Y1, Y0, Y0
	VMOVUPD    Y0, (R8)
	VZEROUPPER
	RET
