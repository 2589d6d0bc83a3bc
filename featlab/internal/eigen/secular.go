package eigen

import "math"

const eps = 0x1p-53

// secularRoot returns the i-th smallest root lambda of the secular
// equation
//
//	f(lambda) = 1 + rho sum_j z_j^2 / (d_j - lambda) = 0
//
// for d strictly increasing, every z_j nonzero and rho > 0, and sets
// delta[j] = d_j - lambda. The root lies in (d_i, d_{i+1}) (i < k-1) or
// in (d_{k-1}, d_{k-1} + rho z^T z] (i = k-1). It is computed as an
// offset tau from the nearer pole d_o (chosen by the sign of f at the
// middle of the interval), so delta[o] = -tau and the distances to the
// poles near the root keep their relative accuracy, whatever the size of
// the d_j. Each step fits f by c + A / (delta_i - eta) + B /
// (delta_{i+1} - eta) matching f and the derivatives of its two partial
// sums over j <= i and j > i (the "middle way" of Li, as in LAPACK's
// dlaed4; for the last root only the left pole), and takes the root of
// the fit; a step leaving the bracket known to hold the root is replaced
// by bisection. It stops when |f| is below the bound of its rounding
// error, eps (8 (1 + sum_j |rho z_j^2 / delta_j|) + |tau| f'), or when the
// bracket cannot shrink.
func secularRoot(i int, d, z []float64, rho float64, delta []float64) float64 {
	k := len(d)
	if k == 1 {
		t := rho * z[0] * z[0]
		delta[0] = -t
		return d[0] + t
	}
	var o int
	var lo, hi float64
	if i < k-1 {
		mid := (d[i+1] - d[i]) / 2
		f := 1.0
		for j := range d {
			f += rho * z[j] * z[j] / ((d[j] - d[i]) - mid)
		}
		if f > 0 {
			o, lo, hi = i, 0, mid
		} else {
			o, lo, hi = i+1, -mid, 0
		}
	} else {
		zz := 0.0
		for _, v := range z {
			zz += v * v
		}
		o, lo, hi = k-1, 0, rho*zz
	}
	org := d[o]
	for j := range d {
		delta[j] = d[j] - org
	}
	// delta holds d_j - d_o here; dd recomputes d_j - d_o - tau below.
	tau := (lo + hi) / 2
	for iter := 0; iter < 400; iter++ {
		var psi, dpsi, phi, dphi, abs float64
		for j := 0; j <= i; j++ {
			dj := delta[j] - tau
			t := z[j] / dj
			psi += z[j] * t
			dpsi += t * t
		}
		for j := i + 1; j < k; j++ {
			dj := delta[j] - tau
			t := z[j] / dj
			phi += z[j] * t
			dphi += t * t
		}
		psi, dpsi, phi, dphi = rho*psi, rho*dpsi, rho*phi, rho*dphi
		abs = phi - psi // psi <= 0 <= phi
		f := 1 + psi + phi
		if math.Abs(f) <= eps*(8*(1+abs)+math.Abs(tau)*(dpsi+dphi)) {
			break
		}
		if f > 0 {
			hi = tau
		} else {
			lo = tau
		}
		next := math.NaN()
		if i < k-1 {
			a, b := delta[i]-tau, delta[i+1]-tau
			A, B := dpsi*a*a, dphi*b*b
			c := f - dpsi*a - dphi*b
			// c eta^2 - (c (a + b) + A + B) eta + c a b + A b + B a = 0
			p := c*(a+b) + A + B
			q := c*a*b + A*b + B*a
			var eta float64
			if c == 0 {
				eta = q / p
			} else {
				disc := p*p - 4*c*q
				if disc < 0 {
					disc = 0
				}
				s := (p + math.Copysign(math.Sqrt(disc), p)) / 2
				e1, e2 := s/c, q/s
				switch {
				case e1 > a && e1 < b:
					eta = e1
				case e2 > a && e2 < b:
					eta = e2
				default:
					eta = math.NaN()
				}
			}
			next = tau + eta
		} else {
			a := delta[k-1] - tau
			c := f - dpsi*a
			if c > 0 {
				next = tau + a + dpsi*a*a/c
			}
		}
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if next == tau || !(next > lo && next < hi) {
			break
		}
		tau = next
	}
	for j := range delta {
		delta[j] -= tau
	}
	return org + tau
}
