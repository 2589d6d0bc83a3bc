package search

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

// TestSizeCVLeapsProstate: the best subsets of every size that SizeCV
// runs on ESL's prostate training rows (its Final search), and
// BestSubsets on all 97 rows, are leaps::regsubsets' (exhaustive,
// testdata/leaps_prostate.R), with the same RSS to 1e-10.
func TestSizeCVLeapsProstate(t *testing.T) {
	f, err := os.Open("testdata/leaps_prostate.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	X, y, names := prostateTrainStd(t)
	res, err := SizeCV(X, y, SizeCVConfig{Folds: 10, Seed: 3, Names: names, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	ds := datasets.Prostate()
	all, err := BestSubsets(mat.DenseCopyOf(ds.X), ds.Y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range recs[1:] {
		k, _ := strconv.Atoi(r[1])
		want := parseSubset(r[2])
		rss, _ := strconv.ParseFloat(r[3], 64)
		var sub []int
		var got float64
		switch r[0] {
		case "train":
			sub = res.Final.BySize[k-1].Subset
			mse, err := olsTestMSE(X, y, X, y, sub, true)
			if err != nil {
				t.Fatal(err)
			}
			got = mse * float64(len(y))
		case "all":
			sub, got = all.Sizes[k-1].Subset, all.Sizes[k-1].RSS
		}
		n++
		if !sameSet(sub, want) {
			t.Errorf("%s size %d: subset %v, leaps %v", r[0], k, sub, want)
		}
		if !close(got, rss, 1e-10) {
			t.Errorf("%s size %d: RSS %.15g, leaps %.15g", r[0], k, got, rss)
		}
	}
	if n != 16 {
		t.Fatalf("%d golden rows, want 16", n)
	}
}
