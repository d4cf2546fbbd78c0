package share

import (
	"context"
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
		return r.foreignAnswer(resp.body, delta)
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
// hub to the POST of the items in sent, which it accepted (2xx). Another
// implementation may answer with its feed as it now is, as mesh4x's
// FeedServlet does: such an answer is merged, and the items it holds as
// LOCAL now does are known to the server from then on (the others are sent
// again next time). An answer that is a feed holding none of them comes
// from a server that took nothing, such as a web server answering with
// the file at the URL: that is an error, as before, and nothing is
// written. An answer that is no feed tells nothing of what the server
// took: the items were sent, and the next read shows what it holds.
func (r *round) foreignAnswer(body []byte, sent map[string]bool) error {
	r.res.NotHub, r.res.Pushed = true, len(sent)
	answer, err := parse(r.name()+" (answer)", body)
	if err != nil {
		return nil
	}
	if err := r.mergeIn(answer); err != nil {
		return fmt.Errorf("the items were sent to %s, but its answer, a feed, does not merge: %w", r.name(), err)
	}
	r.res.AnswerMerged = true
	for id := range sent {
		if r.st.Known[id] == r.sums.get(id) {
			r.res.Taken++
		}
	}
	if r.res.Taken == 0 {
		return fmt.Errorf("sending to %s: it answered with a feed that holds none of the %d items sent: it took nothing, and is no feedsync hub; 'feedsync pull' reads a feed that takes no POST", r.name(), len(sent))
	}
	return nil
}
