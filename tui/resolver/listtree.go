package resolver

import (
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// An outline's list keeps the tree: every row is indented by its depth,
// and the items in scope come with their ancestors, dimmed when they are
// out of scope, so that each row shows where it sits.

// cutMark marks an outline that cycle detection moved to the top level.
const cutMark = "↺ "

// addOutline adds the outline's rows that are in scope, each after those
// of its ancestors that are not yet shown.
func (l *List) addOutline(rows []dialect.OutlineRow) {
	type open struct {
		row   dialect.OutlineRow
		shown bool
	}
	var path []open // the ancestors of the row at hand, outermost first
	for _, r := range rows {
		for len(path) > 0 && path[len(path)-1].row.Depth >= r.Depth {
			path = path[:len(path)-1]
		}
		in := l.inScope(r.Pos)
		if in {
			for i := range path {
				if !path[i].shown {
					path[i].shown = true
					l.addRow(path[i].row)
				}
			}
			l.addRow(r)
		}
		path = append(path, open{r, in})
	}
}

func (l *List) addRow(r dialect.OutlineRow) {
	l.rows = append(l.rows, r.Pos)
	l.tree = append(l.tree, r)
}

// inScope reports whether the item at pos is in the list's scope and
// matches its filter.
func (l List) inScope(pos int) bool {
	return (l.all || isIn(l.st.conflicted, pos)) && (l.query == "" || l.st.matches(pos, l.query))
}

// isContext reports a row shown only because an item in scope is under it.
func (l List) isContext(i int) bool { return len(l.tree) > 0 && !l.inScope(l.rows[i]) }

// titleCell is a row's title, indented by its depth in an outline.
func (l List) titleCell(i int) string {
	title := l.st.title(l.rows[i])
	if len(l.tree) == 0 {
		return title
	}
	r := l.tree[i]
	if r.Cut {
		title = cutMark + title
	}
	return strings.Repeat("  ", r.Depth) + title
}

// titleHeader names the title column, with the legend of the cut mark when
// a row carries it.
func (l List) titleHeader() string {
	if !l.st.ordered {
		return "title"
	}
	for _, r := range l.tree {
		if r.Cut {
			return "outline · " + cutMark + "cut from a cycle"
		}
	}
	return "outline"
}

// Relayout lays the rows out again after a change of the items, which can
// move outlines; a flat list keeps its rows.
func (l *List) Relayout() {
	if l.st.ordered {
		l.refresh()
	}
}
