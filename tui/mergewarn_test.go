package tui

import (
	"strings"
	"testing"
)

// atomItem is an Atom feed with item x, whose content is content, under
// one sync data whatever the content.
func atomItem(content string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
 <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aaa</id>
 <updated>2005-05-21T11:43:33Z</updated>
 <entry>
  <title>Buy groceries</title>
  <content>` + content + `</content>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aa0</id>
  <updated>2005-05-21T11:43:33Z</updated>
  <sx:sync id="x" updates="2">
   <sx:history sequence="2" when="2005-05-21T11:43:33Z" by="JEO2000"/>
   <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
  </sx:sync>
 </entry>
</feed>
`
}

// Issue 20 item 4, issue 29 item 8, 1.0.2 implementation note 1 and §3.3
// note 2 as read: two feeds hold item x with the same sync data and
// different Atom content (a peer, as mesh4x does, changed it without a new
// version). They are two changes: merge keeps both as a conflict (exit
// 1), the same whichever side is local, names the item once with both
// digests and the winner's side, and merging either feed into the result
// again changes nothing and says nothing; validate of the two names it
// too.
func TestMergeNamesEqualSyncDataWithDifferentData(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", atomItem("Get milk and eggs"))
	b := h.write("b.xml", atomItem("Get milk, eggs and bread"))
	code, ab, stderr := h.run("", "merge", a, b)
	if code != ExitAttention || !strings.Contains(ab, "Get milk and eggs") || !strings.Contains(ab, "Get milk, eggs and bread") {
		t.Fatalf("merge a b: exit %d, want 1 with both contents\n%s\n%s", code, ab, stderr)
	}
	if n := strings.Count(stderr, `item "x" has the same sync data`); n != 1 || !strings.Contains(stderr, "digests ") || !strings.Contains(stderr, "both are kept as a conflict") {
		t.Errorf("merge a b warned %d times, want once with both digests and both kept:\n%s", n, stderr)
	}
	_, ba, _ := h.run("", "merge", b, a)
	if content(ab) != content(ba) || canonicalXML(t, ab) != canonicalXML(t, ba) {
		t.Errorf("merge a b and merge b a differ:\n%s\n---\n%s", ab, ba)
	}
	merged := h.write("ab.xml", ab)
	for _, again := range []string{a, b, merged} {
		code, out, stderr := h.run("", "merge", merged, again)
		if code != ExitAttention || canonicalXML(t, out) != canonicalXML(t, ab) || strings.Contains(stderr, "same sync data") {
			t.Errorf("merge ab.xml %s: exit %d, want the merge unchanged and no warning:\n%s\n%s", again, code, out, stderr)
		}
	}
	code, _, stderr = h.run("", "validate", a, b)
	if code != ExitOK || strings.Count(stderr, `item "x" has the same sync data`) != 1 {
		t.Errorf("validate a b: exit %d, want 0 and the item named once:\n%s", code, stderr)
	}
}

// Issue 20 item 2: the commands of the issue, one endpoint editing item i3
// on two branches; merge keeps both as a conflict, either way round, and
// says how to avoid it.
func TestMergeNamesASequenceUsedTwice(t *testing.T) {
	h := newHarness(t)
	h.write("base.xml", oneItem)
	for _, c := range [][]string{
		{"update", h.path("base.xml"), "--id", "item1", "--title", "ON-MAIN", "--by", "me", "--when", "2021-01-01T00:00:05Z", "-o", h.path("a.xml")},
		{"update", h.path("base.xml"), "--id", "item1", "--title", "ON-TOPIC", "--by", "me", "--when", "2021-01-01T00:00:00Z", "-o", h.path("b.xml")},
	} {
		if code, _, stderr := h.run("", c...); code != ExitOK {
			t.Fatalf("%v: exit %d\n%s", c, code, stderr)
		}
	}
	for _, args := range [][]string{{"a.xml", "b.xml"}, {"b.xml", "a.xml"}} {
		code, out, stderr := h.run("", "merge", h.path(args[0]), h.path(args[1]))
		if code != ExitAttention || !strings.Contains(out, "ON-MAIN") || !strings.Contains(out, "ON-TOPIC") {
			t.Errorf("merge %v: exit %d, want 1 with both titles:\n%s", args, code, out)
		}
		if !strings.Contains(stderr, "me made two changes with sequence 2") || !strings.Contains(stderr, "own endpoint id") {
			t.Errorf("merge %v does not say so:\n%s", args, stderr)
		}
	}
}

// content is the text of the first content element of a feed.
func content(feed string) string {
	_, rest, _ := strings.Cut(feed, "<content>")
	text, _, _ := strings.Cut(rest, "</content>")
	return text
}
