//go:build unix

package tui

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesRefused guards issue 13 item 8: a FIFO given as FEED
// blocked every command for ever, waiting for a writer. It, a directory
// and a device are refused at once, with exit 2 and a message naming what
// they are, and nothing is written.
func TestSpecialFilesRefused(t *testing.T) {
	h := newHarness(t)
	fifo := h.path("feed.xml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	h.write("good.xml", oneItem)
	cases := []struct{ name, path, want string }{
		{"FIFO", fifo, fifo + ": a FIFO (named pipe), not a regular file"},
		{"directory", h.dir, h.dir + ": a directory, not a regular file"},
		{"device", "/dev/zero", "/dev/zero: a character device, not a regular file"},
	}
	for _, tc := range cases {
		for _, args := range [][]string{{"validate", tc.path}, {"merge", h.path("good.xml"), tc.path}, {"conflicts", tc.path}} {
			t.Run(tc.name+"/"+args[0], func(t *testing.T) {
				type result struct {
					code           int
					stdout, stderr string
				}
				done := make(chan result, 1)
				go func() {
					code, stdout, stderr := h.run("", args...)
					done <- result{code, stdout, stderr}
				}()
				select {
				case r := <-done:
					if r.code != ExitError || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
						t.Errorf("exit %d, stdout %q, stderr:\n%s", r.code, r.stdout, r.stderr)
					}
				case <-time.After(10 * time.Second): // a guard against hanging, not a speed check
					t.Fatal("blocked")
				}
			})
		}
	}
	if matches, _ := filepath.Glob(h.path("*.tmp-*")); len(matches) > 0 {
		t.Errorf("left %q", matches)
	}
}
