package dialect

import (
	"fmt"
	"strings"
	"testing"
)

// tombstoneRun is an OPML outline of a live outline under which n-1
// tombstones are chained by fso:parent, each under the one before, all
// written flat in the body.
func tombstoneRun(n int) []byte { return chainOPML(n, true) }

// chainOPML is an OPML outline of n outlines written flat in the body,
// each under the one before by fso:parent; with tombs all but the first
// are tombstones.
func chainOPML(n int, tombs bool) []byte {
	var b strings.Builder
	b.WriteString(`<opml version="1.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline"><head><title>t</title></head><body>
`)
	for i := range n {
		pos := ""
		if i > 0 {
			pos = fmt.Sprintf(` fso:parent="o%d" fso:key="V" fso:version="1"`, i-1)
			if tombs {
				pos += ` deleted="true"`
			}
		}
		fmt.Fprintf(&b, `<outline text="o%d"><sx:sync id="o%d" version="1"%s><sx:history by="ep1"/></sx:sync></outline>
`, i, i, pos)
	}
	b.WriteString("</body></opml>\n")
	return []byte(b.String())
}

// TestOutlineTombstoneRunLinear: the resolver's Outline of a run of
// tombstones allocates in proportion to the run, not to its square (each
// tombstone's live ancestor was looked for up the whole run): twice the
// tombstones, at most three times the bytes.
func TestOutlineTombstoneRunLinear(t *testing.T) {
	bytesFor := func(n int) uint64 {
		d, err := Parse("run.opml", tombstoneRun(n))
		if err != nil {
			t.Fatal(err)
		}
		entries := d.Entries()
		return allocated(func() { d.Outline(entries) })
	}
	small, large := bytesFor(500), bytesFor(1_000)
	if large > 3*small {
		t.Errorf("the Outline of 500 tombstones in a run allocates %d bytes, of 1,000 %d: more than linear", small, large)
	}
}

// BenchmarkOutlineTombstoneRun: linear, about 10× from 1k to 10k.
//
//	$ go test -run='^$' -bench=OutlineTombstoneRun ./feeds/dialect
func BenchmarkOutlineTombstoneRun(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		d, err := Parse("run.opml", tombstoneRun(n))
		if err != nil {
			b.Fatal(err)
		}
		entries := d.Entries()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				d.Outline(entries)
			}
		})
	}
}
