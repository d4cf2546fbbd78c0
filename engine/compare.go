package engine

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// Compare orders two versions of the same item by winner picking (§3.3
// note 3). It returns +1 when a wins over b, -1 when b wins over a, and 0
// when neither wins. The keys are compared in this order; the first that
// differs decides:
//
//  1. updates: the greater wins (§3.3 note 3, rule 1);
//  2. when of the topmost history: present beats absent, then the
//     chronologically later wins (rule 2.1, 2.2);
//  3. by of the topmost history: present beats absent, then the one that
//     collates greater by Unicode code point wins (rules 2.3.1, 2.3.2;
//     collation as §2.1.4, which for valid UTF-8 is plain byte order);
//
// The spec stops there and lets the current winner W keep its place on a
// tie (rule 3, "Y is the winning item"). Which of two tied versions is W
// depends on the order in which the merge meets them, and that order differs
// between the two endpoints of a sync, so they would disagree on the winner
// for ever. Compare therefore goes on, so that it is a total order on
// distinct versions and every endpoint picks the same one:
//
//  4. sequence of the topmost history: the greater wins;
//  5. the rest of the history, entry by entry from the top, each compared by
//     when, by and sequence as above; a history that goes on wins over one
//     that has ended;
//  6. deleted: a live version wins over a tombstone;
//  7. the data's Digest, by code point: the greater wins.
//
// Two versions that tie on all of these carry the same metadata and the same
// shared data; either may stand for the other.
func Compare(a, b *Item) int {
	if c := cmp.Compare(a.Sync.Updates, b.Sync.Updates); c != 0 {
		return c
	}
	ha, hb := a.Sync.Topmost(), b.Sync.Topmost()
	if c := cmpWhenBy(ha, hb); c != 0 {
		return c
	}
	if c := cmp.Compare(ha.Sequence, hb.Sequence); c != 0 {
		return c
	}
	if c := cmpHistories(a.Sync.History, b.Sync.History); c != 0 {
		return c
	}
	if a.Sync.Deleted != b.Sync.Deleted {
		if a.Sync.Deleted {
			return -1
		}
		return 1
	}
	return strings.Compare(digest(a), digest(b))
}

// cmpWhenBy compares two history entries by when, then by, as rules 2.1–2.3.2 do.
func cmpWhenBy(a, b History) int { return a.Stamp().Compare(b.Stamp()) }

// Compare orders two stamps as winner picking does after the counts, in
// both dialects (1.0.2 §3.3 note 3 rules 2.1 to 2.3.2, 0.91 §4.4 steps 1.2
// and 1.3): a when beats none, then the later when wins; then a by beats
// none, then the by that collates greater by Unicode code point wins. It
// returns +1 when st wins, -1 when o wins, 0 when they are equal.
func (st Stamp) Compare(o Stamp) int {
	if st.HasWhen() != o.HasWhen() {
		return boolCmp(st.HasWhen())
	}
	if c := st.When.Compare(o.When); c != 0 {
		return c
	}
	if st.HasBy() != o.HasBy() {
		return boolCmp(st.HasBy())
	}
	return strings.Compare(st.By, o.By)
}

