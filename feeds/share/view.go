package share

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// view is a feed GET answers: its ETag and headers, made from the model
// (the stamps' index and digest) without rendering it, and its body,
// rendered by the first GET that needs it. A view is made once per
// generation of the model, and again when a window by time or expires
// moves it on.
type view struct {
	gen      uint64 // the model's generation it was made from
	seq      uint64 // the journal's last record then
	takes    uint64 // the hub's takes of FEED then
	etag     string
	modified time.Time
	ctype    string // the feed's media type, without the charset of the body
	stale    int64  // unix time from which it must be made again, or 0
	keep     map[string]bool
	sharing  *dialect.Sharing

	mu   sync.Mutex // held by the GET that renders it, never under h.rw
	body atomic.Pointer[[]byte]
}

// viewOf returns the view of the model: the partial feed with link to the
// complete one, or the complete feed. h.rw is held for reading, or h.mu.
func (h *Hub) viewOf(partial bool, link string, now time.Time) *view {
	key := viewKey(partial, link)
	h.vmu.Lock()
	defer h.vmu.Unlock()
	if v := h.views[key]; v != nil && v.gen == h.gen && (v.stale == 0 || now.Unix() < v.stale) {
		return v
	}
	v := h.makeView(partial, link, now)
	if len(h.views) >= maxViews {
		// Each address a client reaches the hub at makes a view of its
		// own: a bound keeps them from filling the memory.
		clear(h.views)
	}
	h.views[key] = v
	return v
}

// makeView makes a view of the model at now: which items, the sx:sharing
// and the ETag, a digest of FEED as last read, of every item's id and
// sync digest, and of the sharing.
func (h *Hub) makeView(partial bool, link string, now time.Time) *view {
	d := h.doc.Dialect()
	since, stale := h.st.floor(), int64(0)
	var keep map[string]bool
	if partial {
		keep, since, stale = h.st.index().choose(h.st, h.opts.Window, now, inclusive(d), h.parentOf)
	}
	sh := h.sharing(h.doc, h.st, h.related, since, now)
	if partial {
		sh.Related = append([]dialect.Related{{Link: link, Type: "complete"}}, sh.Related...)
	}
	if h.opts.Expires > 0 && d == dialect.SSE091 && h.warnedExpires.CompareAndSwap(false, true) {
		h.logf("warning: %s is now an SSE 0.91 feed, which has no expires (0.91 §2.1): --expires is ignored", h.path)
	}
	if h.opts.Expires > 0 {
		sh.Expires = now.Add(h.opts.Expires).UTC().Truncate(time.Second)
		refresh := now.Add(h.opts.Expires / 2).Unix()
		if stale == 0 || refresh < stale {
			stale = refresh
		}
	}
	if d == dialect.None {
		sh = nil
	}
	return &view{gen: h.gen, seq: h.j.last(), takes: h.takes, etag: h.etag(partial, sh), ctype: mediaType(h.doc),
		modified: time.Unix(h.st.Until, 0).UTC(), stale: stale, keep: keep, sharing: sh}
}

