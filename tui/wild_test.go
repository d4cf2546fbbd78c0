package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// The corpus of feeds from the wild (testdata/wild, issue 31 item 8).
var wildFeeds = []struct {
	file  string
	notes int // how many notes validate gives ("read as RSS 2.0")
}{
	{"podcast.xml", 0},
	{"video.atom", 0},
	{"blog-cdata.xml", 0},
	{"xhtml.atom", 0},
	{"news-euckr.xml", 0},
	{"tea-big5.xml", 0},
	{"rss092.xml", 1},
	{"rss091.xml", 1},
	{"rss-noversion.xml", 1},
	{"entity.xml", 0},
}

var (
	// wildSync is a sync element adopt inserts, with the white space
	// before it; wildDecl the namespace declaration it may add.
	wildSync = regexp.MustCompile(`(?s)\s*<sx:sync\b.*?</sx:sync>`)
	wildDecl = regexp.MustCompile(` xmlns:sx="http://feedsync.org/2007/feedsync"`)
	// wildItem is an item or entry and its bytes, in any charset whose
	// markup is ASCII's; wildID the id of its sync element.
	wildItem    = regexp.MustCompile(`(?s)<(item|entry)[\s>].*?</(item|entry)>`)
	wildID      = regexp.MustCompile(`<sx:sync id="([^"]+)"`)
	wildContent = regexp.MustCompile(`<content[\s>/]`)
)

// wildItems returns a feed's items by sync id, as bytes, and the bytes
// before the first and after the last.
func wildItems(t *testing.T, feed []byte) (map[string][]byte, []string, []byte, []byte) {
	t.Helper()
	items := map[string][]byte{}
	var ids []string
	locs := wildItem.FindAllIndex(feed, -1)
	if len(locs) == 0 {
		t.Fatalf("no items in\n%s", feed)
	}
	for _, l := range locs {
		m := wildID.FindSubmatch(feed[l[0]:l[1]])
		if m == nil {
			t.Fatalf("an item without sync data:\n%s", feed[l[0]:l[1]])
		}
		items[string(m[1])] = feed[l[0]:l[1]]
		ids = append(ids, string(m[1]))
	}
	return items, ids, feed[:locs[0][0]], feed[locs[len(locs)-1][1]:]
}

