package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// openLocked opens the store file for writing, under the lock, and brings
// the Store up to date with it: the records other writers appended since
// it was indexed, or the whole file when it is not the one indexed
// (another writer compacted it, or set it aside). It makes what a reader
// without the lock could not: the store file, atomically, when there is
// none; its index file, when it is missing, damaged or of another log; the
// tail merged into the index when it is long or holds damage, so that
// damage is said once. A torn last record is left to be overwritten; a
// file of a later format or not a store at all is set aside and a new one
// begun. Its warnings are kept for takeWarning.
func (s *Store) openLocked() (*os.File, error) {
	f, err := s.openLog()
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	size := info.Size()
	same := s.f != nil && sameFile(s.f, info)
	if size < int64(headerSize) && headerPrefix(f, size) {
		if size, err = s.beginAgain(f, size); err != nil {
			f.Close()
			return nil, err
		}
		same = false
	}
	hb := make([]byte, min(size, int64(headerSize)))
	if _, err := f.ReadAt(hb, 0); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	if err := checkHeader(hb); err != nil {
		fixed, damaged := s.formatDamaged(err, hb)
		if !damaged && errors.Is(err, errNewer) || !soundAt(f, size, int64(headerSize)) {
			f.Close()
			if aside := s.rename(info, err.Error()); aside != nil {
				s.off = true
				return nil, aside
			}
			return s.openLocked()
		}
		// Sound records after a header that is not: a damaged header.
		if fixed == nil {
			fixed = header(0)
		}
		if err := writeSynced(f, fixed, 0); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", s.path, err)
		}
		s.warn(fmt.Errorf("%s: its header was damaged (%v) and is written again; its records are kept", s.path, err))
		hb = fixed
	}
	if err := s.index(f, size, same); err != nil {
		f.Close()
		return nil, err
	}
	if s.f != nil && s.f != f {
		s.f.Close()
	}
	s.f, s.floor = f, floorOf(hb, size)
	return f, nil
}

// formatDamaged reports whether the header hb, which checkHeader refused
// with err, is this format's with its format number damaged (see
// formatDamaged), and returns it mended.
func (s *Store) formatDamaged(err error, hb []byte) ([]byte, bool) {
	if !errors.Is(err, errNewer) {
		return nil, false
	}
	h, ok := indexHeaderAt(indexPath(s.path))
	return formatDamaged(hb, h.head, ok)
}

