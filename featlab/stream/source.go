package stream

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Chunk is a piece of a source that parses itself into a Block; chunks of
// one source may be parsed concurrently.
type Chunk interface {
	Parse() (*Block, error)
}

// Releaser is a Chunk that takes its Block back: Pass calls Release(b)
// once the accumulator's Add has returned, and the chunk's source may
// then reuse b's memory for a later chunk (pqsource recycles its row
// groups' buffers so, and its garbage stays near zero). A caller that
// parses chunks itself need not call Release.
type Releaser interface {
	Release(b *Block)
}

// Source yields the chunks of a data set in order; Next returns io.EOF
// after the last.
type Source interface {
	Next() (Chunk, error)
}

// DefaultBlockRows is MatrixSource's block size when BlockRows is 0.
const DefaultBlockRows = 4096

// MatrixSource yields an in-memory matrix X (with target Y, or nil) in
// blocks of BlockRows rows (0: DefaultBlockRows). Blocks are views of X,
// not copies. A MatrixSource is not safe for concurrent use.
type MatrixSource struct {
	X         *mat.Dense
	Y         []float64
	Names     []string // nil: featlab.DefaultNames
	Target    string
	BlockRows int
	next      int
}

type blockChunk struct{ b *Block }

func (c blockChunk) Parse() (*Block, error) { return c.b, nil }

// Next returns the next block of rows (ErrShape when Y's length is not
// X's row count, ErrParam for a negative BlockRows).
func (s *MatrixSource) Next() (Chunk, error) {
	if s.X == nil || s.X.IsEmpty() {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stream: MatrixSource without rows")
	}
	r, d := s.X.Dims()
	if s.Y != nil && len(s.Y) != r {
		return nil, featlab.Errorf(featlab.ErrShape, "stream: MatrixSource has %d rows and %d targets", r, len(s.Y))
	}
	if s.BlockRows < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: MatrixSource.BlockRows %d is negative", s.BlockRows)
	}
	if s.next >= r {
		return nil, io.EOF
	}
	size := s.BlockRows
	if size == 0 {
		size = DefaultBlockRows
	}
	hi := min(s.next+size, r)
	names := s.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	b := &Block{Names: names, Target: s.Target, X: s.X.Slice(s.next, hi, 0, d).(*mat.Dense), Row: s.next}
	if s.Y != nil {
		b.Y = s.Y[s.next:hi]
	}
	s.next = hi
	return blockChunk{b}, nil
}

// DefaultChunkBytes is CSVConfig.ChunkBytes' default: 1 MiB.
const DefaultChunkBytes = 1 << 20

// CSVConfig configures NewCSV. Its zero value reads every column as a
// feature, in chunks of DefaultChunkBytes, with featlab.DefaultNA as the
// missing-value texts.
type CSVConfig struct {
	// Target names the target column ("": none).
	Target string
	// ChunkBytes is the size a chunk reaches before it is cut at the next
	// line end (0: DefaultChunkBytes).
	ChunkBytes int
	// NA lists the texts read as missing (nil: featlab.DefaultNA); a
	// missing cell is ErrNotFinite, as the loaders' default is.
	NA []string
}

// CSVSource reads a CSV file with a header row in chunks of lines. It is
// not safe for concurrent use (its chunks are: Pass parses them at once).
type CSVSource struct {
	r      *bufio.Reader
	cfg    CSVConfig
	names  []string // feature names
	target int      // column of the target, -1: none
	cols   int
	na     map[string]bool
	row    int // first data row of the next chunk, from 0
	done   bool
	fast   bool // parseFast may be used (see csvfast.go)
}

// NewCSV reads the header of r and returns the source of its rows. The
// header must name every column once (ErrParam otherwise); a Target that
// is not among them wraps ErrMissing.
func NewCSV(r io.Reader, cfg CSVConfig) (*CSVSource, error) {
	if cfg.ChunkBytes < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: CSVConfig.ChunkBytes %d is negative", cfg.ChunkBytes)
	}
	if cfg.ChunkBytes == 0 {
		cfg.ChunkBytes = DefaultChunkBytes
	}
	br := bufio.NewReaderSize(r, 64<<10)
	line, err := br.ReadBytes('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, featlab.Wrap(err, "stream: reading the CSV header")
	}
	line = bytes.TrimPrefix(line, []byte("\ufeff"))
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stream: CSV without a header")
	}
	header, err := csv.NewReader(bytes.NewReader(line)).Read()
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: CSV header: %v", err)
	}
	s := &CSVSource{r: br, cfg: cfg, target: -1, cols: len(header), na: map[string]bool{}}
	seen := map[string]bool{}
	for j, h := range header {
		h = strings.TrimSpace(h)
		if seen[h] {
			return nil, featlab.Errorf(featlab.ErrParam, "stream: CSV header names column %q twice", h)
		}
		seen[h] = true
		if cfg.Target != "" && h == cfg.Target {
			s.target = j
			continue
		}
		s.names = append(s.names, h)
	}
	if cfg.Target != "" && s.target < 0 {
		return nil, featlab.Errorf(featlab.ErrMissing, "stream: CSV has no target column %q (columns %q)", cfg.Target, header)
	}
	na := cfg.NA
	if na == nil {
		na = featlab.DefaultNA
	}
	for _, t := range na {
		s.na[t] = true
	}
	s.fast = s.fastOK()
	return s, nil
}

// Names returns the feature names (the header without the target).
func (s *CSVSource) Names() []string { return append([]string(nil), s.names...) }