// cmpHistories compares the entries below the topmost, pairwise from the top.
func cmpHistories(a, b []History) int {
	for i := 1; i < len(a) && i < len(b); i++ {
		if c := cmpWhenBy(a[i], b[i]); c != 0 {
			return c
		}
		if c := cmp.Compare(a[i].Sequence, b[i].Sequence); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

func digest(it *Item) string {
	if it.Data == nil {
		return ""
	}
	return it.Data.Digest()
}

// boolCmp returns +1 when the first of two differing flags is set, else -1.
func boolCmp(first bool) int {
	if first {
		return 1
	}
	return -1
}

// HistorySubsumed reports whether history entry hx is subsumed by hy (§3.3
// note 2): with a by, by an entry of the same by with a greater sequence,
// or the same sequence and the same when; without a by, only by an entry
// that has no by either and the same when and sequence.
//
// Note 2 says "an equal or greater sequence": it assumes an endpoint never
// gives two changes one sequence. A person who edits one item on two git
// branches under one by does (each branch counts on from the same base), and
// then each change would subsume the other, and merging would silently keep
// whichever came in. Two entries with the same by and sequence but another
// when are therefore two changes, neither subsuming the other (see Reused).
func HistorySubsumed(hx, hy History) bool {
	if hx.HasBy() {
		return hy.By == hx.By && (hy.Sequence > hx.Sequence || hy.Equal(hx))
	}
	return !hy.HasBy() && hx.Sequence == hy.Sequence && hx.When.Equal(hy.When)
}

// Subsumed reports whether item x is subsumed by item y (§3.3 note 1): the
// topmost history entry of x is subsumed by some history entry of y. An item
// without history is never subsumed.
//
// As read (see HistorySubsumed), y must know x's whole line: every entry
// of x's history is subsumed by y's, with a reused sequence subsuming
// nothing. Where no endpoint reuses a sequence this is note 1 itself: a y
// whose history subsumes x's topmost entry descends from x, and so holds
// x's other entries, or later ones of their bys (the history clean-up). A
// y that subsumes x's topmost entry without knowing all of x made its
// changes on another branch: after a sequence reused there (an entry of
// x whose by and sequence y holds with another when), or on a change that
// carries x's very topmost entry because one by made two changes with one
// sequence in the same second. x is then kept.
func Subsumed(x, y *Item) bool {
	if len(x.Sync.History) == 0 {
		return false
	}
	return subsumesAll(y.Sync.History, x.Sync.History)
}

// subsumesAll reports whether history ys subsumes every entry of xs, as
// subsumedByAny does. Short histories, the usual ones, are compared pair
// by pair, which allocates nothing; long ones through a histIndex.
func subsumesAll(ys, xs []History) bool {
	if len(xs)*len(ys) > 256 {
		return newHistIndex(ys).subsumesAll(xs)
	}
	for _, h := range xs {
		if !subsumedByAny(h, ys) {
			return false
		}
	}
	return true
}

// histIndex indexes a history for the subsumption of many entries.
type histIndex struct {
	max   map[string]int            // greatest sequence per by
	bySeq map[histKeyBS][]time.Time // whens per by and sequence
	noBy  map[histKeyBS]bool        // entries without by, by sequence and when
}

type histKeyBS struct {
	by   string
	seq  int
	when int64 // for entries without by only
}

func newHistIndex(hs []History) *histIndex {
	ix := &histIndex{max: map[string]int{}, bySeq: map[histKeyBS][]time.Time{}, noBy: map[histKeyBS]bool{}}
	for _, h := range hs {
		if !h.HasBy() {
			ix.noBy[histKeyBS{seq: h.Sequence, when: h.When.UnixNano()}] = true
			continue
		}
		k := histKeyBS{by: h.By, seq: h.Sequence}
		ix.bySeq[k] = append(ix.bySeq[k], h.When)
		if s, ok := ix.max[h.By]; !ok || h.Sequence > s {
			ix.max[h.By] = h.Sequence
		}
	}
	return ix
}

// subsumes reports whether the indexed history subsumes h: as
// subsumedByAny does.
func (ix *histIndex) subsumes(h History) bool {
	if !h.HasBy() {
		return ix.noBy[histKeyBS{seq: h.Sequence, when: h.When.UnixNano()}]
	}
	if whens, ok := ix.bySeq[histKeyBS{by: h.By, seq: h.Sequence}]; ok {
		return slices.ContainsFunc(whens, h.When.Equal) // else a reused sequence
	}
	return ix.max[h.By] > h.Sequence
}

// subsumesAll reports whether the indexed history subsumes every entry of hs.
func (ix *histIndex) subsumesAll(hs []History) bool {
	for _, h := range hs {
		if !ix.subsumes(h) {
			return false
		}
	}
	return true
}

// holdsEntry reports whether one of the histories holds h itself.
func holdsEntry(h History, hss ...[]History) bool {
	for _, hs := range hss {
		if slices.ContainsFunc(hs, h.Equal) {
			return true
		}
	}
	return false
}

// subsumedByAny reports whether an entry of the histories hss, taken as
// one, subsumes hx, by Subsumed's rule: an equal entry does; else one that
// HistorySubsumed says does, unless they hold a change that reused hx's
// sequence.
func subsumedByAny(hx History, hss ...[]History) bool {
	sub, reused := false, false
	for _, hs := range hss {
		for _, hy := range hs {
			switch {
			case hy.Equal(hx):
				return true
			case HistorySubsumed(hx, hy):
				sub = true
			case hx.HasBy() && hy.By == hx.By && hy.Sequence == hx.Sequence:
				reused = true
			}
		}
	}
	return sub && !reused
}

// Reused returns two history entries of a and b that carry the same by and
// sequence but another when: one endpoint made two changes with one
// sequence (an item edited on two git branches under one by), which
// HistorySubsumed keeps apart. ok is false when there are none.
func Reused(a, b *Item) (ha, hb History, ok bool) {
	if len(a.Sync.History)*len(b.Sync.History) > maxReusedScan {
		return reusedIndexed(a, b)
	}
	return reusedScanned(a, b)
}

// maxReusedScan is the most pairs of entries Reused compares one by one:
// merging two versions asks it of every item, whose histories are short,
// and a map for each pair cost more than its few comparisons.
const maxReusedScan = 256

// reusedScanned is Reused comparing every entry of b with those of a.
// Where a holds several entries with one by and sequence, the last is the
// one compared, as in reusedIndexed.
func reusedScanned(a, b *Item) (ha, hb History, ok bool) {
	for _, h := range b.Sync.History {
		if !h.HasBy() {
			continue
		}
		for i := len(a.Sync.History) - 1; i >= 0; i-- {
			if o := a.Sync.History[i]; o.Sequence == h.Sequence && o.By == h.By {
				if !o.Equal(h) {
					return o, h, true
				}
				break
			}
		}
	}
	return History{}, History{}, false
}

// reusedIndexed is Reused through an index of a's entries by by and
// sequence, for long histories.
func reusedIndexed(a, b *Item) (ha, hb History, ok bool) {
	seen := make(map[History]History, len(a.Sync.History))
	for _, h := range a.Sync.History {
		if h.HasBy() {
			seen[History{By: h.By, Sequence: h.Sequence}] = h
		}
	}
	for _, h := range b.Sync.History {
		if o, found := seen[History{By: h.By, Sequence: h.Sequence}]; found && h.HasBy() && !o.Equal(h) {
			return o, h, true
		}
	}
	return History{}, History{}, false
}

// Divergence returns the newest history entry that a and b share: the
// point from which the two versions went their own ways. ok is false when
// they share none.
func Divergence(a, b *Item) (h History, ok bool) {
	for _, ha := range a.Sync.History {
		for _, hb := range b.Sync.History {
			if ha.Equal(hb) {
				return ha, true
			}
		}
	}
	return History{}, false
}
