package pqsource

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/featlab/course/featlab"
)

// A Parquet footer is one Thrift (compact protocol) FileMetaData struct:
// version (field 1), the schema (2), num_rows (3), row_groups (4, a
// list of RowGroup structs, one per row group with ~100 bytes per column
// chunk), then key-value metadata, created_by and column orders. Its size
// grows with the number of row groups times the number of columns (about
// 6 MB at 10^7 rows of 101 columns in row groups of 16384 rows, 35 MB
// once arrow-go has parsed it), so a shard's footer is never held whole:
// footer scans it once through a small buffer, keeps every top-level
// field but row_groups as it is encoded (the schema and the file's
// key-value metadata: their size does not depend on the rows) and, per
// row group, only where its RowGroup struct lies in the file and its row
// count (24 bytes). A chunk reads its own RowGroup's bytes from the file
// and decodes a one-row-group footer built from them (rowGroupMeta).

// footer is the retained part of a shard's footer.
type footer struct {
	fields []tField // top-level fields in file order (row_groups without its value)
	start  int64    // file offset of the footer
	groups []rgSpan
}

// tField is one top-level field of FileMetaData: its header bytes and,
// except for row_groups (id 4), its encoded value.
type tField struct {
	id     int16
	typ    byte
	header []byte
	value  []byte
}

// rgSpan locates the RowGroup struct of row group g: offset from the
// footer's start, length, and its num_rows.
type rgSpan struct {
	off  int64
	n    int32
	rows int64
}

// retained returns the bytes the footer keeps: the encoded top-level
// fields and 24 bytes per row group (TestFooterRetainedBytes).
func (f *footer) retained() int {
	n := 24 * cap(f.groups)
	for _, fl := range f.fields {
		n += len(fl.header) + len(fl.value)
	}
	return n
}

// errFooter is the internal error of a malformed footer (wrapped with
// ErrParam and the file's name by readShardFooter).
var errFooter = errors.New("malformed Thrift footer")

// Thrift compact-protocol type codes.
const (
	tBoolTrue  = 1
	tBoolFalse = 2
	tByte      = 3
	tI16       = 4
	tI32       = 5
	tI64       = 6
	tDouble    = 7
	tBinary    = 8
	tList      = 9
	tSet       = 10
	tMap       = 11
	tStruct    = 12
	maxDepth   = 64
)

// tReader reads compact-protocol values through a buffer, counting the
// position and, while keep is non-nil, appending the bytes read to it.
type tReader struct {
	r     *bufio.Reader
	pos   int64
	keep  *[]byte
	depth int
}

func (t *tReader) byte() (byte, error) {
	b, err := t.r.ReadByte()
	if err != nil {
		return 0, errFooter
	}
	t.pos++
	if t.keep != nil {
		*t.keep = append(*t.keep, b)
	}
	return b, nil
}

func (t *tReader) uvarint() (uint64, error) {
	var v uint64
	for s := 0; s < 64; s += 7 {
		b, err := t.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(b&0x7f) << s
		if b < 0x80 {
			return v, nil
		}
	}
	return 0, errFooter
}

func (t *tReader) varint() (int64, error) {
	u, err := t.uvarint()
	return int64(u>>1) ^ -int64(u&1), err
}

func (t *tReader) skipBytes(n uint64) error {
	if n > 1<<40 {
		return errFooter
	}
	if t.keep != nil {
		for ; n > 0; n-- {
			if _, err := t.byte(); err != nil {
				return err
			}
		}
		return nil
	}
	d, err := t.r.Discard(int(n))
	t.pos += int64(d)
	if err != nil {
		return errFooter
	}
	return nil
}

// fieldHeader reads a struct field header after field last: its id and
// type, or stop.
func (t *tReader) fieldHeader(last int16) (id int16, typ byte, stop bool, err error) {
	h, err := t.byte()
	if err != nil || h == 0 {
		return 0, 0, true, err
	}
	typ = h & 0x0f
	if delta := int16(h >> 4); delta != 0 {
		return last + delta, typ, false, nil
	}
	v, err := t.varint()
	return int16(v), typ, false, err
}

// listHeader reads a list or set header: size and element type.
func (t *tReader) listHeader() (n uint64, elem byte, err error) {
	h, err := t.byte()
	if err != nil {
		return 0, 0, err
	}
	n, elem = uint64(h>>4), h&0x0f
	if n == 15 {
		n, err = t.uvarint()
	}
	return n, elem, err
}

// skip skips a value of type typ; bools are one byte when elem (inside a
// list, set or map) and carried by the type code in a field.
func (t *tReader) skip(typ byte, elem bool) error {
	switch typ {
	case tBoolTrue, tBoolFalse:
		if elem {
			_, err := t.byte()
			return err
		}
		return nil
	case tByte:
		_, err := t.byte()
		return err
	case tI16, tI32, tI64:
		_, err := t.uvarint()
		return err
	case tDouble:
		return t.skipBytes(8)
	case tBinary:
		n, err := t.uvarint()
		if err != nil {
			return err
		}
		return t.skipBytes(n)
	}
	if t.depth++; t.depth > maxDepth {
		return errFooter
	}
	defer func() { t.depth-- }()
	switch typ {
	case tList, tSet:
		n, et, err := t.listHeader()
		for ; err == nil && n > 0; n-- {
			err = t.skip(et, true)
		}
		return err
	case tMap:
		n, err := t.uvarint()
		if err != nil || n == 0 {
			return err
		}
		kv, err := t.byte()
		for ; err == nil && n > 0; n-- {
			if err = t.skip(kv>>4, true); err == nil {
				err = t.skip(kv&0x0f, true)
			}
		}
		return err
	case tStruct:
		var last int16
		for {
			id, ft, stop, err := t.fieldHeader(last)
			if err != nil || stop {
				return err
			}
			if err := t.skip(ft, false); err != nil {
				return err
			}
			last = id
		}
	}
	return errFooter
}