// openLog opens the store file for reading and writing, making it, with
// its header, when there is none: written to a temporary file and renamed
// into place, so that an empty store file is never one being begun.
func (s *Store) openLog() (*os.File, error) {
	perm := s.filePerm()
	f, err := os.OpenFile(s.path, os.O_RDWR|oNoFollow, 0)
	if errors.Is(err, os.ErrNotExist) {
		if err := s.replace(header(0)); err != nil {
			return nil, err
		}
		os.Remove(indexPath(s.path)) // of a store gone meanwhile
		f, err = os.OpenFile(s.path, os.O_RDWR|oNoFollow, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	info, err := f.Stat()
	if err == nil && info.Mode().Perm()&^perm != 0 {
		err = f.Chmod(info.Mode().Perm() & perm)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	return f, nil
}

// beginAgain writes a header to a store file shorter than one, which no
// feedsync leaves (it makes a store whole, header first): the file was cut
// short or emptied, and the warning says what was lost. It returns the
// file's new size.
func (s *Store) beginAgain(f *os.File, size int64) (int64, error) {
	lost, least := s.Stats().Records, ""
	if h, ok := indexHeaderAt(indexPath(s.path)); ok && lost == 0 {
		lost, least = int(h.records), "at least " // what its index covered
	}
	what := "the bases it held are lost"
	if lost > 0 {
		what = fmt.Sprintf("%s%s it held are lost", least, count(lost, "version"))
	}
	s.warn(fmt.Errorf("%s is empty (%s): %s; it begins again", s.path, count(int(size), "byte"), what))
	os.Remove(indexPath(s.path))
	if s.ix != nil {
		s.ix.close()
		s.ix = nil
	}
	if err := f.Truncate(0); err != nil {
		return 0, err
	}
	if err := writeSynced(f, header(0), 0); err != nil {
		return 0, fmt.Errorf("%s: %w", s.path, err)
	}
	return int64(headerSize), nil
}

// headerPrefix reports whether the size bytes of f, fewer than a header,
// begin a store's header: a store cut short, not some other file.
func headerPrefix(f *os.File, size int64) bool {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil {
		return false
	}
	return bytes.HasPrefix(header(0), b[:min(len(b), len(magic)+4)])
}

// indexHeaderAt reads the header of the index file at path, whatever log
// it was made of.
func indexHeaderAt(path string) (indexHeader, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		return indexHeader{}, false
	}
	defer f.Close()
	b := make([]byte, indexHeaderSize)
	if _, err := f.ReadAt(b, 0); err != nil {
		return indexHeader{}, false
	}
	h, err := decodeIndexHeader(b)
	return h, err == nil
}

func writeSynced(f *os.File, b []byte, off int64) error {
	if _, err := f.WriteAt(b, off); err != nil {
		return err
	}
	return f.Sync()
}

// soundAt reports whether a sound record begins at off of f: a file
// whose header is damaged is still a store.
func soundAt(f *os.File, size, off int64) bool {
	_, _, ok := newScanner(f, size, off).frameAt(off)
	return ok
}

// index brings the Store's index up to date with the log f of size bytes
// (same: the log it indexed before): the index file it holds or the one
// on disk, made again from the log when it is of another log or damaged,
// and the tail after it.
func (s *Store) index(f *os.File, size int64, same bool) error {
	from := s.end
	if !same || s.rebuild || !s.sameIndex() {
		ix, err := openIndex(indexPath(s.path), f, size)
		s.ix.close()
		s.ix, s.tail = nil, tail{}
		switch {
		case err != nil || s.rebuild || (ix == nil && size > int64(headerSize)+tailMax):
			ix.close()
			return s.buildIndex(f, size)
		}
		s.ix, s.tail, from = ix, newTail(tailFrom(ix)), tailFrom(ix)
	}
	for {
		t, sc, more := s.scanTail(f, s.ix, from, size, s.tail)
		s.tail, s.end = t, sc.End()
		if sc.damaged > 0 || more || s.end-s.tail.from > tailMax {
			if err := s.mergeTail(f, sc.damaged); err != nil {
				return fmt.Errorf("%s: %w", indexPath(s.path), err)
			}
			if d := sc.damage(); d != "" {
				s.warn(fmt.Errorf("%s: %s; the other records are kept", s.path, d))
			}
		}
		if !more {
			return nil
		}
		from = s.end
	}
}

// sameIndex reports whether the index file the Store holds is the one on
// disk (none, when it holds none).
func (s *Store) sameIndex() bool {
	info, err := os.Lstat(indexPath(s.path))
	if s.ix == nil {
		return err != nil
	}
	return err == nil && sameFile(s.ix.f, info)
}

// buildIndex makes the index of the whole log f, of size bytes, from its
// records in bounded memory (sorter), skipping damage, which it says; a
// log of at most tailMax without damage gets none, its records in the
// tail. A log shorter than its last index covered says how many versions
// went with it.
func (s *Store) buildIndex(f *os.File, size int64) error {
	old, hadOld := indexHeaderAt(indexPath(s.path))
	so := &sorter{tmpDir: filepath.Dir(s.path)}
	defer so.close()
	sc := newScanner(f, size, int64(headerSize))
	n := 0
	for off, p, ok := sc.next(); ok; off, p, ok = sc.next() {
		r := &reader{b: p}
		id, h, digest := decodeKey(r)
		for _, e := range entriesOf(id, h, digest, off) {
			if err := so.add(e); err != nil {
				return fmt.Errorf("%s: %w", indexPath(s.path), err)
			}
		}
		n++
	}
	s.end = sc.End()
	if !hadOld && sc.damaged == 0 && s.end-int64(headerSize) <= tailMax {
		os.Remove(indexPath(s.path)) // damaged beyond reading its header
		t, _, _ := s.scanTail(f, nil, int64(headerSize), s.end, tail{})
		s.tail, s.rebuild = t, false
		return nil
	}
	if err := s.installIndex(f, so.sources(), indexHeader{end: s.end, damaged: int64(sc.damaged)}); err != nil {
		return fmt.Errorf("%s: %w", indexPath(s.path), err)
	}
	if d := sc.damage(); d != "" {
		s.warn(fmt.Errorf("%s: %s; the other %s are kept", s.path, d, count(n, "record")))
	}
	if lost := old.records - s.ix.h.records; hadOld && old.end > size && old.head == headCheck(f) && lost > 0 {
		s.warn(fmt.Errorf("%s is shorter than it was (%d bytes, was at least %d): %s lost", s.path, size, old.end, count(int(lost), "version")))
	}
	return nil
}
