package mergeview

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

// harness drives the merge view alone, as the root model does: keys in,
// the screen out. The tests of the whole resolver press keys on the root.
type harness struct {
	t      testing.TB
	v      Model
	styles *draw.Styles
	cmds   []any // what the view asked of the root, by message
}

// entryOf merges two feeds and returns the item id of the merge.
func entryOf(t testing.TB, local, remote []byte, id string) dialect.Entry {
	t.Helper()
	l, err := dialect.Parse("local.xml", local)
	if err != nil {
		t.Fatal(err)
	}
	r, err := dialect.Parse("remote.xml", remote)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := dialect.Merge(l, r)
	if err != nil {
		t.Fatal(err)
	}
	e, err := doc.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// demoEntry returns an item of the demo pair, merged.
func demoEntry(t testing.TB, id string) dialect.Entry {
	l, r := demo.Feeds()
	return entryOf(t, l, r, id)
}

// open opens the merge view on e at w×h, the first version shown, with
// the styles the environment asks for (NO_COLOR).
func open(t testing.TB, e dialect.Entry, w, h int) *harness {
	t.Helper()
	s := draw.NewStyles(draw.Look{Mono: os.Getenv("NO_COLOR") != ""})
	hs := &harness{t: t, styles: &s, v: New(&s)}
	hs.v.SetSize(w, h)
	hs.v = hs.v.Open(0, e, "the item", nil, 0)
	return hs
}

// keys presses keys, as keypress names them, keeping the messages of the
// commands the view returns.
func (hs *harness) keys(names ...string) {
	for _, msg := range keypress.Msgs(names...) {
		v, cmd := hs.v.Update(msg)
		hs.v = v
		if cmd != nil {
			hs.cmds = append(hs.cmds, cmd())
		}
	}
}

// screen returns the view without its colours.
func (hs *harness) screen() string { return ansi.Strip(hs.v.View()) }

// flat folds a screen's rows and rules into one line of words.
func flat(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "─", " ").Replace(screen)), " ")
}

// cells cuts a row in columns at their rules.
func cells(row string) []string { return strings.Split(row, " │ ") }
