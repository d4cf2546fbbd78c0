//go:build unix

package cse

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test if fn does not return within a generous bound: a
// guard against hanging for ever, not a speed check.
func within(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("blocked")
	}
}

// TestLocalTreeFIFO guards issue 13 item 8: a csx:link naming a FIFO
// inside a local tree hung pull (and stamp and validation, for a nested
// feed), waiting for a writer. The FIFO is refused as a failed download,
// or a problem, naming what it is, and the rest of the tree is synced.
func TestLocalTreeFIFO(t *testing.T) {
	site := t.TempDir()
	writeTree(t, site, map[string][]byte{
		"root.xml": rss(`<lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</lastBuildDate>` +
			`<item><guid>a</guid><k:lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</k:lastBuildDate><k:link>pipe</k:link></item>` +
			`<item><guid>b</guid><k:lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</k:lastBuildDate><k:link nestedFeed="true">pipe.xml</k:link></item>` +
			`<item><guid>c</guid><k:lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</k:lastBuildDate><k:link>ok.txt</k:link></item>`),
		"ok.txt": []byte("ok"),
	})
	for _, name := range []string{"pipe", "pipe.xml"} {
		if err := syscall.Mkfifo(filepath.Join(site, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(site, "root.xml")
	t.Run("pull", func(t *testing.T) {
		dir := t.TempDir()
		within(t, func() {
			s, rep := pullTree(t, root, dir)
			if s.failed != 2 || strings.Count(rep.text(), "a FIFO (named pipe), not a regular file") != 2 {
				t.Errorf("failed %d:\n%s", s.failed, rep.text())
			}
			if got := cachedContent(t, dir, fileURL(filepath.Join(site, "ok.txt")).String()); got != "ok" {
				t.Errorf("ok.txt = %q", got)
			}
		})
	})
	t.Run("validate", func(t *testing.T) {
		within(t, func() {
			got := ValidateTree(root).Error()
			if !strings.Contains(got, "pipe.xml: a FIFO (named pipe), not a regular file") {
				t.Errorf("ValidateTree:\n%s", got)
			}
		})
	})
}
