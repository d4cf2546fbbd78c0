package cse

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// flatTree is a local tree of one feed with n items, each linking one
// small file.
func flatTree(b testing.TB, n int) string {
	site := b.TempDir()
	var items strings.Builder
	files := map[string][]byte{}
	for i := range n {
		fmt.Fprintf(&items, `<item><guid>g%d</guid><k:lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</k:lastBuildDate><k:link>f/%d.txt</k:link></item>`, i, i)
		files[fmt.Sprintf("f/%d.txt", i)] = []byte("x")
	}
	files["root.xml"] = rss(`<lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</lastBuildDate>` + items.String())
	writeTree(b, site, files)
	return filepath.Join(site, "root.xml")
}

// BenchmarkPull is a first pull of a local tree of one feed with n items,
// each linking one file: it must grow linearly with n (issue 13 item 9:
// the feed's record was rewritten and synced once per item, so 10,000
// items took 54 s).
// $ go test -run - -bench Pull -benchtime 3x ./feeds/cse
func BenchmarkPull(b *testing.B) {
	for _, n := range []int{250, 1000, 4000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			root := flatTree(b, n)
			for b.Loop() {
				src, err := openSource(root)
				if err != nil {
					b.Fatal(err)
				}
				c := testCache(b, b.TempDir())
				s, err := pull(context.Background(), c, src, &recorder{})
				if err != nil || s.failed > 0 || s.problems > 0 {
					b.Fatalf("pull: %v, %d failed, %d problems", err, s.failed, s.problems)
				}
				src.close()
			}
		})
	}
}
