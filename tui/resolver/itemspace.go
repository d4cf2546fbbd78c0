package resolver

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// White space on the item screen (issue 30 item 5). W hides the changes
// of white space alone, as it does in the merge view, and the two share
// the setting (the root model keeps them alike): the word diff leaves
// unmarked the runs of white space that feeds/threeway's rule lets compare
// equal (threeway.SpaceEdits: by the field's type, not inside pre,
// listing, plaintext, xmp, textarea, script or style, nor where
// xml:space="preserve" holds, and never in a value combined whole), so
// each side still shows its own text; a row whose changes are all such is
// unchanged (} passes it, it folds); a field whose sides differ in white
// space alone reads "same but for white space", and counts for no side
// against the base. The header's rule says how many changes are hidden.
// Rendered markup (r) collapses white space itself: there a field that
// differs in white space alone is shown unmarked, and the rest as
// rendered. W again shows every change.

// HideSpace hides (or shows) the changes of white space alone.
func (v *ItemView) HideSpace(hide bool) {
	if v.hideSpace != hide {
		v.hideSpace = hide
		v.layout()
	}
}

// SpaceHidden reports whether the changes of white space alone are hidden.
func (v ItemView) SpaceHidden() bool { return v.hideSpace }

// SpaceHiddenCount counts the changes of white space alone hidden between
// the two sides shown.
func (v ItemView) SpaceHiddenCount() int {
	n := 0
	for _, p := range v.cache.pairs {
		n += p.spaces
	}
	return n
}

// hideSpaces marks, in pair p of the fields a and b, the changes of white
// space alone the rule lets compare equal, and leaves them unmarked in its
// rows; rendered says p's texts are markup rendered away from the fields'.
func hideSpaces(p *fieldPair, a, b []dialect.Field, rendered bool) {
	fa, okA := fieldByKey(a, p.key)
	fb, okB := fieldByKey(b, p.key)
	if !okA || !okB || fa.Value == fb.Value {
		return
	}
	es, words := threeway.SpaceEdits(fa, fb)
	p.spaces, p.spaceOnly = len(es), !words && len(es) > 0
	switch {
	case p.spaceOnly:
		p.rows = unmarked(p.rows)
	case len(es) > 0 && !rendered:
		p.rows = unmarkSpaces(p.rows, fa.Value, fb.Value, es)
	}
}

// fieldByKey returns the field of key among fs.
func fieldByKey(fs []dialect.Field, key string) (dialect.Field, bool) {
	if i := slices.IndexFunc(fs, func(f dialect.Field) bool { return f.Key == key }); i >= 0 {
		return fs[i], true
	}
	return dialect.Field{}, false
}

// differs reports whether a field's value a differs from b, a change of
// white space alone counting for none when hide says so.
func differs(a, b dialect.Field, hide bool) bool {
	return a.Value != b.Value && !(hide && threeway.SpaceOnly(a, b))
}

// unmarked returns rows with every change unmarked: each side's text as it
// is, aligned as before.
func unmarked(rows []diff.Row) []diff.Row {
	out := slices.Clone(rows)
	for i := range out {
		out[i].Left, out[i].Right = equalCell(out[i].Left), equalCell(out[i].Right)
	}
	return out
}

func equalCell(c diff.Cell) diff.Cell {
	c.Kind, c.Spans = diff.Equal, slices.Clone(c.Spans)
	for i := range c.Spans {
		c.Spans[i].Kind = diff.Equal
	}
	return c
}

// unmarkSpaces unmarks, in rows of a against b, the changed spans of white
// space that es covers (bytes of a on the left, of b on the right); a row
// left with no change, whose lines without partner es covers whole, line
// break included, is unchanged.
func unmarkSpaces(rows []diff.Row, a, b string, es []merge3.SpaceEdit) []diff.Row {
	inA, inB := make([][2]int, len(es)), make([][2]int, len(es))
	for i, e := range es {
		inA[i], inB[i] = [2]int{e.AStart, e.AEnd}, [2]int{e.BStart, e.BEnd}
	}
	la, lb := lineStarts(a), lineStarts(b)
	out := slices.Clone(rows)
	for i := range out {
		l, lok := unmarkCell(out[i].Left, a, la, inA)
		r, rok := unmarkCell(out[i].Right, b, lb, inB)
		out[i].Left, out[i].Right = l, r
		if lok && rok {
			out[i].Left, out[i].Right = equalCell(l), equalCell(r)
		}
	}
	return out
}

// unmarkCell unmarks the changed spans of white space of cell c of text s
// that the ranges cover; ok reports that no change is left in it: no
// marked span, and a line without partner covered whole.
func unmarkCell(c diff.Cell, s string, starts []int, ranges [][2]int) (diff.Cell, bool) {
	if c.Line == 0 {
		return c, true // filler
	}
	at := starts[c.Line-1]
	if c.Kind == diff.Delete || c.Kind == diff.Insert {
		end := at + len(diff.Join(c.Spans))
		if end < len(s) {
			end++ // its line break
		}
		return c, strings.Trim(s[at:end], " \t\n\r\f") == "" && covered(ranges, at, end)
	}
	c.Spans = slices.Clone(c.Spans)
	ok := true
	for i, sp := range c.Spans {
		if sp.Kind != diff.Equal && strings.Trim(sp.Text, " \t\n\r\f") == "" && covered(ranges, at, at+len(sp.Text)) {
			c.Spans[i].Kind = diff.Equal
		}
		ok = ok && c.Spans[i].Kind == diff.Equal
		at += len(sp.Text)
	}
	return c, ok
}

// covered reports whether ranges, sorted and apart, cover [start, end).
func covered(ranges [][2]int, start, end int) bool {
	i := sort.Search(len(ranges), func(i int) bool { return ranges[i][1] > start })
	for ; i < len(ranges) && start < end; i++ {
		if ranges[i][0] > start {
			return false
		}
		start = ranges[i][1]
	}
	return start >= end
}

// lineStarts returns the byte offset of each line of s, as diff counts
// them.
func lineStarts(s string) []int {
	out := []int{0}
	for i := range len(s) {
		if s[i] == '\n' && i+1 < len(s) {
			out = append(out, i+1)
		}
	}
	return out
}

// onlySpace reports whether the sides shown differ in shared data only in
// white space, W hiding it.
func (v ItemView) onlySpace() bool {
	some := false
	for _, p := range v.cache.pairs {
		switch {
		case !p.shared || p.a == p.b && p.inA == p.inB:
		case p.spaceOnly:
			some = true
		default:
			return false
		}
	}
	return some
}

// spaceNote is what the header's rule says while W hides changes of white
// space alone.
func (v ItemView) spaceNote() string {
	if !v.hideSpace {
		return ""
	}
	if n := v.SpaceHiddenCount(); n > 0 {
		return fmt.Sprintf("%s of white space alone hidden · W shows", draw.Plural(n, "change"))
	}
	return "white-space-only changes hidden (none here) · W shows them"
}
