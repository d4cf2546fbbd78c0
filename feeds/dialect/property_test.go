package dialect

import (
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// The full sweep of the endpoint property tests:
//
//	$ go test ./feeds/dialect -run Endpoints -seeds 2000
var seeds = flag.Int("seeds", 40, "seeds per case of the endpoint property tests")

// TestEndpointsFromEmpty: endpoints of one dialect that all start from
// empty feeds (a plain RSS channel, an OPML outline, an Atom feed, with no
// sync namespace) make random creates, edits, deletes, undeletes, moves
// (OPML), resolutions and syncs, every feed going through XML (parse,
// merge, write, parse) as real endpoints' do. After quiet rounds of syncs
// every endpoint holds the same items, the same versions and, in OPML, the
// same tree, and no created item is lost (1.0.2 §3.3, 0.91 §4.4; the
// empty-feed rule of the package doc). Without that rule the first sync
// of an SSE 0.91 endpoint into a plain RSS feed fails.
func TestEndpointsFromEmpty(t *testing.T) {
	cases := []struct {
		name    string
		dialect Dialect
		feeds   []string // each endpoint's empty feed, in turn
	}{
		{"0.91 RSS", SSE091, []string{emptyRSS}},
		{"0.91 OPML", SSE091, []string{emptyOPML}},
		{"1.0.2 RSS", FeedSync102, []string{emptyRSS}},
		{"1.0.2 Atom and RSS", FeedSync102, []string{emptyAtom, emptyRSS}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range int64(*seeds) {
				m := newMesh(t, seed, c.dialect, c.feeds)
				for range 40 {
					m.step()
				}
				m.settle()
			}
		})
	}
}

// mesh is a set of endpoints, each with its feed as bytes: what it wrote
// last, which it parses again for every operation.
type mesh struct {
	t       *testing.T
	rng     *rand.Rand
	dialect Dialect
	feeds   [][]byte
	clock   time.Time
	created []string
	log     []string
}

func newMesh(t *testing.T, seed int64, d Dialect, empty []string) *mesh {
	m := &mesh{t: t, rng: rand.New(rand.NewSource(seed)), dialect: d, clock: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	m.logf("seed %d", seed)
	for i := range 3 {
		m.feeds = append(m.feeds, []byte(empty[i%len(empty)]))
	}
	return m
}

func (m *mesh) logf(format string, args ...any) { m.log = append(m.log, fmt.Sprintf(format, args...)) }

func (m *mesh) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("%s\nafter:\n%s", fmt.Sprintf(format, args...), strings.Join(m.log, "\n"))
}

// doc parses endpoint i's feed.
func (m *mesh) doc(i int) *Doc {
	m.t.Helper()
	d, err := Parse(fmt.Sprintf("ep%d.xml", i), m.feeds[i])
	if err != nil {
		m.fatalf("reading ep%d: %v\n%s", i, err, m.feeds[i])
	}
	return d
}

// stamp is endpoint i's stamp for a change now; the clock moves on.
func (m *mesh) stamp(i int) engine.Stamp {
	m.clock = m.clock.Add(time.Duration(m.rng.Intn(3)) * time.Second) // some ties
	return engine.Stamp{When: m.clock, By: fmt.Sprintf("ep%d", i)}
}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.Intn(len(xs))] }

// step makes one random operation at one endpoint.
func (m *mesh) step() {
	i := m.rng.Intn(len(m.feeds))
	d := m.doc(i)
	entries := d.Entries()
	op := m.rng.Intn(10)
	switch {
	case op < 3:
		m.sync(i, m.rng.Intn(len(m.feeds)))
		return
	case op < 5 || len(entries) == 0:
		m.create(i, d, entries)
		return
	}
	e := pick(m.rng, entries)
	if op == 5 {
		e = m.conflicted(entries, e)
	}
	st := m.stamp(i)
	var res Entry
	var err error
	switch {
	case op == 5 && e.InConflict():
		r := Resolution{Pick: m.rng.Intn(len(e.Versions()) + 1)}
		if d.Selective() && m.rng.Intn(2) == 0 {
			r.Only = []int{1 + m.rng.Intn(len(e.Versions()))}
		}
		if m.rng.Intn(3) == 0 {
			r.Edit = Edit{Title: ptr(fmt.Sprintf("combined at %d", st.When.Unix()))}
		}
		m.logf("ep%d resolves %s %+v", i, e.ID(), r)
		res, err = d.Resolve(e, st, r, Options{})
	case op == 6:
		del := !e.Winner().Deleted()
		m.logf("ep%d deletes %s: %v", i, e.ID(), del)
		res, err = d.Update(e, st, Change{Deleted: &del}, Options{})
	case op == 7 && d.Format() == OPML:
		c := Change{Parent: ptr(m.parent(entries, e.ID())), Place: m.rng.Intn(3)}
		m.logf("ep%d moves %s under %q at %d", i, e.ID(), *c.Parent, c.Place)
		if res, err = d.Update(e, st, c, Options{}); errors.Is(err, ErrCycle) {
			return
		}
	default:
		title := fmt.Sprintf("%s by ep%d at %d", e.ID(), i, st.When.Unix())
		m.logf("ep%d edits %s", i, e.ID())
		res, err = d.Update(e, st, Change{Edit: Edit{Title: &title}}, Options{})
	}
	if err != nil {
		m.fatalf("ep%d on %s: %v", i, e.ID(), err)
	}
	d.Set(res)
	m.feeds[i] = d.Bytes()
}

