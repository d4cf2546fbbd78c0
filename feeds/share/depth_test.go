package share

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// chainOPML is an SSE OPML of n outlines, written flat, each the fso:parent
// of the next, starting under parent ("" for the top level); ids are
// prefix0, prefix1, ….
func chainOPML(n int, prefix, parent string) []byte {
	var b strings.Builder
	b.WriteString(`<opml version="1.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline"><head><title>t</title></head><body>
`)
	for i := range n {
		p := parent
		if i > 0 {
			p = fmt.Sprintf("%s%d", prefix, i-1)
		}
		pos := ""
		if p != "" {
			pos = fmt.Sprintf(` fso:parent="%s" fso:key="V" fso:version="1"`, p)
		}
		fmt.Fprintf(&b, `<outline text="x"><sx:sync id="%s%d" version="1"%s><sx:history when="Sat, 21 May 2005 09:00:01 GMT" by="ep1"/></sx:sync></outline>
`, prefix, i, pos)
	}
	b.WriteString("</body></opml>\n")
	return []byte(b.String())
}

// TestPostNestingPastDepthLimitRefused: a POST whose outlines chain by
// fso:parent deeper than feedsync reads (1,100 outlines, 200 KB), or whose
// merge with the hub's feed would, is refused with 400 and the place; FEED
// is untouched and still loads (issue 20 item 7: it was accepted and
// written nested past 1,024, and the hub would not start again).
func TestPostNestingPastDepthLimitRefused(t *testing.T) {
	th := startHub(t, "sse-opml", Options{})
	code, _, body := th.do("POST", "/", chainOPML(600, "a", ""))
	if code != 200 {
		t.Fatalf("a chain of 600: %d %s", code, body)
	}
	before := readFile(t, th.path)
	for _, c := range []struct {
		name, want string
		body       []byte
	}{
		{"a chain of 1,100", `request body:1101:1: outline: outline "b1099" is under 1099 outlines`, chainOPML(1_100, "b", "")},
		{"a chain of 600 under the hub's", `"c599" would be written under 1199 outlines`, chainOPML(600, "c", "a599")},
	} {
		code, _, body := th.do("POST", "/", c.body)
		if code != 400 || !strings.Contains(string(body), c.want) {
			t.Errorf("%s: %d %s, want 400 and %q", c.name, code, body, c.want)
		}
	}
	if after := readFile(t, th.path); !bytes.Equal(before, after) {
		t.Error("FEED changed")
	}
	th.stop()
	th.start(Options{})
	if got := len(items(th.get("/"))); got != 600 {
		t.Errorf("after a restart the hub serves %d items, want 600", got)
	}
}
