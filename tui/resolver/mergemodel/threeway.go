package mergemodel

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// The three-way start (issue 19). When the base is known, the merge
// starts from the plan of package feeds/threeway, the one three-way rule
// that `resolve --auto`, `conflicts --json`, the list's "combines" and C
// follow too (issue 29 item 2): each field starts as Plan.Fields holds it,
// the combination where it combines, the winner's text where it clashes.
// This package combines nothing itself; it reads what the plan took
// against the hunks of each version:
//
//   - Combined: the start took a side there (the version's change, or the
//     winner's, which the version did not touch), and the result still
//     holds what it took;
//   - Clash: open, where the plan clashes: a clash of a text's words
//     (threeway.Clash.Spans), a field or a list that clashes whole, or
//     every hunk where the item clashes whole (a deletion against an edit,
//     outlines placed apart, versions that share a later edit);
//   - any other state, as without a base, once the person changes it.
//
// The start is one undo step: u goes back to the winner's fields with
// every hunk open, the clashes still marked (the base says where they
// are, whatever the result holds). The combined marks belong to the step:
// undone, no hunk reads combined, and a hunk the person takes again reads
// as what they took. Fields this view cannot show (a list whose values
// spread over lines) take the plan's combination with the rest, so that
// applying the start applies what the plan applies.

// Summary counts what the three-way start left, as the result stands: the
// places where sides clash that no one decided yet, and those that still
// hold what the start combined; Item is set when the item clashes whole
// (Why says why), Hidden counts clashes in fields the view cannot show.
type Summary struct {
	Clashes, Combined int
	Item              bool
	Why               threeway.Why
	Hidden            int
}

// Clean reports whether the start left no clash.
func (s Summary) Clean() bool { return s.Clashes == 0 && !s.Item && s.Hidden == 0 }

// Start starts the merge from plan (threeway.Combine of the item against
// its base), as one undo step (see the top of this file). A merge started
// already, or one the person changed, is left as it is.
func (m *Model) Start(plan threeway.Plan) {
	if m.Changed() || m.plan != nil {
		return
	}
	m.plan = &plan
	m.Push()
	for i, f := range m.fields {
		m.results[i] = fieldValue(plan.Fields, f.Key, f.List)
	}
	m.carried = hiddenEdits(m.fields, plan.Resolution.Fields)
	spans := m.widen(clashSpans(m.fields, plan.Clashes))
	m.touch()
	m.auto, m.clash = map[string]State{}, map[string]State{}
	for ver := range m.hunks {
		others := m.Others(ver)
		for _, h := range m.hunks[ver] {
			id := h.id(ver)
			f := m.fields[h.Field]
			switch st := f.StateIn(m.results[h.Field], m.Chunks(h.Field), h, false, others); {
			case meets(spans[h.Field], h):
				m.clash[id] = st
			case st == Open: // the winner's change, or its text the version did not touch
				m.taken[id] = true
				m.auto[id] = Winner
			default:
				m.auto[id] = st
			}
		}
	}
	m.Settle()
	m.touch()
}

// Started reports whether the merge started from a base.
func (m Model) Started() bool { return m.plan != nil }

// Combining reports whether the start's combining holds: it is not
// undone.
func (m Model) Combining() bool { return m.auto != nil }

// Summary counts what the start left as the result stands (see Summary):
// each place once however many versions have a hunk there.
func (m Model) Summary() Summary {
	var s Summary
	if m.plan == nil {
		return s
	}
	clash, combined := map[[3]int]bool{}, map[[3]int]bool{}
	for ver := range m.hunks {
		for k, st := range m.States(ver) {
			h := m.hunks[ver][k]
			switch p := [3]int{h.Field, h.Start, h.End}; st {
			case Clash:
				clash[p] = true
			case Combined:
				combined[p] = true
			}
		}
	}
	s.Clashes, s.Combined = len(clash), len(combined)
	for _, c := range m.plan.Clashes {
		switch {
		case ItemWide(c):
			s.Item, s.Why = true, c.Why
		case fieldOfKey(m.fields, c.Key) < 0:
			s.Hidden++
		}
	}
	return s
}

