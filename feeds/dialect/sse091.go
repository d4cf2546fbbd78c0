package dialect

import (
	"math"

	"github.com/feedsync/feedsync/engine"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// sse091 is a Simple Sharing Extensions 0.91 feed, RSS or OPML, bound by
// package feeds/sse. Every operation is a call into package engine/sse.
type sse091 struct {
	binding[sse.Item, *ssefeed.Doc]
}

func newSSE(doc *ssefeed.Doc) sse091 {
	return sse091{binding[sse.Item, *ssefeed.Doc]{doc, func(it *sse.Item) Entry { return Entry{sse: it} }}}
}

func (f sse091) dialect() Dialect         { return SSE091 }
func (f sse091) warnings() feeds.Problems { return f.doc.Warnings() }

func (f sse091) mergeWarnings() feeds.Problems { return f.doc.MergeWarnings() }

func (f sse091) incomplete() feeds.Problems { return f.doc.Incomplete() }

func (f sse091) format() Format {
	if f.doc.Kind() == ssefeed.KindOPML {
		return OPML
	}
	return RSS
}

func (f sse091) set(e Entry) { f.setItem(e.sse) }

func (f sse091) merge(remote backend, p feeds.Progress) (backend, error) {
	return bound(newSSE)(ssefeed.MergeWithProgress(f.doc, remote.(sse091).doc, p))
}

func (f sse091) outline(entries []Entry) *Outline {
	if f.doc.Kind() != ssefeed.KindOPML {
		return nil
	}
	return newOutline(entries)
}

func (f sse091) create(id string, st engine.Stamp, c Change) (Entry, error) {
	pos, err := f.place("", "", c)
	if err != nil {
		return Entry{}, err
	}
	data, err := f.edit(nil, c.Edit, nil)
	if err != nil {
		return Entry{}, err
	}
	ch := sse.Change{Data: data, Deleted: c.Deleted != nil && *c.Deleted, Position: pos}
	it, err := sse.New(id, st, ch)
	if err != nil {
		return Entry{}, err
	}
	return f.fits(it)
}

// fits returns the entry of it, or the *ssefeed.DepthError that Set(it)
// would make the feed: elements nested deeper than feedsync reads (an
// outline placed under too long a chain of parents).
func (f sse091) fits(it *sse.Item) (Entry, error) {
	if err := f.doc.Fits(it); err != nil {
		return Entry{}, err
	}
	return Entry{sse: it}, nil
}

// place returns the position a change puts outline id at (0.91 §3.2):
// under c.Parent, or parent when the change names none, at c.Place among
// the siblings, or after them. RSS items have no position.
func (f sse091) place(id, parent string, c Change) (sse.Position, error) {
	tree := f.doc.Tree()
	if tree == nil {
		return sse.Position{}, nil
	}
	if c.Parent != nil {
		parent = *c.Parent
	}
	index := math.MaxInt
	if c.Place > 0 {
		index = c.Place - 1
	}
	return tree.Place(id, parent, index)
}

func (f sse091) update(e Entry, st engine.Stamp, c Change, opt Options) (Entry, error) {
	it := e.sse
	if it == nil {
		return Entry{}, errForeign
	}
	data, err := f.edit(it.Data, c.Edit, it)
	if err != nil {
		return Entry{}, err
	}
	ch := sse.Change{Data: data, Deleted: it.Deleted, Position: it.Position}
	if c.Deleted != nil {
		ch.Deleted = *c.Deleted
	}
	if c.moves() {
		if ch.Position, err = f.place(it.ID, it.Position.Parent, c); err != nil {
			return Entry{}, err
		}
	}
	up, err := sse.Update(it, st, ch, sse.Options{Versions: opt.KeepVersions})
	if err != nil {
		return Entry{}, err
	}
	return f.fits(up)
}

// edit returns data with the edit applied, or data itself when it changes
// nothing; a new item's (data nil) is made from the edit alone. The
// versions of it, if any, are where fields are taken from whole.
func (f sse091) edit(data sse.Data, e Edit, it *sse.Item) (sse.Data, error) {
	if e.IsZero() && data != nil {
		return data, nil
	}
	data = f.doc.NewData(data, e.Title, e.Content)
	if len(e.Fields) == 0 {
		return data, nil
	}
	var sources []sse.Data
	if it != nil {
		sources = append(sources, it.Data)
		for _, c := range it.Conflicts {
			sources = append(sources, c.Data)
		}
	}
	return f.doc.EditData(data, e.Fields, sources...)
}

// resolve is 0.91 §5's resolution: a further update, which removes every
// sx:conflict with the flag, so there is no selective resolution.
func (f sse091) resolve(e Entry, st engine.Stamp, r Resolution, opt Options) (Entry, error) {
	it := e.sse
	switch {
	case it == nil:
		return Entry{}, errForeign
	case !e.InConflict():
		return Entry{}, &NoConflictsError{Feed: f.name(), ID: it.ID}
	case len(r.Only) > 0:
		return Entry{}, ErrNotSelective
	}
	ch := sse.PickWinner(it)
	var err error
	if r.Pick != 0 {
		if ch, err = sse.PickConflict(it, r.Pick-1); err != nil {
			return Entry{}, &PickError{Pick: r.Pick, Count: len(it.Conflicts)}
		}
	}
	if ch.Data, err = f.edit(ch.Data, r.Edit, it); err != nil {
		return Entry{}, err
	}
	if r.Place != nil {
		ch.Position = sse.Position{Parent: r.Place.Parent, Key: r.Place.Key}
	}
	res, err := sse.Resolve(it, st, ch, sse.Options{Versions: opt.KeepVersions})
	if err != nil {
		return Entry{}, err
	}
	return f.fits(res)
}
