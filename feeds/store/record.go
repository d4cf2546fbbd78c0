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

// pending is a version Record read, not yet in the file. Its record is
// made as it is written (encoder), so that what a command records is
// never all in memory at once; so is its digest, which src gives again
// (a FeedSync version keeps its digest's bytes, not its hex).
type pending struct {
	id  string
	h   dialect.History
	src dialect.Version
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

// chunk is how much of the records being appended is held before it is
// written: the store's share of a command's memory stays small however
// many versions it records (a fresh store's first merge of the 100k pair
// writes 6 MB of records).
const chunk = 256 << 10

// encoder makes records, reusing its buffers from one to the next.
type encoder struct {
	v    version
	keys []string
}

// append appends the record of p to b: its shared fields alone, with the
// Type of those that have one.
func (e *encoder) append(b []byte, p *pending, digest string) []byte {
	r := &e.v
	r.id, r.h, r.digest, r.flags = p.id, p.h, digest, 0
	r.fields = r.fields[:0]
	clear(r.types)
	for _, f := range p.src.Fields() {
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
	if p.src.Deleted() {
		r.flags |= flagDeleted
	}
	b, e.keys = r.appendTo(b, e.keys)
	clear(r.fields) // let the fields' strings go
	return b
}

// write appends the records of todo that the file does not hold, under
// the store's lock, then calls after with the file, still locked. The
// records are made and written a chunk at a time.
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
	w := appender{f: f, at: s.end}
	if w.at == 0 {
		w.buf = header(0)
	}
	offs := make([]int64, len(todo))
	var enc encoder
	placed := 0
	for i := range todo {
		p := &todo[i]
		offs[i] = -1
		dg := p.src.Digest()
		if s.idx.has(versionKey(p.id, p.h, dg)) {
			continue // another writer recorded it meanwhile
		}
		offs[i], placed = w.offset(), placed+1
		w.buf = enc.append(w.buf, p, dg)
		if err := w.flushAt(chunk); err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
	}
	if placed == 0 {
		return nil
	}
	if err := w.finish(); err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	for i := range todo {
		if offs[i] >= 0 {
			s.idx.add(todo[i].id, todo[i].h, todo[i].src.Digest(), offs[i])
		}
	}
	s.end = w.offset()
	return after(f)
}

// appender writes records at the end of the store file a chunk at a time.
// The index learns of them once all are written and synced; a write cut
// short leaves whole records and at most one torn one past the end the
// index knows, which the next writer overwrites.
type appender struct {
	f   *os.File
	at  int64 // where buf goes in the file
	buf []byte
}

// offset is where the next byte appended goes in the file.
func (w *appender) offset() int64 { return w.at + int64(len(w.buf)) }

// flushAt writes what is held once it is n bytes or more.
func (w *appender) flushAt(n int) error {
	if len(w.buf) < n {
		return nil
	}
	if _, err := w.f.WriteAt(w.buf, w.at); err != nil {
		return err
	}
	w.at += int64(len(w.buf))
	w.buf = w.buf[:0]
	return nil
}

// finish writes what is held, cuts off whatever lay past it (a torn
// record) and syncs the file.
func (w *appender) finish() error {
	if err := w.flushAt(0); err != nil {
		return err
	}
	if err := w.f.Truncate(w.at); err != nil {
		return err
	}
	return w.f.Sync()
}

// lock takes the store's lock, making .feedsync if need be. It refuses a
// .feedsync or a lock file that is a symbolic link, and then records
// nothing more.
func (s *Store) lock() (*atomicfile.Lock, error) {
	dir := filepath.Dir(s.path)
	if err := atomicfile.MkdirBeside(dir, s.feed); err != nil {
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
// the feed cannot be looked at (atomicfile.ModeBeside).
func (s *Store) filePerm() fs.FileMode { return atomicfile.ModeBeside(s.feed) }

// sameFile reports whether f is the file info describes.
func sameFile(f *os.File, info fs.FileInfo) bool {
	fi, err := f.Stat()
	return err == nil && os.SameFile(fi, info)
}
