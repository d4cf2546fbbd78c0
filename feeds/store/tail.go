package store

import (
	"io"
	"os"
	"path/filepath"
	"slices"

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

// tailRecord is a record to index in the tail: its version's place and
// tag, its item, its offset.
type tailRecord struct {
	v, item vid
	off     int64
}

func newTailRecord(id string, h dialect.History, digest string, off int64) tailRecord {
	return tailRecord{v: vid{placeKey(id, h), digestTag(digest)}, item: vid{k: itemKey(id)}, off: off}
}

// addAll indexes recs in the tail, each version the store does not hold
// yet (two writers raced: both are right), asking the index file about
// all at once (held).
func (s *Store) addAll(recs []tailRecord) {
	vids := make([]vid, 0, 2*len(recs))
	for _, r := range recs {
		vids = append(vids, r.v, r.item)
	}
	held := s.held(vids)
	for i, r := range recs {
		if held[2*i] || slices.ContainsFunc(s.tail.places[r.v.k], func(e entry) bool { return e.tag == r.v.tag }) {
			continue
		}
		s.tail.places[r.v.k] = append(s.tail.places[r.v.k], entry{k: r.v.k, tag: r.v.tag, off: r.off})
		s.tail.records++
		if !held[2*i+1] && !s.tail.itemSet[r.item.k] {
			s.tail.itemSet[r.item.k] = true
			s.tail.items++
		}
	}
}

// scanTail indexes the records of f from `from` to size, up to tailMax
// of them, in t (a new tail when t's places are nil) against the index
// ix, and returns it with the scanner, which says where the sound records
// it read end (short of size when there are more) and what damage it
// skipped.
func (s *Store) scanTail(f io.ReaderAt, ix *diskIndex, from, size int64, t tail) (_ tail, _ *scanner, more bool) {
	if t.places == nil {
		t = newTail(from)
	}
	saved, savedIx := s.tail, s.ix
	s.tail, s.ix = t, ix
	sc := newScanner(f, size, from)
	sc.sound = tailFrom(ix)
	var recs []tailRecord
	for {
		if sc.off-from >= tailMax { // the rest after a merge (index)
			more = sc.off < size
			break
		}
		off, p, ok := sc.next()
		if !ok {
			break
		}
		id, h, digest := decodeKey(&reader{b: p})
		recs = append(recs, newTailRecord(id, h, digest, off))
	}
	s.addAll(recs)
	t = s.tail
	s.tail, s.ix = saved, savedIx
	return t, sc, more
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

// removeTemps removes the temporary files a writer killed while writing
// path left beside it (.NAME.tmp-*). Under the lock: no writer is writing
// one now.
func removeTemps(path string) {
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*"))
	for _, p := range old {
		os.Remove(p)
	}
}

// installIndex writes the index of srcs for the log f (h.end, h.damaged
// set), and opens it in place of the one held.
func (s *Store) installIndex(f *os.File, srcs []source, h indexHeader) error {
	c, err := logCheck(f, h.end)
	if err != nil {
		return err
	}
	h.check, h.head = c, headCheck(f)
	removeTemps(indexPath(s.path)) // of writers killed while writing one
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
