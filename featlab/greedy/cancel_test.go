package greedy

import (
	"context"
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestOMPBatchCancelFineGrained: once cancelled, OMPBatchContext codes no
// further signal (it used to finish the whole chunk of 64 signals, seconds
// at large K and T).
func TestOMPBatchCancelFineGrained(t *testing.T) {
	Dm, _ := scaleProblem(16, 40, 2)
	Y, _ := scaleProblem(500, 16, 3)
	ctx := ctxtest.New(1)
	codes, err := OMPBatchContext(ctx, Dm, Y, OMPConfig{T: 3, Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	coded := 0
	for i := 0; i < 500; i++ {
		if mat.Norm(codes.RowView(i), 2) != 0 {
			coded++
		}
	}
	if coded >= batchChunk {
		t.Fatalf("%d signals coded after the cancellation, want fewer than a chunk (%d)", coded, batchChunk)
	}
}

// TestCorrelationsBlocksExact: the correlations computed in row blocks (so
// that a cancellation is seen between them) are bit for bit those of one
// product, for a transposed dictionary with atoms longer than gemm's
// 64-wide blocks too.
func TestCorrelationsBlocksExact(t *testing.T) {
	Y, _ := scaleProblem(3*corrBlock+100, 100, 7)
	Dt, _ := scaleProblem(70, 100, 8) // K x m: D = Dt^T
	n, _ := Y.Dims()
	for _, D := range []mat.Matrix{Dt.T(), mat.DenseCopyOf(Dt.T())} {
		got, err := correlations(context.Background(), Y, D, n, 70)
		if err != nil {
			t.Fatal(err)
		}
		var want mat.Dense
		want.Mul(Y, D)
		if !mat.Equal(got, &want) {
			t.Fatal("blocked correlations differ from one product")
		}
	}
}

// TestCorrelationsCheckEvery512Rows: the correlations Y D look at the
// context at least once every 512 signals (blocks of 4096 x 256 x 512
// took over a second between two looks).
func TestCorrelationsCheckEvery512Rows(t *testing.T) {
	Y, _ := scaleProblem(3000, 20, 9)
	Dt, _ := scaleProblem(30, 20, 10)
	count := ctxtest.New(1 << 40)
	if _, err := correlations(count, Y, Dt.T(), 3000, 30); err != nil {
		t.Fatal(err)
	}
	if n := count.Calls(); n < 3000/512 {
		t.Fatalf("%d looks at the context for 3000 signals, want one every 512", n)
	}
}
