package share

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A record damaged in the middle of a segment (the disk's damage, not a
// kill: sound records follow it, and they were acknowledged) is no torn
// tail: the records after it are replayed, not cut off with it, the
// damage is reported, and the segment as found is kept beside the
// journal (FEED.journal.N.damaged) for whoever looks into it.
func TestJournalDamageInTheMiddleLosesNothingAfterIt(t *testing.T) {
	for name, damage := range map[string]func(b []byte){
		"payload": func(b []byte) { b[len(b)-3] ^= 0xff },
		"length":  func(b []byte) { b[0] ^= 0x7f },
	} {
		t.Run(name, func(t *testing.T) {
			feed := filepath.Join(t.TempDir(), "hub.xml")
			os.MkdirAll(filepath.Dir(journalPath(feed)), 0o755)
			j, _, err := openJournal(feed)
			if err != nil {
				t.Fatal(err)
			}
			var frames [][]byte
			for i, id := range []string{"a", "b", "c"} {
				r := testRecord(t, id, int64(100+i))
				data, err := r.encode()
				if err != nil {
					t.Fatal(err)
				}
				frames = append(frames, data)
			}
			seg := j.segName(j.seg)
			j.close()
			damage(frames[1])
			var all []byte
			for _, f := range frames {
				all = append(all, f...)
			}
			os.WriteFile(seg, all, 0o644)
			j, recs, err := openJournal(feed)
			if err != nil {
				t.Fatal(err)
			}
			defer j.close()
			var got []string
			for _, r := range recs {
				got = append(got, r.Items[0].ID)
			}
			if strings.Join(got, ",") != "a,c" {
				t.Errorf("read the records of %v, want a and c (c was acknowledged after the damaged b)", got)
			}
			if len(j.damage) != 1 || !strings.Contains(j.damage[0], filepath.Base(seg)) {
				t.Errorf("damage reported: %q, want one line naming %s", j.damage, filepath.Base(seg))
			}
			if kept, err := os.ReadFile(seg + ".damaged"); err != nil || string(kept) != string(all) {
				t.Errorf("the damaged segment was not kept as found: %v", err)
			}
		})
	}
}
