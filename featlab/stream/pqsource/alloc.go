package pqsource

import (
	"math/bits"
	"runtime"
	"sync"

	"github.com/apache/arrow-go/v18/parquet"
)

// readBufferBytes is the read-ahead buffer of each column reader
// (parquet.ReaderProperties.BufferSize with BufferedStreamEnabled): a
// column chunk is read through it page by page, not copied whole into
// memory first (a page larger than the buffer is read into its own
// recycled buffer directly; the small buffer itself is the reader's
// only garbage).
const readBufferBytes = 4 << 10

// poolAlloc is an arrow memory.Allocator that recycles the page and
// decompression buffers of the column readers: each buffer's capacity is
// a power of two (from 4 KiB), and a freed buffer goes back to a
// sync.Pool of its size, cleared when taken again. Reading a row group
// then allocates its pages once per worker instead of once per column
// per row group, which keeps the garbage (and so the heap the collector
// lets grow) near the live data: the buffers in flight, not the bytes
// read.
type poolAlloc struct{ pools [64]sync.Pool }

const minClass = 12 // 4 KiB

func class(n int) int {
	if n <= 1<<minClass {
		return minClass
	}
	return bits.Len(uint(n - 1))
}

// Allocate returns a zeroed slice of length size.
func (a *poolAlloc) Allocate(size int) []byte {
	if size == 0 {
		return []byte{}
	}
	c := class(size)
	if p, ok := a.pools[c].Get().(*[]byte); ok {
		b := (*p)[:size]
		clear(b)
		return b
	}
	return make([]byte, size, 1<<c)
}

// Reallocate grows or shrinks b to size, keeping its contents.
func (a *poolAlloc) Reallocate(size int, b []byte) []byte {
	if size <= cap(b) {
		old := len(b)
		b = b[:size]
		if size > old {
			clear(b[old:])
		}
		return b
	}
	nb := a.Allocate(size)
	copy(nb, b)
	a.Free(b)
	return nb
}

// Free returns b to the pool of its size (a slice this allocator did not
// make is left to the collector).
func (a *poolAlloc) Free(b []byte) {
	c := cap(b)
	if c < 1<<minClass || c&(c-1) != 0 {
		return
	}
	b = b[:c]
	a.pools[bits.Len(uint(c))-1].Put(&b)
}

// readerProps returns the reader properties of a Source: buffered
// column streams, page streaming of large plain pages, and a's buffers.
func readerProps(a *poolAlloc) *parquet.ReaderProperties {
	p := parquet.NewReaderProperties(a)
	p.BufferedStreamEnabled = true
	p.BufferSize = readBufferBytes
	p.PageStreamingEnabled = true
	return p
}

// floatPool recycles the []float64 of the blocks (given back by
// pqChunk.Release) and of the column buffers: a free list of at most
// floatPoolMax slices, so that what it keeps is bounded (a sync.Pool
// would keep a second generation across a collection, which doubles the
// live heap the collector sizes its goal from). Row groups of one data
// set mostly have the same size, so a pass allocates about one block per
// worker instead of one per row group.
type floatPool struct {
	mu   sync.Mutex
	free [][]float64
}

// floatPoolMax bounds floatPool's free list: a block and a column buffer
// per core, and a few more.
var floatPoolMax = 2*runtime.GOMAXPROCS(0) + 4

// get returns a slice of length n (its contents are overwritten by the
// caller: every cell of a block is written), the most recently freed
// one of that length when there is one.
func (f *floatPool) get(n int) []float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.free) - 1; i >= 0; i-- {
		if v := f.free[i]; len(v) == n {
			f.free = append(f.free[:i], f.free[i+1:]...)
			return v
		}
	}
	return make([]float64, n)
}

// put gives v back; when the list is full the oldest slice is dropped
// (left to the collector).
func (f *floatPool) put(v []float64) {
	if len(v) == 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.free) >= floatPoolMax {
		f.free = append(f.free[:0], f.free[1:]...)
	}
	f.free = append(f.free, v)
}
