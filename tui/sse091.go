package tui

import (
	"fmt"
	"math"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/engine/sse"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// sse091 is a Simple Sharing Extensions 0.91 feed, RSS or OPML.
type sse091 struct{ *ssefeed.Doc }

func (f sse091) Dialect() string { return dialectSSE }

func (f sse091) Conflicted() int {
	n := 0
	for _, it := range f.Items() {
		if it.Sync.Conflict || len(it.Sync.Conflicts) > 0 {
			n++
		}
	}
	return n
}

func sseStamp(st engine.Stamp) sse.Stamp { return sse.Stamp{When: st.When, By: st.By} }

func (f sse091) Create(id string, st engine.Stamp, c change, noconflicts bool) error {
	if noconflicts {
		return usageError("create", "--noconflicts is FeedSync 1.0.2; SSE 0.91 has no such attribute")
	}
	if _, err := f.options(c); err != nil {
		return err
	}
	if f.Item(id) != nil {
		return fmt.Errorf("%s: an item with id %q already exists; use 'feedsync update'", f.Name(), id)
	}
	pos, err := f.place("", "", c)
	if err != nil {
		return err
	}
	it, err := sse.New(id, sseStamp(st), sse.Change{Data: f.NewData(nil, c.title, c.content), Position: pos})
	if err != nil {
		return err
	}
	f.Set(it)
	return nil
}

// place returns the position a change puts outline id at (§3.2): under
// c.parent, or parent when the change names none, at c.place among the
// siblings, or after them. RSS items have no position.
func (f sse091) place(id, parent string, c change) (sse.Position, error) {
	tree := f.Tree()
	if tree == nil {
		if c.moves() {
			return sse.Position{}, fmt.Errorf("%s: --parent and --place are for OPML outlines; RSS items have no position", f.Name())
		}
		return sse.Position{}, nil
	}
	if c.parent != nil {
		parent = *c.parent
	}
	index := math.MaxInt
	if c.place > 0 {
		index = c.place - 1
	}
	return tree.Place(id, parent, index)
}

func (f sse091) Update(id string, st engine.Stamp, c change) error {
	opt, err := f.options(c)
	if err != nil {
		return err
	}
	it := f.Item(id)
	if it == nil {
		return errNoItem(f, id)
	}
	ch := sse.Change{Data: it.Data, Deleted: it.Sync.Deleted, Position: it.Position}
	if c.title != nil || c.content != nil {
		ch.Data = f.NewData(it.Data, c.title, c.content)
	}
	if c.deleted != nil {
		ch.Deleted = *c.deleted
	}
	if c.moves() {
		if ch.Position, err = f.place(id, it.Position.Parent, c); err != nil {
			return err
		}
	}
	up, err := sse.Update(it, sseStamp(st), ch, opt)
	if err != nil {
		return err
	}
	f.Set(up)
	return nil
}

// Resolve is §5's resolution: a further update. SSE 0.91 removes every
// sx:conflict with it, so there is no selective resolution.
func (f sse091) Resolve(id string, st engine.Stamp, pick int, only []int, c change) error {
	opt, err := f.options(c)
	if err != nil {
		return err
	}
	it := f.Item(id)
	if it == nil {
		return errNoItem(f, id)
	}
	if !it.Sync.Conflict && len(it.Sync.Conflicts) == 0 {
		return errNoConflicts(f, id)
	}
	if len(only) > 0 {
		return usageError("resolve", "--only: SSE 0.91 resolves all of an item's conflicts at once (§5)")
	}
	ch := sse.PickWinner(it)
	if pick > 0 {
		if ch, err = sse.PickConflict(it, pick-1); err != nil {
			return errPick(pick, len(it.Sync.Conflicts))
		}
	}
	if c.title != nil || c.content != nil {
		ch.Data = f.NewData(ch.Data, c.title, c.content)
	}
	res, err := sse.Resolve(it, sseStamp(st), ch, opt)
	if err != nil {
		return err
	}
	f.Set(res)
	return nil
}

// options checks that the change asks nothing of another dialect and
// returns engine/sse's options for it.
func (f sse091) options(c change) (sse.Options, error) {
	if c.history.clean {
		return sse.Options{}, fmt.Errorf("%s: --clean-history is for FeedSync 1.0.2 feeds; SSE 0.91 has --keep-versions", f.Name())
	}
	return sse.Options{Versions: c.history.keep}, nil
}

func (f sse091) Conflicts() ConflictList {
	list := ConflictList{Feed: f.Name(), Dialect: dialectSSE, Items: []ConflictItem{}}
	for _, it := range f.Items() {
		if !it.Sync.Conflict && len(it.Sync.Conflicts) == 0 {
			continue
		}
		ci := ConflictItem{ID: it.Sync.ID, Title: ssefeed.Title(it.Data), Winner: version091(it)}
		for _, c := range it.Sync.Conflicts {
			ci.Versions = append(ci.Versions, Version{Version: c.Version,
				History: []HistoryEntry{{When: rfc3339(c.When), By: c.By}},
				Shared:  sharedFields(ssefeed.SharedFields(c.Data))})
		}
		list.Items = append(list.Items, ci)
	}
	return list
}

// version091 lists the sx:history's when and by first, then its sx:update
// entries, newest first.
func version091(it *sse.Item) Version {
	v := Version{Version: it.Sync.Version, Deleted: it.Sync.Deleted, Conflict: it.Sync.Conflict,
		History: []HistoryEntry{{When: rfc3339(it.Sync.History.When), By: it.Sync.History.By}},
		Shared:  sharedFields(ssefeed.SharedFields(it.Data))}
	for _, u := range it.Sync.History.Updates {
		v.History = append(v.History, HistoryEntry{When: rfc3339(u.When), By: u.By})
	}
	return v
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
