// # Saving and loading fitted values
//
// A fitted transformer, selection, learner's model or pipeline is saved by
// Save as one JSON document, indented so that a person can read it:
//
//	{
//	  "format": "featlab",
//	  "format_version": 1,
//	  "kind": "transform.Standardize",
//	  "kind_version": 1,
//	  "state": {
//	    "d": 2,
//	    "mean": [3.5, -1],
//	    ...
//	  }
//	}
//
// "format" is always "featlab" and "format_version" the version of this
// envelope (1). "kind" names the Go type the file holds, as package.Type,
// and "kind_version" the version of that type's state: a package that
// changes what it saves raises it and still reads the older ones. "state"
// holds what the fitted value learned and the settings it uses to
// transform or predict, with JSON field names spelled out. A value that
// holds other fitted values (a pipeline's steps, a model's predictor)
// stores each as {"kind", "kind_version", "state"} in its state.
//
// Numbers: float64 values are written in the shortest decimal form that
// reads back as the same float64 (Go's strconv with precision -1), so a
// loaded value holds the same bits and transforms and predicts the same
// bits as the saved one (-0 is written "-0" and keeps its sign). Every
// number that a fitted value needs to predict is finite; the few reported
// quantities that may be infinite or NaN (the variance of a feature that
// overflows, a score a method could not compute) are JSONFloat or
// JSONFloats, written as the strings "NaN", "+Inf" and "-Inf". Matrices
// are {"rows", "cols", "data"} with data in row-major order (Matrix).
//
// Loading checks everything: a file that is truncated, not JSON, not a
// featlab file, of an unknown kind, or whose state is inconsistent (shapes
// that do not agree, a NaN where a number must be finite, an index out of
// range, an unknown field) is an error wrapping ErrFormat that says which;
// a file written by a newer version of the library (a format_version or
// kind_version above those this build knows) wraps ErrVersion. Sizes are
// checked against the data the file holds and against DefaultMaxCells
// before anything is allocated, so a hostile file cannot exhaust memory.
//
// Kinds register themselves when their package is initialised (RegisterKind
// in an init function): a program that loads a linear model must import
// featlab/linear, even if only as import _ ".../featlab/linear".
package featlab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"
)

// ErrFormat: a saved file (or state) that cannot be read: truncated, not
// JSON, not a featlab file, of an unknown kind, or with a state that is
// inconsistent. The message says which.
var ErrFormat = errors.New("invalid saved file")

// ErrVersion: a saved file written by a newer version of the library
// (a format or kind version this build does not know).
var ErrVersion = errors.New("saved by a newer version")

// FormatVersion is the version of the envelope Save writes.
const FormatVersion = 1

// MaxFileBytes is the largest file Load reads (1 GiB): a longer stream
// (a device, a wrong file) is an error wrapping ErrTooLarge.
const MaxFileBytes = 1 << 30

// maxFileBytes is MaxFileBytes, lowered by tests.
var maxFileBytes = MaxFileBytes

// maxSaveDepth bounds the nesting of JSON arrays and objects a file may
// have (a pipeline of pipelines needs a few levels per step).
const maxSaveDepth = 200

type kindCodec struct {
	name    string
	version int
	typ     reflect.Type
	save    func(v any) (any, error)
	load    func(version int, state json.RawMessage) (any, error)
}

var registry struct {
	sync.RWMutex
	byName map[string]*kindCodec
	byType map[reflect.Type]*kindCodec
}

