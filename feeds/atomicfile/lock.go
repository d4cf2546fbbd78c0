package atomicfile

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Lock is a held advisory lock on a file (see the package doc). Its methods
// read and replace the file; Release lets the next writer in.
type Lock struct {
	path, target string
	f            *os.File
	created      bool // this holder made the lock file
	wrote        bool // a replace went through
}

// ErrLocked is what a *LockedError is.
var ErrLocked = errors.New("locked by another writer")

// LockedError reports a lock that another process kept for longer than the
// wait allowed.
type LockedError struct {
	Path   string
	PID    int // the holder as it wrote itself down; 0 if unknown
	Waited time.Duration
}

func (e *LockedError) Error() string {
	who := "another writer"
	if e.PID > 0 {
		who = fmt.Sprintf("another writer (pid %d)", e.PID)
	}
	return fmt.Sprintf("%s: locked by %s; gave up after %s", e.Path, who, e.Waited.Round(time.Second))
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Acquire takes the lock on the file at path (on the file a symbolic link
// names), waiting while another process holds it, until ctx ends or
// LockWait passes. A ctx that has ended before the call tries once: the
// lock, or a *LockedError at once. When LockWait or ctx's deadline passes
// the error is a *LockedError; when ctx is cancelled during the wait (an
// interrupt) the error wraps context.Canceled, for no time ran out.
func Acquire(ctx context.Context, path string) (*Lock, error) {
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	return acquire(ctx, path, target)
}

func acquire(parent context.Context, path, target string) (*Lock, error) {
	tryOnce := parent.Err() != nil
	name := lockName(target)
	start := time.Now()
	ctx, cancel := context.WithTimeout(parent, LockWait)
	defer cancel()
	var f *os.File
	created := false
	for delay := time.Millisecond; ; delay = min(2*delay, 100*time.Millisecond) {
		if f == nil {
			var err error
			if f, created, err = openLock(name, lockMode(target)); err != nil {
				return nil, folderError(path, target, err)
			}
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if ok && current(f, name) {
			break
		}
		if ok { // its holder removed it: the lock is the file now at the name
			f.Close()
			f = nil
			continue
		}
		select {
		case <-ctx.Done():
			pid := holder(f)
			f.Close()
			if !tryOnce && errors.Is(parent.Err(), context.Canceled) { // the caller stopped waiting: no time ran out
				return nil, waitError(path, parent.Err())
			}
			return nil, &LockedError{Path: path, PID: pid, Waited: time.Since(start)}
		case <-time.After(delay):
		}
	}
	// Write down who holds it, for the message of those who wait.
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &Lock{path: path, target: target, f: f, created: created}, nil
}

// lockMode is the mode of target's lock file: target's (ModeBeside), or
// while there is no target yet (a new file, a state not yet written) its
// folder's, without search: a lock in a private feed's .feedsync is
// private, and one others may lock stays so.
func lockMode(target string) fs.FileMode {
	if _, err := os.Stat(target); err == nil {
		return ModeBeside(target)
	}
	return ModeBeside(filepath.Dir(target))
}

// openLock opens the lock file at name, creating it if need be with
// perm, its target's (ModeBeside); created says it did.
func openLock(name string, perm fs.FileMode) (f *os.File, created bool, err error) {
	f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
	if err == nil {
		Created(f, perm)
		return f, true, nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return nil, false, err
	}
	f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE, perm)
	return f, false, err
}

// current reports whether f, just locked, is still the lock file at name:
// a holder that wrote nothing removes the lock file it created (Release),
// and a writer that was waiting on that file must then lock the one at the
// name instead, or it would take turns with nobody.
func current(f *os.File, name string) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	ni, err := os.Stat(name)
	return err == nil && os.SameFile(fi, ni)
}

// waitError is the end of a wait for the lock that the caller cancelled
// (an interrupt): it wraps the context's error.
func waitError(path string, err error) error {
	return fmt.Errorf("%s: waiting for the lock: %w", path, err)
}

// LockPath returns the lock file of the file at path (of the file a
// symbolic link names): .NAME.lock beside it. It is for tidying up after a
// lock taken in a folder made for it; removing a lock file that someone
// may hold defeats the lock.
func LockPath(path string) (string, error) {
	target, err := resolve(path)
	if err != nil {
		return "", err
	}
	return lockName(target), nil
}

// lockName is the lock file of a target: .NAME.lock beside it.
func lockName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".lock")
}

// holder reads the pid the holder of a lock wrote down.
func holder(f *os.File) int {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil {
		return 0
	}
	return pid
}

// Release lets the next writer in. It may be called more than once. A
// holder that created the lock file and wrote nothing (a command that
// failed) removes the file, while it still holds it, so that failed
// commands leave nothing beside an output that never existed; a writer
// waiting on the removed file sees it is gone when it gets its turn, and
// locks the file then at the name.
func (l *Lock) Release() error {
	if l.f == nil {
		return nil
	}
	if removesLockFile && l.created && !l.wrote {
		os.Remove(lockName(l.target))
	}
	err := l.f.Close() // closing drops the lock
	l.f = nil
	return err
}

