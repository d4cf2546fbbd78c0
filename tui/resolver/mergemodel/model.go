package mergemodel

import (
	"maps"
	"sync/atomic"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// Model is an item's merge: its fields, the hunks of each version against
// the winner, each field's result, which hunks the winner's side was taken
// at, and the steps undo and redo put back. Its methods that read work out
// what a revision of the result gives once (QA Q12): each field's chunks
// against the winner, the state of every hunk of every version, the
// changes outside the hunks; only a change of the result (a take, undo or
// redo, SetResult) starts a new revision.
type Model struct {
	fields  []Field
	results []string
	hunks   [][]Hunk
	taken   map[string]bool
	undo    []snapshot
	redo    []snapshot
	rev     uint64
	memo    *memo
	auto    map[string]State    // what the three-way start left at each hunk it decided, by id (undone with the start)
	clash   map[string]State    // the hunks at a clash of the three-way start, with what the start left there
	plan    *threeway.Plan      // the plan the start read (threeway.go); nil without a base
	carried []dialect.FieldEdit // the plan's edits of fields the view cannot show
}

// snapshot is the merge's state, as undo puts it back.
type snapshot struct {
	results []string
	taken   map[string]bool
	auto    map[string]State
}

// revs numbers the revisions of every model's result, so that two copies
// of a model that went different ways never share a number.
var revs atomic.Uint64

// memo is what one revision of the result gives.
type memo struct {
	rev    uint64
	chunks map[int][]diff.Chunk // each field's result against the winner
	states map[int][]State      // the state of each hunk, by version
	strays map[[2]int]strays    // the changes outside the hunks, by field and version
	places map[[2]int][2]int    // where the result holds a hunk: version, hunk
	texts  map[[3]int]string    // what a version holds over a hunk of another (not tied to the result)
}

// strays are a field's changes outside the hunks (see StraysIn).
type strays struct{ typed, theirs [][2]int }

// New returns the merge of an item: its fields (Fields), each result the
// winner's value, and the hunks of each version.
func New(e dialect.Entry) Model { return FromFields(Fields(e), len(e.Versions())) }

// FromFields returns the merge of fields with versions conflict versions.
func FromFields(fields []Field, versions int) Model {
	m := Model{fields: fields, taken: map[string]bool{}, memo: &memo{texts: map[[3]int]string{}}}
	for _, f := range fields {
		m.results = append(m.results, f.Winner)
	}
	m.hunks = make([][]Hunk, versions)
	for i := range versions {
		m.hunks[i] = HunksOf(fields, i)
	}
	m.touch()
	return m
}

// Fields returns the fields merged; the caller does not change them.
func (m Model) Fields() []Field { return m.fields }

// Result returns field i's result.
func (m Model) Result(i int) string { return m.results[i] }

// Versions returns how many conflict versions the merge has.
func (m Model) Versions() int { return len(m.hunks) }

// Hunks returns the hunks of version ver against the winner.
func (m Model) Hunks(ver int) []Hunk {
	if ver >= 0 && ver < len(m.hunks) {
		return m.hunks[ver]
	}
	return nil
}

// Others returns the hunks of every version but ver.
func (m Model) Others(ver int) [][]Hunk {
	var out [][]Hunk
	for i, hs := range m.hunks {
		if i != ver {
			out = append(out, hs)
		}
	}
	return out
}

// Rev returns the revision of the result: it changes with every change.
func (m Model) Rev() uint64 { return m.rev }

// Changed reports whether the result differs from the winner's fields.
func (m Model) Changed() bool {
	for i, f := range m.fields {
		if m.results[i] != f.Winner {
			return true
		}
	}
	return false
}

// Edit returns the resolution's edit of the result (EditOf).
func (m Model) Edit() dialect.Edit {
	e := EditOf(m.fields, m.results)
	if m.auto != nil { // the start holds: the plan's combination of what the view cannot show
		e.Fields = append(e.Fields, m.carried...)
	}
	return e
}

// SetResult sets field i's result to s, as typing does: no undo step of
// its own (Push and Settle bracket the typing).
func (m *Model) SetResult(i int, s string) {
	if m.results[i] != s {
		m.results[i] = s
		m.touch()
	}
}

// Take puts a side of hunk k of version ver into the result, as one undo
// step, and reports the replacement it made in field's result, [rs, re)
// by text, and whether the result changed.
func (m *Model) Take(ver, k int, s Side) (field, rs, re int, text string, changed bool) {
	h := m.hunks[ver][k]
	m.Push()
	rs, re, text = m.fields[h.Field].Take(m.results[h.Field], m.Chunks(h.Field), h, s, m.Others(ver))
	r := m.results[h.Field]
	m.results[h.Field] = r[:rs] + text + r[re:]
	id := h.id(ver)
	if h.Text(s, m.fields[h.Field].List) == h.Left { // the winner's side, or both where the version's is empty
		m.taken[id] = true
	} else {
		delete(m.taken, id)
	}
	if m.auto != nil { // taken by hand: no longer the start's
		m.auto = maps.Clone(m.auto)
		delete(m.auto, id)
	}
	changed = m.Settle()
	if changed {
		m.touch()
	}
	return h.Field, rs, re, text, changed
}

// Carry puts into each field the result old made of the field of the same
// key, where old's result differs from its winner's value, as one undo
// step: after a merge-in (package resolver's mergein.go) the person's text
// is kept, and u goes back to the new winner's fields. It returns, for each
// field, the field of old of the same key, or -1.
func (m *Model) Carry(old Model) []int {
	from := make([]int, len(m.fields))
	m.Push()
	for i := range m.fields {
		from[i] = -1
		for j, f := range old.fields {
			if f.Key != m.fields[i].Key {
				continue
			}
			from[i] = j
			if r := old.results[j]; r != f.Winner {
				m.results[i] = r
			}
		}
	}
	m.touch()
	m.Settle()
	return from
}

// Push keeps the state before what may be a change, for undo; Settle says
// whether it was one.
func (m *Model) Push() { m.undo = append(m.undo, m.snapshot()) }

// Settle follows Push once the change is made: when it changed nothing (a
// take of what the result holds, typing that typed nothing), it drops the
// undo step, keeping what can be redone, and reports false; else what was
// undone can no longer be redone.
func (m *Model) Settle() bool {
	if n := len(m.undo); n > 0 && equal(m.undo[n-1], m.snapshot()) {
		m.undo = m.undo[:n-1]
		return false
	}
	m.redo = nil
	return true
}

// Undo puts back the state before the last step, reporting false when
// there is none.
func (m *Model) Undo() bool { return m.restore(&m.undo, &m.redo) }

// Redo puts back the state the last undo left, reporting false when there
// is none.
func (m *Model) Redo() bool { return m.restore(&m.redo, &m.undo) }

// Steps returns how many steps undo can put back.
func (m Model) Steps() int { return len(m.undo) }

func (m Model) snapshot() snapshot {
	return snapshot{results: append([]string(nil), m.results...), taken: maps.Clone(m.taken), auto: maps.Clone(m.auto)}
}

// restore moves the current state onto to and puts back the last of from.
func (m *Model) restore(from, to *[]snapshot) bool {
	if len(*from) == 0 {
		return false
	}
	*to = append(*to, m.snapshot())
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	m.results = append(m.results[:0:0], s.results...)
	m.taken, m.auto = s.taken, s.auto
	m.touch()
	return true
}

func equal(a, b snapshot) bool {
	for i := range a.results {
		if a.results[i] != b.results[i] {
			return false
		}
	}
	return maps.Equal(a.taken, b.taken) && maps.Equal(a.auto, b.auto) && (a.auto == nil) == (b.auto == nil)
}

// touch starts a new revision of the result.
func (m *Model) touch() { m.rev = revs.Add(1) }

// now returns the memo of the current revision, emptied if it held an
// earlier one's.
func (m Model) now() *memo {
	c := m.memo
	if c == nil {
		c = &memo{texts: map[[3]int]string{}} // a model never made by New: nothing is kept
	}
	if c.rev != m.rev || c.chunks == nil {
		c.rev = m.rev
		c.chunks, c.states = map[int][]diff.Chunk{}, map[int][]State{}
		c.strays, c.places = map[[2]int]strays{}, map[[2]int][2]int{}
	}
	return c
}

// Chunks returns field i's result against the winner's value.
func (m Model) Chunks(i int) []diff.Chunk {
	c := m.now()
	ch, ok := c.chunks[i]
	if !ok {
		f := m.fields[i]
		ch = diff.Chunks(f.Winner, m.results[i], f.Granularity())
		c.chunks[i] = ch
	}
	return ch
}

// States returns what the result holds at each hunk of version ver.
func (m Model) States(ver int) []State {
	c := m.now()
	if s, ok := c.states[ver]; ok {
		return s
	}
	others := m.Others(ver)
	s := make([]State, len(m.hunks[ver]))
	for k, h := range m.hunks[ver] {
		id := h.id(ver)
		s[k] = m.fields[h.Field].StateIn(m.results[h.Field], m.Chunks(h.Field), h, m.taken[id], others)
		switch a, ok := m.auto[id]; {
		case ok && a == s[k]:
			s[k] = Combined
		case clashAt(m.clash, id, s[k]):
			s[k] = Clash
		}
	}
	c.states[ver] = s
	return s
}

// clashAt reports whether the hunk id is at a clash of the three-way start
// and undecided: it holds the winner's text, or what the start left there
// (a change the plan took next to it may reach it, see Field.SpanAt).
func clashAt(clash map[string]State, id string, s State) bool {
	c, ok := clash[id]
	return ok && (s == Open || s == c)
}

// OpenIn counts the hunks of version ver still open: where the result
// holds the winner's text and no one chose it, clashes included.
func (m Model) OpenIn(ver int) int {
	n := 0
	for _, s := range m.States(ver) {
		if s.Undecided() {
			n++
		}
	}
	return n
}

// Strays returns field i's changes outside the hunks of version ver (see
// StraysIn).
func (m Model) Strays(i, ver int) (typed, theirs [][2]int) {
	c := m.now()
	k := [2]int{i, ver}
	s, ok := c.strays[k]
	if !ok {
		s.typed, s.theirs = m.fields[i].StraysIn(m.results[i], m.Chunks(i), i, m.Hunks(ver), m.Others(ver))
		c.strays[k] = s
	}
	return s.typed, s.theirs
}

// Place returns where the result holds hunk k of version ver (see
// Locate).
func (m Model) Place(ver, k int) (rs, re int) {
	c := m.now()
	key := [2]int{ver, k}
	p, ok := c.places[key]
	if !ok {
		h := m.hunks[ver][k]
		p[0], p[1], _, _, _ = m.fields[h.Field].SpanAt(m.results[h.Field], m.Chunks(h.Field), h, m.Others(ver))
		c.places[key] = p
	}
	return p[0], p[1]
}

// TextAt returns what version ver holds over hunk k of version shown: the
// winner's text there when ver changed nothing of it.
func (m Model) TextAt(shown, k, ver int) string {
	c := m.now()
	key := [3]int{shown, k, ver}
	if t, ok := c.texts[key]; ok {
		return t
	}
	h := m.hunks[shown][k]
	t, ok := m.fields[h.Field].VersionText(h, m.hunks[ver])
	if !ok {
		t = h.Left
	}
	c.texts[key] = t
	return t
}
