package dialect

import (
	"bytes"
	"slices"
	"testing"
)

// TestMergeInIsMerge: merging feeds into a Doc in place, one after
// another as a hub takes in POSTs, writes byte for byte what Merge writes
// (1.0.2 §3.3; 0.91 §4.4, and for outlines 0.91 §4.4.2's cycle detection,
// which flags cut outlines the POST does not carry), and MergeIn names
// exactly the entries that
// differ from before. The feeds are those of random endpoints (the mesh
// of the endpoint property tests): creates, edits, deletes, moves,
// conflicts and resolutions, in every dialect and format.
func TestMergeInIsMerge(t *testing.T) {
	cases := []struct {
		name    string
		dialect Dialect
		feeds   []string
		inPlace bool // SSE 0.91, RSS and OPML, merges item by item once both feeds hold sync data
	}{
		{"0.91 RSS", SSE091, []string{emptyRSS}, true},
		{"0.91 OPML", SSE091, []string{emptyOPML}, true},
		{"1.0.2 RSS", FeedSync102, []string{emptyRSS}, false},
		{"1.0.2 Atom and RSS", FeedSync102, []string{emptyAtom, emptyRSS}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, calls := sseInPlace.Load(), 0
			defer func() {
				took := sseInPlace.Load() - before
				if c.inPlace && took*4 < int64(calls)*3 || !c.inPlace && took != 0 {
					t.Errorf("%d of %d merges went item by item in SSE 0.91's path", took, calls)
				}
			}()
			for seed := range int64(*seeds) {
				m := newMesh(t, seed, c.dialect, c.feeds)
				model, ref := m.doc(0), m.doc(0)
				for range 40 {
					m.step()
					j := m.rng.Intn(len(m.feeds))
					ref = m.checkMergeIn(model, ref, m.doc(j))
					calls++
				}
			}
		})
	}
}

// checkMergeIn merges posted into model in place and into ref by Merge,
// checks that both write the same bytes and that the ids MergeIn returned
// are those whose entries changed, and returns Merge's result.
func (m *mesh) checkMergeIn(model, ref, posted *Doc) *Doc {
	m.t.Helper()
	before := map[string]Entry{}
	for _, e := range model.Entries() {
		before[e.ID()] = e
	}
	want, werr := Merge(ref, posted)
	changed, err := model.MergeIn(posted)
	if (err == nil) != (werr == nil) {
		m.fatalf("MergeIn: %v, Merge: %v", err, werr)
	}
	if err != nil {
		return ref
	}
	if got, w := model.Bytes(), want.Bytes(); !bytes.Equal(got, w) {
		m.fatalf("MergeIn wrote\n%s\nMerge wrote\n%s", got, w)
	}
	var differ []string
	for _, e := range model.Entries() {
		if b, ok := before[e.ID()]; !ok || b != e {
			differ = append(differ, e.ID())
		}
	}
	slices.Sort(differ)
	slices.Sort(changed)
	if !slices.Equal(differ, changed) {
		m.fatalf("MergeIn names %q changed; %q differ", changed, differ)
	}
	m.logf("model ⇐ %s", posted.Name())
	return want
}