// RegisterKind registers how values of type T (usually a pointer to a
// fitted struct) are saved and loaded, under kind (written "pkg.Type") at
// version >= 1. save returns the state, a value encoding/json marshals;
// load rebuilds a T from a state of any version from 1 to version, and
// must check it (shapes, finite numbers, indices), returning errors that
// wrap ErrFormat. Packages call RegisterKind from init; registering a kind
// or a type twice, an empty kind or a version below 1 panics (a
// programmer error).
func RegisterKind[T any](kind string, version int, save func(T) (any, error), load func(version int, state json.RawMessage) (T, error)) {
	typ := reflect.TypeFor[T]()
	if kind == "" || version < 1 || save == nil || load == nil {
		panic(fmt.Sprintf("featlab: RegisterKind(%q, %d) for %v: need a kind, a version >= 1 and both functions", kind, version, typ))
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.byName == nil {
		registry.byName = map[string]*kindCodec{}
		registry.byType = map[reflect.Type]*kindCodec{}
	}
	if _, dup := registry.byName[kind]; dup {
		panic(fmt.Sprintf("featlab: RegisterKind: kind %q registered twice", kind))
	}
	if _, dup := registry.byType[typ]; dup {
		panic(fmt.Sprintf("featlab: RegisterKind: type %v registered twice", typ))
	}
	c := &kindCodec{name: kind, version: version, typ: typ,
		save: func(v any) (any, error) { return save(v.(T)) },
		load: func(ver int, st json.RawMessage) (any, error) { return load(ver, st) },
	}
	registry.byName[kind] = c
	registry.byType[typ] = c
}

// Kinds returns the registered kinds, sorted.
func Kinds() []string {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]string, 0, len(registry.byName))
	for k := range registry.byName {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// savedValue is a value with its kind: the envelope of a nested value.
type savedValue struct {
	Kind    string          `json:"kind"`
	Version int             `json:"kind_version"`
	State   json.RawMessage `json:"state"`
}

// envelope is the top-level document.
type envelope struct {
	Format        string          `json:"format"`
	FormatVersion int             `json:"format_version"`
	Kind          string          `json:"kind"`
	Version       int             `json:"kind_version"`
	State         json.RawMessage `json:"state"`
}

func codecOf(v any) (*kindCodec, error) {
	if IsNilValue(v) {
		return nil, Errorf(ErrParam, "save: nil value (%T)", v)
	}
	registry.RLock()
	c := registry.byType[reflect.TypeOf(v)]
	registry.RUnlock()
	if c == nil {
		return nil, Errorf(ErrParam, "save: no kind is registered for %T (registered: %s)", v, strings.Join(Kinds(), ", "))
	}
	return c, nil
}

// EncodeValue returns v as a nested value {"kind", "kind_version",
// "state"}, for the state of a value that holds other fitted values (a
// pipeline's steps). An unregistered type or a nil value wraps ErrParam, a
// value not fitted ErrNotFitted, a non-finite number where the state must
// be finite ErrNotFinite.
func EncodeValue(v any) (json.RawMessage, error) {
	c, err := codecOf(v)
	if err != nil {
		return nil, err
	}
	state, err := marshalState(c, v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(savedValue{Kind: c.name, Version: c.version, State: state})
}

func marshalState(c *kindCodec, v any) (json.RawMessage, error) {
	st, err := c.save(v)
	if err != nil {
		return nil, Wrap(err, "save %s", c.name)
	}
	b, err := json.Marshal(st)
	if err != nil {
		var ue *json.UnsupportedValueError
		if errors.As(err, &ue) {
			return nil, Errorf(ErrNotFinite, "save %s: %v", c.name, err)
		}
		return nil, Wrap(err, "save %s", c.name)
	}
	return b, nil
}

// DecodeValue reads a nested value written by EncodeValue and returns the
// loaded value. Errors wrap ErrFormat or ErrVersion.
func DecodeValue(data json.RawMessage) (any, error) {
	var sv savedValue
	if err := DecodeState(data, &sv); err != nil {
		return nil, err
	}
	return loadKind(sv.Kind, sv.Version, sv.State)
}

func loadKind(kind string, version int, state json.RawMessage) (any, error) {
	registry.RLock()
	c := registry.byName[kind]
	registry.RUnlock()
	if c == nil {
		if kind == "" {
			return nil, Errorf(ErrFormat, "load: no kind")
		}
		return nil, Errorf(ErrFormat, "load: unknown kind %q (is the package that defines it imported? registered: %s)", kind, strings.Join(Kinds(), ", "))
	}
	if version > c.version {
		return nil, Errorf(ErrVersion, "load %s: kind version %d is newer than %d, the newest this build reads; update the library", kind, version, c.version)
	}
	if version < 1 {
		return nil, Errorf(ErrFormat, "load %s: kind version %d (versions start at 1)", kind, version)
	}
	if len(bytes.TrimSpace(state)) == 0 || string(bytes.TrimSpace(state)) == "null" {
		return nil, Errorf(ErrFormat, "load %s: no state", kind)
	}
	v, err := c.load(version, state)
	if err != nil {
		if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrVersion) {
			// a check of the rebuilt value (ErrShape, ErrParam, ...)
			// failed: the state is inconsistent.
			return nil, &wrapped{msg: "featlab: load " + kind + ": inconsistent state: " + strings.TrimPrefix(err.Error(), "featlab: ") + ": " + ErrFormat.Error(), err: errors.Join(ErrFormat, err)}
		}
		return nil, Wrap(err, "load %s", kind)
	}
	if IsNilValue(v) {
		return nil, Errorf(ErrFormat, "load %s: no value", kind)
	}
	return v, nil
}

// DecodeState decodes a state (or part of one) into dst strictly: unknown
// fields, a wrong type, a number out of float64's range or trailing data
// are errors wrapping ErrFormat.
func DecodeState(data json.RawMessage, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return formatError(data, err)
	}
	if dec.More() {
		return Errorf(ErrFormat, "load: data after the value")
	}
	return nil
}

