package resolver

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// errNotSelective refuses marked versions in SSE 0.91.
var errNotSelective = errors.New("tui: SSE 0.91 resolves all of an item's conflicts at once (§5)")

// SSE returns the Document over an SSE 0.91 feed, RSS or OPML. Every
// decision is a call into package engine/sse. A resolution is §5's "further
// update incrementing the version and removing the conflict attribute",
// which removes every sx:conflict too (§4.2 step 4):
//
//   - keep the winner: sse.Resolve with sse.PickWinner;
//   - take a version: sse.Resolve with sse.PickConflict, the version's
//     data and, in OPML, its position;
//   - edit: sse.Resolve with new data made by ssefeed.Doc.NewData;
//   - delete or undelete: sse.Update with sse.Delete or sse.Undelete, an
//     update (§4.2), which removes the conflicts as well.
//
// An item is in conflict when its conflict flag is set or it holds
// sx:conflict records; §4.4.2 cycle detection sets the flag alone. OPML
// feeds have an Outline (sse.Build).
func SSE(doc *ssefeed.Doc) Document { return sseDoc{doc} }

type sseDoc struct{ doc *ssefeed.Doc }

// sseEntry is an item of an SSE 0.91 feed; sseVersion its winner (conflict
// -1) or one of its sx:conflict records.
type (
	sseEntry   struct{ it *sse.Item }
	sseVersion struct {
		it       *sse.Item
		conflict int
	}
)

func (d sseDoc) Entries() []Entry {
	items := d.doc.Items()
	out := make([]Entry, len(items))
	for i, it := range items {
		out[i] = sseEntry{it}
	}
	return out
}

func (d sseDoc) KeepWinner(e Entry, versions []int, st engine.Stamp) (Entry, error) {
	return sseResolve(e, st, versions, func(it *sse.Item) (sse.Change, error) { return sse.PickWinner(it), nil })
}

func (d sseDoc) TakeVersion(e Entry, i int, versions []int, st engine.Stamp) (Entry, error) {
	return sseResolve(e, st, versions, func(it *sse.Item) (sse.Change, error) { return sse.PickConflict(it, i) })
}

func (d sseDoc) Edit(e Entry, versions []int, title, content string, st engine.Stamp) (Entry, error) {
	return sseResolve(e, st, versions, func(it *sse.Item) (sse.Change, error) {
		return sse.Edit(it, d.doc.NewData(it.Data, &title, &content)), nil
	})
}

// sseResolve is sse.Resolve with the change pick makes of the item.
func sseResolve(e Entry, st engine.Stamp, versions []int, pick func(*sse.Item) (sse.Change, error)) (Entry, error) {
	se, ok := e.(sseEntry)
	switch {
	case !ok:
		return nil, errForeignEntry
	case len(versions) > 0:
		return nil, errNotSelective
	}
	ch, err := pick(se.it)
	if err != nil {
		return nil, err
	}
	res, err := sse.Resolve(se.it, sseStamp(st), ch, sse.Options{})
	if err != nil {
		return nil, err
	}
	return sseEntry{res}, nil
}

func (d sseDoc) ToggleDelete(e Entry, st engine.Stamp) (Entry, error) {
	se, ok := e.(sseEntry)
	if !ok {
		return nil, errForeignEntry
	}
	ch := sse.Delete(se.it)
	if se.it.Deleted {
		ch = sse.Undelete(se.it)
	}
	res, err := sse.Update(se.it, sseStamp(st), ch, sse.Options{})
	if err != nil {
		return nil, err
	}
	return sseEntry{res}, nil
}

func sseStamp(st engine.Stamp) sse.Stamp { return sse.Stamp{When: st.When, By: st.By} }

func (d sseDoc) Selective() bool { return false }

func (d sseDoc) Outline(entries []Entry) Outline {
	if d.doc.Kind() != ssefeed.KindOPML {
		return nil
	}
	return newSSEOutline(entries)
}

func (d sseDoc) Set(e Entry) {
	if se, ok := e.(sseEntry); ok {
		d.doc.Set(se.it)
	}
}

