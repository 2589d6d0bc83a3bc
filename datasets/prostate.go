package datasets

import (
	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/featlab"
)

// ProstateFrame returns the prostate cancer data (Stamey et al. 1989) as
// ESL uses it (Hastie, Tibshirani and Friedman 2009, section 3.2.1): 97
// men about to undergo radical prostatectomy, the columns lcavol, lweight,
// age, lbph, svi, lcp, gleason, pgg45, lpsa (log prostate-specific
// antigen, the target) and train (1 for the 67 training rows of ESL's
// split, 0 for its 30 test rows). Source R lasso2's Prostate with ESL's
// value of lweight in row 32 (3.804438, log 44.9 g; lasso2 has 6.10758,
// log 449 g): see the package's README.md.
func ProstateFrame() dataframe.DataFrame { return mustFrame("prostate") }

// Prostate returns the prostate data as a Dataset: 97 examples, the 8
// features lcavol, lweight, age, lbph, svi, lcp, gleason, pgg45 (raw
// units, unstandardized), target lpsa. ESL's train/test indicator is not a
// feature; ProstateSplit returns it.
func Prostate() *featlab.Dataset { return mustLoad("prostate") }

// ProstateSplit returns ESL's split of the prostate data: the 0-based
// indices of the 67 training rows and of the 30 test rows, increasing,
// from the train column of the file (ESL's prostate.data).
func ProstateSplit() (train, test []int) {
	col := mustFrame("prostate").Col("train").Float()
	for i, v := range col {
		if v == 1 {
			train = append(train, i)
		} else {
			test = append(test, i)
		}
	}
	return train, test
}