// rowGroup skips one RowGroup struct, returning its num_rows (field 3).
func (t *tReader) rowGroup() (rows int64, err error) {
	if t.depth++; t.depth > maxDepth {
		return 0, errFooter
	}
	defer func() { t.depth-- }()
	var last int16
	for {
		id, ft, stop, err := t.fieldHeader(last)
		if err != nil || stop {
			return rows, err
		}
		if id == 3 && ft == tI64 {
			if rows, err = t.varint(); err != nil {
				return 0, err
			}
		} else if err := t.skip(ft, false); err != nil {
			return 0, err
		}
		last = id
	}
}

// readShardFooter scans the footer of the Parquet file f (size bytes)
// and returns what a source keeps of it; a file that is not Parquet, an
// encrypted footer or a malformed one wraps ErrParam naming path.
func readShardFooter(f *os.File, size int64, path string) (*footer, error) {
	bad := func(why string) error {
		return featlab.Errorf(featlab.ErrParam, "pqsource: %s is not a readable Parquet file: %s", path, why)
	}
	var tail [8]byte
	var head [4]byte
	if size < 12 {
		return nil, bad("too short")
	}
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return nil, bad(err.Error())
	}
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return nil, bad(err.Error())
	}
	if string(tail[4:]) == "PARE" {
		return nil, bad("encrypted footers are not supported")
	}
	if string(head[:]) != "PAR1" || string(tail[4:]) != "PAR1" {
		return nil, bad("no PAR1 magic")
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	start := size - 8 - n
	if n <= 0 || start < 4 {
		return nil, bad("footer length out of range")
	}
	t := &tReader{r: bufio.NewReaderSize(io.NewSectionReader(f, start, n), 32<<10)}
	ft := &footer{start: start}
	var last int16
	for {
		var hdr []byte
		t.keep = &hdr
		id, typ, stop, err := t.fieldHeader(last)
		if err != nil {
			return nil, bad(err.Error())
		}
		if stop {
			break
		}
		fl := tField{id: id, typ: typ, header: hdr}
		if id == 4 && typ == tList {
			t.keep = nil
			cnt, et, err := t.listHeader()
			if err != nil || et != tStruct || cnt > uint64(n) {
				return nil, bad("row groups are not a list of structs")
			}
			ft.groups = make([]rgSpan, 0, cnt)
			for ; cnt > 0; cnt-- {
				off := t.pos
				rows, err := t.rowGroup()
				if err != nil || t.pos-off > 1<<31-1 {
					return nil, bad("malformed row group")
				}
				ft.groups = append(ft.groups, rgSpan{off: off, n: int32(t.pos - off), rows: rows})
			}
		} else {
			var val []byte
			t.keep = &val
			if err := t.skip(typ, false); err != nil {
				return nil, bad(err.Error())
			}
			fl.value = val
		}
		ft.fields = append(ft.fields, fl)
		last = id
	}
	return ft, nil
}

// encode returns a FileMetaData holding the retained fields, num_rows =
// rows and the row groups of rg (the encoded RowGroup structs, each
// complete; none when nil).
func (ft *footer) encode(rows int64, rg []byte, count int) []byte {
	var b bytes.Buffer
	for _, fl := range ft.fields {
		b.Write(fl.header)
		switch {
		case fl.id == 3 && fl.typ == tI64:
			b.Write(binary.AppendUvarint(nil, uint64(rows<<1)^uint64(rows>>63)))
		case fl.id == 4 && fl.typ == tList:
			if count < 15 {
				b.WriteByte(byte(count<<4) | tStruct)
			} else {
				b.WriteByte(0xf0 | tStruct)
				b.Write(binary.AppendUvarint(nil, uint64(count)))
			}
			b.Write(rg)
		default:
			b.Write(fl.value)
		}
	}
	b.WriteByte(0)
	return b.Bytes()
}

// schemaMeta decodes the footer without its row groups: the schema and
// file-level metadata, for the column checks.
func (ft *footer) schemaMeta() (*metadata.FileMetaData, error) {
	return metadata.NewFileMetaData(ft.encode(0, nil, 0), nil)
}

// rowGroupMeta reads row group g's RowGroup struct from f and decodes the
// one-row-group footer made of it.
func (ft *footer) rowGroupMeta(f *os.File, g int) (*metadata.FileMetaData, error) {
	sp := ft.groups[g]
	buf := make([]byte, sp.n)
	if _, err := f.ReadAt(buf, ft.start+sp.off); err != nil {
		return nil, err
	}
	return metadata.NewFileMetaData(ft.encode(sp.rows, buf, 1), nil)
}
