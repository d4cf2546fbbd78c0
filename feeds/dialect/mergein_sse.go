package dialect

import "sync/atomic"

// sseInPlace counts the SSE 0.91 merges MergeIn did item by item, for the
// tests that check the path is taken.
var sseInPlace atomic.Int64

// mergeInSSE is MergeIn for two SSE 0.91 feeds with sync data, RSS or
// OPML, item by item (ssefeed.Doc.MergeIn, 0.91 §4.4; for outlines 0.91
// §4.4.2's cycle detection walks up from the outlines remote brings), in
// time linear in remote's items. It returns false, with d unchanged, for
// any other pair (a feed that takes the other's dialect), and where
// ssefeed leaves the merge to the whole feed (an outline a POST could nest
// near the depth limit).
func (d *Doc) mergeInSSE(remote *Doc) ([]string, bool, error) {
	l, lok := d.b.(sse091)
	r, rok := remote.b.(sse091)
	if !lok || !rok || !d.synced || !remote.synced {
		return nil, false, nil
	}
	changed, done, err := l.doc.MergeIn(r.doc)
	if !done || err != nil {
		return nil, done, err
	}
	sseInPlace.Add(1)
	d.src, d.ns = nil, mergedNS(d, remote, SSE091)
	return changed, true, nil
}
