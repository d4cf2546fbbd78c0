package mergeview

import (
	"fmt"
	"testing"
)

// htmlFeed has one item in conflict whose HTML content differs, between
// the winner and the version, in white space outside pre and inside it.
func htmlFeed(winner, version string) []byte {
	entry := func(by, when, content, conflicts string) string {
		return fmt.Sprintf(`<entry><title>Notes</title><content type="html">%s</content><id>urn:n</id>
<sx:sync id="n" updates="2"><sx:history sequence="2" when="2026-03-03T%s:00Z" by="%s"/>%s</sx:sync></entry>`, content, when, by, conflicts)
	}
	return []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>T</title>` +
		entry("bob", "12:00", winner, "<sx:conflicts>"+entry("alice", "09:00", version, "")+"</sx:conflicts>") + `</feed>`)
}

// TestSpaceOnlyFollowsTheRule (issue 30 item 5): the hunks W hides are
// those feeds/threeway's rule calls white space alone: a run of spaces
// made one in HTML's flowing text, not inside pre, where white space is
// the text's own.
func TestSpaceOnlyFollowsTheRule(t *testing.T) {
	w := "&lt;p&gt;milk and  eggs&lt;/p&gt;&lt;pre&gt;a  b&lt;/pre&gt;"
	v := "&lt;p&gt;milk and eggs&lt;/p&gt;&lt;pre&gt;a b&lt;/pre&gt;"
	hs := open(t, entryOf(t, htmlFeed(w, v), htmlFeed(w, v), "n"), 120, 30)
	hs.keys("W")
	var hidden []string
	for k, h := range hs.v.Hunks() {
		if hs.v.hidden(0, k) {
			hidden = append(hidden, fmt.Sprintf("%q→%q at %d", h.Left, h.Right, h.Start))
		}
	}
	if len(hs.v.Hunks()) != 2 || len(hidden) != 1 || !hs.v.hidden(0, 0) {
		t.Errorf("hunks %v, hidden %v: want the paragraph's white space hidden, the pre's shown", hs.v.Hunks(), hidden)
	}
}
