//go:build !noasm

#include "textflag.h"

// func sqDist4AVX(a *float64, n int, b0, b1, b2, b3 *float64, out *[4]float64)
//
// sqDistAVX for four rows at once: each eight-element chunk of a is loaded
// once (Y8, Y9) and its differences with the four rows squared (a multiply,
// then an add: no FMA) into the rows' accumulator pairs (Y0, Y1), (Y2, Y3),
// (Y4, Y5), (Y6, Y7), each pair holding sqDistAVX's eight partial sums.
// The reduction is sqDistAVX's, row by row: the high halves are taken out
// before the tail (the scalar VEX adds clear them), the remainder goes into
// lane 0 of the first register, then ((s0+s2) + (s4+s6)) + ((s1+s3) +
// (s5+s7)).
TEXT ·sqDist4AVX(SB), NOSPLIT, $0-56
	MOVQ   a+0(FP), SI
	MOVQ   n+8(FP), CX
	MOVQ   b0+16(FP), R8
	MOVQ   b1+24(FP), R9
	MOVQ   b2+32(FP), R10
	MOVQ   b3+40(FP), R11
	MOVQ   out+48(FP), DI
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ   CX, BX
	SHRQ   $3, BX
	JZ     tail4

loop4:
	VMOVUPD 0(SI), Y8
	VMOVUPD 32(SI), Y9
	VSUBPD  0(R8), Y8, Y10
	VMULPD  Y10, Y10, Y10
	VADDPD  Y10, Y0, Y0
	VSUBPD  32(R8), Y9, Y11
	VMULPD  Y11, Y11, Y11
	VADDPD  Y11, Y1, Y1
	VSUBPD  0(R9), Y8, Y12
	VMULPD  Y12, Y12, Y12
	VADDPD  Y12, Y2, Y2
	VSUBPD  32(R9), Y9, Y13
	VMULPD  Y13, Y13, Y13
	VADDPD  Y13, Y3, Y3
	VSUBPD  0(R10), Y8, Y10
	VMULPD  Y10, Y10, Y10
	VADDPD  Y10, Y4, Y4
	VSUBPD  32(R10), Y9, Y11
	VMULPD  Y11, Y11, Y11
	VADDPD  Y11, Y5, Y5
	VSUBPD  0(R11), Y8, Y12
	VMULPD  Y12, Y12, Y12
	VADDPD  Y12, Y6, Y6
	VSUBPD  32(R11), Y9, Y13
	VMULPD  Y13, Y13, Y13
	VADDPD  Y13, Y7, Y7
	ADDQ    $64, SI
	ADDQ    $64, R8
	ADDQ    $64, R9
	ADDQ    $64, R10
	ADDQ    $64, R11
	DECQ    BX
	JNZ     loop4

tail4:
	VEXTRACTF128 $1, Y0, X8
	VEXTRACTF128 $1, Y1, X12
	VADDPD       X12, X1, X1
	VEXTRACTF128 $1, Y2, X9
	VEXTRACTF128 $1, Y3, X12
	VADDPD       X12, X3, X3
	VEXTRACTF128 $1, Y4, X10
	VEXTRACTF128 $1, Y5, X12
	VADDPD       X12, X5, X5
	VEXTRACTF128 $1, Y6, X11
	VEXTRACTF128 $1, Y7, X12
	VADDPD       X12, X7, X7
	ANDQ $7, CX
	JZ   done4

tailloop4:
	VMOVSD (SI), X12
	VSUBSD (R8), X12, X13
	VMULSD X13, X13, X13
	VADDSD X13, X0, X0
	VSUBSD (R9), X12, X13
	VMULSD X13, X13, X13
	VADDSD X13, X2, X2
	VSUBSD (R10), X12, X13
	VMULSD X13, X13, X13
	VADDSD X13, X4, X4
	VSUBSD (R11), X12, X13
	VMULSD X13, X13, X13
	VADDSD X13, X6, X6
	ADDQ   $8, SI
	ADDQ   $8, R8
	ADDQ   $8, R9
	ADDQ   $8, R10
	ADDQ   $8, R11
	DECQ   CX
	JNZ    tailloop4

