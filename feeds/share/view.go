package share

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strings"
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
}

// link is the absolute URI of the complete feed (1.0.2 §2.3) as the
// request's client reaches it.
func (h *Hub) link(r *http.Request) string {
	base := h.opts.PublicURL
	if base == "" {
		base = "http://" + r.Host
	}
	return strings.TrimSuffix(base, "/") + "/complete"
}

// view returns the feed GET answers, rendered once per change. h.mu is held.
func (h *Hub) view(complete bool, link string) *view {
	partial := !complete && !h.opts.Window.IsZero()
	key := "complete"
	if partial {
		key = "partial " + link
	}
	now := h.opts.Now()
	if v := h.views[key]; v != nil && (v.stale == 0 || now.Unix() < v.stale) {
		return v
	}
	if len(h.views) >= maxViews {
		// Each Host a request names makes a view of its own: a bound
		// keeps made-up ones from filling the memory.
		clear(h.views)
	}
	list := items(h.doc)
	keep, since, stale := map[string]bool{}, h.st.floor(), int64(0)
	if partial {
		keep, since, stale = h.st.choose(list, h.opts.Window, now, h.doc.Dialect())
	} else {
		for _, it := range list {
			keep[it.ID] = true
		}
	}
	f := subset(h.doc, keep)
	s := h.sharing(since, now)
	if partial {
		s.Related = append([]dialect.Related{{Link: link, Type: "complete"}}, s.Related...)
	}
	if h.opts.Expires > 0 && h.doc.Dialect() == dialect.SSE091 && !h.warnedExpires {
		h.warnedExpires = true
		h.logf("warning: %s is now an SSE 0.91 feed, which has no expires (0.91 §2.1): --expires is ignored", h.path)
	}
	if h.opts.Expires > 0 {
		s.Expires = now.Add(h.opts.Expires).UTC().Truncate(time.Second)
		refresh := now.Add(h.opts.Expires / 2).Unix()
		if stale == 0 || refresh < stale {
			stale = refresh
		}
	}
	if h.doc.Dialect() != dialect.None {
		f.SetSharing(s)
	}
	body := f.Bytes()
	sum := sha256.Sum256(body)
	v := &view{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, ctype: contentType(f),
		modified: time.Unix(h.st.Until, 0).UTC(), stale: stale}
	h.views[key] = v
	return v
}

// sharing is the hub's sx:sharing with the given since: until is the
// latest stamp, the window in days for 0.91, FEED's own related feeds.
// A feed with no sync data yet is served without one: it has no dialect
// to write it in.
func (h *Hub) sharing(since int64, now time.Time) *dialect.Sharing {
	d := h.doc.Dialect()
	s := &dialect.Sharing{Since: sinceMark(d, since), Until: stampMark(d, time.Unix(h.st.Until, 0)), Related: slices.Clone(h.related)}
	if d == dialect.SSE091 {
		s.Window = h.opts.Window.days()
	}
	return s
}
