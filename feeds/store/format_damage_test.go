package store

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestDamagedFormatNumberLosesNoBase: a bit flipped in the header's
// format number is damage, not a store of a newer feedsync, wherever the
// store can tell: the number is past any format a feedsync writes, or the
// log's index, made by this build, saw the header as this format. The
// header is written again and every base is kept; before, the whole store
// was set aside as "written by a newer feedsync" and every base was gone
// (issue 29 item 6: one bad byte loses every base).
func TestDamagedFormatNumberLosesNoBase(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int    // items: 10 has no index, 12000 has one
		value uint32 // the format number as damaged
	}{
		{"no index, top byte flipped", 10, format ^ 1<<24},
		{"no index, second byte flipped", 10, format ^ 1<<16},
		{"no index, third byte flipped", 10, format ^ 1<<8},
		{"indexed, top byte flipped", 12000, format ^ 1<<24},
		{"indexed, low bit flipped to a small number", 12000, format ^ 1<<1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := manyItems(tc.n, 400)
			feed := recordEach(t, items, 2000)
			b := readAll(t, Path(feed))
			binary.BigEndian.PutUint32(b[len(magic):], tc.value)
			if err := os.WriteFile(Path(feed), b, 0o644); err != nil {
				t.Fatal(err)
			}
			s, warn := Open(feed)
			defer s.Close()
			if aside, _ := filepath.Glob(Path(feed) + ".aside-*"); len(aside) > 0 {
				t.Fatalf("the store was set aside (%v): %v", aside, warn)
			}
			if n, missing := found(s, items); n != len(items) {
				t.Errorf("%d of %d bases found, missing %v; warning %v", n, len(items), missing[:min(5, len(missing))], warn)
			}
			if warn == nil {
				t.Error("no warning for the damaged header")
			}
			if got := binary.BigEndian.Uint32(readAll(t, Path(feed))[len(magic):]); got != format {
				t.Errorf("the header's format is %d after Open, want it written again as %d", got, format)
			}
		})
	}
}
