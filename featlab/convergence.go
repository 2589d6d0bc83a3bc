package featlab

import "fmt"

// Convergence is the record every iterative solver embeds in its result:
// how many iterations it ran, whether its stopping test passed, the final
// value of the quantity it tested and the tolerance it was asked for.
//
// What one iteration is (a sweep of coordinate descent, a proximal-gradient
// step, a Lloyd round, ...) and what Gap measures (a duality gap, a relative
// change, ...) is stated in the doc comment of the solver.
type Convergence struct {
	Iterations int     // iterations run
	Converged  bool    // the stopping test passed within the iteration limit
	Gap        float64 // final value of the stopping quantity
	Tol        float64 // tolerance asked for
}

// String reports the record in one line, e.g.
// "converged in 12 iterations (gap 3.1e-09 <= tol 1e-08)".
func (c Convergence) String() string {
	if c.Converged {
		return fmt.Sprintf("converged in %d iterations (gap %.3g <= tol %.3g)", c.Iterations, c.Gap, c.Tol)
	}
	return fmt.Sprintf("not converged after %d iterations (gap %.3g > tol %.3g)", c.Iterations, c.Gap, c.Tol)
}