// TestFeedsFromTheWild guards issue 31 item 8: each feed of the corpus is
// adopted by endpoint A (nothing but sync data inserted), edited on two
// endpoints (both change the first item's title, B the second's content,
// with characters a legacy charset lacks), merged both ways (the two
// results agree), resolved and validated (valid; an RSS 0.91, 0.92 or
// unversioned feed noted once); the feed stays in the encoding it came
// in, and every item neither endpoint edited, and what is around the
// items, keeps its bytes through it all.
func TestFeedsFromTheWild(t *testing.T) {
	const (
		titleA   = "Edited by A — ✓ 한"
		titleB   = "Edited by B ★ 日本"
		contentB = "New content from B: «ü» ✓ 中"
	)
	for _, w := range wildFeeds {
		t.Run(w.file, func(t *testing.T) {
			orig, err := os.ReadFile(filepath.Join("..", "testdata", "wild", w.file))
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t)
			in := h.write("orig.xml", string(orig))
			a, b, ab, ba, r := h.path("a.xml"), h.path("b.xml"), h.path("ab.xml"), h.path("ba.xml"), h.path("r.xml")
			step := func(want int, args ...string) string {
				t.Helper()
				code, _, stderr := h.run("", args...)
				if code != want {
					t.Fatalf("feedsync %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, stderr)
				}
				return stderr
			}
			step(ExitOK, "adopt", in, "-o", a, "--by", "A", "--when", "2024-03-10T09:00:00Z")
			adopted := []byte(h.read("a.xml"))
			if back := wildDecl.ReplaceAll(wildSync.ReplaceAll(adopted, nil), nil); !bytes.Equal(back, orig) {
				t.Fatalf("adopt changed more than the sync data:\n%s", adopted)
			}
			_, ids, _, _ := wildItems(t, adopted)
			h.write("b.xml", string(adopted))
			step(ExitOK, "update", a, "--id", ids[0], "--title", titleA, "-o", a, "--by", "A", "--when", "2024-03-11T09:00:00Z")
			step(ExitOK, "update", b, "--id", ids[0], "--title", titleB, "-o", b, "--by", "B", "--when", "2024-03-11T10:00:00Z")
			step(ExitOK, "update", b, "--id", ids[1], "--content", contentB, "-o", b, "--by", "B", "--when", "2024-03-11T10:05:00Z")
			step(ExitAttention, "merge", a, b, "-o", ab)
			step(ExitAttention, "merge", b, a, "-o", ba)
			wildAgree(t, []byte(h.read("ab.xml")), []byte(h.read("ba.xml")))
			step(ExitOK, "resolve", ab, "--id", ids[0], "--pick", "winner", "-o", r, "--by", "A", "--when", "2024-03-12T09:00:00Z")
			stderr := step(ExitOK, "validate", r)
			if n := strings.Count(stderr, "read as RSS 2.0"); n != w.notes || strings.Count(stderr, "warning:") != w.notes {
				t.Errorf("validate gave %d notes, want %d:\n%s", n, w.notes, stderr)
			}

			resolved := []byte(h.read("r.xml"))
			if first := func(b []byte) string { return string(b[:bytes.IndexByte(b, '\n')]) }; first(resolved) != first(orig) {
				t.Errorf("written with another XML declaration: %q", first(resolved))
			}
			before, _, head, tail := wildItems(t, adopted)
			after, afterIDs, rhead, rtail := wildItems(t, resolved)
			if !slices.Equal(afterIDs, ids) {
				t.Errorf("items %q, want %q", afterIDs, ids)
			}
			if !bytes.Equal(rhead, head) || !bytes.Equal(rtail, tail) {
				t.Errorf("what is around the items changed:\n%s\n---\n%s", rhead, rtail)
			}
			for _, id := range ids[2:] {
				if !bytes.Equal(after[id], before[id]) {
					t.Errorf("untouched item %s changed:\n%s\n--- was\n%s", id, after[id], before[id])
				}
			}
			if n := len(wildContent.FindAll(after[ids[1]], -1)); bytes.Contains(orig, []byte("<entry")) && n != 1 {
				t.Errorf("the entry whose content was set has %d atom:content:\n%s", n, after[ids[1]])
			}
			d, err := dialect.Parse("r.xml", resolved)
			if err != nil {
				t.Fatal(err)
			}
			// Text set into XHTML stays XHTML, in a div (feeds' doc).
			unwrap := func(s string) string {
				return strings.TrimSuffix(strings.TrimPrefix(s, `<div xmlns="http://www.w3.org/1999/xhtml">`), "</div>")
			}
			if e, _ := d.Entry(ids[0]); unwrap(e.Title()) != titleB {
				t.Errorf("resolved title %q, want %q", e.Title(), titleB)
			}
			if e, _ := d.Entry(ids[1]); unwrap(wildField(e, "content")) != contentB {
				t.Errorf("content %q, want %q", wildField(e, "content"), contentB)
			}
		})
	}
}

// wildField returns the winner's value of the field key.
func wildField(e dialect.Entry, key string) string {
	for _, f := range e.Winner().Fields() {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

// wildAgree checks that two merges of the same pair, each way round, hold
// the same items with the same winners and conflicts (1.0.2 §3.3: the
// merge converges).
func wildAgree(t *testing.T, x, y []byte) {
	t.Helper()
	dx, err := dialect.Parse("ab.xml", x)
	if err != nil {
		t.Fatal(err)
	}
	dy, err := dialect.Parse("ba.xml", y)
	if err != nil {
		t.Fatal(err)
	}
	if len(dx.Entries()) != len(dy.Entries()) {
		t.Fatalf("%d items one way, %d the other", len(dx.Entries()), len(dy.Entries()))
	}
	for _, ex := range dx.Entries() {
		ey, err := dy.Entry(ex.ID())
		if err != nil {
			t.Fatalf("%s is in one merge only", ex.ID())
		}
		vx, vy := ex.Winner(), ey.Winner()
		if !vx.SameDigest(vy) || !slices.EqualFunc(vx.History(), vy.History(), dialect.History.Equal) || len(ex.Versions()) != len(ey.Versions()) {
			t.Errorf("%s: the merges disagree", ex.ID())
		}
	}
}
