package resolver

import (
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// layout is how the item screen lays out the two versions.
type layout uint8

const (
	sideBySide layout = iota // winner left, version right
	stacked                  // per field, the winner's lines above the version's
	unified                  // per field, - and + lines as in a unified diff
	single                   // an item without conflicts: its fields alone
)

const (
	foldContext = 2 // unchanged rows kept around a change
	foldMin     = 4 // shorter unchanged runs are shown rather than folded
)

// fieldPair is one field of the winner facing the same field of the shown
// version. A field missing on one side compares with an empty text.
type fieldPair struct {
	key      string // the field's key (dialect.Field.Key)
	label    string
	markup   string // what the text holds (kindOf): "html", "xhtml", "xml", or "" for text
	a, b     string
	inA, inB bool
	shared   bool
	rows     []diff.Row // a against b, line by line
	base     string     // which side changed the field against the base, in words (itembase.go); "" without one
	// spaces counts the changes of white space alone hidden from rows,
	// and spaceOnly says that a and b differ in nothing else, while W
	// hides them (itemspace.go).
	spaces    int
	spaceOnly bool
}

// pairFields pairs the fields of two versions by key, in the winner's order
// and then the version's; publisher-specific fields only when asked for.
func pairFields(a, b []dialect.Field, publisher bool) []fieldPair {
	var out []fieldPair
	at := map[string]int{}
	for _, f := range a {
		if f.Shared || publisher {
			at[f.Key] = len(out)
			out = append(out, fieldPair{key: f.Key, label: f.Label, a: f.Value, inA: true, shared: f.Shared})
		}
	}
	for _, f := range b {
		if !f.Shared && !publisher {
			continue
		}
		if i, ok := at[f.Key]; ok {
			out[i].b, out[i].inB = f.Value, true
			continue
		}
		out = append(out, fieldPair{key: f.Key, label: f.Label, b: f.Value, inB: true, shared: f.Shared})
	}
	return out
}

// sameShared reports whether two versions carry the same shared data.
func sameShared(a, b []dialect.Field) bool {
	for _, p := range pairFields(a, b, false) {
		if p.a != p.b || p.inA != p.inB {
			return false
		}
	}
	return true
}

// diffOpts say how to render the fields.
type diffOpts struct {
	rendered bool // markup is shown rendered
	width    int
	layout   layout
	unfold   bool
	left     string // what the left-hand side is called: "winner", "version 1", "base"
	right    string // what the right-hand version is called: "version 2"
	s        *draw.Styles
}

// renderFields renders the field-by-field comparison as lines of exactly
// o.width cells.
func renderFields(pairs []fieldPair, o diffOpts) rendered {
	var r rendered
	for _, p := range pairs {
		r.fields = append(r.fields, len(r.lines))
		r.lines = append(r.lines, fieldRule(p, o))
		if len(p.rows) == 0 {
			r.lines = append(r.lines, draw.Pad(o.s.Ink.Dim.Render("(empty)"), o.width))
			continue
		}
		r.renderRows(p.rows, o)
	}
	return r
}

// rendered is the item screen's body: its lines, the line of each field's
// rule, and the first line of each change, for moving between them.
type rendered struct {
	lines   []string
	fields  []int
	changes []int
}

// fieldAt returns the line of the rule of the field that holds line i.
func (r rendered) fieldAt(i int) int {
	f := -1
	for _, s := range r.fields {
		if s > i {
			break
		}
		f = s
	}
	return f
}

// fieldRule is the line that introduces a field: its label and what changed.
func fieldRule(p fieldPair, o diffOpts) string {
	label := p.label
	switch {
	case p.markup == "xml" && o.rendered:
		label += " (rendered: r shows it as written)"
	case p.markup == "xml": // a foreign element of text or attributes, written out
	case p.markup != "" && o.rendered:
		label += " (" + p.markup + ", rendered: r shows it as written)"
	case p.markup != "":
		label += " (" + p.markup + ": r renders it)"
	}
	if !p.shared {
		label += " (publisher-specific)"
	}
	if o.layout != single {
		label += " · " + fieldState(p, o.left, o.right)
	}
	if p.base != "" {
		label += " · " + p.base
	}
	text := "── " + label + " "
	return o.s.Ink.Label.Render(draw.Pad(text+strings.Repeat("─", max(o.width-draw.TextWidth(text), 0)), o.width))
}

func fieldState(p fieldPair, left, right string) string {
	switch {
	case !p.inB:
		return "only in the " + left
	case !p.inA:
		return "only in " + right
	case p.a == p.b:
		return "same"
	case p.spaceOnly:
		return "same but for white space"
	}
	return "changed"
}

// renderRows renders the aligned rows of one field in the chosen layout,
// folding long unchanged runs unless asked not to, and notes where each
// change starts: each run of changed rows side by side or unified, each
// segment with changes when stacked.
func (r *rendered) renderRows(rows []diff.Row, o diffOpts) {
	for _, seg := range segments(rows, o) {
		if seg.Folded {
			r.lines = append(r.lines, foldLine(seg.Len(), o))
			continue
		}
		part := rows[seg.Start:seg.End]
		switch o.layout {
		case sideBySide, unified:
			for _, run := range runs(part) {
				if run[0].Changed() {
					r.changes = append(r.changes, len(r.lines))
				}
				if o.layout == sideBySide {
					r.lines = append(r.lines, sideRows(run, o)...)
				} else {
					r.lines = append(r.lines, unifiedRows(run, o)...)
				}
			}
		case stacked:
			if anyChanged(part) {
				r.changes = append(r.changes, len(r.lines))
			}
			r.lines = append(r.lines, stackedRows(part, o)...)
		default:
			r.lines = append(r.lines, cellLines(part, true, "", o)...)
		}
	}
}

// runs cuts rows into runs of changed and unchanged rows.
func runs(rows []diff.Row) [][]diff.Row {
	var out [][]diff.Row
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Changed() == rows[i].Changed() {
			j++
		}
		out = append(out, rows[i:j])
		i = j
	}
	return out
}

