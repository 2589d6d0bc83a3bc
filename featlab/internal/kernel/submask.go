package kernel

// SubClampMask moves Elkan's lower bounds l by the centroid moves and
// flags the ones that no longer rule a centroid out: for every j,
//
//	l[j] = max(0, l[j] - moved[j])   (one subtraction, one rounding),
//	bit j%4 of mask[j/4] = !(u <= l[j] s)   (the product rounded once),
//
// so a clear bit proves u <= l[j] s with the new l[j]. moved is at least
// as long as l, mask at least (len(l) + 3) / 4 long. On amd64 with AVX2
// and FMA (without -tags noasm) groups of four go through subClampMaskAVX
// (the same operations four lanes at a time; a NaN difference becomes 0
// there and stays NaN in the portable loop, which k-means' finite bounds
// never meet), the rest through the portable loop.
func SubClampMask(l, moved []float64, u, s float64, mask []uint8) {
	moved = moved[:len(l)]
	mask = mask[:(len(l)+3)/4]
	n4 := 0
	if useAVX {
		n4 = len(l) &^ 3
		if n4 > 0 {
			subClampMaskAVX(&l[0], &moved[0], n4, u, s, &mask[0])
		}
	}
	subClampMaskGo(l[n4:], moved[n4:], u, s, mask[n4/4:])
}

// subClampMaskGo is the portable SubClampMask.
func subClampMaskGo(l, moved []float64, u, s float64, mask []uint8) {
	moved = moved[:len(l)]
	mask = mask[:(len(l)+3)/4]
	for g := range mask {
		var b uint8
		for q := 0; q < 4 && 4*g+q < len(l); q++ {
			j := 4*g + q
			v := max(0, l[j]-moved[j])
			l[j] = v
			if !(u <= v*s) {
				b |= 1 << q
			}
		}
		mask[g] = b
	}
}
