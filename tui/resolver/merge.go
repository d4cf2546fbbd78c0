package resolver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The merge view's model: the fields a person combines, the hunks of the
// version shown against the winner, and what the result holds at each.
//
// A field's result is text the person owns: it starts as the winner's
// value, takes hunks from either side, and can be typed in. Hunks are the
// changed chunks of the winner's value against the version's (diff.Chunks),
// placed by their byte range in the winner's value. What a hunk holds in the
// result is found anew each time by comparing the result with the winner:
// the result's text over the hunk's range is the winner's (open, or taken
// from the winner when the person said so), the version's, both in either
// order, another version's (exactly what that version has there), or
// typed by hand (anything else, even text that contains a version's). So the
// states stay true whatever the person types, and any version can feed the
// result: switching versions shows that version's hunks against the same
// result.

// hunkState is what the result holds at a hunk.
type hunkState uint8

const (
	hunkOpen    hunkState = iota // the winner's text, not decided
	hunkWinner                   // the winner's text, taken
	hunkVersion                  // the version's text
	hunkBoth                     // the winner's, then the version's
	hunkBothRev                  // the version's, then the winner's
	hunkOther                    // another version's text
	hunkHand                     // text typed by hand
)

// side is what a take puts in the result.
type side uint8

const (
	sideWinner side = iota
	sideVersion
	sideBoth
	sideBothRev
)

// mergeField is one field the merge combines: a shared field, or a list of
// them (categories, foreign elements of one name) as one value per line.
type mergeField struct {
	key      string // the field's key, or the base of a list's keys ("category")
	label    string
	list     bool
	numbered bool     // a list's first key has an index too: "category[1]", not "link"
	winner   string   // the winner's value
	values   []string // each conflict version's value
	result   textArea
	markup   bool // a version's value holds HTML or XHTML: hunks keep each tag whole (markupGranularity)
}

// granularity is how finely the field's hunks are cut: a list's lines are
// values of their own, a text's words are not.
func (f mergeField) granularity() diff.Granularity {
	if f.list {
		return diff.ByLine
	}
	return markupGranularity(f.markup)
}

// hunk is a change between the winner's value of a field and a version's.
type hunk struct {
	field       int
	start, end  int // byte range in the winner's value
	left, right string
}

// id names a hunk for remembering that the winner's side was taken.
func (h hunk) id(version int) string {
	return strconv.Itoa(version) + "/" + strconv.Itoa(h.field) + "/" + strconv.Itoa(h.start) + "/" + strconv.Itoa(h.end) + "/" + h.right
}

// mergeFields gathers the shared fields of an item's versions, in the
// order they first appear (the winner's, then each version's), those of a
// list into one field. Publisher-specific data is each publisher's own
// (implementation note 1) and is not merged.
func mergeFields(e dialect.Entry) []mergeField {
	all := append([]dialect.Version{e.Winner()}, e.Versions()...)
	sets := make([][]feeds.Field, len(all))
	lists, numbered := map[string]bool{}, map[string]bool{}
	for i, v := range all {
		for _, f := range v.Fields() {
			if !f.Shared {
				continue
			}
			sets[i] = append(sets[i], f)
			if base, n := splitKey(f.Key); n > 0 && !textKeys[base] {
				lists[base] = true
				numbered[base] = numbered[base] || n == 1
			}
		}
	}
	var out []mergeField
	seen := map[string]bool{}
	for _, fs := range sets {
		for _, sf := range fs {
			base, _ := splitKey(sf.Key)
			if !lists[base] {
				base = sf.Key
			}
			if seen[base] {
				continue
			}
			seen[base] = true
			f := mergeField{key: base, label: sf.Label, list: lists[base], numbered: numbered[base]}
			if f.list {
				f.label = listLabel(sf)
			}
			for i, vs := range sets {
				if v := fieldValue(vs, base, f.list); i == 0 {
					f.winner = v
				} else {
					f.values = append(f.values, v)
				}
			}
			if f.list && slices.ContainsFunc(append([]string{f.winner}, f.values...), multiLine) {
				continue // a value of several lines cannot stand on one line of a list
			}
			f.markup = holdsMarkup(f, sf.Type)
			out = append(out, f)
		}
	}
	return out
}

// textKeys are the fields that stay fields of their own when repeated.
var textKeys = map[string]bool{"title": true, "content": true, "summary": true}

// multiLine reports a list value that one of its fields spreads over lines.
func multiLine(joined string) bool { return strings.Contains(joined, "\x00") }

// fieldValue returns a version's value of a field: a list's values one per
// line, a value holding a newline marked so that multiLine finds it.
func fieldValue(fs []feeds.Field, base string, list bool) string {
	if !list {
		return valueOf(fs, base)
	}
	var lines []string
	for _, f := range fs {
		if b, _ := splitKey(f.Key); b == base {
			v := f.Value
			if strings.Contains(v, "\n") {
				v += "\x00"
			}
			lines = append(lines, v)
		}
	}
	return strings.Join(lines, "\n")
}

