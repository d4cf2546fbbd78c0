package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// post merges a POST into FEED as a subscriber would (1.0.2 §3.3, 0.91
// §4.4) and answers what the poster lacks (incorporate).
func (h *Hub) post(_ context.Context, posted feed, until, link string, complete bool) (postAnswer, int, error) {
	answer, etag, code, err := h.incorporate(posted, until, link, complete)
	if err != nil {
		return postAnswer{}, code, err
	}
	b := answer.Bytes()
	return postAnswer{body: bytes.NewReader(b), ctype: contentType(answer, b), etag: etag}, http.StatusOK, nil
}

// PostWait is how long a POST beyond Options.MaxPosts waits for one of
// them to end before it is refused with 503.
const PostWait = 250 * time.Millisecond

// postHook, when set by a test, is called when a POST's body has been
// read and parsed, before its merge: the test holds bodies there.
var postHook func()

// busy answers a POST beyond MaxPosts: 503, and when to try again.
func busy(w http.ResponseWriter, max int) {
	w.Header().Set("Retry-After", strconv.Itoa(int(RetryAfter/time.Second)))
	http.Error(w, fmt.Sprintf("503 the hub is taking %d POSTs already; try again in %v (feedsync sync does)", max, RetryAfter), http.StatusServiceUnavailable)
}

func tooLarge(w http.ResponseWriter, max int64) {
	http.Error(w, "413 the body is larger than the hub's cap of "+fetch.SizeText(max), http.StatusRequestEntityTooLarge)
}

// incorporate merges posted into the model in place, item by item, and
// appends what changed to the journal; once the record is durable (one
// fsync, shared with the POSTs that came meanwhile) it returns the
// answer: every item changed after the poster's until (the header) except
// those the poster sent as they now are, with sx:sharing since the
// poster's until and until the latest stamp. FEED is written by the next
// fold, not here; a FEED another command changed is taken in first.
func (h *Hub) incorporate(posted feed, until, link string, complete bool) (feed, string, int, error) {
	h.mu.Lock()
	if h.j.f == nil {
		// Close has folded and let the feed go (a handler still running
		// once the server stopped): a fold now would write FEED and the
		// stamps without the feed's lock.
		h.mu.Unlock()
		return nil, "", http.StatusServiceUnavailable, errJournalClosed
	}
	h.refresh()
	if h.bad != nil {
		h.mu.Unlock()
		return nil, "", http.StatusServiceUnavailable, &publicError{"503 " + h.name + " does not load on the hub; the hub's keeper must fix it (see its log)"}
	}
	posted, err := admit(h.name, h.doc.Dialect(), h.doc, posted)
	if err != nil {
		h.mu.Unlock()
		return nil, "", http.StatusBadRequest, err
	}
	grows, err := h.growth(posted)
	if err == nil {
		err = CheckGrowth(h.size, grows)
	}
	if ge := (*GrowthError)(nil); errors.As(err, &ge) {
		h.mu.Unlock()
		return nil, "", http.StatusRequestEntityTooLarge, fmt.Errorf("413 %w", err)
	}
	seq, err := h.apply(posted)
	if err != nil {
		h.mu.Unlock()
		return nil, "", http.StatusBadRequest, err
	}
	h.size += grows
	now := h.opts.Now()
	answer := h.answer(posted, until, now)
	etag := h.viewOf(!complete && !h.opts.Window.IsZero(), link, now).etag
	h.mu.Unlock()
	if err := h.durable(seq); err != nil {
		return nil, "", http.StatusServiceUnavailable, err
	}
	return answer, etag, http.StatusOK, nil
}

