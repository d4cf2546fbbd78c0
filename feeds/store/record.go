package store

import (
	"context"
	"fmt"
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
	return s.flush(c.todo, d, false)
}

// flush appends todo and compacts the store against d when it has passed
// its cap; it returns the warnings of the write (versions left out, a
// file set aside, damage skipped). current says todo are versions of the
// feed just saved: one too big to record is left out without a word,
// since it is still in the feed; the warning comes when it leaves the
// feed (RecordLeft), once, which is when it is lost as a base. Otherwise
// a feed holding a version that big would warn at every save.
func (s *Store) flush(todo []pending, d *dialect.Doc, current bool) error {
	if len(todo) == 0 {
		return s.takeWarning(nil)
	}
	err := s.write(todo, current, func(f *os.File) error {
		if s.end <= max(s.max, 2*s.floor) {
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

// tooBig is the warning for the versions a write left out, each bigger
// than a record can be.
type tooBig struct {
	n     int
	first string // the first left out: its item and entry
	size  int    // and its size
}

func (t *tooBig) note(p *pending, size int) {
	if t.n == 0 {
		t.first, t.size = fmt.Sprintf("item %q at %s", p.id, entryName(p.h)), size
	}
	t.n++
}

func (t *tooBig) err(path string) error {
	if t.n == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s not recorded, over the store's limit of %d MiB a version (the first, %s, holds %d bytes): it will not be known as a base",
		path, count(t.n, "version"), MaxRecord>>20, t.first, t.size)
}

// entryName is a history entry as a warning names it.
func entryName(h dialect.History) string {
	return fmt.Sprintf("#%d by %s at %s", h.Number, h.By, whenText(h))
}

// write appends the records of todo that the file does not hold, under
// the store's lock, then calls after with the file, still locked. The
// records are made and written a chunk at a time. A version whose record
// would be longer than MaxRecord, which no reader would take, is left
// out, with a warning unless it is current (flush); the rest are written.
func (s *Store) write(todo []pending, current bool, after func(*os.File) error) error {
	return s.locked(func() error {
		f, err := s.openLocked()
		if err != nil {
			return err
		}
		w := appender{f: f, at: s.end}
		var enc encoder
		var big tooBig
		var placed []int // todo's indexes written, in order
		var offs []int64
		vids := make([]vid, len(todo))
		for i := range todo {
			vids[i] = vid{placeKey(todo[i].id, todo[i].h), digestTag(todo[i].src.Digest())}
		}
		held := s.held(vids) // by another writer meanwhile, or before
		for i := range todo {
			p := &todo[i]
			dg := p.src.Digest()
			if held[i] {
				continue
			}
			at := len(w.buf)
			w.buf = enc.append(w.buf, p, dg)
			if n := len(w.buf) - at - frameSize; n > MaxRecord {
				w.buf = w.buf[:at]
				big.note(p, n)
				continue
			}
			offs, placed = append(offs, w.at+int64(at)), append(placed, i)
			if err := w.flushAt(chunk); err != nil {
				return fmt.Errorf("%s: %w", s.path, err)
			}
		}
		if !current {
			s.warn(big.err(s.path))
		}
		if len(placed) == 0 {
			return nil
		}
		if err := w.finish(); err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		recs := make([]tailRecord, len(placed))
		for j, i := range placed {
			recs[j] = tailRecord{v: vids[i], item: vid{k: itemKey(todo[i].id)}, off: offs[j]}
		}
		s.addAll(recs)
		s.end = w.offset()
		if s.end-s.tail.from > tailMax {
			if err := s.mergeTail(f, 0); err != nil {
				s.warn(fmt.Errorf("%s: %w", indexPath(s.path), err)) // the tail stays in memory
			}
		}
		return after(f)
	})
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

// locked runs f under the store's lock. A Store that holds it already
// (f calls back into it) runs f as it is.
func (s *Store) locked(f func() error) error {
	if s.holding {
		return f()
	}
	l, err := s.lock()
	if err != nil {
		return err
	}
	defer l.Release()
	s.holding = true
	defer func() { s.holding = false }()
	return f()
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

// filePerm is the mode of the store's files: the feed's, as its backups
// keep it, since the store holds the data of the feed's items; 0600 when
// the feed cannot be looked at (atomicfile.ModeBeside).
func (s *Store) filePerm() fs.FileMode { return atomicfile.ModeBeside(s.feed) }

// sameFile reports whether f is the file info describes.
func sameFile(f *os.File, info fs.FileInfo) bool {
	fi, err := f.Stat()
	return err == nil && os.SameFile(fi, info)
}
