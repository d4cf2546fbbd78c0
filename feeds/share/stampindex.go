package share

import (
	"cmp"
	"crypto/sha256"
	"slices"
	"time"
)

// stampIndex orders the publisher state's items by stamp, so that a
// partial feed, a POST's answer and since are found by walking back from
// the latest stamp through what they hold, not by sorting every item;
// and it keeps a digest of every item's id and sync digest, which changes
// with any item, for the ETags. Stamps only grow: an item stamped anew
// moves to the end, and its old place is left dead until the index is
// compacted.
type stampIndex struct {
	refs   []stampRef     // by stamp, then as stamped
	pos    map[string]int // each live item's place in refs
	digest [16]byte       // XOR of itemDigest over the items
}

type stampRef struct {
	at int64
	id string // "" once the item was stamped again or left
}

// newStampIndex indexes items; equal stamps are ordered by id.
func newStampIndex(items map[string]stamped) *stampIndex {
	x := &stampIndex{refs: make([]stampRef, 0, len(items)), pos: make(map[string]int, len(items))}
	for id, v := range items {
		x.refs = append(x.refs, stampRef{v.At, id})
		x.flip(id, v.Sum)
	}
	slices.SortFunc(x.refs, func(a, b stampRef) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.id, b.id)) })
	for i, r := range x.refs {
		x.pos[r.id] = i
	}
	return x
}

// itemDigest is what an item adds to the index's digest.
func itemDigest(id, sum string) [16]byte {
	h := sha256.Sum256([]byte(id + "\x00" + sum))
	return [16]byte(h[:16])
}

func (x *stampIndex) flip(id, sum string) {
	d := itemDigest(id, sum)
	for i := range d {
		x.digest[i] ^= d[i]
	}
}

// put indexes item id, which was old (when had), as now v.
func (x *stampIndex) put(id string, old stamped, had bool, v stamped) {
	if had {
		x.drop(id, old)
	}
	x.pos[id] = len(x.refs)
	x.refs = append(x.refs, stampRef{v.At, id})
	x.flip(id, v.Sum)
}

// drop removes item id, which was old.
func (x *stampIndex) drop(id string, old stamped) {
	if i, ok := x.pos[id]; ok {
		x.refs[i].id = ""
		delete(x.pos, id)
	}
	x.flip(id, old.Sum)
	if len(x.refs) > 1024 && len(x.refs) > 2*len(x.pos) {
		x.compact()
	}
}

func (x *stampIndex) compact() {
	live := x.refs[:0]
	for _, r := range x.refs {
		if r.id != "" {
			x.pos[r.id] = len(live)
			live = append(live, r)
		}
	}
	clear(x.refs[len(live):])
	x.refs = live
}

// newest calls f with each item from the latest stamp back, until f
// returns false.
func (x *stampIndex) newest(f func(at int64, id string) bool) {
	for i := len(x.refs) - 1; i >= 0; i-- {
		if r := x.refs[i]; r.id != "" && !f(r.at, r.id) {
			return
		}
	}
}

// choose picks the items of a partial feed and its since, as the package
// doc says (see stamps.choose, the rules); parent gives an OPML outline's
// parent id, "" for none.
func (x *stampIndex) choose(s *stamps, w Window, now time.Time, incl bool, parent func(string) string) (keep map[string]bool, since, expiry int64) {
	keep = map[string]bool{}
	n, last := 0, int64(0)
	edge := now.Add(-w.Span).Unix()
	x.newest(func(at int64, id string) bool {
		in := w.Items > 0 && n < w.Items || w.Span > 0 && at > edge
		if in && w.Span > 0 {
			expiry = at + int64(w.Span/time.Second) // when the oldest item in the window leaves it
		}
		if !in && incl && (n == 0 || at == last) {
			in = true // 0.91: never split an incorporation, never hold none
		}
		if !in {
			return false
		}
		for p := id; p != "" && !keep[p]; p = parent(p) {
			keep[p] = true
		}
		n, last = n+1, at
		return true
	})
	since = s.floor()
	skipped := 0
	x.newest(func(at int64, id string) bool {
		if skipped < n {
			skipped++
			return true
		}
		if !keep[id] {
			since = max(since, at)
			return false
		}
		return true
	})
	return keep, since, expiry
}