done4:
	VADDPD    X8, X0, X0
	VADDPD    X1, X0, X0
	VUNPCKHPD X0, X0, X12
	VADDSD    X12, X0, X0
	VMOVSD    X0, 0(DI)
	VADDPD    X9, X2, X2
	VADDPD    X3, X2, X2
	VUNPCKHPD X2, X2, X12
	VADDSD    X12, X2, X2
	VMOVSD    X2, 8(DI)
	VADDPD    X10, X4, X4
	VADDPD    X5, X4, X4
	VUNPCKHPD X4, X4, X12
	VADDSD    X12, X4, X4
	VMOVSD    X4, 16(DI)
	VADDPD    X11, X6, X6
	VADDPD    X7, X6, X6
	VUNPCKHPD X6, X6, X12
	VADDSD    X12, X6, X6
	VMOVSD    X6, 24(DI)
	VZEROUPPER
	RET

// func subClampMaskAVX(l, moved *float64, n4 int, u, s float64, mask *uint8)
//
// Per group of four: l = max(l - moved, 0) (VMAXPD returns its second
// source, +0, on equal or unordered lanes), stored; the lanes where
// NOT(u <= l s) (predicate 6, NLE_UQ) become the low four bits of a mask
// byte.
TEXT ·subClampMaskAVX(SB), NOSPLIT, $0-48
	MOVQ         l+0(FP), SI
	MOVQ         moved+8(FP), DI
	MOVQ         n4+16(FP), CX
	VBROADCASTSD u+24(FP), Y1
	VBROADCASTSD s+32(FP), Y2
	MOVQ         mask+40(FP), R8
	VXORPD       Y0, Y0, Y0
	XORQ         BX, BX

maskloop:
	VMOVUPD   (SI)(BX*8), Y3
	VSUBPD    (DI)(BX*8), Y3, Y3
	VMAXPD    Y0, Y3, Y3
	VMOVUPD   Y3, (SI)(BX*8)
	VMULPD    Y2, Y3, Y4
	VCMPPD    $6, Y4, Y1, Y5
	VMOVMSKPD Y5, AX
	MOVB      AX, (R8)
	INCQ      R8
	ADDQ      $4, BX
	CMPQ      BX, CX
	JLT       maskloop
	VZEROUPPER
	RET

// func dots2x4AVX(a0, a1, b *float64, n4, stride int, out *[8]float64)
//
// Two rows a0, a1 against four rows b_q = b + q stride: each four-element
// chunk of a b_q is loaded once and multiplied into a0's accumulator Y_q
// and a1's Y_{4+q} (eight independent fused multiply-add chains); then
// each accumulator is summed across its lanes as in dots4AVX.
TEXT ·dots2x4AVX(SB), NOSPLIT, $0-48
	MOVQ   a0+0(FP), SI
	MOVQ   a1+8(FP), R12
	MOVQ   b+16(FP), DI
	MOVQ   n4+24(FP), CX
	MOVQ   stride+32(FP), DX
	MOVQ   out+40(FP), R8
	SHLQ   $3, DX
	SHLQ   $3, CX
	LEAQ   (DI)(DX*1), R9
	LEAQ   (R9)(DX*1), R10
	LEAQ   (R10)(DX*1), R11
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	XORQ   AX, AX

loop2x4:
	VMOVUPD     (SI)(AX*1), Y8
	VMOVUPD     (R12)(AX*1), Y9
	VMOVUPD     (DI)(AX*1), Y10
	VFMADD231PD Y10, Y8, Y0
	VFMADD231PD Y10, Y9, Y4
	VMOVUPD     (R9)(AX*1), Y11
	VFMADD231PD Y11, Y8, Y1
	VFMADD231PD Y11, Y9, Y5
	VMOVUPD     (R10)(AX*1), Y12
	VFMADD231PD Y12, Y8, Y2
	VFMADD231PD Y12, Y9, Y6
	VMOVUPD     (R11)(AX*1), Y13
	VFMADD231PD Y13, Y8, Y3
	VFMADD231PD Y13, Y9, Y7
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         loop2x4

	VHADDPD    Y1, Y0, Y0
	VHADDPD    Y3, Y2, Y2
	VPERM2F128 $0x21, Y2, Y0, Y1
	VBLENDPD   $0xC, Y2, Y0, Y0
	VADDPD     Y1, Y0, Y0
	VMOVUPD    Y0, (R8)
	VHADDPD    Y5, Y4, Y4
	VHADDPD    Y7, Y6, Y6
	VPERM2F128 $0x21, Y6, Y4, Y5
	VBLENDPD   $0xC, Y6, Y4, Y4
	VADDPD     Y5, Y4, Y4
	VMOVUPD    Y4, 32(R8)
	VZEROUPPER
	RET