// etag digests what a view holds: FEED as last read, the items (their ids
// and sync digests), the kind of view and its sx:sharing.
func (h *Hub) etag(partial bool, sh *dialect.Sharing) string {
	x := h.st.index()
	b := append(h.base[:], x.digest[:]...)
	b = fmt.Appendf(b, "%v %v %d", partial, h.doc.Dialect(), h.doc.Format())
	if sh != nil {
		b = fmt.Appendf(b, " %q %q %q %d %v", sh.Since.Text, sh.Until.Text, sh.Expires.Format(time.RFC3339), sh.Window, sh.Related)
	}
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// parentOf returns an OPML outline's parent id, "" for none.
func (h *Hub) parentOf(id string) string {
	e, err := h.doc.Entry(id)
	if err != nil {
		return ""
	}
	return e.Winner().Position().Parent
}

// doc returns the feed a view holds, a copy of the model's items it
// keeps with its sx:sharing, to be written without a lock. h.rw is held
// for reading, or h.mu, and the model is at the view's generation.
func (h *Hub) viewDoc(v *view) feed {
	var f feed
	if v.keep != nil {
		f = h.pick(v.keep) // a cost in the window's items
	} else {
		f = h.doc.Subset(func(dialect.Entry) bool { return true })
	}
	if v.sharing != nil {
		f.SetSharing(v.sharing)
	}
	return f
}

// serve returns the view GET answers and its body, rendered once, and
// the journal record it must wait for: a GET answers only what is
// durable. While the model holds records not yet durable (POSTs under
// way), a GET answers at once the newest durable view it has, when that
// view lacks at most the records the last fsync made durable (one group
// commit: POSTs answered a moment ago), and the model's view is rendered
// and kept to be answered once the fsync under way has made it durable.
// It waits for the journal only when it has no such view: the first GET
// of a view, one after FEED was read anew or past a view's time, one that
// comes after a lull (its view would be older than one group commit).
// Before, the first GET after each fsync waited for the next one behind
// the POSTs, the GETs' p99 under POSTs (issue 29 item 13). A GET whose
// If-None-Match names the ETag of the view answered gets no body: its
// answer is 304.
func (h *Hub) serve(partial bool, link, ifNoneMatch string) (*view, []byte, uint64) {
	key := viewKey(partial, link)
	now := h.opts.Now()
	h.rw.RLock()
	v := h.viewOf(partial, link, now)
	seq, kept := h.j.last(), (*view)(nil)
	if p := h.durableView(key, now); p != nil && p != v && h.j.durableTo() < seq {
		v, kept, seq = p, v, p.seq
	}
	if notModified(ifNoneMatch, v.etag) && kept == nil {
		h.rw.RUnlock()
		return v, nil, seq
	}
	var f, fk feed
	if v.body.Load() == nil {
		f = h.viewDoc(v)
	}
	if kept != nil && kept.body.Load() == nil && h.keep(key, kept) {
		fk = h.viewDoc(kept)
	}
	h.rw.RUnlock()
	if fk != nil {
		h.renderOnce(kept, fk, key)
	}
	if notModified(ifNoneMatch, v.etag) {
		return v, nil, seq
	}
	if b := v.body.Load(); b != nil {
		return v, *b, seq
	}
	h.renderOnce(v, f, key)
	return v, *v.body.Load(), seq
}

// renderOnce renders v's body from f, its doc, unless another GET did.
func (h *Hub) renderOnce(v *view, f feed, key string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.body.Load() == nil {
		b := render(f, h.lastServed(key))
		v.body.Store(&b)
	}
}

// durableView returns the newest durable view for key that may be
// answered now instead of waiting for the journal: the view kept once
// durable, else the view last answered; nil when there is none, or it
// lacks more than the last group commit, or FEED was read anew since, or
// the view's time has passed. h.rw is held for reading.
func (h *Hub) durableView(key string, now time.Time) *view {
	from, to := h.j.lastCommit()
	h.vmu.Lock()
	defer h.vmu.Unlock()
	if k := h.kept[key]; k != nil && k.body.Load() != nil && k.seq <= to {
		h.served[key] = k
		delete(h.kept, key)
	}
	p := h.served[key]
	if p == nil || p.seq < from || p.takes != h.takes || p.stale != 0 && now.Unix() >= p.stale {
		return nil
	}
	return p
}

// keep keeps v, a view not yet durable, to be answered once it is; it
// reports whether v is to be rendered (it is the view kept). A view kept
// is not replaced until it is answered: replaced by each newer one, under
// a stream of POSTs none would ever be durable when a GET comes.
func (h *Hub) keep(key string, v *view) bool {
	h.vmu.Lock()
	defer h.vmu.Unlock()
	if k := h.kept[key]; k != nil && k.takes == h.takes {
		return false
	}
	if len(h.kept) >= maxViews {
		clear(h.kept)
	}
	h.kept[key] = v
	return true
}

// render writes f into memory sized after the body of the view last
// served in its place, when there is one: a feed changed by a POST is
// about that size, and growing a buffer of many megabytes by doubling
// cost most of a GET's time at 10k items.
func render(f feed, last *view) []byte {
	size := 0
	if last != nil {
		if b := last.body.Load(); b != nil {
			size = len(*b) + len(*b)/16
		}
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	f.WriteTo(buf) // a bytes.Buffer does not fail
	return buf.Bytes()
}

// lastServed returns the view last answered for key, once durable.
func (h *Hub) lastServed(key string) *view {
	h.vmu.Lock()
	defer h.vmu.Unlock()
	return h.served[key]
}

// answered records v, rendered and durable, as the view last answered.
func (h *Hub) answered(partial bool, link string, v *view) {
	h.vmu.Lock()
	defer h.vmu.Unlock()
	if len(h.served) >= maxViews {
		clear(h.served)
	}
	h.served[viewKey(partial, link)] = v
}

func viewKey(partial bool, link string) string {
	if partial {
		return "partial " + link
	}
	return "complete"
}

// link is the absolute URI of the complete feed (linkFor): under
// Options.PublicURL, or else under the address the client connected to
// and Options.Prefix.
func (h *Hub) link(r *http.Request) string { return linkFor(r, h.opts.PublicURL, h.opts.Prefix) }

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
