package ssefeed

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// randomContent returns the children of an RSS item, indented with tabs
// at depth: foreign elements holding element content, mixed content,
// comments, CDATA, xml:space, carriage returns and blank lines, nested,
// and descriptions holding elements.
func randomContent(r *rand.Rand, depth int) string {
	var b strings.Builder
	ind := "\n" + strings.Repeat("\t", depth)
	for range 1 + r.IntN(3) {
		b.WriteString(ind)
		if r.IntN(6) == 0 {
			b.WriteString("\n" + strings.Repeat("\t", r.IntN(depth+1))) // a blank line
			b.WriteString(ind)
		}
		switch k := r.IntN(10); {
		case k == 0:
			b.WriteString("<!-- c -->")
		case k == 1:
			b.WriteString("<x:t>text</x:t>")
		case depth > 6 || k == 2:
			b.WriteString("<x:e/>")
		default:
			attr := [...]string{"", ` xml:space="preserve"`, ` xml:space="default"`, ` type="xhtml"`, ` a="1"`}[r.IntN(5)]
			tail := [...]string{"", "", "", " mixed", "<![CDATA[ ]]>", "&#13;", "  "}[r.IntN(7)]
			name := "x:e"
			if depth == 3 && r.IntN(4) == 0 {
				name = "description" // a text field: never laid out afresh
			}
			b.WriteString("<" + name + attr + ">" + randomContent(r, depth+1) + tail + ind + "</" + name + ">")
		}
	}
	return b.String()
}

// TestIndentRandom checks, on items with random content, that the scan's
// digest is the tree's, and that a version copied into sx:conflict of a
// feed indented otherwise (0.91 §5.2), and laid out afresh there, keeps
// its digest and fields, and is written again as it is.
func TestIndentRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		content := randomContent(r, 3)
		remote := "<rss version=\"2.0\" xmlns:sx=\"http://www.microsoft.com/schemas/rss/sse\" xmlns:x=\"urn:x\">\n\t<channel>\n\t\t<item>" +
			"\n\t\t\t<title>R</title>" + content +
			"\n\t\t\t<sx:sync id=\"i\" version=\"2\"><sx:history when=\"Sun, 22 May 2005 11:00:00 GMT\" by=\"R\"/></sx:sync>\n\t\t</item>\n\t</channel>\n</rss>\n"
		local := "<rss version=\"2.0\" xmlns:sx=\"http://www.microsoft.com/schemas/rss/sse\" xmlns:x=\"urn:x\">\n  <channel>\n    <item>" +
			"\n      <title>L</title>" +
			"\n      <sx:sync id=\"i\" version=\"2\"><sx:history when=\"Sun, 22 May 2005 12:00:00 GMT\" by=\"L\"/></sx:sync>\n    </item>\n  </channel>\n</rss>\n"
		rd := mustParse(t, "remote.xml", remote)
		checkDigests(t, "remote.xml", rd)
		m, err := Merge(mustParse(t, "local.xml", local), rd)
		if err != nil {
			t.Fatal(err)
		}
		back := reparse(t, m)
		checkDigests(t, "merged", back)
		cs := back.Item("i").Conflicts
		if len(cs) != 1 {
			t.Fatalf("round %d: %d conflicts, want 1", round, len(cs))
		}
		read := rd.Item("i").Data
		if g, w := cs[0].Data.Digest(), read.Digest(); g != w {
			t.Fatalf("round %d: the copy in sx:conflict has another digest; remote's content:%s\nmerged:\n%s", round, content, m.Bytes())
		}
		if g, w := showFields(Fields(cs[0].Data)), showFields(Fields(read)); g != w {
			t.Fatalf("round %d: the copy in sx:conflict has other fields:\n%s\nwant:\n%s", round, g, w)
		}
		if again := reparse(t, back); string(again.Bytes()) != string(back.Bytes()) {
			t.Fatalf("round %d: writing the merged feed again changed it", round)
		}
	}
}
