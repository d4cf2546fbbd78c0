package dialect

// MergeIn is Merge(d, remote) done in place: d becomes the Doc Merge
// would return, written byte for byte as it would be, and MergeIn returns
// the ids of the entries the merge changed or added (an entry it left as
// it was is the same Entry before and after). On an error d does not
// change.
//
// Two FeedSync 1.0.2 feeds merge item by item, in time linear in remote's
// items whatever d's size (feeds.Doc.MergeIn): what a publisher that
// keeps its feed in memory needs to take in a small POST. So do two SSE
// 0.91 feeds (0.91 §4.4, ssefeed.Doc.MergeIn), RSS items or OPML outlines,
// whose cycle detection (0.91 §4.4.2) is kept up to date rather than run
// over the whole outline. Otherwise (a feed that takes the other's
// dialect; an outline a POST could nest near the depth limit) the whole
// feed is merged, as Merge does, and the changed entries found by
// identity.
func (d *Doc) MergeIn(remote *Doc) ([]string, error) {
	if changed, done, err := d.mergeInSSE(remote); done {
		return changed, err
	}
	l, lok := d.b.(fs102)
	r, rok := remote.b.(fs102)
	if lok && rok && d.synced && remote.synced {
		changed, err := l.doc.MergeIn(r.doc)
		if err == nil {
			d.src, d.ns = nil, mergedNS(d, remote, FeedSync102)
		}
		return changed, err
	}
	m, err := Merge(d, remote)
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, e := range m.Entries() {
		if old, ok := d.b.item(e.ID()); !ok || old != e {
			changed = append(changed, e.ID())
		}
	}
	*d = *m
	return changed, nil
}
