package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"sort"
)

// The index file, .feedsync/NAME.versions.index: what the log holds up to
// an offset (its end), sorted, so that a look-up reads one bucket of it
// and never the log, and a command's memory does not grow with the store
// (see the package doc). It is derived from the log and never the only
// copy of anything: one that is missing, damaged (its checksums), or made
// from another log (a store compacted, set aside or copied in since) is
// made again from the log.
//
//	header  indexHeaderSize bytes (indexHeader)
//	entries n × entrySize: key (16 bytes), tag, offset (big-endian uint64s), sorted by key and tag
//	starts  2^bits + 1 big-endian uint64s: the first entry of each bucket (a key's top bits)
//	sums    2^bits big-endian uint32s: the CRC-32C of each bucket's entries
const (
	indexMagic      = "feedsync-vindex\n" // 16 bytes
	indexFormat     = 1
	indexHeaderSize = 80
	entrySize       = 32
	// maxBits bounds the buckets, so that the index's memory (12 bytes a
	// bucket) stays under 1 MiB however large the store; a bucket holds
	// about bucketEntries entries below that.
	maxBits       = 16
	bucketEntries = 64
)

// indexHeader is the index file's header.
type indexHeader struct {
	bits    uint32
	n       int64  // entries
	records int64  // versions (entries with a tag)
	items   int64  // items (entries without)
	end     int64  // the log's bytes it covers
	damaged int64  // damaged records skipped in them
	check   uint32 // logCheck of the log at end
	head    uint32 // the CRC-32C of the log's header: the same log, cut short, has it still
}

func (h *indexHeader) encode() []byte {
	b := make([]byte, indexHeaderSize)
	copy(b, indexMagic)
	be := binary.BigEndian
	be.PutUint32(b[16:], indexFormat)
	be.PutUint32(b[20:], h.bits)
	be.PutUint64(b[24:], uint64(h.n))
	be.PutUint64(b[32:], uint64(h.records))
	be.PutUint64(b[40:], uint64(h.items))
	be.PutUint64(b[48:], uint64(h.end))
	be.PutUint64(b[56:], uint64(h.damaged))
	be.PutUint32(b[64:], h.check)
	be.PutUint32(b[68:], h.head)
	be.PutUint32(b[72:], crc32.Checksum(b[:72], crcTable()))
	return b
}

var errIndex = errors.New("index damaged")

func decodeIndexHeader(b []byte) (indexHeader, error) {
	be := binary.BigEndian
	if len(b) < indexHeaderSize || string(b[:16]) != indexMagic || be.Uint32(b[16:]) != indexFormat ||
		crc32.Checksum(b[:72], crcTable()) != be.Uint32(b[72:]) || be.Uint32(b[20:]) > maxBits {
		return indexHeader{}, errIndex
	}
	h := indexHeader{bits: be.Uint32(b[20:]), n: int64(be.Uint64(b[24:])), records: int64(be.Uint64(b[32:])),
		items: int64(be.Uint64(b[40:])), end: int64(be.Uint64(b[48:])), damaged: int64(be.Uint64(b[56:])), check: be.Uint32(b[64:]), head: be.Uint32(b[68:])}
	if h.n < 0 || h.end < 0 {
		return indexHeader{}, errIndex
	}
	return h, nil
}

// headCheck is the CRC-32C of the log's header, which a log keeps when it
// is cut short and changes when it is compacted (its floor).
func headCheck(log io.ReaderAt) uint32 {
	b := make([]byte, headerSize)
	if _, err := log.ReadAt(b, 0); err != nil {
		return 0
	}
	return crc32.Checksum(b, crcTable())
}

// logCheck is what ties an index to its log: the CRC-32C of the log's
// header and of the (up to) 4 KiB before end.
func logCheck(log io.ReaderAt, end int64) (uint32, error) {
	if end < int64(headerSize) {
		return 0, nil
	}
	from := max(int64(headerSize), end-4096)
	b := make([]byte, int64(headerSize)+end-from)
	if _, err := log.ReadAt(b[:headerSize], 0); err != nil {
		return 0, err
	}
	if _, err := log.ReadAt(b[headerSize:], from); err != nil {
		return 0, err
	}
	return crc32.Checksum(b, crcTable()), nil
}

// diskIndex is an index file, open: its header and buckets in memory, its
// entries read a bucket at a time.
type diskIndex struct {
	f      *os.File
	h      indexHeader
	starts []int64
	sums   []uint32
	buf    []byte // the last bucket read
}

