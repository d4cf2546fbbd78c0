package dialect

import (
	"slices"
	"sync/atomic"
)

// sseInPlace counts the SSE 0.91 merges MergeIn did item by item, for the
// tests that check the path is taken.
var sseInPlace atomic.Int64

// mergeInSSE is MergeIn for two SSE 0.91 RSS feeds with sync data, item
// by item (ssefeed.Doc.MergeIn, 0.91 §4.4), in time linear in remote's
// items. It returns false, with d unchanged, for any other pair: an OPML
// outline, whose §4.4.2 cycle detection is a property of the whole
// outline, and a feed that takes the other's dialect.
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
	d.src = nil
	if !slices.Contains(namespaces(SSE091), d.ns) {
		d.ns = remote.namespace(SSE091)
	}
	return changed, true, nil
}
