package datasets

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

// ReadFrame reads a CSV file with a header row into a gota DataFrame, as
// gota's dataframe.ReadCSV does: comma separator, every row with as many
// fields as the header, column types detected (int, float, bool "true" /
// "false", else string), "NA", "NaN" and empty fields read as missing.
// Empty or duplicated header names are renamed by gota (X0, ...; name_0,
// name_1, ...). Unlike gota, spaces around each field are removed first,
// so that "1, 2.5" reads as numbers, and a UTF-8 byte-order mark before
// the first column name (Excel's "CSV UTF-8") is dropped.
//
// Unlike gota, it never panics and reports every failure as an error: no
// data rows (ErrEmpty), and malformed CSV such as a row with the wrong
// number of fields or a stray quote (ErrShape; the csv.ParseError is
// wrapped too, with the line number).
func ReadFrame(r io.Reader) (df dataframe.DataFrame, err error) {
	if r == nil {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrParam, "datasets: nil reader")
	}
	defer func() {
		if p := recover(); p != nil {
			df = dataframe.DataFrame{}
			err = featlab.Errorf(featlab.ErrShape, "datasets: CSV could not be read as a data frame (%v)", p)
		}
	}()
	records, err := readRecords(r)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	df = dataframe.LoadRecords(records)
	if df.Err != nil {
		return dataframe.DataFrame{}, frameError(df.Err)
	}
	if df.Nrow() == 0 || df.Ncol() == 0 {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrEmpty, "datasets: CSV has %d rows and %d columns", df.Nrow(), df.Ncol())
	}
	return df, nil
}

// readRecords reads the CSV records with the fields trimmed and the
// byte-order mark of the first name dropped.
func readRecords(r io.Reader) ([][]string, error) {
	cr := csv.NewReader(r)
	cr.TrimLeadingSpace = true
	records, err := cr.ReadAll()
	if err != nil {
		return nil, frameError(err)
	}
	for _, rec := range records {
		for j, f := range rec {
			rec[j] = strings.TrimSpace(f)
		}
	}
	if len(records) > 0 && len(records[0]) > 0 {
		records[0][0] = featlab.StripBOM(records[0][0])
	}
	return records, nil
}

// frameError maps a gota load error to a featlab sentinel.
func frameError(err error) error {
	var perr *csv.ParseError
	switch {
	case errors.As(err, &perr):
		return fmt.Errorf("featlab: datasets: malformed CSV: %w: %w", err, featlab.ErrShape)
	case strings.Contains(err.Error(), "empty DataFrame"):
		return featlab.Errorf(featlab.ErrEmpty, "datasets: CSV has a header but no data rows, or nothing at all")
	default:
		return fmt.Errorf("featlab: datasets: reading CSV: %w: %w", err, featlab.ErrShape)
	}
}

// ReadCSV reads a CSV file with a header row (see ReadFrame) into a
// Dataset: the column named target becomes Y, every other column a
// feature, in file order (featlab.FromDataFrame does the conversion).
//
// A text feature column is an error wrapping featlab.ErrNonNumeric that
// names the column (encode it first, or drop it); a missing, NaN or
// infinite value is an error wrapping featlab.ErrNotFinite that names the
// row (counted from 0, the first data row after the header) and the
// column. The target gets the same check: a column of numbers with one
// bad cell ("1e400", "6..1", "?") is an error naming the row and the value,
// never a column of class labels. A text or bool target is a class label:
// its sorted distinct values become Classes (to read a numeric column as
// labels, use ReadFrame and featlab.FromDataFrameClasses). A missing
// target column wraps featlab.ErrMissing. For a reading policy (missing
// cells as NaN, every missing cell counted, categorical columns by name,
// no target) use ReadCSVWith.
// ReadCSV never panics.
func ReadCSV(r io.Reader, target string) (ds *featlab.Dataset, err error) {
	df, err := ReadFrame(r)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			ds = nil
			err = featlab.Errorf(featlab.ErrShape, "datasets: CSV could not be converted to a data set (%v)", p)
		}
	}()
	return featlab.FromDataFrame(df, target)
}

// ReadCSVWith reads a CSV file with a header row into a Dataset under the
// reading policy cfg (featlab.ReadConfig: which texts mean missing,
// whether missing cells are an error or NaN, which columns are
// categorical and how many levels they may have). The CSV is parsed as
// by ReadFrame, but every cell is kept as its text and converted by
// featlab.FromDataFrameWith, so that "NA", "?" or a text of cfg.NA in a
// column of integers reads as a missing number (gota's type detection
// plays no part). target names the target column; an empty target reads
// every column as a feature (Y nil: rows to predict).
//
// With the default policy a file with missing cells is an error
// (*featlab.MissingCellsError, wrapping featlab.ErrNotFinite) that counts
// them per column and lists the first ten by row and column; with
// cfg.Missing = featlab.MissingAsNaN they are NaN. Rows are counted from
// 0, the first data row after the header. ReadCSVWith never panics.
func ReadCSVWith(r io.Reader, target string, cfg featlab.ReadConfig) (ds *featlab.Dataset, err error) {
	if r == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "datasets: nil reader")
	}
	defer func() {
		if p := recover(); p != nil {
			ds = nil
			err = featlab.Errorf(featlab.ErrShape, "datasets: CSV could not be read as a data set (%v)", p)
		}
	}()
	records, err := readRecords(r)
	if err != nil {
		return nil, err
	}
	df := dataframe.LoadRecords(records, dataframe.DetectTypes(false), dataframe.DefaultType(series.String), dataframe.NaNValues(nil))
	if df.Err != nil {
		return nil, frameError(df.Err)
	}
	if df.Nrow() == 0 || df.Ncol() == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "datasets: CSV has %d rows and %d columns", df.Nrow(), df.Ncol())
	}
	return featlab.FromDataFrameWith(df, target, cfg)
}
