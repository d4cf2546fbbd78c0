package store

import (
	"io"
	"os"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// tailMax bounds the records a store holds in memory: those past the end
// of its index file (appended since it was made). Past it, the writer
// that holds the lock merges them into the index; a reader that finds
// more takes the lock to do so. A store of at most tailMax has no index
// file at all.
const tailMax = 4 << 20

// tail indexes, in memory, the records of the log from `from` on that the
// index file does not cover: their places' versions, and their items
// that the index does not hold.
type tail struct {
	from    int64
	places  map[key][]entry
	itemSet map[key]bool
	records int // versions, each once
	items   int // items the index does not hold
}

func newTail(from int64) tail {
	return tail{from: from, places: map[key][]entry{}, itemSet: map[key]bool{}}
}

// add indexes the record of version (id, h, digest) at off, unless the
// store holds that version already (two writers raced; both are right).
func (s *Store) add(id string, h dialect.History, digest string, off int64) {
	es := entriesOf(id, h, digest, off)
	for _, e := range s.versions(es[0].k) {
		if e.tag == es[0].tag {
			return
		}
	}
	s.tail.places[es[0].k] = append(s.tail.places[es[0].k], es[0])
	s.tail.records++
	ik := es[1].k
	if s.tail.itemSet[ik] {
		return
	}
	found, err := s.ix.find(ik, s.found[:0])
	s.found = found
	if err == nil && len(found) > 0 {
		return
	}
	s.tail.itemSet[ik] = true
	s.tail.items++
}

// scanTail indexes the records of f from `from` to size in t (a new tail
// when t's places are nil) against the index ix, and returns it with the
// scanner, which says where the sound records end and what damage it
// skipped.
func (s *Store) scanTail(f io.ReaderAt, ix *diskIndex, from, size int64, t tail) (tail, *scanner) {
	if t.places == nil {
		t = newTail(from)
	}
	saved, savedIx := s.tail, s.ix
	s.tail, s.ix = t, ix
	sc := newScanner(f, size, from)
	sc.sound = tailFrom(ix)
	for off, p, ok := sc.next(); ok; off, p, ok = sc.next() {
		r := &reader{b: p}
		id, h, digest := decodeKey(r)
		s.add(id, h, digest, off)
	}
	t = s.tail
	s.tail, s.ix = saved, savedIx
	return t, sc
}

// tailEntries returns the tail's entries, sorted: each version, and each
// item the index does not hold.
func (t *tail) entries() []entry {
	out := make([]entry, 0, t.records+t.items)
	for _, es := range t.places {
		out = append(out, es...)
	}
	for k := range t.itemSet {
		out = append(out, entry{k: k})
	}
	sortEntries(out)
	return out
}

// mergeTail writes a new index file holding the index's entries and the
// tail's, covering the log f to s.end, with damaged more places skipped;
// the tail is then empty. Under the lock.
func (s *Store) mergeTail(f *os.File, damaged int) error {
	h := indexHeader{end: s.end, damaged: int64(damaged)}
	var srcs []source
	if s.ix != nil {
		h.damaged += s.ix.h.damaged
		srcs = append(srcs, s.ix.entries())
	}
	srcs = append(srcs, &sliceSource{es: s.tail.entries()})
	return s.installIndex(f, srcs, h)
}

// installIndex writes the index of srcs for the log f (h.end, h.damaged
// set), and opens it in place of the one held.
func (s *Store) installIndex(f *os.File, srcs []source, h indexHeader) error {
	c, err := logCheck(f, h.end)
	if err != nil {
		return err
	}
	h.check = c
	if err := writeIndex(indexPath(s.path), s.filePerm(), srcs, h); err != nil {
		return err
	}
	ix, err := openIndex(indexPath(s.path), f, h.end)
	if err != nil || ix == nil {
		return errIndex
	}
	s.ix.close()
	s.ix, s.tail = ix, newTail(h.end)
	s.rebuild = false
	return nil
}
