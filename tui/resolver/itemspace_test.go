package resolver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
)

// spaceItemFeed has one item that alice made (#1): bob's winner changed
// the title's words ("oat") and the content's ("store"), alice's version
// the title's white space alone (a space doubled) and the content's white
// space and words.
var spaceItemFeed = func() string {
	entry := func(by, when, title, content, conflicts string) string {
		return fmt.Sprintf(`<entry><title>%s</title><content>%s</content><id>urn:shop</id>
<sx:sync id="shop" updates="2"><sx:history sequence="2" when="2026-03-03T%s:00Z" by="%s"/>`+
			`<sx:history sequence="1" when="2026-03-01T08:00:00Z" by="alice-laptop"/>%s</sx:sync></entry>`, title, content, when, by, conflicts)
	}
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>To do</title>` +
		entry("bob-phone", "12:05", "Buy oat milk and eggs", "Get milk and eggs from the store on the corner.", "<sx:conflicts>"+
			entry("alice-laptop", "09:15", "Buy milk  and eggs", "Get milk and eggs  from the shop on the corner, then bread.", "")+"</sx:conflicts>") + `</feed>`
}()

// spaceItemBase is where both sides of spaceItemFeed started.
var spaceItemBase = []dialect.Field{
	{Key: "title", Label: "Title", Value: "Buy milk and eggs", Type: "text", Shared: true},
	{Key: "content", Label: "Content", Value: "Get milk and eggs from the shop on the corner.", Type: "text", Shared: true},
}

// newSpaceHarness opens the resolver on spaceItemFeed, its base known when
// withBase says so.
func newSpaceHarness(t *testing.T, withBase bool, w, h int) *harness {
	t.Helper()
	doc := mergePair(t, []byte(spaceItemFeed), []byte(spaceItemFeed))
	hs := newHarness(t, doc, w, h)
	if withBase {
		b := &fakeBases{byID: map[string][]dialect.Field{doc.Entries()[0].ID(): spaceItemBase}}
		hs.m.cfg.Bases = b
		hs.send(loadedMsg{doc: doc, bases: basesOf(b, doc.Entries())})
	}
	return hs
}

// TestItemHidesWhiteSpace (issue 30 item 5): W on the item screen hides
// the changes of white space alone as the merge view's W does: the word
// diff leaves them unmarked, each side showing its own text; the title,
// which the version changed in white space alone, counts as the winner's
// change against the base, no longer both sides'; the header's rule and
// the status line say how many are hidden; W again shows them.
func TestItemHidesWhiteSpace(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newSpaceHarness(t, true, 120, 24)
	hs.keys("enter")
	before := hs.screen()
	for _, want := range []string{"Buy [-oat -]milk[- -]and eggs", "Buy milk{+  +}and eggs", "Title · changed · against the base: both changed it, and the changes combine"} {
		if !strings.Contains(before, want) {
			t.Fatalf("before W, no %q:\n%s", want, before)
		}
	}
	hs.keys("W")
	s := hs.screen()
	golden(t, "item-space-hidden-120x24", s)
	for _, want := range []string{
		"Buy [-oat -]milk and eggs", "Buy milk  and eggs", // the version's own white space, unmarked
		"Get milk and eggs  from the {+shop+} on the corner", // the word still marked, the space not
		"Title · changed · against the base: the winner changed it",
		"2 changes of white space alone hidden · W shows",
		"2 changes of white space alone hidden on this item, and in the merge view · W shows them",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("after W, no %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "{+  +}") || strings.Contains(s, "[- -]") {
		t.Errorf("after W, white space still marked:\n%s", s)
	}
	hs.keys("W")
	if s := hs.screen(); topOf(s, 12) != topOf(before, 12) || !strings.Contains(s, "white-space-only changes shown: W hides them") {
		t.Errorf("W twice: not the screen before W, or no word of it:\n%s\nwant\n%s", s, before)
	}
}

// topOf returns the first n lines of a screen.
func topOf(s string, n int) string { return strings.Join(strings.SplitN(s, "\n", n+1)[:n], "\n") }

// TestItemSpaceAgainstTheBase: with the base on the left (c), a version
// that changed white space alone reads the same as the base, field by
// field and in the banner, while W hides it.
func TestItemSpaceAgainstTheBase(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newSpaceHarness(t, true, 120, 24)
	hs.keys("enter", "c")
	if s := hs.screen(); !strings.Contains(s, "comparing the base (left) with version 1") || !strings.Contains(s, "Title · changed") {
		t.Fatalf("c does not compare the base with the version:\n%s", s)
	}
	hs.keys("W")
	s := hs.screen()
	for _, want := range []string{"── Title · same but for white space ──", "Buy milk and eggs", "Buy milk  and eggs"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "{+  +}") {
		t.Errorf("the title's white space still marked:\n%s", s)
	}
}

// TestItemSpaceSharedWithTheMergeView: W is one setting: pressed on the
// item screen, the merge view opens hiding; pressed in the merge view, the
// item screen shows them again when it comes back, and the other way.
func TestItemSpaceSharedWithTheMergeView(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newSpaceHarness(t, false, 120, 30)
	hs.keys("enter", "W", "e")
	if s := flat(hs.screen()); !hs.m.merge.SpaceHidden() || !strings.Contains(s, "white space hidden") {
		t.Fatalf("W on the item screen, then e: the merge view does not hide white space:\n%s", hs.screen())
	}
	hs.keys("W", "esc")
	if hs.m.screen != itemScreen || hs.m.item.SpaceHidden() || !strings.Contains(hs.screen(), "Buy milk{+  +}and eggs") {
		t.Fatalf("W in the merge view, then esc: the item screen still hides white space:\n%s", hs.screen())
	}
	hs.keys("esc", "e", "W", "esc", "enter") // from the list: W in the merge view, then the item
	if s := hs.screen(); !hs.m.item.SpaceHidden() || !strings.Contains(s, "2 changes of white space alone hidden") || strings.Contains(s, "{+  +}") {
		t.Errorf("W in the merge view opened from the list: the item screen does not hide white space:\n%s", s)
	}
}

// spaceRuleCases are contents the rule of feeds/threeway reads (issue 30
// item 5): white space alone compares equal in text and in HTML's
// flowing text, not inside pre nor under xml:space="preserve".
var spaceRuleCases = []struct {
	name, attrs, winner, version string
	entry                        string // attributes of the winner's entry
	marked                       string // a white-space mark still shown after W, or ""
}{
	{name: "text: a space doubled", winner: "milk and eggs", version: "milk and  eggs"},
	{name: "text: a line break for a space", winner: "milk and eggs", version: "milk and\neggs"},
	{name: "text: a word too", winner: "milk and eggs", version: "milk  or eggs", marked: ""},
	{name: "html: a paragraph's space", attrs: ` type="html"`, winner: "&lt;p&gt;milk and  eggs&lt;/p&gt;", version: "&lt;p&gt;milk and eggs&lt;/p&gt;"},
	{name: "html: pre keeps its white space", attrs: ` type="html"`, winner: "&lt;pre&gt;a  b&lt;/pre&gt;", version: "&lt;pre&gt;a b&lt;/pre&gt;", marked: "a[-  -]b"},
	{name: "html: a paragraph's and a pre's", attrs: ` type="html"`,
		winner: "&lt;p&gt;milk and  eggs&lt;/p&gt;&lt;pre&gt;a  b&lt;/pre&gt;", version: "&lt;p&gt;milk and eggs&lt;/p&gt;&lt;pre&gt;a b&lt;/pre&gt;", marked: "a[-  -]b"},
	{name: "xhtml: xml:space=preserve", attrs: ` type="xhtml"`,
		winner:  `<div xmlns="http://www.w3.org/1999/xhtml" xml:space="preserve">a  b</div>`,
		version: `<div xmlns="http://www.w3.org/1999/xhtml" xml:space="preserve">a b</div>`, marked: "a[-  -]"},
	{name: "text under an entry's xml:space=preserve", entry: ` xml:space="preserve"`, winner: "milk and eggs", version: "milk and  eggs", marked: "{+  +}"},
}

// ruleFeed is a feed of one item in conflict whose content, of the
// content attributes attrs in an entry of the attributes entryAttrs, is
// winner's and version's.
func ruleFeed(attrs, entryAttrs, winner, version string) []byte {
	entry := func(by, when, content, conflicts string) string {
		return fmt.Sprintf(`<entry%s><title>Notes</title><content%s>%s</content><id>urn:n</id>
<sx:sync id="n" updates="2"><sx:history sequence="2" when="2026-03-03T%s:00Z" by="%s"/>%s</sx:sync></entry>`, entryAttrs, attrs, content, when, by, conflicts)
	}
	return []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>T</title>` +
		entry("bob", "12:00", winner, "<sx:conflicts>"+entry("alice", "09:00", version, "")+"</sx:conflicts>") + `</feed>`)
}

