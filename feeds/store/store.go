package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Store is the version store of one feed. A nil *Store is a feed without
// a store: Base finds nothing and Record records nothing. A Store is not
// safe for concurrent use by several goroutines; several Stores, in one
// process or several, may share a file (see the package doc).
type Store struct {
	feed  string   // the feed the store stands beside
	path  string   // the store file (the log)
	f     *os.File // the log as indexed, for reading; nil when there is none
	end   int64    // where the last sound record of f ends
	floor int64    // the log header's floor
	off   bool     // unusable (a symbolic link in the way): records nothing
	// warned is the warning of a store file set aside, or of damage
	// skipped, until Open or Record returns it.
	warned error
	max    int64 // the size cap
	ix     *diskIndex
	tail   tail
	// rebuild says the index file is damaged: the next time the lock is
	// held it is made again from the log.
	rebuild bool
	holding bool    // the lock is held (locked)
	found   []entry // scratch for look-ups
}

// DefaultMaxBytes is the size cap of a store unless SetMaxBytes says
// otherwise: past it, a Record compacts the store (see the package doc).
const DefaultMaxBytes = 256 << 20

// Path returns the path of the store of the feed at feedPath:
// .feedsync/NAME.versions beside it.
func Path(feedPath string) string {
	return filepath.Join(filepath.Dir(feedPath), ".feedsync", filepath.Base(feedPath)+".versions")
}

// indexPath is the index file of the store at path.
func indexPath(path string) string { return path + ".index" }

// Open opens the version store of the feed at feedPath (beside it, in
// .feedsync/; beside the file a link names, as saves follow links). It
// never fails a command: a missing store is empty; damaged records are
// skipped and the returned warning (non-nil) says how many; a foreign,
// later-format or unsafe (symbolic link) store is set aside and the
// warning says so, once; the *Store is still usable.
func Open(feedPath string) (s *Store, warning error) {
	if t, err := atomicfile.Target(feedPath); err == nil {
		feedPath = t // a feed reached through a link keeps one store, beside its lock and backups
	}
	s = &Store{feed: feedPath, path: Path(feedPath), max: DefaultMaxBytes}
	if err := checkDir(filepath.Dir(s.path)); err != nil {
		s.off = true
		return s, err
	}
	info, err := os.Lstat(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		s.off = true
		return s, fmt.Errorf("%s: %w; going on without it", s.path, err)
	case !info.Mode().IsRegular():
		return s, s.takeWarning(s.setAside(info, fmt.Sprintf("is a %s, not a file", kind(info.Mode()))))
	}
	return s, s.takeWarning(s.load())
}

// takeWarning returns err, or else the warning kept in s.warned, once.
func (s *Store) takeWarning(err error) error {
	err = errors.Join(err, s.warned)
	s.warned = nil
	return err
}

// TakeWarning returns what went wrong since Open or the last Record
// returned its warnings, once: a damaged record Base or Lookup found
// (which then finds nothing). A reader that only looks up calls it when
// it is done, to say it.
func (s *Store) TakeWarning() error {
	if s == nil {
		return nil
	}
	return s.takeWarning(nil)
}

// warn keeps a warning for takeWarning, after any kept before.
func (s *Store) warn(err error) {
	s.warned = errors.Join(s.warned, err)
}

// checkDir refuses a .feedsync that is a symbolic link or not a folder:
// the store is never written through a link.
func checkDir(dir string) error {
	info, err := os.Lstat(dir)
	if err != nil || info.IsDir() {
		return nil // missing: made by the first Record
	}
	return fmt.Errorf("%s is a %s: the version store is not used", dir, kind(info.Mode()))
}

// kind names what a file that is not a regular one is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsDir():
		return "folder"
	case m.IsRegular():
		return "file"
	}
	return "special file"
}

// load opens the store file and its index without the lock, as readers
// do. Anything that needs a write (an index to make or bring up to date,
// damage to skip once and for all, a store to set aside) is done under
// the lock, by openLocked.
func (s *Store) load() error {
	f, err := os.OpenFile(s.path, os.O_RDONLY|oNoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		s.off = true
		return fmt.Errorf("%s: %w; going on without it", s.path, err)
	}
	if s.loadQuiet(f) {
		return nil
	}
	f.Close()
	return s.locked(func() error { _, err := s.openLocked(); return err })
}

