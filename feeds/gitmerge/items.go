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
	fs := v.Fields()
	buf = binary.AppendUvarint(buf, uint64(len(fs)))
	for _, f := range fs {
		buf = appendString(appendString(buf, f.Key), f.Value)
		buf = binary.AppendUvarint(buf, uint64(boolInt(f.Shared)))
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
// items of a git merge are; only where the bytes differ on every side
// does it read the items' data, for their digests (Items), kept per feed
// and id.
type comparer struct {
	digests map[*dialect.Doc]map[string][sha256.Size]byte
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
	if c.digests == nil {
		c.digests = map[*dialect.Doc]map[string][sha256.Size]byte{}
	}
	m := c.digests[f]
	if m == nil {
		m = map[string][sha256.Size]byte{}
		c.digests[f] = m
	}
	if d, ok := m[id]; ok {
		return d
	}
	e, _ := f.Entry(id)
	d := sha256.Sum256(appendEntry(nil, e))
	m[id] = d
	return d
}

// takeItem puts src's item id into dst as src has it, whole: its sync
// metadata, conflicts and all of its data.
func takeItem(dst, src *dialect.Doc, id string) {
	if e, err := src.Entry(id); err == nil {
		dst.Set(e)
	}
}