// Read reads the locked file, as the package-level Read does.
func (l *Lock) Read() (*Snapshot, error) {
	return readTarget(l.path, l.target)
}

// Unchanged returns nil when the locked file is still what s read, and
// the *ChangedError Commit would return otherwise: for a command that
// writes nothing but must know whether what it read still stands. A file
// whose identity (inode, size, modification time) is the one s read is
// not read again, as at a save's last check.
func (l *Lock) Unchanged(s *Snapshot) error {
	if s.target != l.target {
		return fmt.Errorf("checking %s under the lock of %s", s.Path, l.path)
	}
	info, err := os.Lstat(l.target)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !s.Exists():
		return nil
	case err == nil && s.Exists() && sameIdentity(info, s.info):
		return nil
	}
	now, err := l.Read()
	if err != nil {
		return err
	}
	if c := changed(s, now); c != nil {
		return c
	}
	return nil
}

// Commit replaces the locked file with data if it is still what s read,
// and returns the Snapshot of what it wrote, to commit against next. If the
// file changed it writes nothing and returns a *ChangedError; if data is
// larger than MaxBytes, a *TooLargeError.
func (l *Lock) Commit(s *Snapshot, data []byte) (*Snapshot, error) {
	if s.target != l.target {
		return nil, fmt.Errorf("committing %s under the lock of %s", s.Path, l.path)
	}
	return l.replace(s, data, newFilePerm)
}

// Replace replaces the locked file with data whatever it holds now: for a
// command that writes a file it did not read.
func (l *Lock) Replace(data []byte) (*Snapshot, error) {
	return l.replace(nil, data, newFilePerm)
}

// CommitWith is Commit for output that fill writes: it goes straight to
// the temporary file, never whole into memory. Everything Commit promises
// holds: if the file changed it writes nothing and returns a
// *ChangedError; if fill fails, or writes more than MaxBytes (a
// *TooLargeError), the temporary file is removed and the file stays as it
// was. It returns no Snapshot, for it keeps no copy of what it wrote.
func (l *Lock) CommitWith(s *Snapshot, fill func(io.Writer) error) error {
	if s.target != l.target {
		return fmt.Errorf("committing %s under the lock of %s", s.Path, l.path)
	}
	_, err := l.replaceWith(s, fill, newFilePerm)
	return err
}

// ReplaceWith is Replace for output that fill writes, as CommitWith
// writes it.
func (l *Lock) ReplaceWith(fill func(io.Writer) error) error {
	_, err := l.replaceWith(nil, fill, newFilePerm)
	return err
}

// replace writes data over the target; when was is not nil, only if the
// file is still what was read. perm is the permission of a new file.
func (l *Lock) replace(was *Snapshot, data []byte, perm os.FileMode) (*Snapshot, error) {
	if int64(len(data)) > maxBytes {
		return nil, &TooLargeError{Path: l.path, Size: int64(len(data)), Write: true}
	}
	info, err := l.replaceWith(was, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, perm)
	if err != nil {
		return nil, err
	}
	return &Snapshot{Path: l.path, Data: data, target: l.target, info: info, sum: sha256.Sum256(data), session: true}, nil
}

// replaceWith writes what fill writes over the target, refusing more than
// MaxBytes; when was is not nil, only if the file is still what was read.
// perm is the permission of a new file. It returns the new file's identity.
func (l *Lock) replaceWith(was *Snapshot, fill func(io.Writer) error, perm os.FileMode) (os.FileInfo, error) {
	if l.f == nil {
		return nil, fmt.Errorf("writing %s: the lock was released", l.path)
	}
	var g *guard
	if was != nil {
		var err error
		if g, err = newGuard(l, was); err != nil {
			return nil, err
		}
	}
	if info, err := os.Stat(l.target); err == nil {
		if !info.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "writing", Path: l.path, Err: notRegular(info.Mode())}
		}
		perm = info.Mode().Perm()
	}
	removeStaleTemps(l.target)
	info, err := writeTemp(l.target, capped(l.path, fill), perm, func() error {
		if was != nil && was.session {
			return nil
		}
		return rotateBackups(l.target)
	}, g)
	if err != nil {
		return nil, err
	}
	l.wrote = true
	return info, nil
}

// Commit takes the lock on the file s was read from, commits data as
// Lock.Commit does and releases the lock: the check-and-write of a long
// read-modify-write, such as the resolver's save.
func Commit(ctx context.Context, s *Snapshot, data []byte) (*Snapshot, error) {
	l, err := acquire(ctx, s.Path, s.target)
	if err != nil {
		return nil, err
	}
	defer l.Release()
	return l.Commit(s, data)
}

// Update is a short read-modify-write of the file at path under its lock:
// it reads the file, passes it to fn and commits what fn returns. The file
// may not exist (see Snapshot.Exists). An error from fn writes nothing and
// is returned as it is.
func Update(ctx context.Context, path string, fn func(*Snapshot) ([]byte, error)) (*Snapshot, error) {
	l, err := Acquire(ctx, path)
	if err != nil {
		return nil, err
	}
	defer l.Release()
	s, err := l.Read()
	if err != nil {
		return nil, err
	}
	data, err := fn(s)
	if err != nil {
		return nil, err
	}
	return l.Commit(s, data)
}
