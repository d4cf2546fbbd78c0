package share

import (
	"context"
	"crypto/sha256"
	"fmt"
	"maps"
)

// pushChanges sends the publisher the items of LOCAL it does not hold as
// they are (new, changed here, merged differently), with the cached
// until, and merges the answer: every change after that until that the
// push did not carry.
func (r *round) pushChanges(ctx context.Context) error {
	if r.local == nil {
		return nil
	}
	delta := maps.Clone(r.sums.delta(r.st.Known))
	if len(delta) == 0 {
		return nil
	}
	body := subset(r.local, delta)
	body.SetSharing(nil)
	b := body.Bytes()
	resp, err := r.Client.post(ctx, r.URL, b, contentType(body, b), r.st.Until.Text)
	if err != nil {
		return err
	}
	r.read(resp.body)
	if !resp.hub {
		return r.foreignAnswer(resp, delta)
	}
	r.res.Pushed = len(delta)
	for id := range delta {
		r.st.Known[id] = r.sums.get(id)
		r.sums.touch(id)
	}
	answer, err := parse(r.name()+" (answer)", resp.body)
	if err != nil {
		return err
	}
	if err := r.mergeIn(answer); err != nil {
		return err
	}
	if sh := answer.Sharing(); bounded(sh) {
		r.st.Until, r.st.Dialect = sh.Until, answer.Dialect().String()
	}
	if resp.etagAfter != "" {
		r.st.Valid = validators{ETag: resp.etagAfter}
	}
	return nil
}

// foreignAnswer takes the answer of a FeedSync server that is no feedsync
// hub to the POST of the items in sent, which it accepted: a 2xx answer
// is the server's word that it took them. What it answers is its own
// affair: mesh4x's FeedServlet merges the POST and answers a feed of the
// items then in conflict on its side, usually none; another may answer
// its feed as it now is, a page of text, or nothing (204). An answer that
// is a feed is merged beside what the pull read, and the items sent are
// known to the server as sent (the next read, whole, shows what it holds).
//
// One answer is no such word: the very feed a read of this round got (the
// same bytes, or the same ETag or Last-Modified), which is what a web
// server serving a file answers to any request, the POST unread. When it
// holds none of the items sent as sent, the server took nothing: an error,
// as a sync with a feed that takes no POST is, and nothing is written.
// When it holds some, those are known and the others sent again next time.
func (r *round) foreignAnswer(resp *response, sent map[string]bool) error {
	r.res.NotHub, r.res.Pushed = true, len(sent)
	unread := r.readThisRound(resp)
	if answer, err := parse(r.name()+" (answer)", resp.body); err == nil {
		if err := r.mergeIn(answer); err != nil {
			return fmt.Errorf("the items were sent to %s, but its answer, a feed, does not merge: %w", r.name(), err)
		}
		r.res.AnswerMerged, r.res.Answered = true, len(answer.Entries())
	}
	for id := range sent {
		switch {
		case r.st.Known[id] == r.sums.get(id):
		case unread:
			continue
		default:
			r.st.Known[id] = r.sums.get(id)
			r.sums.touch(id)
		}
		r.res.Taken++
	}
	if unread && r.res.Taken == 0 {
		return fmt.Errorf("sending to %s: it answered the POST with the feed it serves, unchanged, which holds none of the %d items sent: it took nothing (a web server serving a file?); 'feedsync pull' reads a feed that takes no POST", r.name(), len(sent))
	}
	return nil
}

// readThisRound reports whether resp, the answer to a POST, is a feed a
// read of this round got: the same bytes, or the same validators.
func (r *round) readThisRound(resp *response) bool {
	sum := sha256.Sum256(resp.body)
	for _, g := range r.got {
		if len(resp.body) > 0 && g.sum == sum || resp.valid != (validators{}) && g.valid == resp.valid {
			return true
		}
	}
	return false
}

// gotFeed is what a read of a round got: the digest of its body (zero
// for a 304, which brings none) and its validators.
type gotFeed struct {
	sum   [32]byte
	valid validators
}

// noteGot notes what a read got, for readThisRound.
func (r *round) noteGot(resp *response, valid validators) {
	g := gotFeed{valid: valid}
	if !resp.notModified {
		g.sum = sha256.Sum256(resp.body)
	}
	r.got = append(r.got, g)
}