func formatError(data []byte, err error) error {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || (errors.As(err, &se) && se.Offset >= int64(len(data))):
		return Errorf(ErrFormat, "load: truncated: the file ends after %d bytes in the middle of a value", len(data))
	case errors.As(err, &se):
		return Errorf(ErrFormat, "load: corrupted: not valid JSON at byte %d: %v", se.Offset, err)
	}
	return Errorf(ErrFormat, "load: %v", err)
}

// Save writes the fitted value v to w as an indented JSON document (see
// the package documentation for the format). v must be of a registered
// kind (every fitted transformer, selection, model and pipeline of the
// library is): another type or a nil value is an error wrapping ErrParam,
// a value that is not fitted ErrNotFitted.
func Save(w io.Writer, v any) error {
	if w == nil {
		return Errorf(ErrParam, "save: nil writer")
	}
	c, err := codecOf(v)
	if err != nil {
		return err
	}
	state, err := marshalState(c, v)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(envelope{Format: "featlab", FormatVersion: FormatVersion, Kind: c.name, Version: c.version, State: state}, "", "  ")
	if err != nil {
		return Wrap(err, "save %s", c.name)
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("featlab: save %s: %w", c.name, err)
	}
	return nil
}

// Load reads a value written by Save from r and returns it (a pointer to
// the fitted type, such as *transform.Pipeline). Errors wrap ErrFormat (a
// truncated, corrupted or inconsistent file, an unknown kind: the message
// says which) or ErrVersion (a file from a newer version), or are r's read
// error.
func Load(r io.Reader) (any, error) {
	if r == nil {
		return nil, Errorf(ErrParam, "load: nil reader")
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(maxFileBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("featlab: load: reading failed after %d bytes: %w: %w", len(data), err, ErrFormat)
	}
	if len(data) > maxFileBytes {
		return nil, Errorf(ErrTooLarge, "load: the file is over %d bytes (MaxFileBytes); not a saved model?", maxFileBytes)
	}
	return loadBytes(data)
}

func loadBytes(data []byte) (any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, Errorf(ErrFormat, "load: empty file")
	}
	if err := checkDepth(data); err != nil {
		return nil, err
	}
	if !json.Valid(data) {
		var v any
		return nil, formatError(data, json.Unmarshal(data, &v))
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, Errorf(ErrFormat, "load: not a featlab file: the document is not a JSON object")
	}
	var env envelope
	if err := DecodeState(data, &env); err != nil {
		return nil, err
	}
	if env.Format != "featlab" {
		return nil, Errorf(ErrFormat, "load: not a featlab file: format %q, want \"featlab\"", env.Format)
	}
	if env.FormatVersion > FormatVersion {
		return nil, Errorf(ErrVersion, "load: format version %d is newer than %d, the newest this build reads; update the library", env.FormatVersion, FormatVersion)
	}
	if env.FormatVersion < 1 {
		return nil, Errorf(ErrFormat, "load: format version %d (versions start at 1)", env.FormatVersion)
	}
	return loadKind(env.Kind, env.Version, env.State)
}

