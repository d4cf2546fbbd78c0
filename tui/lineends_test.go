package tui

import (
	"strings"
	"testing"
)

// TestCRLFFeedStaysCRLF: create, update and merge write a feed whose lines
// end in CRLF with CRLF throughout, the item they add or change included
// (QA: such items were written with LF, mixing line ends).
func TestCRLFFeedStaysCRLF(t *testing.T) {
	crlf := strings.ReplaceAll(oneItem, "\n", "\r\n")
	remote := strings.Replace(oneItem, `id="item1"`, `id="item2"`, 1)
	stamp := []string{"--by", "A", "--when", "2005-05-22T00:00:00Z"}
	for _, tc := range []struct {
		name string
		args func(h *harness) []string
	}{
		{"create", func(h *harness) []string {
			return append([]string{"create", h.path("f.xml"), "--id", "new", "--title", "T", "--content", "a\nb"}, stamp...)
		}},
		{"update", func(h *harness) []string {
			return append([]string{"update", h.path("f.xml"), "--id", "item1", "--title", "T"}, stamp...)
		}},
		{"merge", func(h *harness) []string { return []string{"merge", h.path("f.xml"), h.path("r.xml")} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.write("f.xml", crlf)
			h.write("r.xml", remote)
			args := append(tc.args(h), "-o", h.path("out.xml"))
			if code, _, stderr := h.run("", args...); code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			out := h.read("out.xml")
			if n := strings.Count(out, "\n"); n != strings.Count(out, "\r\n") || n <= strings.Count(crlf, "\n") {
				t.Errorf("%d line ends, %d of them CRLF:\n%q", n, strings.Count(out, "\r\n"), out)
			}
		})
	}
}
