package mergemodel

import (
	"slices"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The three-way start (issue 19). When the base is known, the shared data
// of the version the winner and every conflict version grew from, the
// merge starts from what package diff/merge3 makes of each text field:
// a change only one side made against the base is taken, the same change
// on several sides once, and the places where sides changed the base
// differently (clashes) keep the winner's text and stay open. So the
// hunks of a version against the winner read:
//
//   - Combined: the start took a side there (the version's change, or the
//     winner's, which the version did not touch), and the result still
//     holds what it took;
//   - Clash: open, at a clash of the three-way merge;
//   - any other state, as without a base, once the person changes it.
//
// The start is one undo step: u goes back to the winner's fields with
// every hunk open. A list (categories, links: one value per line) is not
// merged three-way: its hunks stay open. Content whose type is html or
// xhtml (Atom, feeds.Field.Type) is merged as markup (merge3.HTML,
// merge3.XHTML): a hunk never splits a tag, and an XHTML combination that
// would not be well-formed is a clash. A field other than a title, content
// or summary is combined whole, as package feeds/threeway does: taken when
// one side changed it, or several alike, else a clash.

// Summary is what the three-way start did: the places where sides clash,
// and the changes it combined (taken from one side, or the same on
// several), over every field.
type Summary struct {
	Clashes, Combined int
}

// Clean reports whether the start combined every change: no clash.
func (s Summary) Clean() bool { return s.Clashes == 0 }

// Plan returns what the three-way start makes of fields against base (the
// base's shared fields), without starting: the summary, and each field's
// combined text with its clashes' ranges in the winner's value.
func Plan(fields []Field, base []dialect.Field) (Summary, []string, [][][2]int) {
	var sum Summary
	texts, clashes := make([]string, len(fields)), make([][][2]int, len(fields))
	for i, f := range fields {
		texts[i] = f.Winner
		sides := append([]string{f.Winner}, f.Values...)
		switch {
		case f.List:
		case textKeys[f.Key]:
			texts[i], clashes[i] = combined(merge3.Merge(valueIn(base, f.Key), sides, modeOf(f.Type)), &sum)
		default:
			texts[i], clashes[i] = whole(valueIn(base, f.Key), sides, &sum)
		}
	}
	return sum, texts, clashes
}

// whole combines a field's values whole against the base's: the change
// one side made, or several alike, is taken; else the winner's value
// stays and the whole field is a clash.
func whole(base string, sides []string, sum *Summary) (string, [][2]int) {
	var changed []string
	for _, s := range sides {
		if s != base && !slices.Contains(changed, s) {
			changed = append(changed, s)
		}
	}
	switch {
	case len(changed) == 0:
		return base, nil
	case len(changed) == 1:
		if !allSame(sides) {
			sum.Combined++
		}
		return changed[0], nil
	}
	sum.Clashes++
	return sides[0], [][2]int{{0, len(sides[0])}}
}

// combined returns the text of a three-way merge where its clashes keep
// the winner's text (side 0), with their ranges in the winner's text, and
// counts the hunks into sum: a hunk whose sides all hold the same text is
// no combining.
func combined(r merge3.Result, sum *Summary) (string, [][2]int) {
	var b []byte
	var clashes [][2]int
	w := 0 // where the hunk starts in the winner's text
	for _, h := range r.Hunks {
		text, theirs := h.Text(), h.Base
		if h.Kind != merge3.Unchanged {
			theirs = h.Texts[0]
		}
		switch {
		case h.Kind == merge3.Clash:
			text = theirs
			clashes = append(clashes, [2]int{w, w + len(theirs)})
			sum.Clashes++
		case h.Kind != merge3.Unchanged && !allSame(h.Texts):
			sum.Combined++
		}
		b, w = append(b, text...), w+len(theirs)
	}
	return string(b), clashes
}

// Start starts the merge from the three-way result against base, as one
// undo step (see the top of this file), and returns what it did. A merge
// started already, or one the person changed, is left as it is.
func (m *Model) Start(base []dialect.Field) Summary {
	if m.Changed() || m.auto != nil {
		return Summary{}
	}
	sum, texts, clashes := Plan(m.fields, base)
	m.Push()
	copy(m.results, texts)
	m.touch()
	m.auto, m.clash = map[string]State{}, map[string]bool{}
	for ver := range m.hunks {
		others := m.Others(ver)
		for _, h := range m.hunks[ver] {
			id := h.id(ver)
			f := m.fields[h.Field]
			switch st := f.StateIn(m.results[h.Field], m.Chunks(h.Field), h, false, others); {
			case meets(clashes[h.Field], h):
				m.clash[id] = true
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
	m.summary = sum
	return sum
}

// Started returns what the three-way start did, and whether the merge
// started from a base.
func (m Model) Started() (Summary, bool) { return m.summary, m.auto != nil }

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

// modeOf returns how merge3 cuts a text of a type: markup for html and
// xhtml, words for the rest.
func modeOf(t string) merge3.Mode {
	switch t {
	case "html":
		return merge3.HTML
	case "xhtml":
		return merge3.XHTML
	}
	return merge3.Text
}

func allSame(ts []string) bool {
	for _, t := range ts[1:] {
		if t != ts[0] {
			return false
		}
	}
	return true
}

// valueIn returns the value of the field key among fs, or "".
func valueIn(fs []dialect.Field, key string) string {
	for _, f := range fs {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}
