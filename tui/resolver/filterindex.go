package resolver

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The filter's index: each item's text, folded once, off the UI thread.
//
// Folding an item's text reads every version's fields, which builds the
// item's tree; at 100k items that took the first keystroke of the filter
// 6 s of work here, 14 to 20 s on a loaded machine (issue 21 item 5). The
// index is built from the first time the filter is opened, by commands of
// indexChunk items each, one after the other; a keystroke only looks in
// the texts already folded. It is not built when the list loads: it keeps
// every item's tree, 360 MiB more at 100k items (664 to 1,024 MiB), which
// a session that never filters does not need. An item whose chunk has
// not come yet matches nothing: the filter line says "searching…" while
// the index is incomplete, and each chunk that comes adds its matches to
// the list. A chunk of another store (the session's before a merge-in) is
// dropped, and an item decided after its chunk was taken is folded again
// on the UI thread, alone.

// indexChunk is how many items one indexing command folds.
const indexChunk = 2000

// indexMsg brings the folded texts of the items from `from` on.
type indexMsg struct {
	st    *store
	from  int
	items []dialect.Entry // the states folded
	texts []string
	ends  []string // their endpoints, for the list's column
}

// startIndex starts building the index, once per store.
func (s *store) startIndex() tea.Cmd {
	if s.indexing {
		return nil
	}
	s.indexing = true
	return s.indexCmd()
}

// indexCmd folds the next chunk of items off the UI thread, or returns
// nil when every item is indexed.
func (s *store) indexCmd() tea.Cmd {
	from := s.indexed
	if from >= len(s.items) {
		return nil
	}
	items := slices.Clone(s.items[from:min(from+indexChunk, len(s.items))])
	return func() tea.Msg {
		msg := indexMsg{st: s, from: from, items: items, texts: make([]string, len(items)), ends: make([]string, len(items))}
		for i, e := range items {
			ends := endpoints(e)
			msg.texts[i], msg.ends[i] = searchText(e, ends), strings.Join(ends, ", ")
		}
		return msg
	}
}

// takeIndex records a chunk's texts and reports whether it was the chunk
// awaited; it drops a chunk of another store or one already taken. An
// item decided since its chunk was taken keeps no text, to be folded
// again when it is searched.
func (s *store) takeIndex(msg indexMsg) bool {
	if msg.st != s || msg.from != s.indexed {
		return false
	}
	for i, e := range msg.items {
		if pos := msg.from + i; s.items[pos] == e && s.search[pos] == "" {
			s.search[pos], s.ends[pos] = msg.texts[i], msg.ends[i]
		}
	}
	s.indexed = msg.from + len(msg.items)
	return true
}

// searching reports whether the index has not yet reached every item.
func (s *store) searching() bool { return s.indexed < len(s.items) }

// matches reports whether the item's title, id, endpoints, or the title
// or content of any of its versions, conflict versions as well as the
// winner, contain the query, folded as fold folds them: a conflict is
// found by what either side wrote (issue 20 item 15: only the winner's
// text was searched). An item the index has not reached matches nothing.
func (s *store) matches(pos int, query string) bool {
	if s.search[pos] == "" {
		if pos >= s.indexed {
			return false
		}
		s.search[pos] = searchText(s.items[pos], endpoints(s.items[pos])) // decided since it was indexed
	}
	return strings.Contains(s.search[pos], query)
}

// searchText is the item's text for the filter, folded, with its
// endpoints ends. It reads only the entry, so that it runs off the UI
// thread.
func searchText(e dialect.Entry, ends []string) string {
	text := []string{"", e.ID(), strings.Join(ends, " ")}
	for i, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
		fs := v.Fields()
		if i == 0 {
			text[0] = oneLine(titleOf(e, fs))
		}
		text = append(text, oneLine(valueOf(fs, "title")), contentOf(fs))
	}
	return fold(strings.Join(text, "\x00")) + "\x00"
}

// titleOf is e.Title(), taken from fs, the winner's fields, when they
// hold the title: reading an item's fields builds its tree, which is not
// kept, so each read builds it again (an SSE 0.91 outline's title is its
// text attribute, not a field).
func titleOf(e dialect.Entry, fs []dialect.Field) string {
	for _, f := range fs {
		if f.Key == "title" {
			return f.Value
		}
	}
	return e.Title()
}

// indexed handles a chunk of the index: the next chunk's command, and
// the chunk's matches added to the list when a filter is on.
func (l List) indexed(msg indexMsg) (List, tea.Cmd) {
	if !l.st.takeIndex(msg) {
		return l, nil
	}
	if l.query != "" {
		l.extend(msg.from, l.st.indexed)
	}
	return l, l.st.indexCmd()
}

// extend adds the matches among the items from..to, just indexed, to the
// list. A flat list is in the items' order and they come after every row;
// an outline is laid out again.
func (l *List) extend(from, to int) {
	if l.st.tree() != nil {
		l.refresh()
		return
	}
	add := func(pos int) {
		if l.st.matches(pos, l.query) {
			l.rows = append(l.rows, pos)
		}
	}
	if l.all {
		for pos := from; pos < to; pos++ {
			add(pos)
		}
	} else {
		c := l.st.conflicted
		for i, _ := slices.BinarySearch(c, from); i < len(c) && c[i] < to; i++ {
			add(c[i])
		}
	}
	l.clamp()
}

// requery lays the rows out for a query that replaced old. A flat list
// whose query grew from old keeps the rows that match it: no other item
// can (one not yet indexed comes with its chunk).
func (l *List) requery(old string) {
	if old == "" || !strings.Contains(l.query, old) || l.st.tree() != nil {
		l.refresh()
		return
	}
	cur, ok := l.Selected()
	l.rows = slices.DeleteFunc(l.rows, func(pos int) bool { return !l.st.matches(pos, l.query) })
	l.cursor = 0
	if ok {
		l.Select(cur)
	}
	l.clamp()
}