// TestItemSpaceFollowsTheRule (issue 30 item 5): what W hides on the item
// screen is what feeds/threeway's rule calls white space alone, case by
// case: a field reads "same but for white space" exactly where
// threeway.SpaceOnly says its values differ in white space alone, and the
// white space the rule keeps (inside pre, under xml:space="preserve")
// stays marked.
func TestItemSpaceFollowsTheRule(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range spaceRuleCases {
		t.Run(c.name, func(t *testing.T) {
			f := ruleFeed(c.attrs, c.entry, c.winner, c.version)
			hs := newHarness(t, mergePair(t, f, f), 120, 24)
			hs.keys("enter", "W")
			e := hs.m.st.entry(0)
			w, _ := fieldByKey(e.Winner().Fields(), "content")
			v, _ := fieldByKey(e.Versions()[0].Fields(), "content")
			s := hs.screen()
			same := strings.Contains(s, "Content") && strings.Contains(s, "same but for white space")
			if rule := threeway.SpaceOnly(w, v); same != rule {
				t.Errorf("the item screen says same but for white space: %v; threeway.SpaceOnly(%q, %q): %v\n%s", same, w.Value, v.Value, rule, s)
			}
			body := s[strings.Index(s, "── Content"):]
			if c.marked != "" && !strings.Contains(body, c.marked) {
				t.Errorf("white space the rule keeps is not marked (%q):\n%s", c.marked, s)
			}
			if c.marked == "" && (strings.Contains(body, "[-  -]") || strings.Contains(body, "{+  +}") || strings.Contains(body, "[- -]") || strings.Contains(body, "{+ +}")) {
				t.Errorf("white space the rule lets go is still marked:\n%s", s)
			}
		})
	}
}

