package share

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// view is a rendered feed.
type view struct {
	body     []byte
	etag     string
	modified time.Time
	ctype    string
	stale    int64 // unix time from which it must be rendered again, or 0
	partial  bool  // the partial feed, whose link to the complete one is link
	link     string
	served   atomic.Bool // a GET was answered with it
}

// snapshot is the feed as last published: what GETs are served from,
// without the writers' lock, so that a reader never waits for a merge.
// Its feed and stamps are never changed once published; a writer that
// changes the hub's publishes a new snapshot. Views are rendered from it
// on first use and kept with it.
type snapshot struct {
	doc     feed
	st      *stamps // a copy of the hub's
	related []dialect.Related
	id      fileID // FEED on disk as the hub last saw it

	mu    sync.Mutex
	views map[string]*view
}

// publish makes the hub's current state the snapshot GETs are served
// from. A snapshot whose feed and stamps are the hub's keeps its views
// (only FEED's identity on disk moved on); otherwise the views the last
// one served GETs with are rendered anew before it is published, by the
// writer, so that no reader waits for a rendering after a change; others
// are rendered by the first GET that asks. h.mu is held.
func (h *Hub) publish() {
	old := h.pub.Load()
	s := &snapshot{doc: h.doc, related: h.related, id: h.id, views: map[string]*view{}}
	if old != nil && !h.dirty {
		s.st, s.views = old.st, old.copyViews()
		h.pub.Store(s)
		return
	}
	st := *h.st
	st.Items = maps.Clone(h.st.Items)
	s.st = &st
	h.dirty = false
	if old != nil {
		now := h.opts.Now()
		for key, v := range old.copyViews() {
			if v.served.Load() {
				s.views[key] = h.render(s, v.partial, v.link, now)
			}
		}
	}
	h.pub.Store(s)
}

func (s *snapshot) copyViews() map[string]*view {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.views)
}

// current returns the snapshot to serve: the last published, unless FEED
// changed on disk since (another command edited it) and no writer is at
// work, in which case the change is taken in and published first. A
// writer at work takes it in itself, and publishes.
func (h *Hub) current() *snapshot {
	s := h.pub.Load()
	if id, err := statID(h.path); err != nil || id == s.id || !h.mu.TryLock() {
		return s
	}
	defer h.mu.Unlock()
	h.refresh()
	h.publish()
	return h.pub.Load()
}

// link is the absolute URI of the complete feed (1.0.2 §2.3): under
// Options.PublicURL, or else under the address the client connected to,
// which the hub listens on. The request's Host header is never used: any
// client can send any Host, and the link is published to every reader.
func (h *Hub) link(r *http.Request) string {
	base := h.opts.PublicURL
	if base == "" {
		base = "http://localhost" // a request that came over no connection (a test calling ServeHTTP)
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			base = "http://" + a.String()
		}
		base += h.opts.Prefix
	}
	return strings.TrimSuffix(base, "/") + "/complete"
}

// view returns the feed GET answers, rendered once per snapshot (and
// again when a window by time or expires moves it on).
func (h *Hub) view(s *snapshot, complete bool, link string) *view {
	partial := !complete && !h.opts.Window.IsZero()
	key := "complete"
	if partial {
		key = "partial " + link
	}
	now := h.opts.Now()
	s.mu.Lock()
	v := s.views[key]
	s.mu.Unlock()
	if v != nil && (v.stale == 0 || now.Unix() < v.stale) {
		return v
	}
	v = h.render(s, partial, link, now)
	s.mu.Lock()
	if len(s.views) >= maxViews {
		// Each address a client reaches the hub at makes a view of its
		// own: a bound keeps them from filling the memory.
		clear(s.views)
	}
	s.views[key] = v
	s.mu.Unlock()
	return v
}

// render renders the complete feed, or the partial one with link to the
// complete one, from a snapshot at now.
func (h *Hub) render(s *snapshot, partial bool, link string, now time.Time) *view {
	list := items(s.doc)
	keep, since, stale := map[string]bool{}, s.st.floor(), int64(0)
	if partial {
		keep, since, stale = s.st.choose(list, h.opts.Window, now, s.doc.Dialect())
	} else {
		for _, it := range list {
			keep[it.ID] = true
		}
	}
	f := subset(s.doc, keep)
	sh := h.sharing(s.doc, s.st, s.related, since, now)
	if partial {
		sh.Related = append([]dialect.Related{{Link: link, Type: "complete"}}, sh.Related...)
	}
	if h.opts.Expires > 0 && s.doc.Dialect() == dialect.SSE091 && h.warnedExpires.CompareAndSwap(false, true) {
		h.logf("warning: %s is now an SSE 0.91 feed, which has no expires (0.91 §2.1): --expires is ignored", h.path)
	}
	if h.opts.Expires > 0 {
		sh.Expires = now.Add(h.opts.Expires).UTC().Truncate(time.Second)
		refresh := now.Add(h.opts.Expires / 2).Unix()
		if stale == 0 || refresh < stale {
			stale = refresh
		}
	}
	if s.doc.Dialect() != dialect.None {
		f.SetSharing(sh)
	}
	body := f.Bytes()
	sum := sha256.Sum256(body)
	return &view{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, ctype: contentType(f),
		modified: time.Unix(s.st.Until, 0).UTC(), stale: stale, partial: partial, link: link}
}

// sharing is the hub's sx:sharing with the given since: until is the
// latest stamp, the window in days for 0.91, FEED's own related feeds.
// A feed with no sync data yet is served without one: it has no dialect
// to write it in.
func (h *Hub) sharing(doc feed, st *stamps, related []dialect.Related, since int64, now time.Time) *dialect.Sharing {
	d := doc.Dialect()
	s := &dialect.Sharing{Since: sinceMark(d, since), Until: stampMark(d, time.Unix(st.Until, 0)), Related: slices.Clone(related)}
	if d == dialect.SSE091 {
		s.Window = h.opts.Window.days()
	}
	return s
}
