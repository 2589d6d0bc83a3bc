// Package pqwrite writes small numeric Parquet files with apache/arrow-go's
// low-level writer, for the tests of featlab/stream and the bench-scale
// generator (featlab/cmd/benchscale). It is not a general Parquet writer:
// flat schemas of DOUBLE, FLOAT, INT32 and INT64 columns, optional
// (nullable) or required, uncompressed unless told.
package pqwrite

import (
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Spec is one column of the schema.
type Spec struct {
	Name     string
	Type     parquet.Type // parquet.Types.Double (zero value: Boolean is refused), Float, Int32, Int64
	Optional bool         // nullable
}

// Writer writes row groups to a file.
type Writer struct {
	f     *os.File
	w     *file.Writer
	specs []Spec
}

// Create opens path for writing with the given schema; snappy compresses
// the pages when true.
func Create(path string, specs []Spec, snappy bool) (*Writer, error) {
	fields := make(schema.FieldList, len(specs))
	for j, s := range specs {
		rep := parquet.Repetitions.Required
		if s.Optional {
			rep = parquet.Repetitions.Optional
		}
		n, err := schema.NewPrimitiveNode(s.Name, rep, s.Type, -1, -1)
		if err != nil {
			return nil, err
		}
		fields[j] = n
	}
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, fields, -1)
	if err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	codec := compress.Codecs.Uncompressed
	if snappy {
		codec = compress.Codecs.Snappy
	}
	props := parquet.NewWriterProperties(parquet.WithCompression(codec), parquet.WithDictionaryDefault(false))
	w, err := file.NewParquetWriterWithError(f, root, file.WithWriterProps(props))
	if err != nil {
		f.Close()
		return nil, err
	}
	return &Writer{f: f, w: w, specs: specs}, nil
}

// WriteRowGroup writes one row group: cols[j] holds the values of column
// j (converted to its type), null[j] (nil: none) marks its null cells.
func (w *Writer) WriteRowGroup(cols [][]float64, null [][]bool) error {
	if len(cols) != len(w.specs) {
		return fmt.Errorf("pqwrite: %d columns for a schema of %d", len(cols), len(w.specs))
	}
	rg, err := w.w.AppendRowGroupChecked()
	if err != nil {
		return err
	}
	for j, s := range w.specs {
		cw, err := rg.NextColumn()
		if err != nil {
			return err
		}
		var def []int16
		var keep []float64
		for i, v := range cols[j] {
			isNull := null != nil && null[j] != nil && null[j][i]
			if s.Optional {
				if isNull {
					def = append(def, 0)
					continue
				}
				def = append(def, 1)
			}
			keep = append(keep, v)
		}
		switch c := cw.(type) {
		case *file.Float64ColumnChunkWriter:
			_, err = c.WriteBatch(keep, def, nil)
		case *file.Float32ColumnChunkWriter:
			v := make([]float32, len(keep))
			for i, x := range keep {
				v[i] = float32(x)
			}
			_, err = c.WriteBatch(v, def, nil)
		case *file.Int32ColumnChunkWriter:
			v := make([]int32, len(keep))
			for i, x := range keep {
				v[i] = int32(x)
			}
			_, err = c.WriteBatch(v, def, nil)
		case *file.Int64ColumnChunkWriter:
			v := make([]int64, len(keep))
			for i, x := range keep {
				v[i] = int64(x)
			}
			_, err = c.WriteBatch(v, def, nil)
		default:
			err = fmt.Errorf("pqwrite: column %q: unsupported type %v", s.Name, s.Type)
		}
		if err != nil {
			return err
		}
		if err := cw.Close(); err != nil {
			return err
		}
	}
	return rg.Close()
}

// Close finishes the file.
func (w *Writer) Close() error {
	err := w.w.Close()
	_ = w.f.Close() // the Parquet writer may have closed it already
	return err
}

// Write writes the columns to path in row groups of rowGroup rows
// (0: one row group; no rows: a file with no row group).
func Write(path string, specs []Spec, cols [][]float64, null [][]bool, rowGroup int) error {
	w, err := Create(path, specs, false)
	if err != nil {
		return err
	}
	m := 0
	if len(cols) > 0 {
		m = len(cols[0])
	}
	if rowGroup <= 0 {
		rowGroup = max(m, 1)
	}
	for lo := 0; lo < m; lo += rowGroup {
		hi := min(lo+rowGroup, m)
		part := make([][]float64, len(cols))
		var np [][]bool
		if null != nil {
			np = make([][]bool, len(cols))
		}
		for j := range cols {
			part[j] = cols[j][lo:hi]
			if null != nil && null[j] != nil {
				np[j] = null[j][lo:hi]
			}
		}
		if err := w.WriteRowGroup(part, np); err != nil {
			w.Close()
			return err
		}
	}
	return w.Close()
}
