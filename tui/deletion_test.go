package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 29 item 1, 0.91 §5.2 as read: the commands of the issue. An OPML
// adopted in SSE 0.91, the folder copied (the version store with it), an
// outline deleted in one copy and its text edited in the other, merged:
// the deletion, which loses, is kept in sx:conflict as a deletion, so
// 'conflicts --json' shows that version deleted and the item not
// combining (a deletion against an edit is a clash of the whole item in
// 0.91 as in 1.0.2), 'resolve --auto' leaves it (exit 1, nothing
// written), and 'resolve --pick 1' deletes the outline.
func TestSSEDeletionAgainstEditIsNotCombined(t *testing.T) {
	h := newHarness(t)
	for _, d := range []string{"w", "a", "b"} {
		if err := os.MkdirAll(h.path(d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	h.write("w/list.opml", `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0">
 <head><title>Outline</title></head>
 <body>
  <outline text="Buy milk"/>
  <outline text="Call mom"/>
 </body>
</opml>
`)
	mustRun := func(want int, args ...string) string {
		t.Helper()
		code, out, stderr := h.run("", args...)
		if code != want {
			t.Fatalf("%s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, want, out, stderr)
		}
		return out
	}
	w := h.path("w/list.opml")
	mustRun(ExitOK, "adopt", w, "--dialect", "0.91", "--by", "me", "--when", "2026-03-01T09:00:00Z", "-o", w)
	copyDir(t, h.path("w"), h.path("a"))
	copyDir(t, h.path("w"), h.path("b"))
	a, b := h.path("a/list.opml"), h.path("b/list.opml")
	id := firstSyncID(t, h.read("a/list.opml"))
	mustRun(ExitOK, "update", a, "--id", id, "--delete", "--by", "alice", "--when", "2026-03-02T09:00:00Z", "-o", a)
	mustRun(ExitOK, "update", b, "--id", id, "--title", "Buy oat milk", "--by", "bob", "--when", "2026-03-02T10:00:00Z", "-o", b)
	mustRun(ExitAttention, "merge", a, b, "-o", a)
	if !strings.Contains(h.read("a/list.opml"), `fso:deleted="true"`) {
		t.Errorf("the losing deletion is not marked in its sx:conflict:\n%s", h.read("a/list.opml"))
	}
	var list struct {
		Items []struct {
			Versions []struct {
				Deleted bool `json:"deleted"`
			} `json:"versions"`
			Combines bool `json:"combines"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(mustRun(ExitAttention, "conflicts", a, "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 1 || len(list.Items[0].Versions) != 1 || !list.Items[0].Versions[0].Deleted || list.Items[0].Combines {
		t.Errorf("conflicts --json: %+v, want one item whose one version is deleted and which does not combine", list)
	}
	before := h.read("a/list.opml")
	code, _, stderr := h.run("", "resolve", a, "--auto", "-o", a)
	if code != ExitAttention || !strings.Contains(stderr, "a version is deleted") || h.read("a/list.opml") != before {
		t.Errorf("resolve --auto: exit %d, want 1, the deletion named and nothing written\n%s", code, stderr)
	}
	mustRun(ExitOK, "resolve", a, "--id", id, "--pick", "1", "--by", "carol", "--when", "2026-03-03T09:00:00Z", "-o", a)
	if got := h.read("a/list.opml"); !strings.Contains(got, `version="3" deleted="true"`) {
		t.Errorf("picking the deletion did not delete the outline:\n%s", got)
	}
}

// firstSyncID is the id of a feed's first sx:sync.
func firstSyncID(t *testing.T, feed string) string {
	t.Helper()
	_, rest, ok := strings.Cut(feed, `<sx:sync id="`)
	id, _, _ := strings.Cut(rest, `"`)
	if !ok || id == "" {
		t.Fatalf("no sx:sync id in\n%s", feed)
	}
	return id
}

// copyDir copies the files of src, and of its folders, into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
