package threeway

import (
	"slices"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds"
)

// What a front end that lets a person finish the combination starts from
// (the resolver's merge view, its $EDITOR sheet): the combination where
// it combines, the winner's data where it clashes. It is the same rule as
// Resolution, so that the view's start and `resolve --auto` never differ:
// applied to the winner, the start's fields are the resolution's where
// the plan is clean.
//
//   - A field that combines holds the combination (Resolution's edit).
//   - A text field whose word changes clash (Edits) holds the changes the
//     sides made apart and, at each clash, the winner's text; Clash.Spans
//     says where those clashes are in the winner's value.
//   - Any other field that clashes holds the winner's value; a repeated
//     element's, the winner's whole list of it, as the plan compares a
//     list whose length changed whole (lists.go), so that no edit of the
//     list leaves a gap or renumbers what the winner holds.
//   - An item that clashes whole (a deletion against an edit, outlines
//     placed apart, Nested) holds the winner's fields: nothing is taken.

// startFields returns the fields of Plan.Fields: the winner's shared
// fields w with the resolution's edits made, and each text field whose
// edits clash merged but at its clashes. labels gives the label of a
// field the winner lacks, by key.
func startFields(p *Plan, w []feeds.Field, labels map[string]feeds.Field) []feeds.Field {
	out := slices.Clone(w)
	at := func(key string) int { return slices.IndexFunc(out, func(f feeds.Field) bool { return f.Key == key }) }
	clashing := map[string]bool{}
	for _, c := range p.Clashes {
		if name := listOf(c.Key); name != "" {
			clashing[name] = true
		}
	}
	for _, ed := range p.Resolution.Fields {
		if clashing[listOf(ed.Key)] && listOf(ed.Key) != "" {
			continue
		}
		switch i := at(ed.Key); {
		case ed.Remove && i >= 0:
			out = slices.Delete(out, i, i+1)
		case ed.Remove:
		case i >= 0:
			out[i].Value = ed.Value
		default:
			f := labels[ed.Key] // a category may be numbered past every side's: no label
			f.Key, f.Value, f.Shared = ed.Key, ed.Value, true
			out = append(out, f)
		}
	}
	for k := range p.Clashes {
		c := &p.Clashes[k]
		if c.Why != Edits {
			continue
		}
		text, spans := partial(c.Hunks)
		c.Spans = spans
		if i := at(c.Key); i >= 0 {
			out[i].Value = text
		}
	}
	return out
}

// partial returns the text of a merge whose clashes keep the winner's
// text (side 0), and the clashes' byte ranges in the winner's value.
func partial(hunks []merge3.Hunk) (string, [][2]int) {
	var b []byte
	var spans [][2]int
	w := 0 // where the hunk starts in the winner's value
	for _, h := range hunks {
		text, winners := h.Text(), h.Base
		if h.Kind != merge3.Unchanged {
			winners = h.Texts[0]
		}
		if h.Kind == merge3.Clash {
			text = winners
			spans = append(spans, [2]int{w, w + len(winners)})
		}
		b, w = append(b, text...), w+len(winners)
	}
	return string(b), spans
}

// fieldsByKey indexes every side's fields by key, the first side's first,
// for the labels of the fields a combination adds.
func fieldsByKey(sides [][]feeds.Field) map[string]feeds.Field {
	m := map[string]feeds.Field{}
	for _, s := range sides {
		for _, f := range s {
			if _, ok := m[f.Key]; !ok {
				m[f.Key] = f
			}
		}
	}
	return m
}