// checkDepth refuses documents nested deeper than maxSaveDepth.
func checkDepth(data []byte) error {
	depth, inStr, esc := 0, false, false
	for i, b := range data {
		switch {
		case inStr:
			if esc {
				esc = false
			} else if b == '\\' {
				esc = true
			} else if b == '"' {
				inStr = false
			}
		case b == '"':
			inStr = true
		case b == '{' || b == '[':
			if depth++; depth > maxSaveDepth {
				return Errorf(ErrFormat, "load: corrupted: values nested more than %d deep at byte %d", maxSaveDepth, i)
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	return nil
}

// LoadAs is Load for a value of a known type T (a pointer type such as
// *transform.Pipeline, or an interface such as featlab.Predictor): a file
// holding another kind is an error wrapping ErrFormat that names both.
func LoadAs[T any](r io.Reader) (T, error) {
	var zero T
	v, err := Load(r)
	if err != nil {
		return zero, err
	}
	t, ok := v.(T)
	if !ok {
		return zero, Errorf(ErrFormat, "load: the file holds a %T, not a %v", v, reflect.TypeFor[T]())
	}
	return t, nil
}

// SaveFile saves v to the file at path (see Save), replacing it only once
// the whole document is written: a failed save leaves an earlier file
// intact.
func SaveFile(path string, v any) error {
	var buf bytes.Buffer
	if err := Save(&buf, v); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fileError("save", err)
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fileError("save", err)
	}
	return nil
}

// fileError wraps an error of the file system with ErrMissing (a path
// that does not exist) or ErrParam (any other: a directory, no
// permission), keeping err itself in the chain.
func fileError(op string, err error) error {
	kind := ErrParam
	if errors.Is(err, os.ErrNotExist) {
		kind = ErrMissing
	}
	return fmt.Errorf("featlab: %s: %w: %w", op, err, kind)
}

// LoadFile loads the value saved in the file at path (see Load).
func LoadFile(path string) (any, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError("load", err)
	}
	defer f.Close()
	v, err := Load(f)
	if err != nil {
		return nil, Wrap(err, "%s", path)
	}
	return v, nil
}

// JSONFloat is a float64 whose JSON form is a number when finite and the
// string "NaN", "+Inf" or "-Inf" otherwise, for the reported quantities of
// a state that may be non-finite.
type JSONFloat float64

// MarshalJSON writes f as a number, or as "NaN", "+Inf" or "-Inf".
func (f JSONFloat) MarshalJSON() ([]byte, error) { return appendJSONFloat(nil, float64(f)), nil }

// appendJSONFloat appends v as encoding/json writes a float64 (the
// shortest form that reads back as v), or as a quoted "NaN", "+Inf" or
// "-Inf".
func appendJSONFloat(b []byte, v float64) []byte {
	switch {
	case math.IsNaN(v):
		return append(b, `"NaN"`...)
	case math.IsInf(v, 1):
		return append(b, `"+Inf"`...)
	case math.IsInf(v, -1):
		return append(b, `"-Inf"`...)
	}
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	start := len(b)
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		if n := len(b) - start; n >= 4 && b[len(b)-4] == 'e' && b[len(b)-3] == '-' && b[len(b)-2] == '0' {
			b[len(b)-2] = b[len(b)-1]
			b = b[:len(b)-1]
		}
	}
	return b
}

// UnmarshalJSON reads a number or one of the strings "NaN", "+Inf",
// "-Inf"; anything else (null included) wraps ErrFormat.
func (f *JSONFloat) UnmarshalJSON(b []byte) error {
	v, err := parseJSONFloat(b)
	*f = JSONFloat(v)
	return err
}

func parseJSONFloat(b []byte) (float64, error) {
	switch string(b) {
	case `"NaN"`:
		return math.NaN(), nil
	case `"+Inf"`:
		return math.Inf(1), nil
	case `"-Inf"`:
		return math.Inf(-1), nil
	}
	if len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')) {
		// the decoder hands over a valid JSON value: here a number
		if v, err := strconv.ParseFloat(string(b), 64); err == nil {
			return v, nil
		}
	}
	return 0, Errorf(ErrFormat, "load: %s is not a float64, \"NaN\", \"+Inf\" or \"-Inf\"", truncate(b))
}

// JSONFloats is a []float64 whose elements are written as JSONFloat.
type JSONFloats []float64

// MarshalJSON writes every element as a JSONFloat; nil is null.
func (s JSONFloats) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 2+20*len(s))
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONFloat(b, v)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of JSONFloat values (or null).
func (s *JSONFloats) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return Errorf(ErrFormat, "load: %s is not an array of numbers", truncate(b))
	}
	if raw == nil {
		*s = nil
		return nil
	}
	out := make([]float64, len(raw))
	for i, r := range raw {
		v, err := parseJSONFloat(r)
		if err != nil {
			return err
		}
		out[i] = v
	}
	*s = out
	return nil
}