// Next reads the next chunk of lines (io.EOF after the last).
func (s *CSVSource) Next() (Chunk, error) {
	if s.done {
		return nil, io.EOF
	}
	buf := make([]byte, s.cfg.ChunkBytes)
	n, err := io.ReadFull(s.r, buf)
	buf = buf[:n]
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		s.done = true
	case err != nil:
		return nil, featlab.Wrap(err, "stream: reading the CSV")
	default:
		rest, err := s.r.ReadBytes('\n')
		buf = append(buf, rest...)
		if errors.Is(err, io.EOF) {
			s.done = true
		} else if err != nil {
			return nil, featlab.Wrap(err, "stream: reading the CSV")
		}
	}
	if len(bytes.TrimSpace(buf)) == 0 {
		return nil, io.EOF
	}
	c := &csvChunk{s: s, data: buf, row: s.row}
	s.row += bytes.Count(buf, []byte("\n"))
	if buf[len(buf)-1] != '\n' {
		s.row++
	}
	return c, nil
}

type csvChunk struct {
	s    *CSVSource
	data []byte
	row  int
}

// Parse reads the chunk's rows by the loaders' cell rules.
func (c *csvChunk) Parse() (*Block, error) {
	if b, ok, err := c.parseFast(); ok {
		return b, err
	}
	return c.parseGeneral()
}

// parseGeneral reads the chunk through encoding/csv.
func (c *csvChunk) parseGeneral() (*Block, error) {
	s := c.s
	rd := csv.NewReader(bytes.NewReader(c.data))
	rd.FieldsPerRecord = s.cols
	rd.ReuseRecord = true
	var xs, ys []float64
	for i := c.row; ; i++ {
		rec, err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				// chunk line L is file line c.row+1+L (the header is line 1)
				return nil, featlab.Errorf(featlab.ErrShape, "stream: CSV line %d (data row %d): %v", c.row+1+pe.Line, i, pe.Err)
			}
			return nil, featlab.Errorf(featlab.ErrShape, "stream: CSV data row %d: %v", i, err)
		}
		for j, t := range rec {
			name := s.cfg.Target
			if j != s.target {
				k := j
				if s.target >= 0 && j > s.target {
					k--
				}
				name = s.names[k]
			}
			v, err := s.cell(t, i, name)
			if err != nil {
				return nil, err
			}
			if j == s.target {
				ys = append(ys, v)
			} else {
				xs = append(xs, v)
			}
		}
	}
	return c.block(xs, ys), nil
}

// block makes the chunk's Block of the parsed cells: xs row-major over
// the features, ys the target's (ignored without a target).
func (c *csvChunk) block(xs, ys []float64) *Block {
	s := c.s
	d := len(s.names)
	b := &Block{Names: s.names, Target: s.cfg.Target, Row: c.row}
	if len(xs) == 0 && len(ys) == 0 {
		return b
	}
	r := len(ys)
	if s.target < 0 {
		r = len(xs) / max(d, 1)
		ys = nil
	}
	if d > 0 {
		b.X = mat.NewDense(r, d, xs)
	}
	b.Y = ys
	return b
}

// cell parses one cell by the datasets loaders' rules.
func (s *CSVSource) cell(t string, row int, col string) (float64, error) {
	t = strings.TrimSpace(t)
	if s.na[t] {
		return 0, featlab.Errorf(featlab.ErrNotFinite, "stream: missing value %q at data row %d, column %q (a stream has no imputer: fill or drop missing cells first)", t, row, col)
	}
	v, err := strconv.ParseFloat(t, 64)
	switch {
	case err == nil && !math.IsInf(v, 0) && !math.IsNaN(v):
		return v, nil
	case err == nil || errors.Is(err, strconv.ErrRange):
		return 0, featlab.Errorf(featlab.ErrNotFinite, "stream: column %q has %q at data row %d, not a finite number", col, t, row)
	default:
		return 0, featlab.Errorf(featlab.ErrNonNumeric, "stream: column %q has %q at data row %d, neither a number nor a missing-value text", col, t, row)
	}
}

// Pass reads every chunk of src, parses up to workers chunks at once
// (workers <= 0: all cores), adds each to an empty copy of acc and merges
// the copies into acc in chunk order, so that the result is bit-identical
// for any number of workers. Memory holds at most 2 x workers chunks
// (and workers parsed blocks: an Add must not keep its block, whose
// memory a Releaser chunk reuses). The
// first error (in chunk order) stops the pass and is returned; acc then
// holds the rows of the batches of 2 x workers chunks read before. A source
// without any data row is ErrEmpty (acc unchanged).
func Pass(src Source, acc Accumulator, workers int) error {
	if src == nil || acc == nil {
		return featlab.Errorf(featlab.ErrParam, "stream: Pass needs a source and an accumulator")
	}
	w := par.Workers(workers, math.MaxInt32)
	rows := 0
	for {
		var chunks []Chunk
		var readErr error
		for len(chunks) < 2*w {
			c, err := src.Next()
			if err != nil {
				readErr = err
				break
			}
			chunks = append(chunks, c)
		}
		parts := make([]Accumulator, len(chunks))
		sizes := make([]int, len(chunks))
		perr := par.Do(context.Background(), len(chunks), w, nil, func(i int) error {
			b, err := chunks[i].Parse()
			if err != nil {
				return err
			}
			parts[i] = acc.Empty()
			sizes[i], _ = b.dims()
			err = parts[i].Add(b)
			if r, ok := chunks[i].(Releaser); ok {
				r.Release(b)
			}
			return err
		})
		if perr != nil {
			return perr
		}
		for i, p := range parts {
			if err := acc.Merge(p); err != nil {
				return err
			}
			rows += sizes[i]
		}
		if readErr != nil {
			if errors.Is(readErr, io.EOF) {
				if rows == 0 {
					return featlab.Errorf(featlab.ErrEmpty, "stream: the source has no data rows (acc unchanged: an empty shard may be skipped)")
				}
				return nil
			}
			return readErr
		}
	}
}