// create adds a new item at endpoint i; a feed with no sync data yet
// first takes the mesh's dialect, as an endpoint that knows it does.
func (m *mesh) create(i int, d *Doc, entries []Entry) {
	d, err := d.As(m.dialect)
	if err != nil {
		m.fatalf("ep%d: %v", i, err)
	}
	id := fmt.Sprintf("n%d", len(m.created))
	c := Change{Edit: Edit{Title: ptr("item " + id), Content: ptr("made by ep" + fmt.Sprint(i))}}
	if d.Format() == OPML {
		c.Parent, c.Place = ptr(m.parent(entries, "")), m.rng.Intn(3)
	}
	e, err := d.Create(id, m.stamp(i), c)
	if err != nil {
		m.fatalf("ep%d creates %s: %v", i, id, err)
	}
	m.logf("ep%d creates %s", i, id)
	m.created = append(m.created, id)
	d.Set(e)
	m.feeds[i] = d.Bytes()
}

// conflicted returns a random entry in conflict, or e when none is.
func (m *mesh) conflicted(entries []Entry, e Entry) Entry {
	var in []Entry
	for _, x := range entries {
		if x.InConflict() {
			in = append(in, x)
		}
	}
	if len(in) == 0 {
		return e
	}
	return pick(m.rng, in)
}

// parent returns a random live outline other than id, or "" for the top level.
func (m *mesh) parent(entries []Entry, id string) string {
	var live []string
	for _, e := range entries {
		if !e.Winner().Deleted() && e.ID() != id {
			live = append(live, e.ID())
		}
	}
	if len(live) == 0 || m.rng.Intn(3) == 0 {
		return ""
	}
	return pick(m.rng, live)
}

// sync merges endpoint j's feed into endpoint i's, through XML.
func (m *mesh) sync(i, j int) {
	merged, err := Merge(m.doc(i), m.doc(j))
	if err != nil {
		m.fatalf("ep%d ⇐ ep%d: %v", i, j, err)
	}
	m.logf("ep%d ⇐ ep%d", i, j)
	m.feeds[i] = merged.Bytes()
}

// settle syncs every endpoint with every other until nothing changes, then
// checks that all agree and that nothing created is lost.
func (m *mesh) settle() {
	m.t.Helper()
	for round := 0; ; round++ {
		before := slices.Clone(m.feeds)
		for i := range m.feeds {
			for j := range m.feeds {
				if i != j {
					m.sync(i, j)
				}
			}
		}
		if slices.EqualFunc(before, m.feeds, func(a, b []byte) bool { return string(a) == string(b) }) {
			break
		}
		if round == 5 {
			m.fatalf("no quiescence after %d rounds", round)
		}
	}
	want := m.state(0)
	for i := 1; i < len(m.feeds); i++ {
		if got := m.state(i); got != want {
			m.fatalf("ep%d and ep0 differ:\n%s\n---\n%s", i, got, want)
		}
	}
	d := m.doc(0)
	if len(m.created) > 0 && d.Dialect() != m.dialect {
		m.fatalf("the feeds are %v, want %v", d.Dialect(), m.dialect)
	}
	for _, id := range m.created {
		if _, err := d.Entry(id); err != nil {
			m.fatalf("%s was lost: %v", id, err)
		}
	}
}

// state renders what endpoints must agree on: every item by id, its
// winner and conflict versions (sync state, history, shared fields,
// position) and, in OPML, the tree.
func (m *mesh) state(i int) string {
	d := m.doc(i)
	entries := d.Entries()
	var items []string
	for _, e := range entries {
		s := e.ID() + ": " + version(e.Winner())
		for _, v := range e.Versions() {
			s += "\n  conflict " + version(v)
		}
		items = append(items, s)
	}
	slices.Sort(items)
	out := strings.Join(items, "\n")
	if o := d.Outline(entries); o != nil {
		for _, r := range o.Rows() {
			out += fmt.Sprintf("\n%s%s %v", strings.Repeat("  ", r.Depth), entries[r.Pos].ID(), r.Cut)
		}
	}
	return out
}

func version(v Version) string {
	s := fmt.Sprintf("%+v %v", v.State(), v.Position())
	for _, h := range v.History() {
		s += fmt.Sprintf(" #%d %s %s", h.Number, h.By, h.When.Format(time.RFC3339))
	}
	for _, f := range v.Fields() {
		if f.Shared {
			s += fmt.Sprintf(" %s=%q", f.Key, f.Value)
		}
	}
	return s
}
