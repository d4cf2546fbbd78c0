package store

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
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
	feed string   // the feed the store stands beside
	path string   // the store file
	f    *os.File // the store file as indexed, for reading; nil when there is none
	end  int64    // where the last whole record of f ends
	off  bool     // unusable (a symbolic link in the way): records nothing
	// warned is the warning of a store file set aside, until Open or
	// Record returns it.
	warned error
	max    int64 // the size cap
	idx    index
}

// DefaultMaxBytes is the size cap of a store unless SetMaxBytes says
// otherwise: past it, a Record compacts the store (see the package doc).
const DefaultMaxBytes = 256 << 20

// Path returns the path of the store of the feed at feedPath:
// .feedsync/NAME.versions beside it.
func Path(feedPath string) string {
	return filepath.Join(filepath.Dir(feedPath), ".feedsync", filepath.Base(feedPath)+".versions")
}

// Open opens the version store of the feed at feedPath (beside it, in
// .feedsync/; beside the file a link names, as saves follow links). It never fails a command: a missing store is empty; a
// damaged, foreign-version or unsafe (symbolic link) store is set aside
// and the returned warning (non-nil) says so, once; the *Store is still
// usable, empty.
func Open(feedPath string) (s *Store, warning error) {
	if t, err := atomicfile.Target(feedPath); err == nil {
		feedPath = t // a feed reached through a link keeps one store, beside its lock and backups
	}
	s = &Store{feed: feedPath, path: Path(feedPath), max: DefaultMaxBytes, idx: newIndex()}
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

// takeWarning returns err, or else the warning of a file set aside, once.
func (s *Store) takeWarning(err error) error {
	if err == nil {
		err = s.warned
	}
	s.warned = nil
	return err
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

// load reads the store file and indexes it. A damaged or foreign file is
// set aside (the warning says so); a torn last record is ignored.
func (s *Store) load() error {
	f, err := os.OpenFile(s.path, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		s.off = true
		return fmt.Errorf("%s: %w; going on without it", s.path, err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		s.off = true
		return fmt.Errorf("%s: %w; going on without it", s.path, err)
	}
	idx := newIndex()
	end, err := idx.scan(data, 0)
	if err != nil {
		info, _ := f.Stat()
		f.Close()
		return s.setAside(info, err.Error())
	}
	s.f, s.end, s.idx = f, end, idx
	return nil
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
	off, ok := s.idx.at(id, h)
	if !ok {
		return Version{}, false
	}
	p, err := readRecordAt(s.f, off)
	if err != nil {
		return Version{}, false
	}
	v, err := decode(p)
	if err != nil || v.id != id || !v.h.Equal(h) {
		return Version{}, false
	}
	return Version{Fields: v.fields, Types: v.types, Deleted: v.flags&flagDeleted != 0}, true
}

// Close closes the store file. The Store records nothing after.
func (s *Store) Close() error {
	if s == nil || s.f == nil {
		return nil
	}
	err := s.f.Close()
	s.f, s.off = nil, true
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
	return Stats{Path: s.path, Records: s.idx.records, Items: len(s.idx.items), Bytes: s.end}
}

// SetMaxBytes sets the size cap past which Record compacts the store.
func (s *Store) SetMaxBytes(n int64) {
	if s != nil && n > 0 {
		s.max = n
	}
}

// seed makes the index's hashes; they live only in this process.
var seed = maphash.MakeSeed()
