package share

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// tokenMatches reports whether an Authorization header carries the Bearer
// token. The comparison takes the same time whatever the header holds:
// both sides are hashed first, so that neither their lengths nor their
// contents show in the timing.
func tokenMatches(header, token string) bool {
	scheme, got, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		got = ""
	}
	a, b := sha256.Sum256([]byte(strings.TrimSpace(got))), sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1 && ok
}

// logWriter records the status and size of a response for the access log.
type logWriter struct {
	http.ResponseWriter
	status int
	size   int64
}

func (w *logWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *logWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.size += int64(n)
	return n, err
}

// ReadFrom copies r to the response through a buffer from a pool.
// Without it, the io.Copy of http.ServeContent made a buffer the size of
// the body (up to 32 KiB) for every GET, and so did the response's own
// ReadFrom (net.TCPConn's generic copy): at thousands of GETs a second,
// most of what the hub allocated, and the collections that set off, the
// GETs' tail while clients POSTed (issue 29 item 13).
func (w *logWriter) ReadFrom(r io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	buf := copyBufs.Get().(*[32 << 10]byte)
	defer copyBufs.Put(buf)
	n, err := io.CopyBuffer(struct{ io.Writer }{w.ResponseWriter}, r, buf[:])
	w.size += n
	return n, err
}

// copyBufs are ReadFrom's buffers.
var copyBufs = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// access writes the request's access-log line: time, client, request,
// status, bytes sent, duration and the endpoint id the client gave. A hub
// under a Prefix logs the path the client asked for.
//
//	2025-05-21T11:43:33Z 127.0.0.1:50312 "POST / HTTP/1.1" 200 1834 2.1ms by="laptop"
func (h *Hub) access(r *http.Request, w *logWriter, d time.Duration) {
	uri := r.URL.RequestURI()
	if h.opts.Prefix != "" {
		uri = h.opts.Prefix + strings.TrimPrefix(uri, "/")
		if r.URL.Path != "/" {
			uri = h.opts.Prefix + r.URL.RequestURI()
		}
	}
	accessLine(h.opts.Log, h.opts.Now(), r, uri, w, d)
}

func accessLine(out io.Writer, now time.Time, r *http.Request, uri string, w *logWriter, d time.Duration) {
	by := r.Header.Get(HeaderBy)
	if by == "" {
		by = "-"
	}
	fmt.Fprintf(out, "%s %s %q %d %d %.1fms by=%q\n", now.UTC().Format(time.RFC3339), r.RemoteAddr,
		r.Method+" "+uri+" "+r.Proto, w.status, w.size, float64(d.Microseconds())/1000, by)
}

// lockedWriter serializes the log lines of concurrent requests.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