// TestUnmarkSpaces: a blank line inserted is unchanged when the rule's
// edits cover it, line break and all, and changed when they do not; a
// span of white space is unmarked only where covered.
func TestUnmarkSpaces(t *testing.T) {
	a, b := "one two\nthree", "one  two\n\nthree"
	rows := diff.SideBySide(a, b)
	all := []merge3.SpaceEdit{{AStart: 3, AEnd: 4, BStart: 3, BEnd: 5}, {AStart: 8, AEnd: 8, BStart: 9, BEnd: 10}}
	got := unmarkSpaces(rows, a, b, all)
	for i, r := range got {
		if r.Changed() {
			t.Errorf("row %d still changed with every edit covered: %+v", i, r)
		}
	}
	got = unmarkSpaces(rows, a, b, all[:1])
	changed := 0
	for _, r := range got {
		if r.Changed() {
			changed++
			if r.Right.Line != 2 {
				t.Errorf("changed row %+v, want the blank line alone", r)
			}
		}
	}
	if changed != 1 {
		t.Errorf("%d rows changed, want the blank line's: %+v", changed, got)
	}
	for _, c := range []struct {
		start, end int
		want       bool
	}{{3, 4, true}, {3, 5, false}, {2, 4, false}, {8, 8, true}} {
		if got := covered([][2]int{{3, 4}, {6, 7}}, c.start, c.end); got != c.want {
			t.Errorf("covered [%d, %d) = %v", c.start, c.end, got)
		}
	}
}

// TestItemSpaceInHelp: W is among the item screen's keys in ? and in the
// key tables 'feedsync help resolver' and the README are made from.
func TestItemSpaceInHelp(t *testing.T) {
	hs := newSpaceHarness(t, false, 100, 60)
	hs.keys("enter", "?")
	if s := hs.screen(); !strings.Contains(s, "white-space-only changes: hide/show (here and in the merge view)") {
		t.Errorf("? on the item screen does not list W:\n%s", s)
	}
	for _, tb := range KeyTables() {
		if tb.Screen != "an item" {
			continue
		}
		for _, k := range tb.Keys {
			if k.Keys == "W" {
				return
			}
		}
		t.Errorf("the item's key table has no W: %+v", tb.Keys)
	}
}

// TestColumnsHideWhiteSpace (issue 30 item 5): with every version in
// columns, W shows each version's column as the version wrote it: at a
// hunk of white space alone, its own white space, not the winner's beside
// it ("milk   and" for a space doubled), its line breaks too (alice's
// reflow lines up with the winner's lines).
func TestColumnsHideWhiteSpace(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	f := testfeeds.OneItem(testfeeds.V("bob", "12:05", "Buy milk and eggs", "one two three\nfour five\nsix seven"),
		testfeeds.V("alice", "09:15", "Buy milk  and eggs", "one  two three four\nfive\nsix eight"),
		testfeeds.V("carol", "08:15", "Buy milk and  eggs", "one two  three\nfour five\nsix seven"))
	hs := newHarness(t, mergePair(t, []byte(f), []byte(f)), 200, 30)
	hs.keys("enter", "e", "W")
	s := hs.screen()
	golden(t, "merge-columns-space-hidden-200x30", s)
	for _, want := range []string{"│   Buy milk  and eggs ", "│   Buy milk and  eggs", "│   one  two three four ", "│   five ", "│ ? six [-seven-]{+eight+}"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "milk   and") || strings.Contains(s, "{+  +}") {
		t.Errorf("a version's column shows the winner's white space beside its own, or marks it:\n%s", s)
	}
}
