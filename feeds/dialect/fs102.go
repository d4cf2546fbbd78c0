package dialect

import (
	"errors"
	"slices"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// errForeign reports an Entry that a Doc of the other dialect made.
var errForeign = errors.New("dialect: the entry belongs to a feed of the other dialect")

// fs102 is a FeedSync 1.0.2 feed, Atom or RSS, bound by package feeds.
// Every operation is a call into package engine.
type fs102 struct {
	binding[engine.Item, *feeds.Doc]
}

func newFS(doc *feeds.Doc) fs102 {
	return fs102{binding[engine.Item, *feeds.Doc]{doc, func(it *engine.Item) Entry { return Entry{fs: it} }}}
}

func (f fs102) dialect() Dialect         { return FeedSync102 }
func (f fs102) warnings() feeds.Problems { return nil }

func (f fs102) mergeWarnings() feeds.Problems { return f.doc.MergeWarnings() }

func (f fs102) incomplete() feeds.Problems {
	return append(append(f.doc.Notes(), f.doc.Incomplete()...), f.doc.XHTMLProblems()...)
}
func (f fs102) outline([]Entry) *Outline { return nil }

func (f fs102) format() Format {
	if f.doc.Format() == feeds.Atom {
		return Atom
	}
	return RSS
}

func (f fs102) set(e Entry) { f.setItem(e.fs) }

func (f fs102) merge(remote backend, p feeds.Progress) (backend, error) {
	return bound(newFS)(feeds.MergeWithProgress(f.doc, remote.(fs102).doc, p))
}

func (f fs102) create(id string, st engine.Stamp, c Change) (Entry, error) {
	deleted := c.Deleted != nil && *c.Deleted
	content := c.Content
	if content == nil && f.doc.Format() == feeds.Atom {
		// An entry without atom:content needs an alternate link (RFC 4287
		// §4.1.2), the publisher's, which feedsync cannot make.
		content = new(string)
	}
	data, err := f.doc.NewData(nil, c.Title, content)
	if err != nil {
		return Entry{}, err
	}
	if len(c.Fields) > 0 {
		if data, err = f.doc.EditData(data, c.Fields); err != nil {
			return Entry{}, err
		}
	}
	data = f.doc.Published(data, id, st.When)
	it, err := engine.New(id, st, data, c.NoConflicts, deleted)
	if err != nil {
		return Entry{}, err
	}
	return Entry{fs: it}, nil
}

func (f fs102) update(e Entry, st engine.Stamp, c Change, opt Options) (Entry, error) {
	it := e.fs
	if it == nil {
		return Entry{}, errForeign
	}
	data, err := f.edit(it.Data, c.Edit, it)
	if err != nil {
		return Entry{}, err
	}
	ch := engine.Change{Data: f.doc.Published(data, it.Sync.ID, st.When), Deleted: it.Sync.Deleted}
	if c.Deleted != nil {
		ch.Deleted = *c.Deleted
	}
	up, err := engine.Update(it, st, ch, engine.Options{CleanHistory: opt.CleanHistory})
	if err != nil {
		return Entry{}, err
	}
	return Entry{fs: up}, nil
}

// edit returns data with the edit applied, or data itself when it changes
// nothing. The versions of it are where fields are taken from whole.
func (f fs102) edit(data engine.Data, e Edit, it *engine.Item) (engine.Data, error) {
	if e.IsZero() {
		return data, nil
	}
	data, err := f.doc.NewData(data, e.Title, e.Content)
	if err != nil || len(e.Fields) == 0 {
		return data, err
	}
	sources := []engine.Data{it.Data}
	for _, c := range it.Conflicts {
		sources = append(sources, c.Data)
	}
	return f.doc.EditData(data, e.Fields, sources...)
}

func (f fs102) resolve(e Entry, st engine.Stamp, r Resolution, opt Options) (Entry, error) {
	it := e.fs
	switch {
	case it == nil:
		return Entry{}, errForeign
	case len(it.Conflicts) == 0:
		return Entry{}, &NoConflictsError{Feed: f.name(), ID: it.Sync.ID}
	}
	res := engine.Resolution{Change: engine.PickWinner(it)}
	n := len(it.Conflicts)
	var err error
	if r.Pick != 0 {
		if res.Change, err = engine.PickVersion(it, r.Pick-1); err != nil {
			return Entry{}, &PickError{Pick: r.Pick, Count: n}
		}
	}
	if res.Change.Data, err = f.edit(res.Change.Data, r.Edit, it); err != nil {
		return Entry{}, err
	}
	res.Change.Data = f.doc.Published(res.Change.Data, it.Sync.ID, st.When)
	for _, v := range r.Only {
		if v < 1 || v > n {
			return Entry{}, &PickError{Pick: v, Count: n, Only: true}
		}
		res.Versions = append(res.Versions, v-1)
	}
	res.Versions = withPicked(res.Versions, r.Pick-1)
	out, err := engine.Resolve(it, st, res, engine.Options{CleanHistory: opt.CleanHistory})
	if err != nil {
		return Entry{}, err
	}
	return Entry{fs: out}, nil
}

// withPicked adds the picked version (0-based; -1 for the winner) to a
// selection: taking a version's data factors it in. An empty selection
// already means every version.
func withPicked(versions []int, v int) []int {
	if v < 0 || len(versions) == 0 || slices.Contains(versions, v) {
		return versions
	}
	versions = append(versions, v)
	slices.Sort(versions)
	return versions
}
