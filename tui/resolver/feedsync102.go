package resolver

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// errForeignEntry reports an Entry that another Document made.
var errForeignEntry = errors.New("tui: the entry belongs to another kind of document")

// FeedSync returns the Document over a FeedSync 1.0.2 feed. Every decision
// is a call into package engine:
//
//   - keep the winner: engine.Resolve with engine.PickWinner (§3.4 1.1);
//   - take a version: engine.Resolve with engine.PickVersion (§3.4 1.2);
//   - edit: engine.Resolve with new data made by feeds.Doc.NewData (§3.4 1.3);
//   - delete or undelete: engine.Update with engine.Delete or
//     engine.Undelete, a §3.2 update that resolves nothing.
//
// A resolution is a §3.2 update after which the versions it factored in
// are folded into the history (§4); listing versions makes it selective.
func FeedSync(doc *feeds.Doc) Document { return fsDoc{doc} }

type fsDoc struct{ doc *feeds.Doc }

// fsEntry is an item of a FeedSync 1.0.2 feed; fsVersion one of its versions.
type (
	fsEntry   struct{ it *engine.Item }
	fsVersion struct{ it *engine.Item }
)

func (d fsDoc) Entries() []Entry {
	items := d.doc.Items()
	out := make([]Entry, len(items))
	for i, it := range items {
		out[i] = fsEntry{it}
	}
	return out
}

func (d fsDoc) KeepWinner(e Entry, versions []int, st engine.Stamp) (Entry, error) {
	return fsResolve(e, st, versions, func(it *engine.Item) (engine.Change, error) {
		return engine.PickWinner(it), nil
	})
}

func (d fsDoc) TakeVersion(e Entry, i int, versions []int, st engine.Stamp) (Entry, error) {
	return fsResolve(e, st, withVersion(versions, i), func(it *engine.Item) (engine.Change, error) {
		return engine.PickVersion(it, i)
	})
}

func (d fsDoc) Edit(e Entry, versions []int, title, content string, st engine.Stamp) (Entry, error) {
	return fsResolve(e, st, versions, func(it *engine.Item) (engine.Change, error) {
		return engine.Change{Data: d.doc.NewData(it.Data, &title, &content), Deleted: it.Sync.Deleted}, nil
	})
}

// fsResolve is engine.Resolve with the default options and the change that
// pick makes of the item.
func fsResolve(e Entry, st engine.Stamp, versions []int, pick func(*engine.Item) (engine.Change, error)) (Entry, error) {
	fe, ok := e.(fsEntry)
	if !ok {
		return nil, errForeignEntry
	}
	ch, err := pick(fe.it)
	if err != nil {
		return nil, err
	}
	res, err := engine.Resolve(fe.it, st, engine.Resolution{Change: ch, Versions: versions}, engine.Options{})
	if err != nil {
		return nil, err
	}
	return fsEntry{res}, nil
}

// withVersion adds the taken version to a selection: taking a version's data
// factors it in. An empty selection already means every version.
func withVersion(versions []int, v int) []int {
	if len(versions) == 0 || slices.Contains(versions, v) {
		return versions
	}
	versions = append(slices.Clone(versions), v)
	slices.Sort(versions)
	return versions
}

func (d fsDoc) ToggleDelete(e Entry, st engine.Stamp) (Entry, error) {
	fe, ok := e.(fsEntry)
	if !ok {
		return nil, errForeignEntry
	}
	ch := engine.Delete(fe.it)
	if fe.it.Sync.Deleted {
		ch = engine.Undelete(fe.it)
	}
	res, err := engine.Update(fe.it, st, ch, engine.Options{})
	if err != nil {
		return nil, err
	}
	return fsEntry{res}, nil
}

func (d fsDoc) Selective() bool         { return true }
func (d fsDoc) Outline([]Entry) Outline { return nil }

func (d fsDoc) Set(e Entry) {
	if fe, ok := e.(fsEntry); ok {
		d.doc.Set(fe.it)
	}
}

func (d fsDoc) WriteTo(w io.Writer) (int64, error) { return d.doc.WriteTo(w) }

func (d fsDoc) Conflicted() int {
	n := 0
	for _, it := range d.doc.Items() {
		if len(it.Conflicts) > 0 {
			n++
		}
	}
	return n
}

func (e fsEntry) ID() string       { return e.it.Sync.ID }
func (e fsEntry) Title() string    { return feeds.Title(e.it.Data) }
func (e fsEntry) InConflict() bool { return len(e.it.Conflicts) > 0 }
func (e fsEntry) Winner() Version  { return fsVersion(e) }

func (e fsEntry) Versions() []Version {
	out := make([]Version, len(e.it.Conflicts))
	for i, c := range e.it.Conflicts {
		out[i] = fsVersion{c}
	}
	return out
}

// Divergence names the newest history entry the two versions share, where
// they went their own ways (§3.3 subsumption works on the same entries).
func (e fsEntry) Divergence(i int, now time.Time) string {
	h, ok := engine.Divergence(e.it, e.it.Conflicts[i])
	if !ok {
		return "no shared history: the versions were created apart"
	}
	return "diverged after " + entryText(fsHistory(h), now)
}

func (v fsVersion) Fields() []feeds.Field { return feeds.Fields(v.it.Data) }
func (v fsVersion) Deleted() bool         { return v.it.Sync.Deleted }

// Provenance gives the updates count and deleted state, then who made the
// topmost history entry.
func (v fsVersion) Provenance() (state, who string) {
	state = fmt.Sprintf("updates %d · ", v.it.Sync.Updates)
	if v.it.Sync.Deleted {
		state += "deleted"
	} else {
		state += "live"
	}
	return state, "top " + entryWho(fsHistory(v.it.Sync.Topmost()))
}

func (v fsVersion) History() []HistoryEntry {
	out := make([]HistoryEntry, len(v.it.Sync.History))
	for i, h := range v.it.Sync.History {
		out[i] = fsHistory(h)
	}
	return out
}

// fsHistory labels a history entry with its sequence: "#4".
func fsHistory(h engine.History) HistoryEntry {
	return HistoryEntry{Label: "#" + strconv.Itoa(h.Sequence), When: h.When, By: h.By}
}
