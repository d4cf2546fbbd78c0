package atomicfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Snapshot is a file as Read found it: its bytes and its identity. Commit
// uses it to tell whether the file changed since.
type Snapshot struct {
	// Path is the path as the caller gave it.
	Path string
	// Data is the file's content; nil when the file did not exist. It
	// belongs to the Snapshot: do not modify it.
	Data []byte

	target  string      // Path with symbolic links resolved: the file replaced
	info    os.FileInfo // nil when the file did not exist
	sum     [sha256.Size]byte
	session bool // written by this session: its backup is already taken
}

// Exists reports whether the file existed when it was read.
func (s *Snapshot) Exists() bool { return s.info != nil }

// Digest is the SHA-256 of Data in hexadecimal, computed as the file was
// read; "" when it did not exist.
func (s *Snapshot) Digest() string {
	if !s.Exists() {
		return ""
	}
	return hex.EncodeToString(s.sum[:])
}

// Read reads the file at path. A file that does not exist reads as a
// Snapshot whose Exists is false, with no error: committing to it creates
// the file, unless someone else did meanwhile. Read refuses what is not a
// regular file, and a file larger than MaxBytes with a *TooLargeError,
// without reading it.
func Read(path string) (*Snapshot, error) {
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	return readTarget(path, target)
}

func readTarget(path, target string) (*Snapshot, error) {
	s := &Snapshot{Path: path, target: target}
	f, err := os.OpenFile(target, openReadFlags, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "reading", Path: path, Err: notRegular(info.Mode())}
	}
	if info.Size() > maxBytes {
		return nil, &TooLargeError{Path: path, Size: info.Size()}
	}
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + 1)
	if _, err := io.Copy(&buf, io.LimitReader(f, maxBytes+1)); err != nil {
		return nil, &fs.PathError{Op: "reading", Path: path, Err: err}
	}
	if int64(buf.Len()) > maxBytes {
		return nil, &TooLargeError{Path: path, Size: -1}
	}
	s.Data, s.info = buf.Bytes(), info
	s.sum = sha256.Sum256(s.Data)
	return s, nil
}

// notRegular names the kind of a file that is not a regular one.
func notRegular(m fs.FileMode) error {
	if kind := FileKind(m); kind != "a directory" {
		return errors.New("is " + kind + ", not a regular file")
	}
	return errors.New("is a directory")
}

// FileKind names the kind of a file that is not a regular one, as messages
// to users say it: "a directory", "a FIFO (named pipe)", "a character
// device", ..., and "a special file" for a kind it has no name for.
// Package fetch words its refusals with it too, so that every command
// names a FEED it refuses alike.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// ErrChanged is what a *ChangedError is: the file changed since it was read.
var ErrChanged = errors.New("changed since it was read")

// ChangedError is Commit's refusal to overwrite a file that changed since
// its Snapshot was taken. Current holds the file as it is now (its Exists
// is false if it was removed): merge it in and commit against it, or give up.
type ChangedError struct {
	Path    string
	What    string // how it changed: "was modified", "was removed", ...
	Current *Snapshot
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("%s: changed since it was read (%s); not overwritten", e.Path, e.What)
}

// Is makes errors.Is(err, ErrChanged) true.
func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// changed compares what was read with the file now, and returns nil when
// it is the same: the same content, or absent both times. A file replaced
// by another with the same bytes is the same: nothing would be lost.
func changed(was, now *Snapshot) *ChangedError {
	var what string
	switch {
	case !was.Exists() && !now.Exists():
		return nil
	case !was.Exists():
		what = "was created"
	case !now.Exists():
		what = "was removed"
	case was.sum == now.sum:
		return nil
	case !os.SameFile(was.info, now.info):
		what = "was replaced"
	default:
		what = "was modified"
	}
	if was.Exists() && now.Exists() && len(was.Data) != len(now.Data) {
		what += fmt.Sprintf(", %d bytes, was %d", len(now.Data), len(was.Data))
	}
	return &ChangedError{Path: was.Path, What: what, Current: now}
}

// ErrTooLarge is what a *TooLargeError is.
var ErrTooLarge = errors.New("larger than feedsync reads")

// TooLargeError refuses a file larger than MaxBytes: one to read, or a
// result to write, which could not be read back.
type TooLargeError struct {
	Path  string
	Size  int64 // bytes; -1 when the reading stopped at the limit
	Write bool  // a result refused before writing
}

func (e *TooLargeError) Error() string {
	switch {
	case e.Write:
		return fmt.Sprintf("%s: not written: the result is %d bytes, larger than %s, the size limit of what feedsync reads", e.Path, e.Size, mib(maxBytes))
	case e.Size < 0:
		return fmt.Sprintf("%s: larger than %s, the size limit", e.Path, mib(maxBytes))
	}
	return fmt.Sprintf("%s: %d bytes, larger than %s, the size limit", e.Path, e.Size, mib(maxBytes))
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// mib renders the limit: whole MiB, else bytes (tests lower it), as
// package fetch words its own.
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