func truncate(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// Matrix is the saved form of a dense matrix: its dimensions and its
// values in row-major order.
type Matrix struct {
	Rows int        `json:"rows"`
	Cols int        `json:"cols"`
	Data JSONFloats `json:"data"`
}

// NewMatrix returns the saved form of A (a copy of its values); nil for a
// nil or empty A.
func NewMatrix(A mat.Matrix) *Matrix {
	if IsNil(A) {
		return nil
	}
	if d, ok := A.(*mat.Dense); ok && d.IsEmpty() {
		return nil
	}
	r, c := A.Dims()
	m := &Matrix{Rows: r, Cols: c, Data: make([]float64, 0, r*c)}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m.Data = append(m.Data, A.At(i, j))
		}
	}
	return m
}

// Dense checks a loaded matrix and returns it as a *mat.Dense sharing
// Data: at least one row and column, len(Data) = Rows x Cols, every value
// finite. what names it in errors, which wrap ErrFormat. A nil m is an
// error.
func (m *Matrix) Dense(what string) (*mat.Dense, error) {
	if m == nil {
		return nil, Errorf(ErrFormat, "load: %s is missing", what)
	}
	if m.Rows < 1 || m.Cols < 1 {
		return nil, Errorf(ErrFormat, "load: %s is %d x %d", what, m.Rows, m.Cols)
	}
	if err := CheckCells(what, "", m.Rows, m.Cols, -1); err != nil || uint64(m.Rows)*uint64(m.Cols) != uint64(len(m.Data)) {
		return nil, Errorf(ErrFormat, "load: %s is %d x %d but holds %d values", what, m.Rows, m.Cols, len(m.Data))
	}
	if err := CheckFinite(what, m.Data, len(m.Data)); err != nil {
		return nil, err
	}
	return mat.NewDense(m.Rows, m.Cols, m.Data), nil
}

// DenseMissing is Dense for a matrix in which NaN marks a missing value
// (the training rows a k-nearest-neighbour imputer keeps): NaN is allowed,
// an infinity is not.
func (m *Matrix) DenseMissing(what string) (*mat.Dense, error) {
	if m == nil {
		return nil, Errorf(ErrFormat, "load: %s is missing", what)
	}
	for i, v := range m.Data {
		if math.IsInf(v, 0) {
			return nil, Errorf(ErrFormat, "load: inconsistent state: %s holds %v at %d", what, v, i)
		}
	}
	c := *m
	c.Data = make(JSONFloats, len(m.Data))
	for i, v := range m.Data {
		if math.IsNaN(v) {
			v = 0
		}
		c.Data[i] = v
	}
	if _, err := c.Dense(what); err != nil {
		return nil, err
	}
	return mat.NewDense(m.Rows, m.Cols, m.Data), nil
}

// CheckFinite checks a loaded vector: n values (n < 0: any number) all
// finite. what names it in the error, which wraps ErrFormat.
func CheckFinite(what string, v []float64, n int) error {
	if n >= 0 && len(v) != n {
		return Errorf(ErrFormat, "load: inconsistent state: %s has %d values, want %d", what, len(v), n)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Errorf(ErrFormat, "load: inconsistent state: %s[%d] = %v is not finite", what, i, x)
		}
	}
	return nil
}

// CheckIndices checks loaded indices: every one in [0, n). what names
// them in the error, which wraps ErrFormat.
func CheckIndices(what string, idx []int, n int) error {
	for k, j := range idx {
		if j < 0 || j >= n {
			return Errorf(ErrFormat, "load: inconsistent state: %s[%d] = %d outside [0, %d)", what, k, j, n)
		}
	}
	return nil
}

// ConvergenceState is the saved form of a Convergence record: its gap may
// be infinite or NaN (a solver stopped before its first measure), so Gap
// and Tol are JSONFloat.
type ConvergenceState struct {
	Iterations int       `json:"iterations"`
	Converged  bool      `json:"converged"`
	Gap        JSONFloat `json:"gap"`
	Tol        JSONFloat `json:"tol"`
}

// NewConvergenceState returns the saved form of c.
func NewConvergenceState(c Convergence) ConvergenceState {
	return ConvergenceState{c.Iterations, c.Converged, JSONFloat(c.Gap), JSONFloat(c.Tol)}
}

// Convergence checks a loaded record (Iterations >= 0) and returns it;
// errors wrap ErrFormat.
func (s ConvergenceState) Convergence() (Convergence, error) {
	if s.Iterations < 0 {
		return Convergence{}, Errorf(ErrFormat, "load: inconsistent state: %d iterations", s.Iterations)
	}
	return Convergence{s.Iterations, s.Converged, float64(s.Gap), float64(s.Tol)}, nil
}
