package gitmerge

import (
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
		vs := e.Versions()
		buf = appendVersion(buf[:0], e.Winner())
		buf = binary.AppendUvarint(buf, uint64(len(vs)))
		for _, v := range vs {
			buf = appendVersion(buf, v)
		}
		out[e.ID()] = Item{sha256.Sum256(buf), e.Title()}
		order = append(order, e.ID())
	}
	return out, order
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

// takeItem puts src's item id into dst as src has it, whole: its sync
// metadata, conflicts and all of its data.
func takeItem(dst, src *dialect.Doc, id string) {
	if e, err := src.Entry(id); err == nil {
		dst.Set(e)
	}
}
