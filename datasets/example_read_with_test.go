package datasets_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// A table with missing cells ("NA", an empty cell, "?"): refused by
// default with every missing cell counted, read as NaN on request, then
// reduced to its complete rows. cyl, integer codes of a category, is
// declared categorical by name.
func ExampleReadCSVWith() {
	csv := `mpg,cyl,hp,wt
21,6,110,2.62
22.8,4,NA,2.32
21.4,6,110,
18.7,8,175,3.44
18.1,6,?,3.46
`
	_, err := datasets.ReadCSVWith(strings.NewReader(csv), "mpg", featlab.ReadConfig{})
	var me *featlab.MissingCellsError
	if errors.As(err, &me) {
		fmt.Println(me.Count, "missing:", me.Columns, me.Counts, "first at row", me.First[0].Row, me.First[0].Column)
	}
	cfg := featlab.ReadConfig{Missing: featlab.MissingAsNaN, Categorical: []string{"cyl"}}
	ds, err := datasets.ReadCSVWith(strings.NewReader(csv), "mpg", cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ds.Names, "cyl levels", ds.Levels[0], "missing", ds.MissingCounts())
	cc, report, _ := ds.CompleteCases()
	fmt.Println(report)
	fmt.Println(cc.X.RawRowView(1))
	// Output:
	// 3 missing: [hp wt] [2 1] first at row 1 hp
	// [cyl hp wt] cyl levels [4 6 8] missing [0 2 1]
	// dropped 3 of 5 rows (2 kept): missing hp 2, wt 1
	// [2 175 3.44]
}
