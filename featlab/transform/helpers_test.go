package transform

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
)

// textFrame builds a frame of string columns from rows.
func textFrame(names []string, rows [][]string) dataframe.DataFrame {
	cols := make([]series.Series, len(names))
	for j, n := range names {
		v := make([]string, len(rows))
		for i, r := range rows {
			v[i] = r[j]
		}
		cols[j] = series.New(v, series.String, n)
	}
	return dataframe.New(cols...)
}

// frameDense returns the frame's columns as a matrix (all numeric).
func frameDense(df dataframe.DataFrame) *mat.Dense {
	m, c := df.Nrow(), df.Ncol()
	X := mat.NewDense(m, c, nil)
	for j, n := range df.Names() {
		v := df.Col(n).Float()
		for i := range v {
			X.Set(i, j, v[i])
		}
	}
	return X
}
