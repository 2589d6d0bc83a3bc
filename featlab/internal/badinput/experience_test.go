package badinput

import (
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/nb"
)

func init() { entrySets = append(entrySets, experienceEntries) }

// experienceEntries: nb.LiveSlider (the kernel-redrawn slider kept for
// figures that cannot be precomputed) on the bad inputs Slider rejects.
func experienceEntries() []*entry {
	return []*entry{
		custom("nb.LiveSlider", "params", nil, liveSliderChecks),
		custom("nb.Thin", "params", nil, thinChecks),
	}
}

func liveSliderChecks() []failure {
	draw := func(float64) (any, error) { return nil, featlab.Errorf(featlab.ErrParam, "lambda = -1 out of range") }
	return runCases("nb", "LiveSlider", []outcome{
		{input: "LiveSlider with no values", call: func() (any, error) {
			nb.LiveSlider("zz-suite", "s", "lambda", nil, 0, draw)
			return nil, nil
		}, panics: []string{"LiveSlider", "0 values"}},
		{input: "LiveSlider with a nil draw", call: func() (any, error) {
			nb.LiveSlider("zz-suite", "s", "lambda", []float64{1, 2}, 0, nil)
			return nil, nil
		}, panics: []string{"LiveSlider", "draw"}},
	})
}

func thinChecks() []failure {
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	return runCases("nb", "Thin on odd sizes", []outcome{
		c("Thin(nil, 0, -1)", func() (any, error) { v, _ := nb.Thin(nil, 0, -1); return v, nil }),
		c("Thin of 3 values to -5 with keep 7", func() (any, error) { v, _ := nb.Thin([]float64{1, 2, 3}, -5, 7); return v, nil }),
	})
}