// segments folds unchanged runs of at least foldMin rows.
func segments(rows []diff.Row, o diffOpts) []diff.Segment {
	all := []diff.Segment{{Start: 0, End: len(rows)}}
	if o.unfold || o.layout == single {
		return all
	}
	segs := diff.Fold(rows, foldContext)
	for i := range segs {
		if segs[i].Len() < foldMin {
			segs[i].Folded = false
		}
	}
	return segs
}

func foldLine(n int, o diffOpts) string {
	text := fmt.Sprintf("┄┄ %d unchanged lines (z shows them) ┄┄", n)
	return o.s.Fold.Render(draw.Pad(text, o.width))
}

// sideRows renders rows as two columns, wrapping each cell and padding the
// shorter side so that the rows stay aligned.
func sideRows(rows []diff.Row, o diffOpts) []string {
	lw := (o.width - 3) / 2
	rw := o.width - 3 - lw
	sep := o.s.Ink.Rule.Render(" │ ")
	var out []string
	for _, r := range rows {
		l, rt := draw.Wrap(draw.Pieces(r.Left.Spans, o.s), lw), draw.Wrap(draw.Pieces(r.Right.Spans, o.s), rw)
		for k := 0; k < max(len(l), len(rt)); k++ {
			out = append(out, draw.Paint(draw.At(l, k), lw, o.s)+sep+draw.Paint(draw.At(rt, k), rw, o.s))
		}
	}
	return out
}

// unifiedRows renders unchanged rows once and each run of changed rows as
// its old lines (-) followed by its new lines (+).
func unifiedRows(rows []diff.Row, o diffOpts) []string {
	var out []string
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Changed() == rows[i].Changed() {
			j++
		}
		if !rows[i].Changed() {
			out = append(out, cellLines(rows[i:j], true, "  ", o)...)
		} else {
			out = append(out, cellLines(rows[i:j], true, "- ", o)...)
			out = append(out, cellLines(rows[i:j], false, "+ ", o)...)
		}
		i = j
	}
	return out
}

// stackedRows renders a run of rows as the left side's lines (the
// winner's, unless c put another there), then the version's lines under a
// small heading; unchanged runs appear once.
func stackedRows(rows []diff.Row, o diffOpts) []string {
	if !rows[0].Changed() && !anyChanged(rows) {
		return cellLines(rows, true, "  ", o)
	}
	out := []string{o.s.Winner.Render(draw.Pad(o.left+":", o.width))}
	out = append(out, cellLines(rows, true, "  ", o)...)
	out = append(out, o.s.Version.Render(draw.Pad(o.right+":", o.width)))
	return append(out, cellLines(rows, false, "  ", o)...)
}

func anyChanged(rows []diff.Row) bool {
	for _, r := range rows {
		if r.Changed() {
			return true
		}
	}
	return false
}

// cellLines renders one side of rows, skipping filler, each line behind a
// prefix whose kind follows the side and whose width indents wrapped lines.
func cellLines(rows []diff.Row, left bool, prefix string, o diffOpts) []string {
	kind := diff.Insert
	if left {
		kind = diff.Delete
	}
	var out []string
	for _, r := range rows {
		c := r.Right
		if left {
			c = r.Left
		}
		if c.Line == 0 {
			continue // filler facing a line of the other side (unmarked while W hides white space)
		}
		pk := diff.Equal
		if r.Changed() && prefix != "  " && prefix != "" {
			pk = kind
		}
		w := o.width - len(prefix)
		for k, line := range draw.Wrap(draw.Pieces(c.Spans, o.s), w) {
			p := prefix
			if k > 0 {
				p = strings.Repeat(" ", len(prefix))
			}
			out = append(out, draw.Paint(append([]draw.Piece{{Text: p, Kind: pk}}, line...), o.width, o.s))
		}
	}
	return out
}
