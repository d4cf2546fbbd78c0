package fetch

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// Limits bound one read or download.
type Limits struct {
	// MaxBytes bounds the bytes held in memory for one body or file; 0:
	// feedsync's size limit of a feed (atomicfile.Limit), as it is when the
	// request is made.
	MaxBytes       int64
	MaxRedirects   int           // redirects followed for one request
	ConnectTimeout time.Duration // to connect, TLS handshake included
	HeaderTimeout  time.Duration // from sending the request to the response headers
	Timeout        time.Duration // the whole request, body included
}

// MaxBytes is the default size limit: 256 MiB, atomicfile.MaxBytes, so
// that what feedsync reads and what it writes have one limit.
const MaxBytes = atomicfile.MaxBytes

// DefaultLimits are the limits every command of feedsync uses: a body is
// held to the one size limit of a feed (atomicfile.Limit), so that what
// a hub serves under it, a subscriber downloads.
var DefaultLimits = Limits{
	MaxRedirects:   5,
	ConnectTimeout: 30 * time.Second,
	HeaderTimeout:  30 * time.Second,
	Timeout:        5 * time.Minute,
}

// maxBytes is l.MaxBytes, or the size limit when it is 0.
func (l Limits) maxBytes() int64 {
	if l.MaxBytes > 0 {
		return l.MaxBytes
	}
	return atomicfile.Limit()
}

// ErrTooLarge is matched by every *TooLargeError.
var ErrTooLarge = errors.New("fetch: larger than the size limit")

// TooLargeError is input larger than Limits.MaxBytes.
type TooLargeError struct {
	Limit int64
	Size  int64 // as announced (Content-Length, file size); -1 when reading stopped at the limit
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("larger than %s, the size limit", SizeText(e.Limit))
	}
	return fmt.Sprintf("%d bytes, larger than %s, the size limit", e.Size, SizeText(e.Limit))
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// ErrNotRegular is matched by every *NotRegularError.
var ErrNotRegular = errors.New("fetch: not a regular file")

// NotRegularError is a path that names something other than a regular
// file.
type NotRegularError struct {
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s, not a regular file", atomicfile.FileKind(e.Mode))
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// SizeText is n bytes in the largest binary unit that divides it ("64
// MiB", "1 KiB", "1000 bytes"), for limits, which are round numbers: the
// one wording of a size limit in what feedsync says.
func SizeText(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
