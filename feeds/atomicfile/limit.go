package atomicfile

import "io"

// LimitWriter writes to W the first Limit bytes written to it and counts,
// without writing them, the bytes after: a save that streams its output
// learns that it is larger than feedsync reads only once it has written
// that much, and refuses it whole (TooLarge) with its size.
type LimitWriter struct {
	W     io.Writer
	Limit int64
	N     int64 // the bytes written to the LimitWriter, those past Limit too
}

// Write writes p to W as far as Limit allows and counts all of it.
func (lw *LimitWriter) Write(p []byte) (int, error) {
	n := len(p)
	if room := lw.Limit - lw.N; int64(n) > room {
		p = p[:max(room, 0)]
	}
	lw.N += int64(n)
	if len(p) > 0 {
		if _, err := lw.W.Write(p); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// TooLarge returns the *TooLargeError of a result written to path when
// more than Limit bytes were written, and nil otherwise.
func (lw *LimitWriter) TooLarge(path string) error {
	if lw.N > lw.Limit {
		return &TooLargeError{Path: path, Size: lw.N, Write: true}
	}
	return nil
}

// capped is fill refused, as a save refuses data, when it writes more than
// MaxBytes.
func capped(path string, fill func(io.Writer) error) func(io.Writer) error {
	return func(w io.Writer) error {
		lw := &LimitWriter{W: w, Limit: maxBytes}
		if err := fill(lw); err != nil {
			return err
		}
		return lw.TooLarge(path)
	}
}

// Limit is feedsync's one size limit of a feed, MaxBytes unless
// SetMaxBytes changed it: the most Read reads and a save writes, and what
// every other path that reads or writes a feed holds to (downloads, the
// CLI's files and standard input, a hub's feed and journal, the CSE
// cache), so that what one writes another reads back.
func Limit() int64 { return maxBytes }

// SetMaxBytes sets the size limit (Limit), MaxBytes unless set: for a
// program that lets its user raise it, once, at its start, before any
// file is read.
func SetMaxBytes(n int64) { maxBytes = n }