// openIndex opens the index file at path and checks it against log, the
// log of size bytes. nil, nil: there is none; errIndex: it is damaged or
// of another log.
func openIndex(path string, log io.ReaderAt, size int64) (*diskIndex, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	x, err := readIndex(f, log, size)
	if err != nil {
		f.Close()
		return nil, err
	}
	return x, nil
}

func readIndex(f *os.File, log io.ReaderAt, size int64) (*diskIndex, error) {
	hb := make([]byte, indexHeaderSize)
	if _, err := f.ReadAt(hb, 0); err != nil {
		return nil, errIndex
	}
	h, err := decodeIndexHeader(hb)
	if err != nil {
		return nil, err
	}
	if h.end > size {
		return nil, errIndex // the log is shorter than what it indexed
	}
	if c, err := logCheck(log, h.end); err != nil || c != h.check {
		return nil, errIndex
	}
	nb := int64(1) << h.bits
	fence := make([]byte, (nb+1)*8+nb*4)
	if _, err := f.ReadAt(fence, indexHeaderSize+h.n*entrySize); err != nil {
		return nil, errIndex
	}
	x := &diskIndex{f: f, h: h, starts: make([]int64, nb+1), sums: make([]uint32, nb)}
	for i := range x.starts {
		x.starts[i] = int64(binary.BigEndian.Uint64(fence[i*8:]))
		if x.starts[i] > h.n || (i > 0 && x.starts[i] < x.starts[i-1]) {
			return nil, errIndex
		}
	}
	for i := range x.sums {
		x.sums[i] = binary.BigEndian.Uint32(fence[(nb+1)*8+int64(i)*4:])
	}
	if x.starts[0] != 0 || x.starts[nb] != h.n {
		return nil, errIndex
	}
	return x, nil
}

func (x *diskIndex) close() {
	if x != nil {
		x.f.Close()
	}
}

// bucketOf is the bucket of a key under bits.
func bucketOf(k key, bits uint32) int64 {
	if bits == 0 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(k[:8]) >> (64 - bits))
}

// find returns the entries of key k (a place's versions, or an item) in
// out; errIndex when its bucket is damaged.
func (x *diskIndex) find(k key, out []entry) ([]entry, error) {
	if x == nil {
		return out, nil
	}
	b := bucketOf(k, x.h.bits)
	from, to := x.starts[b], x.starts[b+1]
	if from == to {
		return out, nil
	}
	n := (to - from) * entrySize
	if int64(cap(x.buf)) < n {
		x.buf = make([]byte, n)
	}
	buf := x.buf[:n]
	if _, err := x.f.ReadAt(buf, indexHeaderSize+from*entrySize); err != nil || crc32.Checksum(buf, crcTable()) != x.sums[b] {
		return out, errIndex
	}
	cnt := int(to - from)
	i := sort.Search(cnt, func(i int) bool { return bytes.Compare(buf[i*entrySize:i*entrySize+16], k[:]) >= 0 })
	for ; i < cnt && bytes.Equal(buf[i*entrySize:i*entrySize+16], k[:]); i++ {
		out = append(out, decodeEntry(buf[i*entrySize:]))
	}
	return out, nil
}

func decodeEntry(b []byte) entry {
	var e entry
	copy(e.k[:], b)
	e.tag = binary.BigEndian.Uint64(b[16:])
	e.off = int64(binary.BigEndian.Uint64(b[24:]))
	return e
}

func appendEntry(b []byte, e entry) []byte {
	b = append(b, e.k[:]...)
	b = binary.BigEndian.AppendUint64(b, e.tag)
	return binary.BigEndian.AppendUint64(b, uint64(e.off))
}

// entries reads the index's entries in order, for a merge with new ones.
func (x *diskIndex) entries() *entryReader {
	return &entryReader{r: io.NewSectionReader(x.f, indexHeaderSize, x.h.n*entrySize)}
}

// entryReader reads entries from a sorted run, a buffer at a time.
type entryReader struct {
	r   io.Reader
	buf []byte
	pos int
	err error
}

func (r *entryReader) next() (entry, bool) {
	if r.pos+entrySize > len(r.buf) {
		if r.err != nil {
			return entry{}, false
		}
		if r.buf == nil {
			r.buf = make([]byte, 0, 2048*entrySize)
		}
		rest := copy(r.buf[:cap(r.buf)], r.buf[r.pos:])
		n, err := io.ReadAtLeast(r.r, r.buf[rest:cap(r.buf)], entrySize-rest)
		r.buf, r.pos = r.buf[:rest+n], 0
		if err != nil {
			r.err = err
			if rest+n < entrySize {
				return entry{}, false
			}
		}
	}
	e := decodeEntry(r.buf[r.pos:])
	r.pos += entrySize
	return e, true
}
