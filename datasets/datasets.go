// Package datasets holds the real data sets of the featlab notebooks as CSV
// files embedded in the binary, with loaders that return each one as a gota
// DataFrame (for looking at it) and as a *featlab.Dataset (for computing on
// it), and loaders for a user's own CSV files.
//
// The embedded sets, with their source, citation and licence in the
// package's README.md:
//
//	name           examples  features                         target
//	watermelon           17  6 categorical + density, sugar   ripe: no, yes       (Zhou 2016, table 4.3)
//	watermelon_zh        17  the same, Chinese names          好瓜: 否, 是
//	diabetes            442  10 (age, sex, bmi, bp, s1..s6)   y: progression      (Efron et al. 2004)
//	breast_cancer       569  30 nuclear features              malignant, benign   (UCI WDBC)
//	wine                178  13 chemical measurements         class_0..class_2    (UCI wine)
//	iris                150  4 measurements in cm             setosa, versicolor, virginica (Fisher 1936)
//	digits             1797  64 pixels, values 0..16          "0".."9"            (UCI optdigits 8x8)
//	airquality          153  Solar.R, Wind, Temp, Month, Day  Ozone (ppb), 44 NA  (R datasets, NOAA 1973)
//	mtcars               32  10, cyl and gear categorical     mpg                 (R datasets, Motor Trend 1974)
//	prostate             97  8 clinical measures; train 0/1   lpsa                (Stamey et al. 1989, ESL 3.2.1)
//
// The Frame functions return the file as read by gota: numeric columns are
// int or float columns, text columns string columns, in file order. The
// Dataset functions return fresh copies each call, so callers may modify
// them. Both parse data compiled into the binary, which the tests check
// completely; they panic only if that data were broken.
package datasets

import (
	"bytes"
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

//go:embed *.csv
var files embed.FS

// set describes one embedded data set.
type set struct {
	file    string
	target  string
	classes []string // class names of a numeric 0..K-1 target; nil for regression
	drop    []string // columns that are neither features nor target
	// categorical: features are coded (see codeCategorical) and the target
	// is matched against classes by name.
	categorical bool
	// read: the reading policy (featlab.FromDataFrameWith) of sets with
	// missing cells or categorical columns given by name; nil for the others.
	read *featlab.ReadConfig
}

var sets = map[string]set{
	"watermelon":    {file: "watermelon3.csv", target: "ripe", classes: []string{"no", "yes"}, drop: []string{"id"}, categorical: true},
	"watermelon_zh": {file: "watermelon3_zh.csv", target: "好瓜", classes: []string{"否", "是"}, drop: []string{"编号"}, categorical: true},
	"diabetes":      {file: "diabetes.csv", target: "y"},
	"breast_cancer": {file: "breast_cancer.csv", target: "target", classes: []string{"malignant", "benign"}},
	"wine":          {file: "wine.csv", target: "target", classes: []string{"class_0", "class_1", "class_2"}},
	"iris":          {file: "iris.csv", target: "target", classes: []string{"setosa", "versicolor", "virginica"}},
	"digits":        {file: "digits.csv", target: "label", classes: []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}},
	"airquality":    {file: "airquality.csv", target: "Ozone", read: &featlab.ReadConfig{Missing: featlab.MissingAsNaN}},
	"mtcars":        {file: "mtcars.csv", target: "mpg", drop: []string{"model"}, read: &featlab.ReadConfig{Categorical: []string{"cyl", "gear"}}},
	"prostate":      {file: "prostate.csv", target: "lpsa", drop: []string{"train"}},
}

