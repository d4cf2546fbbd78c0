package store

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// source gives entries in order.
type source interface{ next() (entry, bool) }

// sliceSource gives the entries of a sorted slice.
type sliceSource struct {
	es []entry
	i  int
}

func (s *sliceSource) next() (entry, bool) {
	if s.i == len(s.es) {
		return entry{}, false
	}
	s.i++
	return s.es[s.i-1], true
}

// runEntries is how many entries a sorter holds before it writes them,
// sorted, to its temporary file (4 MiB): an index is made from a store of
// any size in that much memory, and a read buffer per run.
const runEntries = 1 << 17

// sorter sorts the entries of a whole log in bounded memory: sorted runs
// go to a temporary file beside the store, and are merged as the index
// is written.
type sorter struct {
	tmpDir string
	buf    []entry
	tmp    *os.File
	runs   [][2]int64 // offset and length in tmp
	at     int64
}

func (s *sorter) add(e entry) error {
	s.buf = append(s.buf, e)
	if len(s.buf) < runEntries {
		return nil
	}
	return s.spill()
}

func sortEntries(es []entry) {
	slices.SortFunc(es, func(a, b entry) int {
		if c := compareVids(vid{a.k, a.tag}, vid{b.k, b.tag}); c != 0 {
			return c
		}
		return int(min(max(a.off-b.off, -1), 1))
	})
}

func (s *sorter) spill() error {
	if s.tmp == nil {
		f, err := os.CreateTemp(s.tmpDir, ".versions.runs-*")
		if err != nil {
			return err
		}
		os.Remove(f.Name()) // gone with the process, whatever happens
		s.tmp = f
	}
	sortEntries(s.buf)
	w := bufio.NewWriterSize(io.NewOffsetWriter(s.tmp, s.at), 256<<10)
	var b []byte
	for _, e := range s.buf {
		b = appendEntry(b[:0], e)
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	n := int64(len(s.buf)) * entrySize
	s.runs = append(s.runs, [2]int64{s.at, n})
	s.at += n
	s.buf = s.buf[:0]
	return nil
}

// sources returns the sorted runs, the last in memory.
func (s *sorter) sources() []source {
	var out []source
	for _, r := range s.runs {
		out = append(out, &entryReader{r: io.NewSectionReader(s.tmp, r[0], r[1])})
	}
	sortEntries(s.buf)
	return append(out, &sliceSource{es: s.buf})
}

func (s *sorter) close() {
	if s.tmp != nil {
		s.tmp.Close()
	}
}

// merged gives the entries of several sources in order, each (key, tag)
// once: the one of the least offset, the version recorded first.
type merged struct {
	srcs  []source
	heads []entry
	ok    []bool
	last  entry
	any   bool
}

func mergeSources(srcs []source) *merged {
	m := &merged{srcs: srcs, heads: make([]entry, len(srcs)), ok: make([]bool, len(srcs))}
	for i, s := range srcs {
		m.heads[i], m.ok[i] = s.next()
	}
	return m
}

func (m *merged) next() (entry, bool) {
	for {
		best := -1
		for i := range m.heads {
			if m.ok[i] && (best < 0 || m.heads[i].less(m.heads[best]) ||
				(m.heads[i].k == m.heads[best].k && m.heads[i].tag == m.heads[best].tag && m.heads[i].off < m.heads[best].off)) {
				best = i
			}
		}
		if best < 0 {
			return entry{}, false
		}
		e := m.heads[best]
		m.heads[best], m.ok[best] = m.srcs[best].next()
		if m.any && e.k == m.last.k && e.tag == m.last.tag {
			continue
		}
		m.last, m.any = e, true
		return e, true
	}
}

// writeIndex writes the entries of srcs, merged, as the index of a log
// whose first end bytes they cover, to a temporary file beside path, and
// renames it over path. perm is the store's mode.
func writeIndex(path string, perm os.FileMode, srcs []source, h indexHeader) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	w := bufio.NewWriterSize(io.NewOffsetWriter(tmp, indexHeaderSize), 256<<10)
	m := mergeSources(srcs)
	h.n, h.records, h.items = 0, 0, 0
	var b []byte
	for e, ok := m.next(); ok; e, ok = m.next() {
		b = appendEntry(b[:0], e)
		if _, err = w.Write(b); err != nil {
			return err
		}
		h.n++
		if e.tag == 0 {
			h.items++
		} else {
			h.records++
		}
	}
	if err = w.Flush(); err != nil {
		return err
	}
	if err = writeFence(tmp, &h); err != nil {
		return err
	}
	if _, err = tmp.WriteAt(h.encode(), 0); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	atomicfile.SyncDir(filepath.Dir(path))
	return nil
}

// writeFence reads the entries written back and writes, after them, each
// bucket's first entry and checksum; it sets h.bits.
func writeFence(f *os.File, h *indexHeader) error {
	h.bits = 0
	if h.n > bucketEntries {
		h.bits = uint32(min(bits.Len64(uint64(h.n/bucketEntries)), maxBits))
	}
	nb := int64(1) << h.bits
	starts := make([]int64, nb+1)
	sums := make([]uint32, nb)
	r := &entryReader{r: io.NewSectionReader(f, indexHeaderSize, h.n*entrySize)}
	var b []byte
	for i := int64(0); i < h.n; i++ {
		e, ok := r.next()
		if !ok {
			return io.ErrUnexpectedEOF
		}
		bk := bucketOf(e.k, h.bits)
		starts[bk+1] = i + 1
		b = appendEntry(b[:0], e)
		sums[bk] = crc32.Update(sums[bk], crcTable(), b)
	}
	for i := int64(1); i <= nb; i++ {
		starts[i] = max(starts[i], starts[i-1])
	}
	fence := make([]byte, 0, (nb+1)*8+nb*4)
	for _, s := range starts {
		fence = binary.BigEndian.AppendUint64(fence, uint64(s))
	}
	for _, s := range sums {
		fence = binary.BigEndian.AppendUint32(fence, s)
	}
	_, err := f.WriteAt(fence, indexHeaderSize+h.n*entrySize)
	return err
}
