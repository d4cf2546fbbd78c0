package share

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A hub killed at each stage of a fold (after FEED is renamed into place,
// before the stamps are saved; after the stamps, before the journal's
// segments are dropped) loses nothing when it starts again: FEED holds
// every item posted, each keeps the stamp it was given, until does not go
// back, and the next POST is stamped after it (1.0.2 §4.2.3: a subscriber
// that cached the until misses nothing).
func TestFoldKilledAtEachStageLosesNothing(t *testing.T) {
	for _, stage := range []string{"before the stamps", "before the segments are dropped"} {
		for _, kind := range kinds {
			t.Run(stage+"/"+kind, func(t *testing.T) {
				defer setFoldIdle(time.Hour)()
				th := startHub(t, kind, Options{Window: Window{Items: 2}})
				th.edit("A", create("a", "A"))
				e := th.endpoint("E")
				e.sync()
				for _, id := range []string{"b", "c", "d"} {
					e.edit(create(id, id))
					e.sync() // stamps run ahead of the clock, which does not move
				}
				until := th.get("/").Sharing().Until
				stamps := th.hub.st.copyForSave().Items
				// What the kill leaves: the stamps file and segments as
				// they were before the fold, FEED as the fold wrote it.
				state := statePath(th.path, "serve")
				oldState := readFileRaw(t, state)
				segs := map[string][]byte{}
				names, _ := filepath.Glob(journalPath(th.path) + ".*")
				for _, n := range names {
					segs[n] = readFileRaw(t, n)
				}
				if err := th.hub.fold(); err != nil {
					t.Fatal(err)
				}
				th.crash()
				if stage == "before the stamps" {
					os.WriteFile(state, oldState, 0o644)
				}
				for n, b := range segs {
					os.WriteFile(n, b, 0o644)
				}
				th.start(Options{Window: Window{Items: 2}})
				if got, want := itemSums(t, th.path), itemSums(t, e.local); !sameSums(got, want) {
					t.Errorf("after the restart FEED holds %v, want E's %v", got, want)
				}
				if got := th.get("/").Sharing().Until; got != until {
					t.Errorf("until %v after the restart, want %v", got, until)
				}
				for id, s := range stamps {
					if got := th.hub.st.Items[id]; got != s {
						t.Errorf("%s stamped %+v after the restart, was %+v", id, got, s)
					}
				}
				e.edit(create("z", "z"))
				e.sync()
				if got := th.hub.st.Items["z"].At; got <= until.At.Unix() {
					t.Errorf("z stamped %d after the restart, not after the until %v cached before it", got, until)
				}
			})
		}
	}
}

func readFileRaw(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