func (d sseDoc) WriteTo(w io.Writer) (int64, error) { return d.doc.WriteTo(w) }

func (d sseDoc) Conflicted() int {
	n := 0
	for _, it := range d.doc.Items() {
		if (sseEntry{it}).InConflict() {
			n++
		}
	}
	return n
}

func (e sseEntry) ID() string       { return e.it.ID }
func (e sseEntry) Title() string    { return ssefeed.Title(e.it.Data) }
func (e sseEntry) InConflict() bool { return e.it.Conflict || len(e.it.Conflicts) > 0 }
func (e sseEntry) Winner() Version  { return sseVersion{e.it, -1} }

func (e sseEntry) Versions() []Version {
	out := make([]Version, len(e.it.Conflicts))
	for i := range e.it.Conflicts {
		out[i] = sseVersion{e.it, i}
	}
	return out
}

// Divergence says which version both sides made apart, which the
// sx:conflict record names (§4.4.1), and what the winner's history says
// of it or of the version before.
func (e sseEntry) Divergence(i int, now time.Time) string {
	v := e.it.Conflicts[i].Version
	s := fmt.Sprintf("both sides made a version %d (§4.4.1)", v)
	h, ok := sseChange(e.it, v)
	prev, hasPrev := sseChange(e.it, v-1)
	switch {
	case !ok:
		return s + "; the winner's history no longer holds it"
	case e.it.Version > v:
		return s + "; the winner's is " + entryText(h, now)
	case hasPrev:
		return s + "; the winner's came after " + entryText(prev, now)
	}
	return s
}

// sseChange returns the winner's history entry for version v: sx:history
// for its own version, the nth sx:update n versions before (§4.4.1).
func sseChange(it *sse.Item, v int) (HistoryEntry, bool) {
	hs := sseVersion{it, -1}.History()
	n := it.Version - v
	if v < 1 || n < 0 || n >= len(hs) {
		return HistoryEntry{}, false
	}
	return hs[n], true
}

func (v sseVersion) Fields() []feeds.Field {
	if v.conflict < 0 {
		return ssefeed.Fields(v.it.Data)
	}
	return ssefeed.Fields(v.it.Conflicts[v.conflict].Data)
}

// Deleted reports the winner's deleted flag; sx:conflict has none (§5.2).
func (v sseVersion) Deleted() bool { return v.conflict < 0 && v.it.Deleted }

// Provenance gives the version, the deleted state and the conflict flag,
// then the by of the latest change.
func (v sseVersion) Provenance() (state, who string) {
	who = "no by"
	if h := top(v); h.HasBy() {
		who = "by " + h.By
	}
	if v.conflict >= 0 {
		return fmt.Sprintf("sx:conflict version %d", v.it.Conflicts[v.conflict].Version), who
	}
	state = fmt.Sprintf("sx:sync version %d · live", v.it.Version)
	if v.it.Deleted {
		state = fmt.Sprintf("sx:sync version %d · deleted", v.it.Version)
	}
	if v.it.Conflict {
		state += ` · conflict="true"`
	}
	return state, who
}

// History gives the winner's sx:history and its sx:update elements, each
// labelled with the version it made, or an sx:conflict's own when and by.
func (v sseVersion) History() []HistoryEntry {
	if v.conflict >= 0 {
		c := v.it.Conflicts[v.conflict]
		return []HistoryEntry{sseHistory(c.Version, c.Stamp())}
	}
	h := v.it.History
	out := make([]HistoryEntry, 0, 1+len(h.Updates))
	out = append(out, sseHistory(v.it.Version, h.Stamp()))
	for i, u := range h.Updates {
		out = append(out, sseHistory(v.it.Version-1-i, u))
	}
	return out
}

// sseHistory labels a change with the version it made: "v4".
func sseHistory(version int, st sse.Stamp) HistoryEntry {
	return HistoryEntry{Label: "v" + strconv.Itoa(version), When: st.When, By: st.By}
}
