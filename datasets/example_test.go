package datasets_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/featlab/course/datasets"
)

func ExampleWatermelon() {
	ds := datasets.Watermelon()
	fmt.Println(ds)
	fmt.Println("color levels:", ds.Levels[0])
	fmt.Println("row 1:", ds.X.RawRowView(0), ds.Classes[int(ds.Y[0])])
	// Output:
	// Dataset 17 examples x 8 features [color, root, sound, texture, umbilicus, surface, density, sugar], target "ripe" (2 classes)
	// color levels: [green dark light]
	// row 1: [0 0 0 0 0 0 0.697 0.46] yes
}

func ExampleDiabetesFrame() {
	df := datasets.DiabetesFrame()
	fmt.Println(df.Nrow(), df.Ncol(), df.Names())
	// Output:
	// 442 11 [age sex bmi bp s1 s2 s3 s4 s5 s6 y]
}

func ExampleReadCSV() {
	in := "height,weight,species\n1.2,30,cat\n0.4,4,dog\n"
	ds, err := datasets.ReadCSV(strings.NewReader(in), "species")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ds.Names, ds.Classes, ds.Y)

	_, err = datasets.ReadCSV(strings.NewReader("a,b,y\n1,,0\n2,3,1\n"), "y")
	fmt.Println(err)
	// Output:
	// [height weight] [cat dog] [0 1]
	// featlab: missing value at row 0, column "b": NaN or Inf in data
}

func ExampleLoad() {
	for _, name := range datasets.Names() {
		ds, err := datasets.Load(name)
		if err != nil {
			log.Fatal(err)
		}
		m, d := ds.Dims()
		fmt.Printf("%-14s %4d x %2d  classes %d\n", name, m, d, len(ds.Classes))
	}
	// Output:
	// airquality      153 x  5  classes 0
	// breast_cancer   569 x 30  classes 2
	// diabetes        442 x 10  classes 0
	// digits         1797 x 64  classes 10
	// iris            150 x  4  classes 3
	// mtcars           32 x 10  classes 0
	// prostate         97 x  8  classes 0
	// watermelon       17 x  8  classes 2
	// watermelon_zh    17 x  8  classes 2
	// wine            178 x 13  classes 3
}