// clashSpans returns, for each field, the ranges of its winner's value
// where the plan clashes: a text's clashes, the whole of a field or of a
// list that clashes otherwise, every field where the item clashes whole.
func clashSpans(fields []Field, clashes []threeway.Clash) [][][2]int {
	out := make([][][2]int, len(fields))
	whole := func(i int) { out[i] = append(out[i], [2]int{0, len(fields[i].Winner)}) }
	for _, c := range clashes {
		if ItemWide(c) {
			for i := range fields {
				whole(i)
			}
			continue
		}
		i := fieldOfKey(fields, c.Key)
		switch {
		case i < 0:
		case c.Why == threeway.Edits && !fields[i].List:
			out[i] = append(out[i], c.Spans...)
		default:
			whole(i)
		}
	}
	return out
}

// widen widens each clash's range over the white space around it in the
// winner's value, where the word diff of a version may place its hunk (a
// clash at "Buy| today" meets the hunk at "Buy |today"), and makes a field
// whose clashes meet no hunk of any version clash whole, so that every
// clash of the plan shows.
func (m Model) widen(spans [][][2]int) [][][2]int {
	for i, rs := range spans {
		w := m.fields[i].Winner
		for k, r := range rs {
			for r[0] > 0 && isSpace(w[r[0]-1]) {
				r[0]--
			}
			for r[1] < len(w) && isSpace(w[r[1]]) {
				r[1]++
			}
			rs[k] = r
		}
		if len(rs) > 0 && !m.anyMeets(i, rs) {
			spans[i] = [][2]int{{0, len(w)}}
		}
	}
	return spans
}

// anyMeets reports whether a hunk of field i of some version meets one
// of ranges.
func (m Model) anyMeets(i int, ranges [][2]int) bool {
	for _, hs := range m.hunks {
		for _, h := range hs {
			if h.Field == i && meets(ranges, h) {
				return true
			}
		}
	}
	return false
}

// ItemWide reports a clash of the item as a whole: a deletion against an
// edit, outlines placed apart or a move under itself (keyed "position",
// which is no field here), versions that share a later edit. The merge
// view and the item screen's marks against the base both ask it.
func ItemWide(c threeway.Clash) bool {
	return c.Key == "" || c.Why == threeway.Deleted || c.Why == threeway.Moved || c.Why == threeway.Cycle || c.Why == threeway.Nested
}

// fieldOfKey returns the field that shows key: its own, or its list's;
// -1 when none does.
func fieldOfKey(fields []Field, key string) int {
	base, _ := splitKey(key)
	for i, f := range fields {
		if f.Key == key || f.List && f.Key == base {
			return i
		}
	}
	return -1
}

// hiddenEdits returns the edits of the plan's resolution of the fields
// the view cannot show, which applying the result makes too.
func hiddenEdits(fields []Field, edits []dialect.FieldEdit) []dialect.FieldEdit {
	var out []dialect.FieldEdit
	for _, ed := range edits {
		if fieldOfKey(fields, ed.Key) < 0 {
			out = append(out, ed)
		}
	}
	return out
}

// meets reports whether hunk h meets one of the ranges of the winner's
// value.
func meets(ranges [][2]int, h Hunk) bool {
	for _, r := range ranges {
		if r[0] <= h.End && r[1] >= h.Start {
			return true
		}
	}
	return false
}

// Took returns what the three-way start took at hunk k of version ver,
// where it reads Combined (States): Winner, the winner's change, which
// the version did not make; Version, the version's, where the winner kept
// the base; Other, another version's; Both or BothRev, the two sides'
// additions. It returns Open where the start took nothing.
func (m Model) Took(ver, k int) State {
	if ver < 0 || ver >= len(m.hunks) || k < 0 || k >= len(m.hunks[ver]) || m.States(ver)[k] != Combined {
		return Open
	}
	return m.auto[m.hunks[ver][k].id(ver)]
}
