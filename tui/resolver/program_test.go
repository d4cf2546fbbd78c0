// The test of the resolver's real program, resolver.New, through teatest:
// the Bubble Tea program with its commands, renderer and input. It is an
// external test (package resolver_test) so that it sees only what callers
// see. It once lived in a package of its own because teatest's golden
// package defines an -update flag; package feedtest now shares that flag.
package resolver_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver"
)

// TestProgram runs resolver.New on an SSE 0.91 pair in a 100×30 terminal: it
// opens the first item, takes the version shown, saves and quits, then
// reads back what Save was given through package dialect.
func TestProgram(t *testing.T) {
	var mu sync.Mutex
	var saved []byte
	cfg := resolver.Config{
		Title:      "local.xml ⇄ remote.xml",
		SaveTarget: "local.xml",
		By:         "tester-desk",
		Now:        func() time.Time { return time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC) },
		Backend: programBackend{load: func() *dialect.Doc { return loadPair(t, "rss") }, save: func(doc *dialect.Doc) error {
			var b bytes.Buffer
			if _, err := doc.WriteTo(&b); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			saved = b.Bytes()
			return nil
		}},
	}
	tm := teatest.NewTestModel(t, resolver.New(cfg), teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	// The renderer writes only the cells that change, so each text waited
	// for is one that no earlier frame has, cell for cell, where it appears.
	wait := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			return strings.Contains(ansi.Strip(string(b)), text)
		}, teatest.WithDuration(5*time.Second))
	}
	wait("0/3 resolved")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("WINNER")
	tm.Type("t")
	wait("took version 1")
	tm.Type("s")
	wait("ed to local.xml") // "saved to", whether or not "saving to" was drawn first
	tm.Type("qq")           // back to the list, then quit

	final, ok := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(resolver.Model)
	if !ok || !final.Saved() {
		t.Fatal("the program ended without a save")
	}
	mu.Lock()
	defer mu.Unlock()
	doc, err := dialect.Parse("saved.xml", saved)
	if err != nil {
		t.Fatal(err)
	}
	e, err := doc.Entry("groceries")
	if err != nil {
		t.Fatal(err)
	}
	if st := e.Winner().State(); st.Version != 3 || e.InConflict() || e.Title() != "Buy groceries" {
		t.Errorf("groceries: %+v, in conflict %v, title %q; want version 3, no conflict, \"Buy groceries\"", st, e.InConflict(), e.Title())
	}
	want := []dialect.History{
		{Number: 3, Stamp: engine.Stamp{When: cfg.Now(), By: "tester-desk"}},
		{Number: 2, Stamp: engine.Stamp{When: time.Date(2026, 3, 2, 11, 30, 0, 0, time.UTC), By: "bob-phone"}},
		{Number: 1, Stamp: engine.Stamp{When: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), By: "alice-laptop"}},
	}
	if got := e.Winner().History(); !slices.EqualFunc(got, want, dialect.History.Equal) {
		t.Errorf("history %+v, want %+v", got, want)
	}
	if n := doc.Conflicted(); n != 2 {
		t.Errorf("%d items in conflict in the saved feed, want 2", n)
	}
}

// loadPair merges an SSE 0.91 pair of the resolver's testdata.
func loadPair(t *testing.T, pair string) *dialect.Doc {
	var docs [2]*dialect.Doc
	for i, side := range []string{"local", "remote"} {
		b, err := os.ReadFile(filepath.Join("testdata", "sse", pair+"-"+side+".xml"))
		if err != nil {
			t.Error(err)
			return nil
		}
		if docs[i], err = dialect.Parse(side+".xml", b); err != nil {
			t.Error(err)
			return nil
		}
	}
	doc, err := dialect.Merge(docs[0], docs[1])
	if err != nil {
		t.Error(err)
	}
	return doc
}

// programBackend loads and saves for TestProgram; it saves nowhere else
// and merges nothing in.
type programBackend struct {
	load func() *dialect.Doc
	save func(*dialect.Doc) error
}

func (b programBackend) Load(func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
	return b.load(), resolver.LoadInfo{}, nil
}

func (b programBackend) Save(d *dialect.Doc) error { return b.save(d) }

func (b programBackend) SaveAs(*dialect.Doc, string, bool) error {
	return errors.New("no save to another file in this test")
}

func (b programBackend) MergeIn([]*dialect.Doc, bool) ([]*dialect.Doc, error) {
	return nil, errors.New("no file to merge in")
}
