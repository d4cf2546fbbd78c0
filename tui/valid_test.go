package tui

import (
	"strings"
	"testing"
)

// TestCreatedItemsValid: what create writes holds what the format requires:
// an RSS item its title, an outline its text, an Atom entry its title,
// atom:id, atom:updated and atom:content (RFC 4287 §4.1.2).
func TestCreatedItemsValid(t *testing.T) {
	const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:t</id><updated>2005-05-21T09:00:00Z</updated></feed>`
	h := newHarness(t)
	h.write("a.xml", atom)
	code, _, stderr := h.run("", "create", h.path("a.xml"), "--id", "new", "--title", "Buy milk", "--by", "A",
		"--when", "2005-05-22T00:00:00Z", "-o", h.path("a.xml"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := h.read("a.xml")
	for _, want := range []string{"<title>Buy milk</title>", "<content/>", "<id>urn:uuid:", "<updated>2005-05-22T00:00:00Z</updated>"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	code, _, stderr = h.run("", "update", h.path("a.xml"), "--id", "new", "--title", "Buy oat milk", "--by", "A",
		"--when", "2005-05-23T00:00:00Z", "-o", h.path("a.xml"))
	if out := h.read("a.xml"); code != ExitOK || !strings.Contains(out, "<updated>2005-05-23T00:00:00Z</updated>") || strings.Count(out, "<id>urn:uuid:") != 1 {
		t.Errorf("update: exit %d, %s\n%s", code, stderr, out)
	}
}
