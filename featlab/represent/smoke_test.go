package represent

import (
	"testing"
	"time"

	"github.com/featlab/course/datasets"
)

func TestSmokeDigits(t *testing.T) {
	X := datasets.Digits().X
	t0 := time.Now()
	dl, err := LearnDictionary(X, DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ksvd %v obj %v -> %v replaced %d", time.Since(t0), dl.CodingObjective[0], dl.Objective[len(dl.Objective)-1], dl.Replaced)
	t0 = time.Now()
	km, err := FitKMeans(X, KMeansConfig{K: 64, Workers: 1})
	t.Logf("kmeans64 %v inertia %v iters %d err %v", time.Since(t0), km.Inertia, km.Iterations, err)
	t0 = time.Now()
	km, err = FitKMeans(X, KMeansConfig{K: 10, Workers: 1})
	t.Logf("kmeans10 %v inertia %v iters %d err %v", time.Since(t0), km.Inertia, km.Iterations, err)
	t0 = time.Now()
	p, err := FitPCA(X, PCAConfig{})
	t.Logf("pca %v %v %v", time.Since(t0), p.ExplainedVariance[:3], err)
}
