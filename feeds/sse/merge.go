package ssefeed

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// ErrKind is what a KindError is (errors.Is), for an RSS feed and an
// OPML one merged.
var ErrKind = errors.New("ssefeed: an RSS feed and an OPML feed cannot be merged")

// KindError refuses to merge an RSS feed and an OPML outline, each named
// with its kind (KindRSS, KindOPML). Its text is for people, as the hub's
// answer to a POST and the command line print it: what Local is, what
// Remote is, and why they do not merge.
type KindError struct {
	Local, Remote         string
	LocalKind, RemoteKind string
}

func (e *KindError) Error() string {
	return fmt.Sprintf("%s is an SSE 0.91 %s and %s is an SSE 0.91 %s: an RSS feed and an OPML outline cannot be merged",
		e.Local, kindName(e.LocalKind), e.Remote, kindName(e.RemoteKind))
}

// Is reports that a KindError is ErrKind.
func (e *KindError) Is(target error) bool { return target == ErrKind }

// kindName names a kind as people do.
func kindName(kind string) string {
	if kind == KindOPML {
		return "OPML outline"
	}
	return "RSS feed"
}

// Merge incorporates remote's items into local's (§4.3, §4.4) and returns
// the result as a new Doc; neither input changes. RSS items merge with
// sse.MergeFeed; OPML outlines with sse.MergeOutline, which adds §4.4.2
// cycle detection, and the result is laid out anew from the merged items
// when written (see the package doc).
//
// The result is local's feed: its channel or head, its sx:sharing (never
// remote's), its items without sx:sync, its items in their order and then
// remote's new ones. Remote's items without sx:sync are not brought in. An
// item in both feeds takes the winning version whole, sx:sync intact
// (§4.2); an item that the merge leaves as it was is written as it was
// read, and a remote item that wins unchanged is written as remote had it.
func Merge(local, remote *Doc) (*Doc, error) {
	return merge(local, remote, nil)
}

// merge is Merge, telling progress how many items of the result it has
// settled (MergeWithProgress).
func merge(local, remote *Doc, progress feeds.Progress) (*Doc, error) {
	if local.kind != remote.kind {
		return nil, &KindError{Local: local.name, Remote: remote.name, LocalKind: local.kind, RemoteKind: remote.kind}
	}
	merge := sse.MergeFeed
	if local.kind == KindOPML {
		merge = sse.MergeOutline
	}
	res, err := merge(local.records(), remote.records())
	if err != nil {
		return nil, fmt.Errorf("merging %s into %s: %w", remote.name, local.name, err)
	}
	out := *local
	out.outline = nil
	out.recs = slices.Clone(local.recs)
	out.index = maps.Clone(local.index)
	out.dates = maps.Clone(local.dates)
	maps.Copy(out.dates, local.moreDates)
	for _, m := range []map[int64]string{remote.dates, remote.moreDates} {
		for k, v := range m {
			if _, ok := out.dates[k]; !ok {
				out.dates[k] = v
			}
		}
	}
	out.moreDates = nil
	out.warnings = append(slices.Clone(local.warnings), remote.warnings...)
	out.notes = nil
	rep := xmlutil.NewReporter(progress, len(res), feeds.ReportItems)
	for i, it := range res {
		rep.At(i)
		r := remote.Item(it.ID)
		i, added := xmlutil.Put(&out.recs, out.index, it.ID)
		if !added {
			out.note(local, out.recs[i].item, remote, r, it)
			out.recs[i].item = asRead(it, out.recs[i].item, r)
			continue
		}
		j := remote.index[it.ID]
		out.recs[i] = record{item: out.adopt(asRead(it, nil, r)), el: remote.recs[j].el}
	}
	rep.Done()
	if err := out.checkDepth(); err != nil {
		return nil, fmt.Errorf("merging %s into %s: %w", remote.name, local.name, err)
	}
	return &out, nil
}

// asRead returns the merge result res as one of the versions it equals,
// local's or remote's, so that it is written as read; otherwise res, with
// local's data when it carries the same.
func asRead(res, local, remote *sse.Item) *sse.Item {
	switch {
	case local != nil && same(res, local):
		return local
	case remote != nil && same(res, remote):
		return remote
	}
	if local != nil && res.Data != local.Data && digest(res.Data) == digest(local.Data) {
		res.Data = local.Data
	}
	return res
}

// same reports whether two items are the same version with the same
// conflict flag, conflicts, position and data.
func same(a, b *sse.Item) bool {
	if a == b {
		return true
	}
	if a.ID != b.ID || a.Version != b.Version || a.Deleted != b.Deleted || a.Conflict != b.Conflict ||
		a.Position != b.Position || !a.History.Stamp().Equal(b.History.Stamp()) ||
		!slices.EqualFunc(a.History.Updates, b.History.Updates, sse.Stamp.Equal) ||
		len(a.Conflicts) != len(b.Conflicts) || digest(a.Data) != digest(b.Data) {
		return false
	}
	for i, c := range a.Conflicts {
		o := b.Conflicts[i]
		if c.Version != o.Version || !c.Stamp().Equal(o.Stamp()) || c.Position != o.Position || c.Deleted != o.Deleted ||
			c.HasFrom != o.HasFrom || !c.From.Equal(o.From) || digest(c.Data) != digest(o.Data) {
			return false
		}
	}
	return true
}

func digest(d sse.Data) string {
	if d == nil {
		return ""
	}
	return d.Digest()
}

// MergeWarnings returns what the merge that made the Doc kept but must
// say: the items the two feeds held as the same version (version, when,
// by and sx:update list, §4.4 step 2's "identical") with different data:
// two changes, made in one second on two git branches, or by a peer that
// changed the data without a new version (§4.2 forbids it). The merge
// keeps both as a conflict (sse.TwoChanges), the copy whose data's digest
// is greater as the winner (sse.Compare, key 7); the warning names both
// digests and the winner's side. nil for a Doc no merge made.
func (d *Doc) MergeWarnings() feeds.Problems { return d.notes }

// note records a warning when local's l and remote's r are the same
// version with different data; res is the merge's result.
func (d *Doc) note(local *Doc, l *sse.Item, remote *Doc, r, res *sse.Item) {
	if l == nil || r == nil || l.Version != r.Version || l.Deleted != r.Deleted || !l.History.Stamp().Equal(r.History.Stamp()) ||
		!slices.EqualFunc(l.History.Updates, r.History.Updates, sse.Stamp.Equal) || digest(l.Data) == digest(r.Data) ||
		slices.ContainsFunc(l.Conflicts, func(c *sse.Conflict) bool {
			return c.Version == r.Version && c.Stamp().Equal(r.History.Stamp()) && digest(c.Data) == digest(r.Data)
		}) {
		return // not the same version, or the two kept already
	}
	kept := local.name
	if digest(res.Data) == digest(r.Data) {
		kept = remote.name
	}
	d.notes = append(d.notes, feeds.Problem{File: remote.name, Item: l.ID,
		Msg: feeds.SameSyncMsg(l.ID, local.name, digest(l.Data), remote.name, digest(r.Data), kept, "0.91 §4.2")})
}
