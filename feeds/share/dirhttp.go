package share

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// ServeHTTP answers GET / with the list of the feeds, and hands /NAME and
// /NAME/complete to feed NAME's hub as / and /complete. Any other path,
// a NAME that is no feed of the folder, and one escaped in any way (%2F,
// %2E) is 404; a feed that does not load is 500, its problem in the log.
func (d *Dir) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.EscapedPath()
	if p == "/" {
		d.logged(w, r, d.list)
		return
	}
	name, rest, ok := route(p)
	if !ok {
		d.logged(w, r, http.NotFound)
		return
	}
	h, err := d.hub(name)
	switch {
	case errors.Is(err, errNoFeed):
		d.logged(w, r, http.NotFound)
		return
	case err != nil:
		d.logged(w, r, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "500 feed "+name+" is not served: see the hub's log", http.StatusInternalServerError)
		})
		return
	}
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	u.Path, u.RawPath = rest, ""
	r2.URL = &u
	h.ServeHTTP(w, r2)
}

// route splits an escaped path /NAME or /NAME/complete into the feed's
// NAME and the path its hub answers.
func route(p string) (name, rest string, ok bool) {
	p, ok = strings.CutPrefix(p, "/")
	if !ok {
		return "", "", false
	}
	name, tail, slash := strings.Cut(p, "/")
	switch {
	case !validName(name):
		return "", "", false
	case !slash:
		return name, "/", true
	case tail == "complete":
		return name, "/complete", true
	}
	return "", "", false
}

// list answers GET / of the folder: the names of the feeds served, one a
// line, in text/plain, after a rescan that opens the feeds added since.
// With a token for all it needs that token, unless OpenRead.
func (d *Dir) list(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, r.Method+" is not allowed", http.StatusMethodNotAllowed)
		return
	}
	if d.opts.Token != "" && !d.opts.OpenRead && !tokenMatches(r.Header.Get("Authorization"), d.opts.Token) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="feedsync"`)
		http.Error(w, "401 unauthorized: this hub wants Authorization: Bearer <token> (feedsync: --token-file)", http.StatusUnauthorized)
		return
	}
	names, err := d.scan()
	if err != nil {
		fmt.Fprintf(d.opts.Log, "warning: reading the folder: %v\n", err)
		http.Error(w, "500 the folder cannot be read: see the hub's log", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	for _, name := range names {
		fmt.Fprintln(w, name)
	}
}

// logged answers with fn and writes the access-log line.
func (d *Dir) logged(w http.ResponseWriter, r *http.Request, fn http.HandlerFunc) {
	start := time.Now()
	lw := &logWriter{ResponseWriter: w}
	fn(lw, r)
	accessLine(d.opts.Log, d.opts.Now(), r, r.URL.RequestURI(), lw, time.Since(start))
}
