package sensing

// Convergence mirrors featlab.Convergence until the foundation lands on main.
type Convergence struct {
	Iterations int
	Converged  bool
	Gap        float64
	Tol        float64
}
