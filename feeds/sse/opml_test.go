package ssefeed

import (
	"slices"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

const subscriptions = "opml/subscriptions.opml"

// endpoint edits an OPML feed as an application would: Tree.Place for
// positions, sse.New and sse.Update for changes, Set, and Bytes.
type endpoint struct {
	t     *testing.T
	by    string
	d     *Doc
	clock time.Time
}

func newEndpoint(t *testing.T, by string, data []byte) *endpoint {
	return &endpoint{t: t, by: by, d: mustParse(t, by+".opml", string(data)), clock: at("Sun, 22 May 2005 09:00:00 GMT")}
}

func (e *endpoint) stamp() sse.Stamp {
	e.clock = e.clock.Add(time.Second)
	return sse.Stamp{When: e.clock, By: e.by}
}

// move puts outline id at index among parent's children.
func (e *endpoint) move(id, parent string, index int) {
	e.t.Helper()
	pos, err := e.d.Tree().Place(id, parent, index)
	if err != nil {
		e.t.Fatal(err)
	}
	it := e.d.Item(id)
	up, err := sse.Update(it, e.stamp(), sse.Move(it, pos), sse.Options{})
	if err != nil {
		e.t.Fatal(err)
	}
	e.d.Set(up)
}

// create adds an outline titled text at index among parent's children.
func (e *endpoint) create(id, text, parent string, index int) {
	e.t.Helper()
	pos, err := e.d.Tree().Place("", parent, index)
	if err != nil {
		e.t.Fatal(err)
	}
	it, err := sse.New(id, e.stamp(), sse.Change{Data: e.d.NewData(nil, &text, nil), Position: pos})
	if err != nil {
		e.t.Fatal(err)
	}
	e.d.Set(it)
}

// pull merges another endpoint's written feed into this one's, and reads
// the result back from what it writes.
func (e *endpoint) pull(from *endpoint) {
	e.t.Helper()
	remote := mustParse(e.t, from.by+".opml", string(from.d.Bytes()))
	m, err := Merge(e.d, remote)
	if err != nil {
		e.t.Fatal(err)
	}
	e.d = reparse(e.t, m)
}

// outline renders the tree of a Doc, one outline to a line, indented.
func outline(d *Doc) string {
	var b strings.Builder
	var walk func(ns []*sse.Node, depth int)
	walk = func(ns []*sse.Node, depth int) {
		for _, n := range ns {
			b.WriteString(strings.Repeat("  ", depth) + n.Item.ID)
			if n.Item.Conflict {
				b.WriteString(" (conflict)")
			}
			b.WriteByte('\n')
			walk(n.Children, depth+1)
		}
	}
	walk(d.Tree().Roots, 0)
	return b.String()
}

// nesting renders the outlines with sx:sync as the written document nests
// them, so that a test sees the XML, not the model.
func nesting(t *testing.T, data []byte) string {
	t.Helper()
	var b strings.Builder
	depth := 0
	for _, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(s, "<outline"):
			if i := strings.Index(s, `text="`); i >= 0 {
				b.WriteString(strings.Repeat("  ", depth) + strings.SplitN(s[i+6:], `"`, 2)[0] + "\n")
			}
			if !strings.HasSuffix(s, "/>") {
				depth++
			}
		case s == "</outline>":
			depth--
		}
	}
	return b.String()
}

func TestOPMLRead(t *testing.T) {
	data := feedtest.ReadFile(t, subscriptions)
	d := mustParse(t, subscriptions, string(data))
	t.Run("positions from nesting and document order", func(t *testing.T) {
		want := `news v1 @/V "News|"
  history Sat, 21 May 2005 09:00:01 GMT ep1
bbc v1 @news/V "BBC|"
  history Sat, 21 May 2005 09:00:02 GMT ep1
lemonde v1 @news/W "Le Monde|"
  history Sat, 21 May 2005 09:00:03 GMT ep1
tech v1 @/W "Tech|read on Fridays"
  history Sat, 21 May 2005 09:00:04 GMT ep1
`
		if got := showItems(d); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
		if d.Kind() != KindOPML || d.Tree() == nil || len(d.Warnings()) != 0 {
			t.Errorf("kind %q, warnings %v", d.Kind(), d.Warnings())
		}
	})
	t.Run("sharing in head", func(t *testing.T) {
		if s := d.Sharing(); s == nil || s.Window != 30 {
			t.Errorf("sharing = %+v", s)
		}
	})
	t.Run("outlines without sx:sync are their parent's data", func(t *testing.T) {
		var keys []string
		for _, f := range Fields(d.Item("news").Data) {
			keys = append(keys, f.Key+"="+f.Value)
		}
		want := []string{"title=News", `outline=<outline text="A note without sx:sync, part of News"/>`}
		if !slices.Equal(keys, want) {
			t.Errorf("fields = %q, want %q", keys, want)
		}
	})
	t.Run("written back byte for byte", func(t *testing.T) {
		assertBytes(t, data, d.Bytes())
	})
}

// An endpoint moves an outline; another merges the move.
func TestOPMLMergeMove(t *testing.T) {
	data := feedtest.ReadFile(t, subscriptions)
	ep1, ep2 := newEndpoint(t, "ep1", data), newEndpoint(t, "ep2", data)
	ep2.move("tech", "news", 0)
	ep2.move("lemonde", "", 0)
	ep1.pull(ep2)
	want := `lemonde
news
  tech
  bbc
`
	if got := outline(ep1.d); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	if got := nesting(t, ep1.d.Bytes()); got != want2 {
		t.Errorf("written:\n%s\nwant:\n%s\n%s", got, want2, ep1.d.Bytes())
	}
	if got, want := showItems(ep1.d), showItems(ep2.d); got != want {
		t.Errorf("items differ from the mover's:\n%s\nwant:\n%s", got, want)
	}
}

