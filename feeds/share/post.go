package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// post merges the body into FEED as a subscriber would (1.0.2 §3.3, 0.91
// §4.4) and answers what the poster lacks.
func (h *Hub) post(w http.ResponseWriter, r *http.Request, complete bool) {
	if r.ContentLength > h.opts.MaxBody {
		tooLarge(w, h.opts.MaxBody)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBody))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		tooLarge(w, h.opts.MaxBody)
		return
	case err != nil:
		http.Error(w, "reading the body: "+err.Error(), http.StatusBadRequest)
		return
	}
	posted, err := parse("request body", body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	answer, etag, code, err := h.incorporate(posted, r.Header.Get(HeaderUntil), h.link(r), complete)
	if err != nil {
		http.Error(w, err.Error(), code)
		return
	}
	w.Header().Set("Content-Type", contentType(answer))
	if etag != "" {
		w.Header().Set(HeaderETag, etag)
	}
	w.Write(answer.Bytes())
}

func tooLarge(w http.ResponseWriter, max int64) {
	http.Error(w, "413 the body is larger than the hub's cap of "+fetch.SizeText(max), http.StatusRequestEntityTooLarge)
}

// incorporate merges posted into FEED under the feed's lock, so that
// POSTs, this and other processes' writes of FEED never lose each other's
// changes, saves FEED atomically when the merge changed it, and returns
// the answer: every item changed after the poster's until (the header)
// except those the poster sent as they now are, with sx:sharing since the
// poster's until and until the latest stamp.
func (h *Hub) incorporate(posted feed, until, link string, complete bool) (feed, string, int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	lock, err := atomicfile.Acquire(context.Background(), h.path)
	if err != nil {
		return nil, "", http.StatusServiceUnavailable, err
	}
	defer lock.Release()
	snap, err := lock.Read()
	if err == nil && !snap.Exists() {
		err = fileError(h.path, nil)
	}
	if err != nil {
		return nil, "", http.StatusInternalServerError, err
	}
	id, _ := statID(h.path)
	h.take(snap.Data, id)
	if !bytes.Equal(snap.Data, h.served) {
		return nil, "", http.StatusServiceUnavailable, fmt.Errorf("%s does not load; fix it before syncing (see the hub's log)", h.path)
	}
	merged, err := merge(h.doc, posted)
	if err != nil {
		return nil, "", http.StatusBadRequest, err
	}
	mergeWarnings(merged, func(msg string) { h.logf("warning: %s", msg) })
	now := h.opts.Now()
	if changed(h.doc, merged) {
		data := merged.Bytes()
		h.recordLeft(h.doc, posted, merged)
		if _, err := lock.Commit(snap, data); err != nil {
			return nil, "", http.StatusServiceUnavailable, err
		}
		id, _ := statID(h.path)
		h.recordCurrent(merged)
		h.adopt(merged, data, id)
		if h.st.observe(merged, now) {
			h.saveState()
		}
	}
	return h.answer(posted, until, now), h.view(complete, link).etag, http.StatusOK, nil
}

// answer is what a poster whose last read ended at until lacks: every item
// incorporated since that it did not send as it now is, with sx:sharing
// since that until and until the latest stamp. h.mu is held.
func (h *Hub) answer(posted feed, until string, now time.Time) feed {
	from := h.st.floor()
	if u, ok := parseMark(h.doc.Dialect(), until); ok {
		from = max(from, u.Unix())
	}
	sent := sums(posted)
	keep := map[string]bool{}
	for _, it := range items(h.doc) {
		if h.st.Items[it.ID].At > from && sent[it.ID] != it.Sum {
			keep[it.ID] = true
		}
	}
	answer := subset(h.doc, keep)
	if d := h.doc.Dialect(); d != dialect.None {
		// A poster up to date (or naming a later until) lacks nothing
		// from until on: since is until, not after it, and in 0.91,
		// inclusive, the second before (the items stamped until that
		// it holds are left out, as is everything it sent).
		answer.SetSharing(h.sharing(min(from, h.st.Until-sinceStep(d)), now))
	}
	return answer
}

// changed reports whether a merge changed any item.
func changed(before, after feed) bool {
	a, b := items(before), items(after)
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Sum != b[i].Sum {
			return true
		}
	}
	return false
}
