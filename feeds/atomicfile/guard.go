package atomicfile

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// saveHook, when not nil, runs at each stage of a save: "synced" once
// the temporary file is written and synced, "checked" once the file to
// replace has been checked for the last time, just before the rename, and
// "renamed" just after it.
// Tests use it to change the file behind the save's back.
var saveHook func(stage string)

func hook(stage string) {
	if saveHook != nil {
		saveHook(stage)
	}
}

// errNoExchange is exchange's answer where files cannot be swapped.
var errNoExchange = errors.New("no atomic exchange here")

// swap is exchange; tests take it away to try the fallback.
var swap = exchange

// guard is the check of a read-modify-write at the rename (see "Read,
// modify, write" in the package doc). A program that does not take the
// lock (an editor) may replace the file at any moment, also while the
// temporary file is written and synced, which takes a while for a large
// feed: the file is checked again just before it is replaced, and the
// file that is replaced is looked at afterwards, for someone may have
// slipped in between.
type guard struct {
	l    *Lock
	was  *Snapshot   // what the caller read
	seen os.FileInfo // the file as last checked; nil when absent

	replaced string // the name the replaced file is kept under, or ""
	swapped  bool   // replaced by exchange, which can be undone in one step
}

// newGuard checks the locked file against was, as Commit promises, and
// returns the guard that checks it again at the rename.
func newGuard(l *Lock, was *Snapshot) (*guard, error) {
	now, err := l.Read()
	if err != nil {
		return nil, err
	}
	if c := changed(was, now); c != nil {
		return nil, c
	}
	return &guard{l: l, was: was, seen: now.info}, nil
}

// recheck checks the file once more. A file whose identity (inode, size,
// modification time) is the one last seen is not read again.
func (g *guard) recheck() error {
	info, err := os.Lstat(g.l.target)
	if errors.Is(err, fs.ErrNotExist) && g.seen == nil {
		return nil
	}
	if err == nil && g.seen != nil && sameIdentity(info, g.seen) {
		return nil
	}
	now, err := g.l.Read()
	if err != nil {
		return err
	}
	if c := changed(g.was, now); c != nil {
		return c
	}
	g.seen = now.info
	return nil
}

// place puts the temporary file tmp at the target and keeps the file it
// replaced, whatever that is at that instant, for verify: the two are
// swapped in one step where the system can (tmp then names the replaced
// file); elsewhere the target is linked under a second name just before
// the rename, which keeps a file written in place, though not one renamed
// there in the instant between. A file created where none was is linked,
// not renamed, into place where the file system allows it, so that a file
// someone else created meanwhile is never replaced.
func (g *guard) place(tmp string) error {
	if g.seen == nil {
		return g.create(tmp)
	}
	err := swap(tmp, g.l.target)
	if err == nil {
		g.replaced, g.swapped = tmp, true
		return nil
	}
	if errors.Is(err, errNoExchange) || errors.Is(err, fs.ErrNotExist) {
		g.replaced = keepLink(g.l.target)
		err = os.Rename(tmp, g.l.target)
	}
	if err != nil {
		os.Remove(tmp)
		if g.replaced != "" {
			os.Remove(g.replaced)
		}
	}
	return err
}

// create places tmp at a target that was absent.
func (g *guard) create(tmp string) error {
	err := os.Link(tmp, g.l.target)
	if errors.Is(err, fs.ErrExist) {
		os.Remove(tmp)
		return g.changedNow()
	}
	if err != nil {
		if err = os.Rename(tmp, g.l.target); err != nil {
			os.Remove(tmp)
		}
		return err
	}
	os.Remove(tmp)
	return nil
}

// keepLink links target under a temporary name of this package's naming
// (removed as stale should this process die) and returns that name, or ""
// where the file system has no hard links.
func keepLink(target string) string {
	prefix := filepath.Join(filepath.Dir(target), tempPrefix(target)+strconv.Itoa(os.Getpid())+"-")
	for range 100 {
		name := prefix + strconv.FormatUint(rand.Uint64()>>16, 10)
		err := os.Link(target, name)
		if err == nil {
			return name
		}
		if !errors.Is(err, fs.ErrExist) {
			return ""
		}
	}
	return ""
}

// verify compares the file the save replaced with the one checked. When
// someone slipped in between the check and the rename, their file is put
// back at the target and the save returns a *ChangedError with it, so that
// the caller merges it in and saves again, as after any change it had not
// seen; mine is the identity of the file the save put in. Should that
// file have been replaced too meanwhile, theirs is kept beside the target
// and the error, a *KeptError, names it.
func (g *guard) verify(mine os.FileInfo) error {
	if g.replaced == "" {
		return nil
	}
	if g.unchanged() {
		os.Remove(g.replaced)
		return nil
	}
	if !g.putBack(mine) {
		return g.keepAside()
	}
	return g.changedNow()
}

