package tui

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// waitFolded waits until the hub serving feed has folded its journal
// into it, which it does once no POST has come for a moment: a test that
// reads the hub's feed, or edits it as another command, right after a
// sync finds it as a person a moment later would.
func waitFolded(t *testing.T, feed string) {
	t.Helper()
	pattern := filepath.Join(filepath.Dir(feed), ".feedsync", filepath.Base(feed)+".journal.*")
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		segs, _ := filepath.Glob(pattern)
		held := false
		for _, s := range segs {
			if fi, err := os.Stat(s); err == nil && fi.Size() > 0 {
				held = true
			}
		}
		if !held {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub did not fold its journal into %s", feed)
		}
	}
}