// listLabel names a list after its first field: "Category 1" → "Categories".
func listLabel(f feeds.Field) string {
	l := strings.TrimRight(f.Label, " 0123456789")
	if l == "Category" {
		return "Categories"
	}
	return l + " (one per line)"
}

// splitKey cuts "category[2]" into "category" and 2; n is 0 for a key
// without an index.
func splitKey(key string) (base string, n int) {
	i := strings.LastIndex(key, "[")
	if i < 0 || !strings.HasSuffix(key, "]") {
		return key, 0
	}
	n, err := strconv.Atoi(key[i+1 : len(key)-1])
	if err != nil {
		return key, 0
	}
	return key[:i], n
}

// hunksOf returns the hunks of a version against the winner, field by field.
func hunksOf(fields []mergeField, version int) []hunk {
	var out []hunk
	for i, f := range fields {
		if version >= len(f.values) {
			continue
		}
		pos := 0
		for _, c := range diff.Chunks(f.winner, f.values[version], f.granularity()) {
			if c.Changed {
				out = append(out, hunk{field: i, start: pos, end: pos + len(c.Old), left: c.Old, right: c.New})
			}
			pos += len(c.Old)
		}
	}
	return out
}

// locate finds where the result holds a hunk's range of the winner's value:
// [rs, re) in the result, and whether the result differs from the winner
// there (touched). Changes of the result that touch the range, insertions
// at its ends included, widen it.
func locate(winner, result string, h hunk, g diff.Granularity) (rs, re int, touched bool) {
	rs, re, _, _, touched = spanOver(diff.Chunks(winner, result, g), h)
	return rs, re, touched
}

// spanOver is locate over the chunks of the result against the winner (so
// that a view works them out once per revision of the result, not once
// per hunk), with the range [ws, we) of the winner's value that [rs, re)
// stands for: the hunk's, widened by the changes that touch it.
func spanOver(chunks []diff.Chunk, h hunk) (rs, re, ws, we int, touched bool) {
	rs, re, ws, we = -1, -1, h.start, h.end
	wpos, rpos := 0, 0
	for _, c := range chunks {
		w0, w1 := wpos, wpos+len(c.Old)
		r0, r1 := rpos, rpos+len(c.New)
		switch {
		case c.Changed && w0 <= h.end && w1 >= h.start:
			touched = true
			if rs < 0 || r0 < rs {
				rs = r0
			}
			re = max(re, r1)
			ws, we = min(ws, w0), max(we, w1)
		case !c.Changed:
			if rs < 0 && h.start >= w0 && h.start <= w1 {
				rs = r0 + h.start - w0
			}
			if h.end >= w0 && h.end <= w1 {
				re = max(re, r0+h.end-w0)
			}
		}
		wpos, rpos = w1, r1
	}
	if rs < 0 {
		rs = 0
	}
	return rs, max(re, rs), ws, we, touched
}

// straysIn returns the changes of the result r (chunks, r against the
// winner) that touch none of hunks, the hunks of the version shown: text
// typed, or removed, in the stretches the version shown shares with the
// winner. Each is its range in r. A change that is exactly what another
// version holds there (others, their hunks) is that version's, not typing:
// it is in theirs instead.
func (f mergeField) straysIn(r string, chunks []diff.Chunk, field int, hunks []hunk, others [][]hunk) (typed, theirs [][2]int) {
	wpos, rpos := 0, 0
	for _, c := range chunks {
		w0, w1 := wpos, wpos+len(c.Old)
		r0, r1 := rpos, rpos+len(c.New)
		wpos, rpos = w1, r1
		if !c.Changed || slices.ContainsFunc(hunks, func(h hunk) bool { return h.field == field && w0 <= h.end && w1 >= h.start }) {
			continue
		}
		if f.anotherVersions(hunk{field: field, start: w0, end: w1}, r[r0:r1], others) {
			theirs = append(theirs, [2]int{r0, r1})
		} else {
			typed = append(typed, [2]int{r0, r1})
		}
	}
	return typed, theirs
}

// anotherVersions reports whether got, what the result holds over the
// winner's range of h, is what one of the versions of others holds there.
func (f mergeField) anotherVersions(h hunk, got string, others [][]hunk) bool {
	for _, hs := range others {
		if t, ok := f.versionText(h, hs); ok && t == got {
			return true
		}
	}
	return false
}

// versionText returns what a version with hunks hs holds over the
// winner's range of h, and whether any of its hunks meets h (else it
// holds the winner's text there).
func (f mergeField) versionText(h hunk, hs []hunk) (string, bool) {
	theirs, ok := f.withHunks(h, hs)
	if !ok {
		return "", false
	}
	ts, te, _ := locate(f.winner, theirs, h, f.granularity())
	return theirs[ts:te], true
}

