package resolver

import (
	"fmt"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

// BenchmarkFilterKey types a filter into the list of a generated pair of
// 1k, 10k and 100k items, in both scopes (the items in conflict, and all
// items after c), and reports what each keystroke costs the UI thread,
// Update and View: the first (which used to fold every item's text), the
// slowest and the mean, in ms per keystroke. Each iteration opens the
// list afresh, as a person does, opens the filter and lets its index be
// built (BenchmarkFilterIndex measures that, and typing before it is
// done); the keys timed are the query's.
//
//	go test ./tui/resolver -run '^$' -bench Filter -benchtime 3x
func BenchmarkFilterKey(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		doc := filterBenchDoc(b, n)
		for _, scope := range []string{"conflicts", "all"} {
			b.Run(fmt.Sprintf("%s/%dk", scope, n/1000), func(b *testing.B) {
				benchFilterKeys(b, doc, scope == "all")
			})
		}
	}
}

// filterQuery is typed key by key: a word of the generated text, which
// narrows the list at each key, then a letter that matches nothing, then
// backspace, which searches every item again.
var filterQuery = keypress.Msgs("budgetx", "backspace")

func benchFilterKeys(b *testing.B, doc *dialect.Doc, all bool) {
	var first, worst, total time.Duration
	keys := 0
	for b.Loop() {
		b.StopTimer()
		m := filterBenchModel(doc, all)
		b.StartTimer()
		for i, k := range filterQuery {
			start := time.Now()
			m = filterBenchKey(m, k)
			d := time.Since(start)
			if i == 0 {
				first += d
			}
			worst = max(worst, d)
			total += d
			keys++
		}
	}
	runs := float64(keys / len(filterQuery))
	b.ReportMetric(ms(first)/runs, "ms/first-key")
	b.ReportMetric(ms(worst), "ms/worst-key")
	b.ReportMetric(ms(total)/float64(keys), "ms/key")
}

// filterBenchModel opens the list on doc and the filter on the list, as
// the program does, and runs the index's commands to completion.
func filterBenchModel(doc *dialect.Doc, all bool) tea.Model {
	m, cmd := filterBenchOpen(doc, all)
	for cmd != nil {
		m, cmd = m.Update(cmd())
	}
	return m
}

// filterBenchOpen opens the list on doc and the filter on the list, and
// returns the index's first command, not yet run.
func filterBenchOpen(doc *dialect.Doc, all bool) (tea.Model, tea.Cmd) {
	var m tea.Model = New(Config{Title: "bench", By: testBy, Now: func() time.Time { return testNow }})
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = m.Update(loadedMsg{doc: doc})
	if all {
		m = filterBenchKey(m, keypress.Msgs("c")[0])
	}
	m, cmd := m.Update(keypress.Msgs("/")[0])
	return m, cmd
}

// BenchmarkFilterIndex builds the filter's index of all items while a
// filter is typed, as a person does right after opening it: ms/index is
// the work of the commands that build it, off the UI thread, and
// ms/worst-chunk the most one chunk's message costs the UI thread
// (Update and View), adding its matches to the list.
//
//	go test ./tui/resolver -run '^$' -bench FilterIndex -benchtime 3x
func BenchmarkFilterIndex(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		doc := filterBenchDoc(b, n)
		b.Run(fmt.Sprintf("all/%dk", n/1000), func(b *testing.B) {
			var build, worst time.Duration
			for b.Loop() {
				m, cmd := filterBenchOpen(doc, true)
				for _, k := range filterQuery[:3] {
					m = filterBenchKey(m, k)
				}
				for cmd != nil {
					start := time.Now()
					msg := cmd()
					build += time.Since(start)
					start = time.Now()
					m, cmd = m.Update(msg)
					_ = m.View()
					worst = max(worst, time.Since(start))
				}
			}
			b.ReportMetric(ms(build)/float64(b.N), "ms/index")
			b.ReportMetric(ms(worst), "ms/worst-chunk")
		})
	}
}

// filterBenchKey delivers a key press and the messages of the commands it
// starts, then draws the screen.
func filterBenchKey(m tea.Model, k tea.Msg) tea.Model {
	m = filterBenchSend(m, k)
	_ = m.View()
	return m
}

func filterBenchSend(m tea.Model, msg tea.Msg) tea.Model {
	m, _ = m.Update(msg) // typing starts no command
	return m
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

var filterBenchDocs sync.Map // n → *dialect.Doc

// filterBenchDoc merges a generated pair of n items with the ratio of
// conflicts the other benchmarks use.
func filterBenchDoc(b *testing.B, n int) *dialect.Doc {
	if d, ok := filterBenchDocs.Load(n); ok {
		return d.(*dialect.Doc)
	}
	l, r := feedgen.Pair(n, benchRatio, 1)
	doc := mergePair(b, l, r)
	filterBenchDocs.Store(n, doc)
	return doc
}
