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
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegular(f, max)
}

// ReadFileIn is ReadFile for a name inside root, which it cannot leave.
func ReadFileIn(root *os.Root, name string, max int64) ([]byte, error) {
	f, err := root.OpenFile(name, openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegular(f, max)
}

// readRegular reads an open file after checking, on the open file itself,
// that it is a regular file no larger than max.
func readRegular(f *os.File, max int64) ([]byte, error) {
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
	return readAll(f, max, info.Size()+1)
}

// ReadAll reads r to its end, refusing more than max bytes: it stops
// reading at max+1.
func ReadAll(r io.Reader, max int64) ([]byte, error) {
	return readAll(r, max, 512)
}

// readAll reads r into a buffer of hint bytes, grown as needed, up to
// max+1 bytes.
func readAll(r io.Reader, max, hint int64) ([]byte, error) {
	lr := io.LimitReader(r, max+1)
	buf := make([]byte, 0, min(hint, max+1))
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(buf)) > max {
		return nil, &TooLargeError{Limit: max, Size: -1}
	}
	return buf, nil
}
