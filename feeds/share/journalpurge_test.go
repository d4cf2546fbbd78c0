package share

import (
	"os"
	"testing"
	"time"
)

// FEED replaced by an older copy (a backup restored: a purge, 1.0.2
// §4.2.4) while the journal holds records no fold has written: the items
// only the journal holds survive, the items the copy lacks are a purge
// (since rises), and a subscriber that held them reads the complete feed
// and sends them back; nothing is lost.
func TestOlderFEEDWithUnfoldedRecordsLosesNothing(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := startHub(t, kind, Options{Window: Window{Items: 10}})
			th.edit("A", create("a", "A"))
			backup := readFile(t, th.path)
			e := th.endpoint("E")
			e.sync()
			e.edit(create("b", "B"))
			e.sync()
			th.hub.fold() // b is in FEED
			e.edit(create("c", "C"), edit("a", "A by E", false))
			e.sync() // c and a's edit: in the journal only
			want := itemSums(t, e.local)
			os.WriteFile(th.path, backup, 0o644)
			served := itemSums(t, th.path)
			if _, ok := served["b"]; ok || served["c"] != want["c"] || served["a"] != want["a"] {
				t.Errorf("the hub holds %v after the copy, want a as E edited it and c (the journal's), b lost with the copy", served)
			}
			if res := e.sync(); !res.OutOfSync {
				t.Errorf("E's sync after the purge: %+v, want it sent to the complete feed", res)
			}
			if got := itemSums(t, th.path); !sameSums(got, want) {
				t.Errorf("the hub holds %v after E's sync, want E's %v", got, want)
			}
		})
	}
}
