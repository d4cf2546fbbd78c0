package store

import (
	"errors"
	"slices"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// Budget is how many of a saved feed's current versions RecordSave
// records at most in one call (see the package doc): past it, the
// current versions are left to be recorded when they leave the feed.
const Budget = 5000

// RecordSave records what a command that saved written had read: read
// holds the entries of each feed it read (Doc.Entries, taken as loaded,
// before any change in place), written the feed it saved. It is
// RecordLeft(read, written) and RecordCurrent(written) at once; a command
// calls the first before its save and the second after, so that a kill
// between the two loses nothing the feed no longer holds.
func (s *Store) RecordSave(read [][]dialect.Entry, written *dialect.Doc) error {
	return errors.Join(s.RecordLeft(read, written), s.RecordCurrent(written))
}

// RecordCurrent records the versions of written, a feed just saved, that
// the store does not hold, when they are at most Budget: what a command
// changed. The first save of a big feed does not record every item: its
// versions are recorded as they leave it (RecordLeft). Its cost is a key
// per version of written.
func (s *Store) RecordCurrent(written *dialect.Doc) error {
	if s == nil || s.off || written == nil {
		return nil
	}
	return s.recordCurrent(written, written.Entries())
}

// RecordChanged is RecordCurrent for a command that knows which items of
// written it changed (ids, some of which written may lack): only their
// versions are looked at, so that its cost is that of what changed, not
// of the feed; and what it records of a big feed is what changed.
func (s *Store) RecordChanged(written *dialect.Doc, ids []string) error {
	if s == nil || s.off || written == nil {
		return nil
	}
	var es []dialect.Entry
	for _, id := range ids {
		if e, err := written.Entry(id); err == nil {
			es = append(es, e)
		}
	}
	return s.recordCurrent(written, es)
}

// recordCurrent records the versions of es, entries of written, that the
// store does not hold, when they are at most Budget. Whether it holds
// them is asked of all at once (held): a feed's every version is one
// pass over the index.
func (s *Store) recordCurrent(written *dialect.Doc, es []dialect.Entry) error {
	c := s.newCollector()
	var vids []vid
	for _, e := range es {
		for _, v := range c.versionsOf(e) {
			if h, dg, ok := keyOf(e.ID(), v); ok {
				vids = append(vids, vid{placeKey(e.ID(), h), digestTag(dg)})
			}
		}
	}
	held := s.held(vids)
	if n := len(held) - trues(held); n > Budget {
		return nil
	}
	i := 0
	for _, e := range es {
		for _, v := range c.versionsOf(e) {
			h, dg, ok := keyOf(e.ID(), v)
			if !ok {
				continue
			}
			if !held[i] {
				c.add(version{id: e.ID(), h: h, digest: dg, src: v})
			}
			i++
		}
	}
	return s.flush(c.todo, written, true)
}

// trues is how many of bs are true.
func trues(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// RecordLeft records the versions of read (entries of feeds read) that
// none of kept holds: before a save, the versions the command replaced,
// resolved or deleted, and an input's versions the merge did not keep;
// these leave the feed, and are what later conflicts have as their base.
// The git driver records so the versions of the common ancestor that
// neither side holds any more. kept must not be empty: its first is also
// what a compaction keeps against. Its cost grows with what changed: an
// entry of read that is a kept feed's entry for its item costs a lookup.
func (s *Store) RecordLeft(read [][]dialect.Entry, kept ...*dialect.Doc) error {
	if s == nil || s.off || len(kept) == 0 {
		return nil
	}
	c := s.newCollector()
	c.left(read, kept)
	return s.flush(c.todo, kept[0], false)
}

// left gathers the versions of read that no doc of kept holds. An entry
// that is a kept doc's entry for its item, unchanged, costs a lookup, or
// less: feeds read that a single kept doc follows (a merge's LOCAL, and
// its REMOTE, whose shared items mostly come in the same order) meet that
// doc's entries in order, and each found a few places ahead is found
// without a look-up in the doc's index, which costs a cache miss an item.
//
// Listing the kept doc's entries costs the whole doc, so a read of fewer
// than orderFrom entries (a hub's POST of a few items into its big model)
// looks each up instead: its cost stays in what was read.
func (c *collector) left(read [][]dialect.Entry, kept []*dialect.Doc) {
	var order []dialect.Entry
	n := 0
	for _, es := range read {
		n += len(es)
	}
	if len(kept) == 1 && n >= orderFrom {
		order = kept[0].Entries()
	}
	for _, es := range read {
		j := 0
		for _, e := range es {
			if k := ahead(order, j, e.ID()); k >= 0 {
				j = k + 1
				if w := order[k]; w != e { // changed: its versions but those kept leave
					c.ws = append(c.ws[:0], w)
					c.leaving(e, c.ws)
				}
				continue
			}
			c.lookUp(e, kept)
		}
	}
}

// Leaving returns the entries of read that RecordLeft(read, kept) may
// record versions of: all but those whose item kept holds as the same
// entry, or as the same single version, which RecordLeft passes over. A
// command that saves once prunes what it read so before it writes, so
// that the items of a merge's REMOTE it did not take are garbage while it
// writes (the 100k pair: most of REMOTE's 47 MB of items). It costs a
// walk of kept's entries beside read's, as RecordLeft does.
func Leaving(read [][]dialect.Entry, kept *dialect.Doc) [][]dialect.Entry {
	order := kept.Entries()
	out := make([][]dialect.Entry, 0, len(read))
	for _, es := range read {
		var left []dialect.Entry
		j := 0
		for _, e := range es {
			k := ahead(order, j, e.ID())
			var w dialect.Entry
			found := k >= 0
			if found {
				j, w = k+1, order[k]
			} else if x, err := kept.Entry(e.ID()); err == nil {
				w, found = x, true
			}
			if found && (w == e || sameSole(e, w)) {
				continue
			}
			left = append(left, e)
		}
		out = append(out, left)
	}
	return out
}

// orderFrom is how many entries read must hold for left to walk the kept
// doc's entries in order rather than look each up.
const orderFrom = 1024

// lookAhead is how far ahead of the last item found left looks for the
// next one in the kept doc's order.
const lookAhead = 4

// ahead returns the index of the entry with id among order[j:j+lookAhead],
// or -1.
func ahead(order []dialect.Entry, j int, id string) int {
	for k := j; k < min(j+lookAhead, len(order)); k++ {
		if order[k].ID() == id {
			return k
		}
	}
	return -1
}

// lookUp gathers the versions of e, read, that no doc of kept holds,
// finding the item in each by its id.
func (c *collector) lookUp(e dialect.Entry, kept []*dialect.Doc) {
	ws := c.ws[:0]
	for _, d := range kept {
		w, err := d.Entry(e.ID())
		if err == nil && w == e {
			return // unchanged: all its versions are current
		}
		if err == nil {
			ws = append(ws, w)
		}
	}
	c.leaving(e, ws)
	c.ws = ws
}

// collector gathers the records of a Record or a RecordSave.
type collector struct {
	s    *Store
	seen map[vid]bool
	todo []pending
	// scratch, reused from one item to the next
	ws   []dialect.Entry
	kept []vkey
	vs   []dialect.Version
}

func (s *Store) newCollector() *collector { return &collector{s: s, seen: map[vid]bool{}} }

// vid is a version's place and digest, as the index holds them.
type vid struct {
	k   key
	tag uint64
}

// keyOf returns the key of version v of item id; ok is false for a
// version without history.
func keyOf(id string, v dialect.Version) (h dialect.History, digest string, ok bool) {
	h, ok = v.Top()
	if !ok {
		return h, "", false
	}
	return h, v.Digest(), true
}

// wants reports whether a version is not gathered yet. Whether the store
// holds it is asked at once of all gathered, under the lock (write).
func (c *collector) wants(id string, h dialect.History, digest string) bool {
	return !c.seen[vid{placeKey(id, h), digestTag(digest)}]
}

// version records v of item id if the store does not hold it.
func (c *collector) version(id string, v dialect.Version) {
	if h, dg, ok := keyOf(id, v); ok && c.wants(id, h, dg) {
		c.add(version{id: id, h: h, digest: dg, src: v})
	}
}

func (c *collector) add(v version) {
	k := vid{placeKey(v.id, v.h), digestTag(v.digest)}
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	c.todo = append(c.todo, pending{id: v.id, h: v.h, src: v.src})
}

// leaving records the versions of e, read, that none of ws, the item as
// kept, holds. Most items a merge read from the other feed are the same
// versions as written, parsed apart: they are compared entry by entry and
// digest by digest, without hashing.
func (c *collector) leaving(e dialect.Entry, ws []dialect.Entry) {
	if len(ws) == 1 && sameSole(e, ws[0]) {
		return
	}
	kept := c.kept[:0]
	for _, w := range ws {
		for _, v := range c.versionsOf(w) {
			if h, dg, ok := keyOf(w.ID(), v); ok {
				kept = append(kept, vkey{h, dg})
			}
		}
	}
	c.kept = kept
	for _, v := range c.versionsOf(e) {
		h, dg, ok := keyOf(e.ID(), v)
		if !ok || slices.ContainsFunc(kept, func(k vkey) bool { return k.digest == dg && k.h.Equal(h) }) {
			continue
		}
		if c.wants(e.ID(), h, dg) {
			c.add(version{id: e.ID(), h: h, digest: dg, src: v})
		}
	}
}

// sameSole reports whether e and w are each a single version, without
// conflict versions, and the same one, so that nothing of e leaves: most
// of what a merge reads from the other feed, told apart at little cost.
func sameSole(e, w dialect.Entry) bool {
	if len(e.Versions()) > 0 || len(w.Versions()) > 0 {
		return false
	}
	ev, wv := e.Winner(), w.Winner()
	eh, ok := ev.Top()
	wh, wok := wv.Top()
	return ok && wok && eh.Equal(wh) && ev.SameDigest(wv)
}

// vkey is a version's key as it is, for comparing a few.
type vkey struct {
	h      dialect.History
	digest string
}

// versionsOf returns an item's winner and conflict versions.
func versionsOf(e dialect.Entry) []dialect.Version {
	return append([]dialect.Version{e.Winner()}, e.Versions()...)
}

// versionsOf is versionsOf(e) in the collector's scratch slice, which the
// next call reuses.
func (c *collector) versionsOf(e dialect.Entry) []dialect.Version {
	c.vs = append(append(c.vs[:0], e.Winner()), e.Versions()...)
	return c.vs
}
