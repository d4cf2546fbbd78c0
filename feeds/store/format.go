package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The file: a header, then records (see the package doc).
const (
	magic       = "feedsync-versions\n" // 18 bytes
	headerSize  = len(magic) + 4 + 8    // magic, the format (big-endian uint32), floor (uint64)
	format      = 1
	frameSize   = 8 // a record's length and CRC, each a big-endian uint32
	whenLayout  = time.RFC3339Nano
	flagDeleted = 1
)

// MaxRecord is the longest record the store writes and reads: one
// limit, shared by the writer, which leaves out a version whose record
// would be longer (with a warning), and the reader, to which a longer
// length is damage.
const MaxRecord = 4 << 20

// crcTable is CRC-32C's (Castagnoli), made when first used: making it
// costs about a million instructions, which every command would pay at
// start-up (TestStartupInitIsLight).
var crcTable = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// header returns the bytes a store of this format starts with. floor is
// the file's size when it was last compacted (0: never): the next
// compaction waits until the file is twice that, so that a store whose
// current versions alone pass the cap is not rewritten by every command.
func header(floor int64) []byte {
	return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint32([]byte(magic), format), uint64(floor))
}

// floorOf reads the floor of a header checkHeader accepted, in a file of
// size bytes: one past the file's size is damage, and read as none.
func floorOf(b []byte, size int64) int64 {
	if f := int64(binary.BigEndian.Uint64(b[len(magic)+4 : headerSize])); f <= size {
		return f
	}
	return 0
}

// errNewer is a store written by a later format than this build reads.
var errNewer = errors.New("written by a newer feedsync")

// maxFormat bounds the format numbers a feedsync writes: they are
// numbered 1, 2, 3 as the format changes, so a number past this one is
// damage (a bit flipped in the header), not a later format.
const maxFormat = 255

// formatDamaged reports whether hb, a header checkHeader refused as of a
// newer format, is this format's header with its format number damaged:
// the number is past maxFormat, or the index made of this log by this
// format saw the header as this format's (its head check is that of hb
// with this format's number). A later feedsync that rewrites a log in a
// new format removes the old index, as this one does when it sets a log
// aside or compacts it. It returns the header as it was, to write again.
func formatDamaged(hb []byte, indexHead uint32, haveIndex bool) ([]byte, bool) {
	if len(hb) < headerSize || string(hb[:len(magic)]) != magic {
		return nil, false
	}
	fixed := slices.Clone(hb)
	binary.BigEndian.PutUint32(fixed[len(magic):], format)
	v := binary.BigEndian.Uint32(hb[len(magic):])
	if v > maxFormat || haveIndex && crc32.Checksum(fixed, crcTable()) == indexHead {
		return fixed, true
	}
	return nil, false
}

// checkHeader reads the header of a store file.
func checkHeader(b []byte) error {
	if len(b) < len(magic)+4 || string(b[:len(magic)]) != magic {
		return errors.New("not a feedsync version store")
	}
	if v := binary.BigEndian.Uint32(b[len(magic):]); v != format {
		if v > format {
			return fmt.Errorf("format %d, %w", v, errNewer)
		}
		return fmt.Errorf("unknown format %d", v)
	}
	if len(b) < headerSize {
		return errors.New("not a feedsync version store")
	}
	return nil
}

// version is one record: an item version's key and its shared data.
type version struct {
	id     string
	h      dialect.History
	digest string
	flags  byte
	types  map[string]string // the fields' Type by key, for those that have one
	fields []feeds.Field     // shared fields only
	src    dialect.Version   // the version a record is made of (collector)
}

// Version is what the store holds of one item version: its shared data as
// Version.Fields gives it (Shared fields only, each with its Type: how a
// title, content or summary holds its text, "html" and "xhtml" being
// markup), that Type again by field key, and whether it was a tombstone.
type Version struct {
	Fields  []feeds.Field
	Types   map[string]string
	Deleted bool
}

// encode appends v's record (frame and payload) to b.
func (v *version) encode(b []byte) []byte {
	b, _ = v.appendTo(b, nil)
	return b
}

// appendTo appends v's record to b, sorting the keys of its types in
// keys, which it returns for reuse.
func (v *version) appendTo(b []byte, keys []string) ([]byte, []string) {
	start := len(b)
	b = append(b, make([]byte, frameSize)...)
	b = appendString(b, v.id)
	b = binary.AppendVarint(b, int64(v.h.Number))
	b = appendString(b, whenText(v.h))
	b = appendString(b, v.h.By)
	b = appendString(b, v.digest)
	b = append(b, v.flags)
	b = binary.AppendUvarint(b, uint64(len(v.types)))
	keys = slices.AppendSeq(keys[:0], maps.Keys(v.types))
	slices.Sort(keys)
	for _, k := range keys {
		b = appendString(appendString(b, k), v.types[k])
	}
	b = binary.AppendUvarint(b, uint64(len(v.fields)))
	for _, f := range v.fields {
		b = appendString(appendString(appendString(b, f.Key), f.Label), f.Value)
	}
	payload := b[start+frameSize:]
	binary.BigEndian.PutUint32(b[start:], uint32(len(payload)))
	binary.BigEndian.PutUint32(b[start+4:], crc32.Checksum(payload, crcTable()))
	return b, keys
}

// whenText is a history entry's when as the key holds it: UTC, to the
// nanosecond the feed gave, or "" for none.
func whenText(h dialect.History) string {
	if !h.HasWhen() {
		return ""
	}
	return h.When.UTC().Format(whenLayout)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// reader decodes a payload; the first error sticks.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("record ends early")

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errShort
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = errShort
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) string() string {
	n := r.uvarint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = errShort
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.err = errShort
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// decodeKey reads the key part of a payload: what the index needs.
func decodeKey(r *reader) (id string, h dialect.History, digest string) {
	id = r.string()
	h.Number = int(r.varint())
	if w := r.string(); w != "" && r.err == nil {
		t, err := time.Parse(whenLayout, w)
		if err != nil {
			r.err = fmt.Errorf("when %q: %w", w, err)
		}
		h.When = t
	}
	h.By = r.string()
	digest = r.string()
	return id, h, digest
}

// decode reads a whole payload.
func decode(payload []byte) (*version, error) {
	r := &reader{b: payload}
	v := &version{}
	v.id, v.h, v.digest = decodeKey(r)
	v.flags = r.byte()
	if n := r.uvarint(); n > 0 && r.err == nil {
		v.types = make(map[string]string, min(n, 16))
		for range n {
			k := r.string()
			v.types[k] = r.string()
			if r.err != nil {
				break
			}
		}
	}
	n := r.uvarint()
	for i := uint64(0); i < n && r.err == nil; i++ {
		f := feeds.Field{Key: r.string(), Label: r.string(), Value: r.string(), Shared: true}
		f.Type = v.types[f.Key]
		v.fields = append(v.fields, f)
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("bytes after the record")
	}
	return v, r.err
}

// readRecordAt reads the payload of the record at off of f.
func readRecordAt(f io.ReaderAt, off int64) ([]byte, error) {
	var fr [frameSize]byte
	if _, err := f.ReadAt(fr[:], off); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(fr[:])
	if n == 0 || n > MaxRecord {
		return nil, fmt.Errorf("offset %d: a record of %d bytes", off, n)
	}
	p := make([]byte, n)
	if _, err := f.ReadAt(p, off+frameSize); err != nil {
		return nil, err
	}
	if crc32.Checksum(p, crcTable()) != binary.BigEndian.Uint32(fr[4:]) {
		return nil, fmt.Errorf("offset %d: checksum mismatch", off)
	}
	return p, nil
}
