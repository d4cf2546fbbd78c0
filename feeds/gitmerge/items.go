package gitmerge

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// Item is one item of a version of a feed as the git driver compares
// it: a digest of its whole state (every version's sync state, history,
// every field of its data, publisher-specific ones included, and an
// outline's position), so that two versions of the item are equal exactly
// when nothing in it changed, and its title for messages.
type Item struct {
	Digest [sha256.Size]byte
	Title  string
}

// Items returns the feed's items by id, and their ids in document order.
func Items(f *dialect.Doc) (map[string]Item, []string) {
	out := map[string]Item{}
	var order []string
	var buf []byte
	for _, e := range f.Entries() {
		buf = appendEntry(buf[:0], e)
		out[e.ID()] = Item{sha256.Sum256(buf), e.Title()}
		order = append(order, e.ID())
	}
	return out, order
}

// appendEntry appends what an item holds to buf: each version's.
func appendEntry(buf []byte, e dialect.Entry) []byte {
	vs := e.Versions()
	buf = appendVersion(buf, e.Winner())
	buf = binary.AppendUvarint(buf, uint64(len(vs)))
	for _, v := range vs {
		buf = appendVersion(buf, v)
	}
	return buf
}

// appendVersion appends what a version holds to buf, each value with its
// length, so that different versions never give the same bytes.
func appendVersion(buf []byte, v dialect.Version) []byte {
	buf = appendState(buf, v)
	fs := v.Fields()
	buf = binary.AppendUvarint(buf, uint64(len(fs)))
	for _, f := range fs {
		buf = appendString(appendString(buf, f.Key), f.Value)
		buf = binary.AppendUvarint(buf, uint64(boolInt(f.Shared)))
	}
	return buf
}

// appendState appends a version's sync state, position and history.
func appendState(buf []byte, v dialect.Version) []byte {
	s, p := v.State(), v.Position()
	for _, n := range []int{int(s.Dialect), s.Updates, s.Version} {
		buf = binary.AppendVarint(buf, int64(n))
	}
	for _, b := range []bool{s.Deleted, s.NoConflicts, s.Conflict, s.Record} {
		buf = binary.AppendUvarint(buf, uint64(boolInt(b)))
	}
	buf = appendString(appendString(buf, p.Parent), p.Key)
	hs := v.History()
	buf = binary.AppendUvarint(buf, uint64(len(hs)))
	for _, h := range hs {
		buf = binary.AppendVarint(buf, int64(h.Number))
		buf = binary.AppendVarint(buf, h.When.Unix())
		buf = appendString(buf, h.By)
	}
	return buf
}

func appendString(buf []byte, s string) []byte {
	return append(binary.AppendUvarint(buf, uint64(len(s))), s...)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A change says which sides changed an item against the ancestor.
type change int

const (
	none       change = iota // the sides hold it alike
	oursOnly                 // theirs holds it as the ancestor does
	theirsOnly               // ours holds it as the ancestor does
	both                     // both changed it, or there is no ancestor to tell
)

// comparer tells which sides changed an item, reading as little as it
// can: items whose elements are the bytes another version's were read
// from are the same item (dialect.Doc.ItemBytes), which most unchanged
// items of a git merge are; where the bytes differ on every side, items
// whose sync data or shared data's digests (read with the feed) differ on
// every side were changed by both; only the rest have their data read,
// for their digests (Items). Digests are kept per feed and id.
type comparer struct {
	digests, syncs map[*dialect.Doc]map[string][sha256.Size]byte
}

// synced returns the digest of item id of f's sync data and of its
// versions' shared data digests (dialect.Version.Digest), which the feed
// read without reading the data.
func (c *comparer) synced(f *dialect.Doc, id string) [sha256.Size]byte {
	return cached(&c.syncs, f, id, func(e dialect.Entry) []byte { return appendSynced(nil, e) })
}

// changed returns which sides changed item id, held by ours and theirs,
// against the ancestor base (inBase: base holds it).
func (c *comparer) changed(ours, theirs, base *dialect.Doc, id string, inBase bool) change {
	if sameBytes(ours, theirs, id) {
		return none
	}
	if !inBase {
		if c.digest(ours, id) == c.digest(theirs, id) {
			return none
		}
		return both
	}
	switch {
	case sameBytes(ours, base, id):
		return theirsOnly
	case sameBytes(theirs, base, id):
		return oursOnly
	}
	if o, t, b := c.synced(ours, id), c.synced(theirs, id), c.synced(base, id); o != t && o != b && t != b {
		return both // apart in sync data or shared data: no need to read the rest
	}
	o, t, b := c.digest(ours, id), c.digest(theirs, id), c.digest(base, id)
	switch {
	case o == t:
		return none
	case o == b:
		return theirsOnly
	case t == b:
		return oursOnly
	}
	return both
}

// sameBytes reports whether two feeds hold item id as the same bytes read.
func sameBytes(a, b *dialect.Doc, id string) bool {
	x, ok1 := a.ItemBytes(id)
	y, ok2 := b.ItemBytes(id)
	return ok1 && ok2 && bytes.Equal(x, y)
}

// digest returns the digest of item id of f (Items' Item.Digest).
func (c *comparer) digest(f *dialect.Doc, id string) [sha256.Size]byte {
	return cached(&c.digests, f, id, func(e dialect.Entry) []byte { return appendEntry(nil, e) })
}

// cached returns the sha256 of what of item id of f appends, kept in *m.
func cached(m *map[*dialect.Doc]map[string][sha256.Size]byte, f *dialect.Doc, id string, of func(dialect.Entry) []byte) [sha256.Size]byte {
	if *m == nil {
		*m = map[*dialect.Doc]map[string][sha256.Size]byte{}
	}
	byID := (*m)[f]
	if byID == nil {
		byID = map[string][sha256.Size]byte{}
		(*m)[f] = byID
	}
	if d, ok := byID[id]; ok {
		return d
	}
	e, _ := f.Entry(id)
	d := sha256.Sum256(of(e))
	byID[id] = d
	return d
}

// appendSynced appends each version's sync state and history, and the
// digest of its shared data, to buf.
func appendSynced(buf []byte, e dialect.Entry) []byte {
	vs := append([]dialect.Version{e.Winner()}, e.Versions()...)
	buf = binary.AppendUvarint(buf, uint64(len(vs)))
	for _, v := range vs {
		buf = appendState(buf, v)
		buf = appendString(buf, v.Digest())
	}
	return buf
}

// takeItem puts src's item id into dst as src has it, whole: its sync
// metadata, conflicts and all of its data.
func takeItem(dst, src *dialect.Doc, id string) {
	if e, err := src.Entry(id); err == nil {
		dst.Set(e)
	}
}