// unchanged reports whether the replaced file is the one checked, or holds
// the same bytes: nothing of it would be lost.
func (g *guard) unchanged() bool {
	info, err := os.Lstat(g.replaced)
	if err == nil && sameIdentity(info, g.seen) {
		return true
	}
	data, err := os.ReadFile(g.replaced)
	return err == nil && sha256.Sum256(data) == g.was.sum
}

// putBack puts the replaced file back at the target, if the target is
// still mine, and removes mine; it reports whether it did.
func (g *guard) putBack(mine os.FileInfo) bool {
	if now, err := os.Lstat(g.l.target); err != nil || !os.SameFile(now, mine) {
		return false
	}
	if !g.swapped {
		return os.Rename(g.replaced, g.l.target) == nil
	}
	if swap(g.replaced, g.l.target) != nil {
		return false
	}
	if now, err := os.Lstat(g.replaced); err != nil || !os.SameFile(now, mine) {
		return false // a third file came in: it is now at g.replaced
	}
	os.Remove(g.replaced)
	return true
}

// changedNow is the *ChangedError of the file as it is now.
func (g *guard) changedNow() error {
	now, err := g.l.Read()
	if err != nil {
		return err
	}
	if c := changed(g.was, now); c != nil {
		return c
	}
	return &ChangedError{Path: g.l.path, What: "was changed during the save", Current: now}
}

// keepAside gives the other writer's file, which the save replaced and
// could not put back, a name no clean-up removes, and returns the error
// that names it.
func (g *guard) keepAside() error {
	kept := g.replaced
	for n := 1; n < 100; n++ {
		name := g.l.target + ".theirs"
		if n > 1 {
			name += "." + strconv.Itoa(n)
		}
		if err := os.Link(g.replaced, name); err == nil {
			os.Remove(g.replaced)
			kept = name
			break
		}
	}
	return &KeptError{Path: g.l.path, Kept: kept}
}

// KeptError reports a save that replaced a file someone else wrote between
// the save's last check and its rename, and could not put that file back:
// it is kept at Kept, beside the target.
type KeptError struct {
	Path string
	Kept string
}

func (e *KeptError) Error() string {
	return fmt.Sprintf("%s: another program saved it during this save; its version is kept as %s: merge it in by hand", e.Path, e.Kept)
}

// sameIdentity reports whether two looks at a file found the same one,
// unchanged as far as its inode, size and modification time tell.
func sameIdentity(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// writeTemp writes what fill writes to a new temporary file beside
// target, syncs it, calls before and renames it over target, checked by g
// when g is not nil (a read-modify-write). It returns the identity of the
// new file. If fill fails, the temporary file is removed and target is
// left as it was.
func writeTemp(target string, fill func(io.Writer) error, perm os.FileMode, before func() error, g *guard) (info os.FileInfo, err error) {
	tmp, err := createTemp(target)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", target, err)
	}
	placed := false
	defer func() {
		if err != nil && !placed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if info, err = fillAndStat(tmp, fill, perm); err != nil {
		if tl := (*TooLargeError)(nil); errors.As(err, &tl) {
			return nil, err
		}
		return nil, fmt.Errorf("writing %s: %w", target, err)
	}
	hook("synced")
	if err = before(); err != nil {
		return nil, err
	}
	if g == nil {
		err = os.Rename(tmp.Name(), target)
	} else if err = g.recheck(); err == nil {
		hook("checked")
		placed = true // from here on, tmp's name is the guard's
		err = g.place(tmp.Name())
	}
	if err != nil {
		return nil, replacing(target, err)
	}
	hook("renamed")
	SyncDir(filepath.Dir(target))
	if g != nil {
		return info, g.verify(info)
	}
	return info, nil
}

// replacing words an error of the rename; a refusal of the guard is
// returned as it is.
func replacing(target string, err error) error {
	var ce *ChangedError
	if errors.As(err, &ce) {
		return err
	}
	return fmt.Errorf("replacing %s: %w", target, err)
}

// fillAndStat writes what fill writes to the temporary file f, gives it
// perm, syncs and closes it, and returns its identity.
func fillAndStat(f *os.File, fill func(io.Writer) error, perm os.FileMode) (os.FileInfo, error) {
	if err := fill(f); err != nil {
		return nil, err
	}
	if err := f.Chmod(perm); err != nil {
		return nil, err
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("syncing: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return info, f.Close()
}
