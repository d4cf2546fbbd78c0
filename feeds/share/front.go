package share

import (
	"context"

	"errors"
	"fmt"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// hubState is a hub's state behind its front: what a GET answers and
// what a POST changes. The file hub (Hub: a model in memory, a journal,
// FEED on disk, a view cache) and a feed held in PostgreSQL
// (dbFeedState) are its two implementations; the hub suite
// (suite_test.go) runs the same requests against both.
type hubState interface {
	// get answers a GET or HEAD of the partial feed (with link to the
	// complete one) or of the complete feed: the feed with its ETag,
	// Last-Modified and Content-Type, or 304, or 503 with Retry-After
	// when the state cannot answer now.
	get(w http.ResponseWriter, r *http.Request, partial bool, link string)
	// post merges posted as a subscriber's feed (1.0.2 §3.3, 0.91 §4.4)
	// and, once the change is durable, returns what the poster lacks
	// since until, with the ETag of the feed a GET of the path posted to
	// now answers (the complete feed's when complete). On an error it
	// returns the status to answer: 400, 413, 503 (with Retry-After).
	post(ctx context.Context, posted feed, until, link string, complete bool) (postAnswer, int, error)
}

// postAnswer is the answer to a POST: its body, and done, when set, to
// call once it is written.
type postAnswer struct {
	body  io.Reader
	done  func()
	ctype string
	etag  string
}

// front is the protocol side of a hub, the same whatever holds the feed's
// state (the file hub, a database): what a request may ask, its token,
// the POST bodies and their bounds, the link to the complete feed.
type front struct {
	opts  Options
	posts chan struct{} // a token per POST under way (MaxPosts)
}

// newFront fills in the defaults of opts.
func newFront(opts Options) front {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	opts.MaxBody = min(opts.MaxBody, atomicfile.Limit()) // no feed is larger
	if opts.MaxPosts <= 0 {
		opts.MaxPosts = DefaultMaxPosts
	}
	if opts.Posts == nil {
		opts.Posts = make(chan struct{}, opts.MaxPosts)
	}
	opts.MaxPosts = cap(opts.Posts)
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	opts.Log = &lockedWriter{w: opts.Log}
	return front{opts: opts, posts: opts.Posts}
}

// authorized checks the Bearer token, in constant time, unless open or
// none is needed.
func (f *front) authorized(w http.ResponseWriter, r *http.Request, t tokenCheck, open bool) bool {
	if t.none() || open || t.matches(r.Header.Get("Authorization")) {
		return true
	}
	unauthorized(w)
	return false
}

// unauthorized answers 401.
func unauthorized(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="feedsync"`)
	http.Error(w, "401 unauthorized: this hub wants Authorization: Bearer <token> (feedsync: --token-file)", http.StatusUnauthorized)
}

// linkFor is the absolute URI of the complete feed (1.0.2 §2.3) of the
// feed served at prefix ("" at the server's root): under public, its
// public URL, or else under the address the client connected to, which
// the hub listens on. The request's Host header is never used: any client
// can send any Host, and the link is published to every reader.
func linkFor(r *http.Request, public, prefix string) string {
	base := public
	if base == "" {
		base = "http://localhost" // a request that came over no connection (a test calling ServeHTTP)
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			base = "http://" + a.String()
		}
		base += prefix
	}
	return strings.TrimSuffix(base, "/") + "/complete"
}

// takePost takes a token for a POST, waiting up to PostWait for one.
func (f *front) takePost(r *http.Request) bool {
	select {
	case f.posts <- struct{}{}:
		return true
	default:
	}
	t := time.NewTimer(PostWait)
	defer t.Stop()
	select {
	case f.posts <- struct{}{}:
		return true
	case <-t.C:
	case <-r.Context().Done():
	}
	return false
}

// serveFeed answers a request for one feed, its path / or /complete
// within the hub: GET and HEAD through st.get, POST read and bounded here
// and merged through st.post. t is the token the feed needs.
func (f *front) serveFeed(w http.ResponseWriter, r *http.Request, st hubState, t tokenCheck, link string) {
	complete := r.URL.Path == "/complete"
	if r.URL.Path != "/" && !complete {
		http.NotFound(w, r)
		return
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		if f.authorized(w, r, t, f.opts.OpenRead) {
			st.get(w, r, !complete && !f.opts.Window.IsZero(), link)
		}
	case http.MethodPost:
		if !f.authorized(w, r, t, false) {
			return
		}
		posted, release, ok := f.readPost(w, r)
		if !ok {
			return
		}
		defer release()
		a, code, err := st.post(r.Context(), posted, r.Header.Get(HeaderUntil), link, complete)
		if a.done != nil {
			defer a.done()
		}
		if err != nil {
			if code == http.StatusUnauthorized {
				unauthorized(w)
				return
			}
			if code == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", strconv.Itoa(int(RetryAfter/time.Second)))
			}
			http.Error(w, answerText(code, err), code)
			return
		}
		w.Header().Set("Content-Type", a.ctype)
		if a.etag != "" {
			w.Header().Set(HeaderETag, a.etag)
		}
		io.Copy(w, a.body)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, r.Method+" is not allowed", http.StatusMethodNotAllowed)
	}
}

// publicError is a failure of the server (5xx) worded for its clients:
// answerText answers its words.
type publicError struct{ msg string }

func (e *publicError) Error() string { return e.msg }

// answerText is the body of an answer refused with code, the one rule of
// both stores: a refusal of the request (4xx) says what is wrong with it
// in err's words, which name the feed as its clients know it (the name in
// the URL) and what they sent as "request body", never a path on the
// server; a failure of the server (5xx) says only that, unless err is a
// *publicError, for the server's errors name its files, its database and
// its disk, which are its own business: its log says them (each state
// logs its failures where they happen).
func answerText(code int, err error) string {
	var pe *publicError
	switch {
	case code < 500:
		return err.Error()
	case errors.As(err, &pe):
		return pe.msg
	case code == http.StatusServiceUnavailable:
		return "503 the hub cannot take the POST now (see its log); try again later"
	}
	return fmt.Sprintf("%d the hub failed to answer: see its log", code)
}

// readPost reads and parses a POST's body within the hub's bounds: 413
// over MaxBody, 503 beyond MaxPosts, 400 for a body that does not load.
// It returns the feed posted and what lets its POST slot go.
func (f *front) readPost(w http.ResponseWriter, r *http.Request) (feed, func(), bool) {
	if r.ContentLength > f.opts.MaxBody {
		tooLarge(w, f.opts.MaxBody)
		return nil, nil, false
	}
	if !f.takePost(r) {
		busy(w, f.opts.MaxPosts)
		return nil, nil, false
	}
	release := func() { <-f.posts }
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, f.opts.MaxBody))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		release()
		tooLarge(w, f.opts.MaxBody)
		return nil, nil, false
	case err != nil:
		release()
		http.Error(w, "reading the body: "+err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	posted, err := parse("request body", body)
	if err != nil {
		release()
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	if postHook != nil {
		postHook()
	}
	return posted, release, true
}

// notModified reports whether an If-None-Match header names etag as
// http.ServeContent reads it (RFC 9110 §13.1.2: a list of entity tags,
// compared weakly, or "*"), so that a hub skips making the body of a GET
// exactly when ServeContent answers it 304: a header that merely holds
// the tag's characters (x"…") gets the feed, never an empty body.
func notModified(header, etag string) bool {
	for h := strings.TrimSpace(header); h != ""; h = strings.TrimSpace(h) {
		switch h[0] {
		case ',':
			h = h[1:]
			continue
		case '*':
			return true
		}
		tag, rest, ok := scanETag(h)
		if !ok {
			return false
		}
		if strings.TrimPrefix(tag, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
		h = rest
	}
	return false
}

// scanETag reads the entity tag at the start of s (W/ and a quoted
// string of etagc, RFC 9110 §8.8.3) and what follows it.
func scanETag(s string) (tag, rest string, ok bool) {
	start := 0
	if strings.HasPrefix(s, "W/") {
		start = 2
	}
	if len(s)-start < 2 || s[start] != '"' {
		return "", "", false
	}
	for i := start + 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return s[:i+1], s[i+1:], true
		case c == 0x21 || c >= 0x23 && c != 0x7f:
		default:
			return "", "", false
		}
	}
	return "", "", false
}
