package fetch

import (
	"io"
	"os"
	"syscall"
)

// openFlags open a file for reading without blocking: opening a FIFO for
// reading otherwise waits for a writer, before anything can check what it
// is. Reading a regular file ignores the flag.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK

// ReadFile reads the regular file at path, refusing anything else and any
// file larger than max (see the package doc).
func ReadFile(path string, max int64) ([]byte, error) {
	return readFile(path, max, heapAlloc)
}

// readFile is ReadFile with the buffer a file is read into from alloc.
func readFile(path string, max int64, alloc func(int64) []byte) ([]byte, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegular(f, max, alloc)
}

// ReadFileIn is ReadFile for a name inside root, which it cannot leave.
func ReadFileIn(root *os.Root, name string, max int64) ([]byte, error) {
	f, err := root.OpenFile(name, openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegular(f, max, heapAlloc)
}

// heapAlloc returns a buffer of n bytes from the heap.
func heapAlloc(n int64) []byte { return make([]byte, n) }

// readRegular reads an open file after checking, on the open file itself,
// that it is a regular file no larger than max, into a buffer from alloc
// (readAll).
func readRegular(f *os.File, max int64, alloc func(int64) []byte) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Mode: info.Mode()}
	}
	if info.Size() > max {
		return nil, &TooLargeError{Limit: max, Size: info.Size()}
	}
	// The file may grow while it is read: room for one byte more than its
	// size avoids a copy when it does not.
	return readAll(f, max, info.Size()+1, alloc)
}

// ReadAll reads r to its end, refusing more than max bytes: it stops
// reading at max+1.
func ReadAll(r io.Reader, max int64) ([]byte, error) {
	return readAll(r, max, 512, heapAlloc)
}

// readAll reads r, up to max+1 bytes, into a buffer of hint bytes (the
// size announced, plus one) from alloc, and what comes past that in
// pieces, which it copies once into a buffer of the size read. A body of unknown length
// thus takes at most twice its size in memory, and one that runs past max
// (a gzip bomb) about max before it is refused: a buffer grown by append
// leaves each smaller size as garbage beside the next, 2.5 times max at
// its peak.
func readAll(r io.Reader, max, hint int64, alloc func(int64) []byte) ([]byte, error) {
	lr := io.LimitReader(r, max+1)
	buf := alloc(min(hint, max+1))
	n, err := io.ReadFull(lr, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return buf[:n], nil
	case err != nil:
		return nil, err
	}
	pieces := [][]byte{buf}
	total := int64(n)
	for size := int64(minPiece); ; size = min(2*size, maxPiece) {
		p := make([]byte, min(size, max+1-total))
		if len(p) == 0 {
			return nil, &TooLargeError{Limit: max, Size: -1}
		}
		n, err := io.ReadFull(lr, p)
		total += int64(n)
		pieces = append(pieces, p[:n])
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if total > max {
		return nil, &TooLargeError{Limit: max, Size: -1}
	}
	out := make([]byte, 0, total)
	for i, p := range pieces {
		out = append(out, p...)
		pieces[i] = nil
	}
	return out, nil
}

// The pieces readAll reads past its first buffer double from minPiece to
// maxPiece: few for a small body, and at most maxPiece of room unused.
const (
	minPiece = 64 << 10
	maxPiece = 4 << 20
)
