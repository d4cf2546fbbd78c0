package resolver

import (
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// The benchmarks open a generated pair of 100k items of which about 10k
// merge into conflicts (7% changed on both sides, 3% already in conflict):
//
//	go test ./tui -run '^$' -bench . -benchtime 5x
//
// BenchmarkOpen (Load and the first View) is meant to cost at most 1.5×
// BenchmarkMerge (Load alone); BenchmarkKey is one key press, Update and
// View, at that size.

const benchItems, benchRatio = 100_000, 0.07

var benchPair = sync.OnceValues(func() ([]byte, []byte) { return feedgen.Pair(benchItems, benchRatio, 1) })

// benchLoad parses and merges the pair, as the command line's Load does.
func benchLoad(b *testing.B) func(func(Loading)) (*dialect.Doc, error) {
	l, r := benchPair()
	return func(report func(Loading)) (*dialect.Doc, error) {
		ld, err := dialect.Parse("local.xml", l)
		if err != nil {
			return nil, err
		}
		rd, err := dialect.Parse("remote.xml", r)
		if err != nil {
			return nil, err
		}
		report(Loading{Read: int64(len(l) + len(r)), Size: int64(len(l) + len(r)), Merging: true})
		return dialect.Merge(ld, rd)
	}
}

func BenchmarkMerge(b *testing.B) {
	load := benchLoad(b)
	for b.Loop() {
		if _, err := load(func(Loading) {}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpen(b *testing.B) {
	load := benchLoad(b)
	var conflicts int
	for b.Loop() {
		m := New(Config{Title: "bench", By: testBy, Now: func() time.Time { return testNow }})
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		doc, err := load(func(Loading) {}) // what Init's command does, without the goroutine
		next, _ = next.Update(loadedMsg{doc: doc, err: err})
		_ = next.View()
		conflicts = len(next.(Model).st.conflicted)
	}
	b.ReportMetric(float64(conflicts), "conflicts")
}

func BenchmarkKey(b *testing.B) {
	load := benchLoad(b)
	doc, err := load(func(Loading) {})
	if err != nil {
		b.Fatal(err)
	}
	keys := map[string]tea.KeyPressMsg{
		"down":       {Code: tea.KeyDown},
		"pgdown":     {Code: tea.KeyPgDown},
		"n":          {Code: 'n', Text: "n"},
		"tab (item)": {Code: tea.KeyTab},
	}
	for name, k := range keys {
		b.Run(name, func(b *testing.B) {
			var m tea.Model = New(Config{Title: "bench", By: testBy, Now: func() time.Time { return testNow }})
			m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			m, _ = m.Update(loadedMsg{doc: doc})
			if name == "tab (item)" {
				m, _ = m.Update(openMsg{m.(Model).st.conflicted[0]})
			}
			for b.Loop() {
				m, _ = m.Update(k)
				_ = m.View()
			}
		})
	}
}

// BenchmarkFirstScreen is what the resolver adds to the load: the store,
// the list and the first frame, on a pair already merged. BenchmarkOpen
// is BenchmarkMerge plus this.
func BenchmarkFirstScreen(b *testing.B) {
	doc, err := benchLoad(b)(func(Loading) {})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		m := New(Config{Title: "bench", By: testBy, Now: func() time.Time { return testNow }})
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		next, _ = next.Update(loadedMsg{doc: doc})
		_ = next.View()
	}
}
