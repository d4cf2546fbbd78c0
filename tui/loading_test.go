package tui

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/tui/resolver"
)

// TestLoadReportsBytesAndItems: the resolver's load reports the bytes of
// both feeds read as they are parsed, then the items merged, and ends with
// everything read and merged (issue 10: progress moves with bytes read and
// items merged). Reports never go back.
func TestLoadReportsBytesAndItems(t *testing.T) {
	pos, l, r := writePair(t, 4000)
	var got []resolver.Loading
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	_, merged, err := loadAndMerge(context.Background(), env, pos, func(p resolver.Loading) { got = append(got, p) })
	if err != nil {
		t.Fatal(err)
	}
	size := int64(len(l) + len(r))
	var reading, merging int
	for i, p := range got {
		if p.Merging {
			merging++
		} else if p.Read < p.Size {
			reading++
		}
		if i > 0 && (p.Read < got[i-1].Read || p.Waiting > got[i-1].Waiting || p.Merged < got[i-1].Merged || !p.Merging && got[i-1].Merging) {
			t.Errorf("report %d went back: %+v after %+v", i, p, got[i-1])
		}
	}
	last := got[len(got)-1]
	if reading < 4 || merging < 2 {
		t.Errorf("%d reports while reading, %d while merging: want the bars to move", reading, merging)
	}
	if got[0].Waiting != 1 {
		t.Errorf("the first report %+v, want the other feed still being read", got[0])
	}
	if last.Read != size || last.Size != size || last.Waiting != 0 || !last.Merging || last.Merged != last.Items || last.Items < len(merged.Entries())/2 {
		t.Errorf("the last report %+v, want %d of %d bytes and every item merged", last, size, size)
	}
}

// writePair writes a generated pair of n items each to local.xml and
// remote.xml in a new directory, and returns their paths and bytes.
func writePair(t *testing.T, n int) (pos []string, local, remote []byte) {
	t.Helper()
	dir := t.TempDir()
	local, remote = feedgen.Pair(n, 0.1, 1)
	pos = []string{filepath.Join(dir, "local.xml"), filepath.Join(dir, "remote.xml")}
	for i, data := range [][]byte{local, remote} {
		if err := os.WriteFile(pos[i], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pos, local, remote
}

// TestLoadingScreenMovesWithBytesAndItems runs the resolver's program
// (teatest) on a generated pair of 10k items each, loaded as the command
// line loads it: the screen shows the bytes read part way, then the items
// merged part way, then the list (issue 10). The load holds at the first
// report of each kind that is part way, until the screen has shown it, so
// that the test does not depend on the machine's speed.
func TestLoadingScreenMovesWithBytesAndItems(t *testing.T) {
	pos, _, _ := writePair(t, 10_000)
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	held, release := make(chan resolver.Loading), make(chan struct{})
	var heldRead, heldMerge bool // the reports come one at a time (loadWatch)
	cfg := resolver.Config{
		Title: "local.xml ⇄ remote.xml",
		By:    "tester-desk",
		Now:   func() time.Time { return time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC) },
		Backend: newResolverBackend(context.Background(), "-", pos, func(_ *saving, report func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
			_, merged, err := loadAndMerge(context.Background(), env, pos, func(p resolver.Loading) {
				report(p)
				partRead := p.Waiting == 0 && 0 < p.Read && p.Read < p.Size
				partMerged := p.Merging && 0 < p.Merged && p.Merged < p.Items
				if !heldRead && partRead || !heldMerge && partMerged {
					heldRead, heldMerge = heldRead || partRead, heldMerge || partMerged
					held <- p
					<-release
				}
			})
			return merged, resolver.LoadInfo{}, err
		}),
	}
	screen := &lastView{}
	tm := teatest.NewTestModel(t, recorder{resolver.New(cfg), screen}, teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	for _, want := range []func(resolver.Loading) []string{
		func(p resolver.Loading) []string {
			return []string{fmt.Sprintf("░  %.1f of %.1f MB", float64(p.Read)/1e6, float64(p.Size)/1e6), "reading · "}
		},
		func(p resolver.Loading) []string {
			return []string{fmt.Sprintf("░  %s of %s items", commas(p.Merged), commas(p.Items)), "merging · "}
		},
	} {
		select {
		case p := <-held:
			screen.waitFor(t, want(p)...)
			release <- struct{}{}
		case <-time.After(30 * time.Second):
			t.Fatalf("no report part way; the screen:\n%s", screen.get())
		}
	}
	screen.waitFor(t, "0/")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// recorder is a program's model that keeps the last screen it drew.
type recorder struct {
	m    tea.Model
	last *lastView
}

func (r recorder) Init() tea.Cmd { return r.m.Init() }

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	r.m, cmd = r.m.Update(msg)
	return r, cmd
}

func (r recorder) View() tea.View {
	v := r.m.View()
	r.last.set(ansi.Strip(v.Content))
	return v
}

// lastView is the last screen drawn, shared between the program's
// goroutine and the test's.
type lastView struct {
	mu sync.Mutex
	s  string
}

func (l *lastView) set(s string) { l.mu.Lock(); l.s = s; l.mu.Unlock() }

func (l *lastView) get() string { l.mu.Lock(); defer l.mu.Unlock(); return l.s }

// waitFor waits up to 10 s for a screen that shows every text.
func (l *lastView) waitFor(t *testing.T, texts ...string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s := l.get()
		missing := ""
		for _, x := range texts {
			if !strings.Contains(s, x) {
				missing = x
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %q:\n%s", missing, s)
		}
	}
}

// commas writes n with a comma between thousands, as the loading screen
// does: "10,024".
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
