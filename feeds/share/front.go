package share

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

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
	if opts.MaxPosts <= 0 {
		opts.MaxPosts = DefaultMaxPosts
	}
	if opts.MaxFeed <= 0 {
		opts.MaxFeed = maxFeedDefault
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
	w.Header().Set("WWW-Authenticate", `Bearer realm="feedsync"`)
	http.Error(w, "401 unauthorized: this hub wants Authorization: Bearer <token> (feedsync: --token-file)", http.StatusUnauthorized)
	return false
}

// linkUnder is the absolute URI of the complete feed of the hub served
// under prefix (see Hub.link).
func (f *front) linkUnder(r *http.Request, prefix string) string {
	base := f.opts.PublicURL
	if base != "" {
		return strings.TrimSuffix(base, "/") + prefix + "/complete"
	}
	base = "http://localhost"
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		base = "http://" + a.String()
	}
	return base + prefix + "/complete"
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
	return posted, release, true
}