// Names returns the names of the embedded data sets, sorted; each is a
// valid argument of Load and Frame.
func Names() []string {
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func lookup(name string) (set, error) {
	s, ok := sets[name]
	if !ok {
		return set{}, featlab.Errorf(featlab.ErrParam, "datasets: no data set named %q (have %s)", name, strings.Join(Names(), ", "))
	}
	return s, nil
}

// Raw returns the bytes of the embedded CSV file of the named data set.
func Raw(name string) ([]byte, error) {
	s, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return files.ReadFile(s.file)
}

// Frame returns the named data set as a gota DataFrame, every column of
// the file in file order (see Names).
func Frame(name string) (dataframe.DataFrame, error) {
	s, err := lookup(name)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return parsedFrame(s.file).Copy(), nil
}

// Load returns the named data set as a Dataset (see Names).
func Load(name string) (*featlab.Dataset, error) {
	s, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return copyDataset(parsedDataset(name, s)), nil
}

// Cached parses: each file is read once; callers get copies.
var (
	frameMu    sync.Mutex
	frameCache = map[string]dataframe.DataFrame{}
	dsMu       sync.Mutex
	dsCache    = map[string]*featlab.Dataset{}
)

func parsedFrame(file string) dataframe.DataFrame {
	frameMu.Lock()
	defer frameMu.Unlock()
	if df, ok := frameCache[file]; ok {
		return df
	}
	raw, err := files.ReadFile(file)
	if err != nil {
		panic("datasets: " + err.Error())
	}
	df, err := ReadFrame(bytes.NewReader(raw))
	if err != nil {
		panic(fmt.Sprintf("datasets: embedded %s: %v", file, err))
	}
	frameCache[file] = df
	return df
}

func parsedDataset(name string, s set) *featlab.Dataset {
	dsMu.Lock()
	defer dsMu.Unlock()
	if ds, ok := dsCache[name]; ok {
		return ds
	}
	df := parsedFrame(s.file)
	if len(s.drop) > 0 {
		df = df.Drop(s.drop)
	}
	var ds *featlab.Dataset
	var err error
	switch {
	case s.read != nil:
		ds, err = featlab.FromDataFrameWith(df, s.target, *s.read)
	case s.categorical:
		ds, err = codeCategorical(df, s.target, s.classes)
	default:
		if s.classes != nil {
			ds, err = featlab.FromDataFrameClasses(df, s.target, s.classes)
		} else {
			ds, err = featlab.FromDataFrame(df, s.target)
		}
	}
	if err != nil {
		panic(fmt.Sprintf("datasets: embedded %s: %v", s.file, err))
	}
	dsCache[name] = ds
	return ds
}

// codeCategorical converts a frame whose string columns are categorical
// attributes: each string feature column becomes integer codes 0..L-1,
// levels numbered in order of first appearance (row 0 first), with the
// level names in Levels; numeric columns are copied. The string target is
// coded by its position in classes.
func codeCategorical(df dataframe.DataFrame, target string, classes []string) (*featlab.Dataset, error) {
	m := df.Nrow()
	var names []string
	var levels [][]string
	var cols [][]float64
	var y []float64
	for _, name := range df.Names() {
		col := df.Col(name)
		if name == target {
			idx := map[string]int{}
			for k, c := range classes {
				idx[c] = k
			}
			y = make([]float64, m)
			for i, r := range col.Records() {
				k, ok := idx[r]
				if !ok {
					return nil, featlab.Errorf(featlab.ErrLabels, "target %q has value %q at row %d, not one of %v", target, r, i, classes)
				}
				y[i] = float64(k)
			}
			continue
		}
		v := make([]float64, m)
		var lv []string
		if col.Type() == series.String {
			code := map[string]int{}
			for i, r := range col.Records() {
				k, ok := code[r]
				if !ok {
					k = len(lv)
					code[r] = k
					lv = append(lv, r)
				}
				v[i] = float64(k)
			}
		} else {
			v = col.Float()
		}
		names = append(names, name)
		levels = append(levels, lv)
		cols = append(cols, v)
	}
	if y == nil {
		return nil, featlab.Errorf(featlab.ErrMissing, "no target column %q", target)
	}
	X := mat.NewDense(m, len(cols), nil)
	for j, c := range cols {
		X.SetCol(j, c)
	}
	ds, err := featlab.NewDataset(X, y, names, target)
	if err != nil {
		return nil, err
	}
	ds.Classes = classes
	ds.Levels = levels
	return ds, nil
}

// copyDataset returns a deep copy of ds.
func copyDataset(ds *featlab.Dataset) *featlab.Dataset {
	c := &featlab.Dataset{
		X:      mat.DenseCopyOf(ds.X),
		Y:      append([]float64(nil), ds.Y...),
		Names:  append([]string(nil), ds.Names...),
		Target: ds.Target,
	}
	if ds.Classes != nil {
		c.Classes = append([]string(nil), ds.Classes...)
	}
	if ds.Levels != nil {
		c.Levels = make([][]string, len(ds.Levels))
		for j, l := range ds.Levels {
			if l != nil {
				c.Levels[j] = append([]string(nil), l...)
			}
		}
	}
	return c
}

func mustFrame(name string) dataframe.DataFrame {
	df, err := Frame(name)
	if err != nil {
		panic(err) // a name missing from sets: a programmer error
	}
	return df
}

func mustLoad(name string) *featlab.Dataset {
	ds, err := Load(name)
	if err != nil {
		panic(err)
	}
	return ds
}

// WatermelonFrame returns watermelon data set 3.0 (Zhou 2016, table 4.3)
// as in the file: id; color, root, sound, texture, umbilicus, surface
// (string columns); density, sugar (float columns); ripe ("yes"/"no").
func WatermelonFrame() dataframe.DataFrame { return mustFrame("watermelon") }

// WatermelonZhFrame returns the same table with the original Chinese
// column names and values (编号, 色泽, ..., 好瓜 是/否).
func WatermelonZhFrame() dataframe.DataFrame { return mustFrame("watermelon_zh") }

// DiabetesFrame returns the diabetes data (Efron et al. 2004): age, sex,
// bmi, bp, s1..s6 in raw units and the target y, one year disease
// progression.
func DiabetesFrame() dataframe.DataFrame { return mustFrame("diabetes") }

// BreastCancerFrame returns the Wisconsin diagnostic breast cancer data: 30
// features and target (0 malignant, 1 benign).
func BreastCancerFrame() dataframe.DataFrame { return mustFrame("breast_cancer") }

// WineFrame returns the wine recognition data: 13 measurements and target
// (cultivar 0, 1, 2).
func WineFrame() dataframe.DataFrame { return mustFrame("wine") }

// IrisFrame returns Fisher's iris data: four measurements in cm and target
// (0 setosa, 1 versicolor, 2 virginica).
func IrisFrame() dataframe.DataFrame { return mustFrame("iris") }

// DigitsFrame returns the 8x8 digits: 64 int columns pixel_r_c (row r,
// column c of the image, values 0..16) and label (0..9).
func DigitsFrame() dataframe.DataFrame { return mustFrame("digits") }

// Watermelon returns watermelon data set 3.0 as a Dataset of 17 examples:
// the six categorical attributes color, root, sound, texture, umbilicus and
// surface as integer codes 0..L-1, levels numbered in order of first
// appearance in the table, with their names in Levels (color: green, dark,
// light; root: curly, slightly_curly, straight; ...); density and sugar
// continuous (Levels[j] nil); target ripe with Classes ["no", "yes"] (no =
// 0, yes = 1). The id column is dropped.
func Watermelon() *featlab.Dataset { return mustLoad("watermelon") }

// WatermelonZh is Watermelon with the original Chinese names: the same
// codes, Levels and Classes ["否", "是"] in Chinese.
func WatermelonZh() *featlab.Dataset { return mustLoad("watermelon_zh") }

// Diabetes returns the diabetes regression data: 442 examples, 10 features
// in raw units, target y.
func Diabetes() *featlab.Dataset { return mustLoad("diabetes") }

// BreastCancer returns the Wisconsin diagnostic breast cancer data: 569
// examples, 30 features, target 0 malignant (212) / 1 benign (357) with
// Classes ["malignant", "benign"].
func BreastCancer() *featlab.Dataset { return mustLoad("breast_cancer") }

// Wine returns the wine recognition data: 178 examples, 13 features, three
// cultivars (59, 71, 48) with Classes ["class_0", "class_1", "class_2"];
// the source does not name the cultivars.
func Wine() *featlab.Dataset { return mustLoad("wine") }

// Iris returns Fisher's iris data: 150 examples, 4 features in cm, 50 of
// each class, Classes ["setosa", "versicolor", "virginica"].
func Iris() *featlab.Dataset { return mustLoad("iris") }

// AirqualityFrame returns R's airquality data as written by R's write.csv:
// Ozone, Solar.R, Wind, Temp, Month, Day; 153 days (1 May to 30 September
// 1973, New York) with 37 missing Ozone and 7 missing Solar.R values
// ("NA"). gota reads the int columns with NA as int columns whose cells
// are NA.
func AirqualityFrame() dataframe.DataFrame { return mustFrame("airquality") }

// MtcarsFrame returns R's mtcars data with the car name as the first
// column, model: mpg, cyl, disp, hp, drat, wt, qsec, vs, am, gear, carb
// for 32 cars (Motor Trend 1974).
func MtcarsFrame() dataframe.DataFrame { return mustFrame("mtcars") }

// Airquality returns R's airquality data as a Dataset read with
// featlab.ReadConfig{Missing: featlab.MissingAsNaN}: target Ozone (mean
// ozone in parts per billion, 13:00 to 15:00 at Roosevelt Island; 37
// missing, NaN in Y), features Solar.R (7 missing, NaN in X), Wind, Temp,
// Month, Day. It has 44 missing cells; CompleteCases keeps 111 rows, as
// R's na.omit(airquality).
func Airquality() *featlab.Dataset { return mustLoad("airquality") }

// Mtcars returns R's mtcars data as a Dataset: target mpg; the car name
// (model) dropped; cyl (levels "4", "6", "8") and gear ("3", "4", "5")
// categorical, read as codes 0..L-1 with their levels in Levels; disp,
// hp, drat, wt, qsec, vs, am, carb as numbers.
func Mtcars() *featlab.Dataset { return mustLoad("mtcars") }

// Digits returns the 8x8 handwritten digits: 1797 examples, 64 pixel
// features (0..16), Classes "0".."9" (class k is digit k).
func Digits() *featlab.Dataset { return mustLoad("digits") }
