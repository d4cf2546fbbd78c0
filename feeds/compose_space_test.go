package feeds

import (
	"fmt"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// contentKinds are an entry's content of every type (plain text, escaped
// HTML, XHTML, CDATA, foreign markup), as read in a feed.
var contentKinds = map[string]string{
	"plain": `<content type="text">a &amp; b  c</content>`,
	"html":  `<content type="html">&lt;p&gt;a &amp;amp; b&lt;/p&gt;</content>`,
	"xhtml": `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"> <p>a <b>b</b></p>  </div></content>`,
	"cdata": `<content type="html"><![CDATA[<p>a & b</p>  ]]></content>`,
	"foreign": `<x:list xmlns:x="urn:example:x">
      <x:i> first </x:i>
      <x:i>second</x:i>
    </x:list>`,
}

// spaceEntry is an Atom entry of id, its content kind with the text v in
// its title, the sx:history of updates 1 to seq by by, and
// xml:space="preserve" on it when preserve is set.
func spaceEntry(id, kind, v, by string, seq int, preserve bool) string {
	sp := ""
	if preserve {
		sp = ` xml:space="preserve"`
	}
	return fmt.Sprintf(`  <entry%s>
    <title>%s %s</title>
    %s
    <id>urn:%s</id>
    <sx:sync id="%s" updates="%d">%s
    </sx:sync>
  </entry>
`, sp, kind, v, contentKinds[kind], id, id, seq, history(seq, by))
}

// history is sx:history elements of updates seq down to 1, the top one
// by by, the others by a.
func history(seq int, by string) string {
	var b strings.Builder
	for n := seq; n > 0; n-- {
		fmt.Fprintf(&b, "\n      <sx:history sequence=\"%d\" when=\"2021-01-0%dT00:00:00Z\" by=\"%s\"/>", n, n, by)
		by = "a"
	}
	return b.String()
}

// spaceFeed is an Atom feed of entries, with xml:space="preserve" on the
// feed when preserve is set.
func spaceFeed(preserve bool, entries ...string) string {
	sp := ""
	if preserve {
		sp = ` xml:space="preserve"`
	}
	return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"` + sp + `>
  <title>t</title>
` + strings.Join(entries, "") + `</feed>
`
}

// TestComposeUnderPreservedSpaceAsFromWholeTrees: every content type, in
// an entry with xml:space="preserve", under a feed with it, or neither,
// merged where REMOTE wins (a composition), where the two conflict, and
// again where a feed read with those conflicts (versions nested in such
// entries) meets a third, is the same bytes whether the items' trees were
// built first (kept) or are built apart and not kept (loose, slim).
func TestComposeUnderPreservedSpaceAsFromWholeTrees(t *testing.T) {
	for kind := range contentKinds {
		for _, where := range []string{"none", "entry", "local feed", "remote feed"} {
			t.Run(kind+"/"+where, func(t *testing.T) {
				ent := where == "entry"
				// wins: REMOTE's entry follows LOCAL's (a composition);
				// clash: each feed's own update 2 of update 1 by a.
				entries := func(v, by string, seq int) []string {
					return []string{spaceEntry("wins", kind, v, by, seq, ent),
						spaceEntry("clash", kind, v, by, 2, ent), spaceEntry("same", kind, "same", "a", 1, ent)}
				}
				local := spaceFeed(where == "local feed", entries("local", "a", 1)...)
				// REMOTE and the third laid out otherwise: what keeps its
				// white space differs from what is laid out afresh.
				remote := strings.ReplaceAll(spaceFeed(where == "remote feed", entries("remote", "b", 2)...), "\n  ", "\n ")
				third := strings.ReplaceAll(spaceFeed(where == "remote feed", entries("third", "c", 3)...), "\n  ", "\n\t")
				slim := mergeOf(t, [2]string{local, remote}, false)
				if whole := mergeOf(t, [2]string{local, remote}, true); slim != whole {
					t.Fatalf("composed from slim trees (-) and whole ones (+):\n%s", feedtest.LineDiff(slim, whole))
				}
				if strings.Count(slim, "<sx:conflicts>") != 1 || strings.Count(slim, kind+" remote") != 2 {
					t.Fatalf("REMOTE's entries do not win, or not one conflicts:\n%s", slim)
				}
				// The merge read again, its conflict versions laid out
				// otherwise: they are written at the depth of the rest.
				before, rest, _ := strings.Cut(slim, "<sx:conflicts>")
				conflicts, after, _ := strings.Cut(rest, "</sx:conflicts>")
				read := before + "<sx:conflicts>" + strings.ReplaceAll(conflicts, "\n", "\n\t") + "</sx:conflicts>" + after
				// base: what REMOTE's entries all follow, so that they are
				// taken whole, their conflicts with them, laid out anew.
				base := strings.ReplaceAll(spaceFeed(false, spaceEntry("clash", kind, "base", "a", 1, ent)), "\n  ", "\n    ")
				for _, p := range [][2]string{{read, third}, {third, read}, {base, read}} {
					again := mergeOf(t, p, false)
					if whole := mergeOf(t, p, true); again != whole {
						t.Errorf("with conflicts read, slim trees (-) and whole ones (+):\n%s", feedtest.LineDiff(again, whole))
					}
				}
			})
		}
	}
}

// TestConflictVersionReadFirstUnderPreservedSpace: a conflict version read
// before its item (Fields, as the store and the resolver read one) of an
// item under a feed with xml:space="preserve" is read from the item's kept
// tree, not a copy that would lose the xml:space above it: its fields are
// those read after the item's tree is built, and reading it built the
// item's tree.
func TestConflictVersionReadFirstUnderPreservedSpace(t *testing.T) {
	for kind := range contentKinds {
		t.Run(kind, func(t *testing.T) {
			l := spaceFeed(true, spaceEntry("a", kind, "local", "L", 2, false))
			r := spaceFeed(true, spaceEntry("a", kind, "remote", "R", 2, false))
			merged := mergeOf(t, [2]string{l, r}, false)
			read := func(first bool) ([]Field, bool) {
				d := mustParse(t, "merged.xml", merged)
				it := d.Items()[0]
				if len(it.Conflicts) == 0 {
					t.Fatal("no conflict version")
				}
				x := dataOf(it.Conflicts[0].Data)
				if x == nil || x.lz == nil || x.lz.owner() == nil {
					t.Fatal("the conflict version was not read as a lazy element in its item")
				}
				if !first {
					x.lz.owner().tree()
				}
				return Fields(it.Conflicts[0].Data), x.lz.owner().ready()
			}
			first, built := read(true)
			after, _ := read(false)
			if !built {
				t.Error("reading the version first did not build its item's kept tree")
			}
			if fmt.Sprint(first) != fmt.Sprint(after) {
				t.Errorf("fields read first %v, after the item's tree %v", first, after)
			}
		})
	}
}