// loadQuiet indexes f without the lock and reports whether that was all
// it needed: a sound header, an index of this log (or a log short enough
// to need none) and a short tail without damage.
func (s *Store) loadQuiet(f *os.File) bool {
	info, err := f.Stat()
	if err != nil || info.Size() < int64(headerSize) {
		return false
	}
	hb := make([]byte, headerSize)
	if _, err := f.ReadAt(hb, 0); err != nil || checkHeader(hb) != nil {
		return false
	}
	ix, err := openIndex(indexPath(s.path), f, info.Size())
	if err != nil || (ix == nil && info.Size() > int64(headerSize)+tailMax) {
		return false
	}
	t, sc, more := s.scanTail(f, ix, tailFrom(ix), info.Size(), tail{})
	if sc.damaged > 0 || more {
		ix.close()
		return false
	}
	s.f, s.end, s.floor, s.ix, s.tail = f, sc.End(), floorOf(hb, info.Size()), ix, t
	return true
}

// tailFrom is where the records the index ix does not cover begin.
func tailFrom(ix *diskIndex) int64 {
	if ix == nil {
		return int64(headerSize)
	}
	return ix.h.end
}

// Base returns the shared data of the version of item id whose topmost
// history entry is h (1.0.2: sequence, when, by; 0.91: version number and
// the sx:update's when and by), as feeds.Field values (the Key, Label,
// Value, Shared and Type that Version.Fields gives, shared fields only), and
// whether the store holds it. Two different data recorded under one
// history entry (issue 20: one endpoint that reused a sequence) are
// neither returned: false.
func (s *Store) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	v, ok := s.Lookup(id, h)
	return v.Fields, ok
}

// Lookup returns all the store holds of the version of item id whose
// topmost history entry is h, as Base finds it: its shared fields, their
// types by key and whether it was a tombstone.
func (s *Store) Lookup(id string, h dialect.History) (Version, bool) {
	if s == nil || s.f == nil {
		return Version{}, false
	}
	vs := s.versions(placeKey(id, h))
	if len(vs) != 1 {
		return Version{}, false // none, or two data under one entry
	}
	p, err := readRecordAt(s.f, vs[0].off)
	if err != nil {
		// Damaged since it was indexed: lost, alone.
		s.warn(fmt.Errorf("%s: the record of item %q at %s is damaged (%v); the other records are kept", s.path, id, entryName(h), err))
		return Version{}, false
	}
	v, err := decode(p)
	if err != nil || v.id != id || !v.h.Equal(h) {
		return Version{}, false
	}
	return Version{Fields: v.fields, Types: v.types, Deleted: v.flags&flagDeleted != 0}, true
}

// versions returns the versions of a place the store holds, from its
// index file and its tail. A damaged index is made again from the log,
// under the lock, and asked again; if it cannot be, the place is not
// found.
func (s *Store) versions(k key) []entry {
	es, err := s.ix.find(k, s.found[:0])
	if err != nil {
		s.rebuild = true
		if s.off || s.holding || s.locked(func() error { _, err := s.openLocked(); return err }) != nil {
			return nil // made again the next time the lock is taken
		}
		if es, err = s.ix.find(k, s.found[:0]); err != nil {
			return nil
		}
	}
	es = append(es, s.tail.places[k]...)
	s.found = es
	return es
}

// Close closes the store file. The Store records nothing after.
func (s *Store) Close() error {
	if s == nil || s.f == nil {
		return nil
	}
	s.ix.close()
	err := s.f.Close()
	s.f, s.ix, s.off = nil, nil, true
	return err
}

// Stats is what `feedsync store` shows of a store.
type Stats struct {
	Path    string
	Records int   // versions held
	Items   int   // distinct items
	Bytes   int64 // the file's size
}

// Stats returns the store's figures.
func (s *Store) Stats() Stats {
	if s == nil {
		return Stats{}
	}
	st := Stats{Path: s.path, Records: s.tail.records, Items: s.tail.items, Bytes: s.end}
	if s.ix != nil {
		st.Records += int(s.ix.h.records)
		st.Items += int(s.ix.h.items)
	}
	return st
}

// SetMaxBytes sets the size cap past which Record compacts the store.
func (s *Store) SetMaxBytes(n int64) {
	if s != nil && n > 0 {
		s.max = n
	}
}
