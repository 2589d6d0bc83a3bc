package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestMicroText: the CSV text of a generated value reads back as the very
// double stored in the Parquet file.
func TestMicroText(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 200000; i++ {
		k := int64(math.Round(r.NormFloat64() * 1e6 * math.Pow(10, float64(i%5))))
		if i%1000 == 0 {
			k = int64(i/1000) - 100
		}
		txt := string(appendMicro(nil, k))
		v, err := strconv.ParseFloat(txt, 64)
		if err != nil || math.Float64bits(v) != math.Float64bits(micro(k)) {
			t.Fatalf("k = %d: text %q reads %v, stored %v", k, txt, v, micro(k))
		}
		if want := strconv.FormatFloat(float64(k)/1e6, 'f', 6, 64); k > -1e6 && k < 0 && txt != want && txt != "-"+want[1:] {
			t.Fatalf("k = %d: %q, FormatFloat %q", k, txt, want)
		}
	}
}
