package tui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// countFeed is a feed of three sync items; edit changes the second's title.
func countFeed(edit bool) string {
	title, seq := "Two", `<sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/>`
	if edit {
		title, seq = "Two, edited", `<sx:history sequence="2" when="2024-03-02T08:00:00Z" by="bob"/>`+seq
	}
	item := func(id, title, hist string, updates int) string {
		return `<item><title>` + title + `</title><sx:sync id="` + id + `" updates="` + string(rune('0'+updates)) + `">` + hist + `</sx:sync></item>`
	}
	updates := 1
	if edit {
		updates = 2
	}
	return `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>c</title>` + "\n" +
		item("a", "One", `<sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/>`, 1) + "\n" +
		item("b", title, seq, updates) + "\n" +
		item("c", "Three", `<sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/>`, 1) + "\n" +
		`</channel></rss>`
}

// TestMergeChangedCountsChangedItems_Issue31Item6 guards issue 31 item 6:
// the list's "the merge changed N items" counted every item written to a
// save target that is none of the inputs (OUT), changed or not (the demo
// said "the merge changed 10 items" of 10, 7 in conflict). It counts the
// items whose data or sync data the merge changed in LOCAL: none when the
// two feeds hold the same, one when the remote holds one newer version,
// none the other way round; a new OUT has every item unsaved all the same.
func TestMergeChangedCountsChangedItems_Issue31Item6(t *testing.T) {
	for _, tc := range []struct {
		name          string
		local, remote string
		want          int
	}{
		{"same_items", countFeed(false), countFeed(false), 0},
		{"one_newer_remote", countFeed(false), countFeed(true), 1},
		{"one_newer_local", countFeed(true), countFeed(false), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			local, remote := filepath.Join(dir, "local.xml"), filepath.Join(dir, "remote.xml")
			for name, feed := range map[string]string{local: tc.local, remote: tc.remote} {
				if err := os.WriteFile(name, []byte(feed), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			l, err := dialect.Parse(local, []byte(tc.local))
			if err != nil {
				t.Fatal(err)
			}
			r, err := dialect.Parse(remote, []byte(tc.remote))
			if err != nil {
				t.Fatal(err)
			}
			m, err := dialect.Merge(l, r)
			if err != nil {
				t.Fatal(err)
			}
			info := loadInfo(local, []string{local, remote}, []*dialect.Doc{l, r}, m)
			if info.Changed != tc.want || info.Unsaved != tc.want {
				t.Errorf("the merge changed %d items (%d unsaved), want %d", info.Changed, info.Unsaved, tc.want)
			}
			out := filepath.Join(dir, "out.xml")
			info = loadInfo(out, []string{local, remote}, []*dialect.Doc{l, r}, m)
			if info.Changed != tc.want || info.Unsaved != 3 {
				t.Errorf("to a new OUT: the merge changed %d items (%d unsaved), want %d (3)", info.Changed, info.Unsaved, tc.want)
			}
		})
	}
}