// joinSides puts two sides of a hunk one after the other: lines stay
// lines (a list's values, or hunks that span lines), words are parted by
// a space unless one side already has one at the seam.
func joinSides(a, b string, list bool) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	case list || strings.Contains(a, "\n") || strings.Contains(b, "\n"):
		if !strings.HasSuffix(a, "\n") {
			a += "\n"
		}
		return a + b
	case strings.HasSuffix(a, " ") || strings.HasPrefix(b, " "):
		return a + b
	}
	return a + " " + b
}

// text returns what a take puts in the result for a hunk.
func (h hunk) text(s side, list bool) string {
	switch s {
	case sideVersion:
		return h.right
	case sideBoth:
		return joinSides(h.left, h.right, list)
	case sideBothRev:
		return joinSides(h.right, h.left, list)
	}
	return h.left
}

// state says what the result holds at hunk h of the version shown. others
// are the hunks of the other versions, to tell their text from typing.
func (f mergeField) state(h hunk, taken bool, others [][]hunk) hunkState {
	r := f.result.Value()
	return f.stateIn(r, diff.Chunks(f.winner, r, f.granularity()), h, taken, others)
}

// stateIn is state for the result r and its chunks against the winner.
func (f mergeField) stateIn(r string, chunks []diff.Chunk, h hunk, taken bool, others [][]hunk) hunkState {
	rs, re, ws, we, touched := spanOver(chunks, h)
	if !touched {
		if taken {
			return hunkWinner
		}
		return hunkOpen
	}
	// Where typing reached past the hunk, the result there is a side's only
	// if the winner's text around the hunk is still whole.
	got, pre, post := r[rs:re], f.winner[ws:h.start], f.winner[h.end:we]
	switch got {
	case pre + h.left + post:
		return hunkWinner
	case pre + h.right + post:
		return hunkVersion
	case pre + h.text(sideBoth, f.list) + post:
		return hunkBoth
	case pre + h.text(sideBothRev, f.list) + post:
		return hunkBothRev
	}
	if f.anotherVersions(h, got, others) {
		return hunkOther
	}
	return hunkHand
}

// withHunks returns the winner's value with the hunks of another version
// that meet hunk h put in, and whether any does: what the result holds
// over h when it took that version's text there. Only a result equal to
// it is that version's; text that merely contains it was typed.
func (f mergeField) withHunks(h hunk, hs []hunk) (string, bool) {
	var b strings.Builder
	pos, found := 0, false
	for _, o := range hs {
		if o.field != h.field || o.start > h.end || o.end < h.start || o.start < pos {
			continue
		}
		b.WriteString(f.winner[pos:o.start])
		b.WriteString(o.right)
		pos, found = o.end, true
	}
	b.WriteString(f.winner[pos:])
	return b.String(), found
}

// take puts a side of hunk h into the field's result, where the result
// holds the hunk's range, replacing whatever it holds there. Where typing
// reached past the hunk, the winner's text around it comes back with the
// side (as state reads it): taking the version's "oat " where "milk" was
// typed over gives "oat milk", not "oat ". chunks are the result against
// the winner, which the view has worked out for the revision already.
func (f *mergeField) take(h hunk, s side, chunks []diff.Chunk) {
	rs, re, ws, we, _ := spanOver(chunks, h)
	f.result.Replace(rs, re, f.winner[ws:h.start]+h.text(s, f.list)+f.winner[h.end:we])
}

// edit returns the resolution's edit: each field whose result differs
// from the winner's value, a list's values as its fields by key, those the
// result no longer has removed from the last.
func editOf(fields []mergeField) dialect.Edit {
	var e dialect.Edit
	for _, f := range fields {
		r := f.result.Value()
		switch {
		case r == f.winner:
		case f.key == "title":
			e.Title = &r
		case f.key == "content":
			e.Content = &r
		case !f.list && r == "":
			e.Fields = append(e.Fields, feeds.FieldEdit{Key: f.key, Remove: true})
		case !f.list:
			e.Fields = append(e.Fields, feeds.FieldEdit{Key: f.key, Value: r})
		default:
			e.Fields = append(e.Fields, listEdits(f, r)...)
		}
	}
	return e
}

// listEdits turns a list's result into edits of its fields: each line that
// differs from the winner's at its place is set, and the winner's values
// past the result's are removed, the last first, so that the keys of those
// before stay as they are.
func listEdits(f mergeField, result string) []feeds.FieldEdit {
	was, now := nonEmptyLines(f.winner), nonEmptyLines(result)
	var out []feeds.FieldEdit
	for i, v := range now {
		if i >= len(was) || was[i] != v {
			out = append(out, feeds.FieldEdit{Key: f.keyAt(i + 1), Value: v})
		}
	}
	for i := len(was); i > len(now); i-- {
		out = append(out, feeds.FieldEdit{Key: f.keyAt(i), Remove: true})
	}
	return out
}

// keyAt returns the key of a list's n-th field: "category[2]"; the first
// of a name that is numbered from its second ("link", "link[2]") has none.
func (f mergeField) keyAt(n int) string {
	if n == 1 && !f.numbered {
		return f.key
	}
	return f.key + "[" + strconv.Itoa(n) + "]"
}

func nonEmptyLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
