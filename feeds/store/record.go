package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// lockWait bounds how long Record waits for another writer of the store:
// past it the versions are not recorded, and the command goes on.
const lockWait = 10 * time.Second

// pending is a version Record read, not yet in the file.
type pending struct {
	id     string
	h      dialect.History
	digest string
	rec    []byte // the record, frame and payload
}

// Record records every version (the winner and the conflict versions) of
// every item in d that the store does not hold yet. Its cost grows with
// what is new, not with the feed: what the store holds is known by the
// in-memory index of keys, and the new versions are appended; but the
// first Record of a big feed computes the fields of every version (see
// RecordSave, which the commands use). A version without history, which
// has no key, is not recorded. An error says the versions were not
// recorded; the store stays usable, and the caller goes on (it is a
// warning, never a failure of the command).
func (s *Store) Record(d *dialect.Doc) error {
	if s == nil || s.off || d == nil {
		return nil
	}
	c := s.newCollector()
	for _, e := range d.Entries() {
		for _, v := range versionsOf(e) {
			c.version(e.ID(), v)
		}
	}
	return s.flush(c.todo, d)
}

// flush appends todo and compacts the store against d when it has passed
// its cap; it returns a warning of a file set aside meanwhile.
func (s *Store) flush(todo []pending, d *dialect.Doc) error {
	if len(todo) == 0 {
		return nil
	}
	err := s.write(todo, func(f *os.File) error {
		if s.end <= max(s.max, 2*s.idx.floor) {
			return nil
		}
		return s.compact(f, d)
	})
	return s.takeWarning(err)
}

// recordOf encodes a version's record: its shared fields alone, with
// the Type of those that have one.
func recordOf(id string, h dialect.History, digest string, v dialect.Version) []byte {
	r := version{id: id, h: h, digest: digest}
	for _, f := range v.Fields() {
		if !f.Shared {
			continue
		}
		r.fields = append(r.fields, f)
		if f.Type != "" {
			if r.types == nil {
				r.types = map[string]string{}
			}
			r.types[f.Key] = f.Type
		}
	}
	if v.Deleted() {
		r.flags |= flagDeleted
	}
	return r.encode(nil)
}

// write appends the records of todo that the file does not hold, under
// the store's lock, then calls after with the file, still locked.
func (s *Store) write(todo []pending, after func(*os.File) error) error {
	l, err := s.lock()
	if err != nil {
		return err
	}
	defer l.Release()
	f, err := s.openLocked()
	if err != nil {
		return err
	}
	var buf []byte
	type at struct {
		p   *pending
		off int64
	}
	var placed []at
	start := s.end
	if start == 0 {
		buf = header(0)
	}
	for i := range todo {
		p := &todo[i]
		if s.idx.has(versionKey(p.id, p.h, p.digest)) {
			continue // another writer recorded it meanwhile
		}
		placed = append(placed, at{p, start + int64(len(buf))})
		buf = append(buf, p.rec...)
	}
	if len(placed) == 0 {
		return nil
	}
	if err := appendAt(f, buf, start); err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	for _, a := range placed {
		s.idx.add(a.p.id, a.p.h, a.p.digest, a.off)
	}
	s.end = start + int64(len(buf))
	return after(f)
}

// appendAt writes buf at off, cuts off whatever lay past it (a torn
// record) and syncs the file.
func appendAt(f *os.File, buf []byte, off int64) error {
	if _, err := f.WriteAt(buf, off); err != nil {
		return err
	}
	if err := f.Truncate(off + int64(len(buf))); err != nil {
		return err
	}
	return f.Sync()
}

// lock takes the store's lock, making .feedsync if need be. It refuses a
// .feedsync or a lock file that is a symbolic link, and then records
// nothing more.
func (s *Store) lock() (*atomicfile.Lock, error) {
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if err := checkDir(dir); err != nil {
		s.off = true
		return nil, err
	}
	if info, err := os.Lstat(s.path); err == nil && !info.Mode().IsRegular() {
		s.off = true
		return nil, fmt.Errorf("%s is a %s: the version store is not written", s.path, kind(info.Mode()))
	}
	if err := checkLockFile(s.path); err != nil {
		s.off = true
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	return atomicfile.Acquire(ctx, s.path)
}

// lockPath is the store's lock file, as package atomicfile names it.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// openLocked opens the store file for writing, under the lock, and brings
// the index up to date with it: the records other writers appended since
// the index was made, or the whole file when it is not the one indexed
// (another writer compacted it, or set it aside). A torn last record is
// left to be overwritten; a damaged file is set aside and a new one begun.
func (s *Store) openLocked() (*os.File, error) {
	perm := s.filePerm()
	f, err := os.OpenFile(s.path, os.O_RDWR|os.O_CREATE|oNoFollow, perm)
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
	base := s.end
	if s.f == nil || !sameFile(s.f, info) {
		base = 0
	}
	data := make([]byte, max(info.Size()-base, 0))
	if _, err := f.ReadAt(data, base); err != nil && !errors.Is(err, io.EOF) {
		f.Close()
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	idx := s.idx
	if base == 0 {
		idx = newIndex()
	}
	end, err := idx.scan(data, base)
	if err != nil {
		f.Close()
		if aside := s.rename(info, err.Error()); aside != nil {
			s.off = true
			return nil, aside
		}
		return s.openLocked()
	}
	if s.f != nil && s.f != f {
		s.f.Close()
	}
	s.f, s.end, s.idx = f, end, idx
	return f, nil
}

// filePerm is the mode of the store file: the feed's, as its backups
// keep it, since the store holds the data of the feed's items; 0600 when
// the feed cannot be looked at.
func (s *Store) filePerm() fs.FileMode {
	info, err := os.Stat(s.feed)
	if err != nil {
		return 0o600
	}
	return info.Mode().Perm() & 0o666
}

// sameFile reports whether f is the file info describes.
func sameFile(f *os.File, info fs.FileInfo) bool {
	fi, err := f.Stat()
	return err == nil && os.SameFile(fi, info)
}