// apply merges posted into the model, stamps the items whose sync digest
// changed, and writes the change to the journal, returning its record's
// place (0 when nothing changed). h.mu is held.
func (h *Hub) apply(posted feed) (uint64, error) {
	before := h.entriesOf(posted)
	h.rw.Lock()
	changed, err := h.doc.MergeIn(posted)
	if err != nil || len(changed) == 0 {
		h.rw.Unlock()
		return 0, err
	}
	if h.doc.Dialect() != h.shellOf {
		// A feed with no sync data yet takes the dialect of the first
		// merged into it: its shell is made again in that dialect.
		h.makeShell()
	}
	rec := h.stampChanges(changed, h.opts.Now())
	seq := h.j.reserve()
	h.gen++
	h.rw.Unlock()
	mergeWarnings(h.doc, func(msg string) { h.logf("warning: %s", msg) })
	set := make(map[string]bool, len(changed))
	for _, id := range changed {
		set[id] = true
		h.unfolded[id] = seq
	}
	frag := h.pick(set)
	rec.Feed = frag.Bytes()
	if data, err := rec.encode(); err != nil {
		h.j.fail(err)
	} else {
		h.j.write(seq, data)
		h.pendingB += int64(len(data))
	}
	h.recordLeft(before, posted)
	h.recordCurrent(frag)
	h.pending++
	h.lastChange = time.Now()
	if h.pending == 1 {
		select { // the folder's clock starts
		case h.wake <- struct{}{}:
		default:
		}
	}
	if h.foldDue() {
		h.kickFold()
	}
	return seq, nil
}

// durable waits for journal record seq to be durable. When the journal
// cannot be written, a fold writes FEED instead.
func (h *Hub) durable(seq uint64) error {
	err := h.j.wait(seq)
	if err == nil {
		return nil
	}
	h.logf("warning: %v; folding into %s instead", err, h.path)
	if ferr := h.fold(); ferr != nil {
		h.logf("warning: folding into %s: %v", h.path, ferr)
		return fmt.Errorf("%v; folding: %v", err, ferr)
	}
	if err := h.j.wait(seq); err != nil {
		h.logf("warning: %v", err)
		return err
	}
	return nil
}

// entriesOf returns the model's entries of the items posted holds.
func (h *Hub) entriesOf(posted feed) []dialect.Entry {
	var out []dialect.Entry
	for _, e := range posted.Entries() {
		if m, err := h.doc.Entry(e.ID()); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// stampChanges stamps, as one incorporation at now, the changed items
// whose sync digest differs from the state's, and returns the journal
// record of it, without its feed. h.rw is held.
func (h *Hub) stampChanges(ids []string, now time.Time) journalRecord {
	var s summer
	var its []item
	for _, id := range ids {
		e, err := h.doc.Entry(id)
		if err != nil {
			continue
		}
		it := s.item(e)
		if old, ok := h.st.Items[id]; !ok || old.Sum != it.Sum {
			its = append(its, it)
		}
	}
	var rec journalRecord
	d := h.doc.Dialect()
	if len(its) > 0 || h.st.Dialect != d.String() {
		h.st.incorporate(its, nil, d, now)
		rec.Stamp = h.st.Until
	}
	rec.Until, rec.Dialect = h.st.Until, h.st.Dialect
	rec.FeedID, rec.FeedName = h.st.FeedID, filepath.Base(h.path)
	for _, it := range its {
		rec.Items = append(rec.Items, stampedID{it.ID, it.Sum})
	}
	return rec
}

// answer is what a poster whose last read ended at until lacks: every item
// incorporated since that it did not send as it now is, and every item it
// sent that the hub holds otherwise, with sx:sharing since that until and
// until the latest stamp. It walks the stamps back from the latest to
// until and the items sent, not every item. h.mu is held.
func (h *Hub) answer(posted feed, until string, now time.Time) feed {
	from := h.st.floor()
	if u, ok := parseMark(h.doc.Dialect(), until); ok {
		from = max(from, u.Unix())
	}
	sent := sums(posted)
	keep := map[string]bool{}
	h.st.index().newest(func(at int64, id string) bool {
		if at <= from {
			return false
		}
		if sent[id] != h.st.Items[id].Sum {
			keep[id] = true
		}
		return true
	})
	for id, sum := range sent {
		// An item sent as the hub does not hold it, its version older
		// (LOCAL restored from a backup) or merged otherwise, however
		// long ago the hub's was stamped: the poster lacks the hub's.
		if cur, ok := h.st.Items[id]; ok && cur.Sum != sum {
			keep[id] = true
		}
	}
	answer := h.pick(keep)
	if d := h.doc.Dialect(); d != dialect.None {
		// A poster up to date (or naming a later until) lacks nothing
		// from until on: since is until, not after it, and in 0.91,
		// inclusive, the second before (the items stamped until that
		// it holds are left out, as is everything it sent).
		answer.SetSharing(h.sharing(h.doc, h.st, h.related, min(from, h.st.Until-sinceStep(d)), now))
	}
	return answer
}
