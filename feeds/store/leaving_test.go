package store

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestLeavingKeepsWhatRecordLeftRecords: the entries Leaving keeps of what
// a merge read give RecordLeft the same records, byte for byte in the
// store, as all of them do, whether the read entries come in the saved
// feed's order or not, and Leaving drops most of them: a merge's inputs
// mostly hold what it keeps.
func TestLeavingKeepsWhatRecordLeftRecords(t *testing.T) {
	l, r := feedgen.Pair(3_000, 0.1, 5)
	ld, rd := parse(t, l), parse(t, r)
	out, err := dialect.Merge(ld, rd)
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(rd.Entries())
	slices.Reverse(shuffled)
	for name, read := range map[string][][]dialect.Entry{
		"in order": {ld.Entries(), rd.Entries()},
		"reversed": {ld.Entries(), shuffled},
	} {
		t.Run(name, func(t *testing.T) {
			stores := [2][]byte{}
			kept := Leaving(read, out)
			n, k := 0, 0
			for i := range read {
				n, k = n+len(read[i]), k+len(kept[i])
			}
			if k == 0 || k > n/4 {
				t.Errorf("Leaving kept %d of %d entries", k, n)
			}
			for i, rd := range [][][]dialect.Entry{read, kept} {
				feed := feedIn(t)
				s := open(t, feed)
				if err := s.RecordLeft(rd, out); err != nil {
					t.Fatal(err)
				}
				if s.Stats().Records == 0 {
					t.Fatal("nothing recorded")
				}
				s.Close()
				b, err := os.ReadFile(Path(feed))
				if err != nil {
					t.Fatal(err)
				}
				stores[i] = b
			}
			if !bytes.Equal(stores[0], stores[1]) {
				t.Errorf("RecordLeft wrote %d bytes from all that was read, %d from what Leaving kept", len(stores[0]), len(stores[1]))
			}
		})
	}
}