const want2 = `Le Monde
News
  Tech
  BBC
  A note without sx:sync, part of News
Unsynced folder
  Unsynced feed
`

// §4.4.2: two endpoints move A under B and B under A at the same time.
// After merging, the lower id is cut from the cycle: it goes to the root
// with conflict="true", and the feed is valid nested OPML with every
// outline once.
func TestOPMLCycle(t *testing.T) {
	base := []byte(`<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
 <head><title>cycle</title></head>
 <body>
  <outline text="A"><sx:sync id="A" version="1"><sx:history by="ep0"/></sx:sync></outline>
  <outline text="B"><sx:sync id="B" version="1"><sx:history by="ep0"/></sx:sync></outline>
 </body>
</opml>
`)
	ep1, ep2 := newEndpoint(t, "ep1", base), newEndpoint(t, "ep2", base)
	ep1.move("A", "B", 0)
	ep2.move("B", "A", 0)
	for _, tc := range []struct {
		name        string
		local, from *endpoint
	}{
		{"ep1 merges ep2", ep1, ep2},
		{"ep2 merges ep1", ep2, ep1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := *tc.local
			e.pull(tc.from)
			want := "A (conflict)\n  B\n"
			if got := outline(e.d); got != want {
				t.Errorf("tree:\n%s\nwant:\n%s", got, want)
			}
			out := e.d.Bytes()
			if got := nesting(t, out); got != "A\n  B\n" {
				t.Errorf("written nesting:\n%s", got)
			}
			if !strings.Contains(string(out), `<sx:sync id="A" version="2" conflict="true" fso:parent="B" fso:key="V" fso:version="2">`) {
				t.Errorf("A's sx:sync should carry its stored position under B:\n%s", out)
			}
			// A keeps its stored position: the version did not change.
			if p := e.d.Item("A").Position; p.Parent != "B" {
				t.Errorf("A's position = %+v", p)
			}
		})
	}
	a, b := *ep1, *ep2
	a.pull(ep2)
	b.pull(ep1)
	if showItems(a.d) != showItems(b.d) {
		t.Errorf("endpoints differ:\n%s\n%s", showItems(a.d), showItems(b.d))
	}
}

// New outlines get keys between their neighbours'; only the outlines
// whose keys a reader would not derive carry them.
func TestOPMLExplicitPositions(t *testing.T) {
	data := feedtest.ReadFile(t, subscriptions)
	e := newEndpoint(t, "ep1", data)
	e.create("first", "First", "", 0)
	e.create("between", "Between", "news", 1)
	out := e.d.Bytes()
	var explicit []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "fso:key") {
			explicit = append(explicit, strings.SplitN(strings.SplitN(line, `id="`, 2)[1], `"`, 2)[0])
		}
	}
	// first gets a key below News's "V" and then News no longer derives
	// its own; between sits between bbc and lemonde, so lemonde no longer
	// derives its key either. bbc and tech are as read.
	if want := []string{"news", "lemonde"}; !slices.Equal(explicit, want) {
		t.Errorf("outlines with a written position: %q, want %q\n%s", explicit, want, out)
	}
	back := reparse(t, e.d)
	if got, want := showItems(back), showItems(e.d); got != want {
		t.Errorf("read back:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(string(out), `<outline text="BBC" type="rss" xmlUrl="http://feeds.bbci.co.uk/news/rss.xml">
        <sx:sync id="bbc" version="1">
          <sx:history when="Sat, 21 May 2005 09:00:02 GMT" by="ep1"/>
        </sx:sync>
      </outline>`) {
		t.Errorf("bbc is not written as read:\n%s", out)
	}
}

// A deleted outline's children hang under its nearest live ancestor; the
// tombstone itself is written there too, and everything reads back.
func TestOPMLDeleteParent(t *testing.T) {
	data := feedtest.ReadFile(t, subscriptions)
	e := newEndpoint(t, "ep1", data)
	it := e.d.Item("news")
	up, err := sse.Update(it, e.stamp(), sse.Delete(it), sse.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e.d.Set(up)
	if got, want := outline(e.d), "bbc\nlemonde\ntech\n"; got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	back := reparse(t, e.d)
	if got, want := showItems(back), showItems(e.d); got != want {
		t.Errorf("read back:\n%s\nwant:\n%s\n%s", got, want, e.d.Bytes())
	}
	if !back.Item("news").Deleted {
		t.Error("the tombstone is lost")
	}
}

// Keys derived for outlines without a written position, and which
// outlines must carry theirs.
func TestDerive(t *testing.T) {
	for _, tc := range []struct {
		name     string
		keys     []string
		explicit []bool
		want     []string
	}{
		{"none carry keys", []string{"", "", ""}, []bool{false, false, false}, []string{"V", "W", "X"}},
		{"after z", []string{"z", ""}, []bool{true, false}, []string{"z", "z1"}},
		{"below the next written key", []string{"", "", "B"}, []bool{false, false, true}, []string{"5", "6", "B"}},
		{"squeezed between written keys", []string{"V", "", "W"}, []bool{true, false, true}, []string{"V", "VV", "W"}},
		{"written keys out of order", []string{"k", "", "c"}, []bool{true, false, true}, []string{"k", "l", "c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := derive(tc.keys, tc.explicit)
			if !slices.Equal(got, tc.want) {
				t.Errorf("derive = %q, want %q", got, tc.want)
			}
			// What derive gives, settle leaves implicit.
			ex := slices.Clone(tc.explicit)
			settle(got, ex)
			if !slices.Equal(ex, tc.explicit) {
				t.Errorf("settle(%q) = %v, want %v", got, ex, tc.explicit)
			}
		})
	}
}
