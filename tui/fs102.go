package tui

import (
	"fmt"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// fs102 is a FeedSync 1.0.2 feed, Atom or RSS.
type fs102 struct{ *feeds.Doc }

func (f fs102) Dialect() string { return dialectFeedSync }

func (f fs102) Conflicted() int { return conflictedItems(f.Items()) }

func conflictedItems(items []*engine.Item) int {
	n := 0
	for _, it := range items {
		if len(it.Conflicts) > 0 {
			n++
		}
	}
	return n
}

func (f fs102) Create(id string, st engine.Stamp, c change, noconflicts bool) error {
	if _, err := f.options(c); err != nil {
		return err
	}
	if f.Item(id) != nil {
		return fmt.Errorf("%s: an item with id %q already exists; use 'feedsync update'", f.Name(), id)
	}
	it, err := engine.New(id, st, f.NewData(nil, c.title, c.content), noconflicts, false)
	if err != nil {
		return err
	}
	f.Set(it)
	return nil
}

func (f fs102) Update(id string, st engine.Stamp, c change) error {
	opt, err := f.options(c)
	if err != nil {
		return err
	}
	it := f.Item(id)
	if it == nil {
		return errNoItem(f, id)
	}
	ch := engine.Change{Data: it.Data, Deleted: it.Sync.Deleted}
	if c.title != nil || c.content != nil {
		ch.Data = f.NewData(it.Data, c.title, c.content)
	}
	if c.deleted != nil {
		ch.Deleted = *c.deleted
	}
	up, err := engine.Update(it, st, ch, opt)
	if err != nil {
		return err
	}
	f.Set(up)
	return nil
}

func (f fs102) Resolve(id string, st engine.Stamp, pick int, only []int, c change) error {
	opt, err := f.options(c)
	if err != nil {
		return err
	}
	it := f.Item(id)
	if it == nil {
		return errNoItem(f, id)
	}
	if len(it.Conflicts) == 0 {
		return errNoConflicts(f, id)
	}
	var r engine.Resolution
	if pick == 0 {
		r.Change = engine.PickWinner(it)
	} else {
		if r.Change, err = engine.PickVersion(it, pick-1); err != nil {
			return errPick(pick, len(it.Conflicts))
		}
	}
	if c.title != nil || c.content != nil {
		r.Change.Data = f.NewData(r.Change.Data, c.title, c.content)
	}
	for _, n := range only {
		if n > len(it.Conflicts) {
			return usageError("resolve", "--only %d: the item has %d conflict version(s)", n, len(it.Conflicts))
		}
		r.Versions = append(r.Versions, n-1)
	}
	res, err := engine.Resolve(it, st, r, opt)
	if err != nil {
		return err
	}
	f.Set(res)
	return nil
}

// options checks that the change asks nothing of another dialect and
// returns the engine's options for it.
func (f fs102) options(c change) (engine.Options, error) {
	switch {
	case c.history.keep != 0:
		return engine.Options{}, fmt.Errorf("%s: --keep-versions is for SSE 0.91 feeds; FeedSync 1.0.2 has --clean-history", f.Name())
	case c.moves():
		return engine.Options{}, fmt.Errorf("%s: --parent and --place are for SSE 0.91 OPML outlines; FeedSync 1.0.2 items have no position", f.Name())
	}
	return engine.Options{CleanHistory: c.history.clean}, nil
}

func (f fs102) Conflicts() ConflictList {
	list := ConflictList{Feed: f.Name(), Dialect: dialectFeedSync, Items: []ConflictItem{}}
	for _, it := range f.Items() {
		if len(it.Conflicts) == 0 {
			continue
		}
		ci := ConflictItem{ID: it.Sync.ID, Title: feeds.Title(it.Data), Winner: version102(it)}
		for _, v := range it.Conflicts {
			ci.Versions = append(ci.Versions, version102(v))
		}
		list.Items = append(list.Items, ci)
	}
	return list
}

func version102(it *engine.Item) Version {
	v := Version{Updates: it.Sync.Updates, Deleted: it.Sync.Deleted, NoConflicts: it.Sync.NoConflicts,
		History: []HistoryEntry{}, Shared: sharedFields(feeds.SharedFields(it.Data))}
	for _, h := range it.Sync.History {
		v.History = append(v.History, HistoryEntry{Sequence: h.Sequence, When: rfc3339(h.When), By: h.By})
	}
	return v
}
