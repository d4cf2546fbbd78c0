package dialect

// BenchmarkAdoptSharedGUID adopts an RSS feed of n items that all carry
// one guid, so that every id after the first takes a suffix: linear, about
// 10× from 1k to 10k (issue 20 item 12: each id counted its suffixes from
// -2 up, 8,000 items took 18 s).
//
//	$ go test -run='^$' -bench=AdoptSharedGUID ./feeds/dialect

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

// sharedGUID is an RSS feed without sync data whose n items share a guid.
func sharedGUID(n int) []byte {
	var b strings.Builder
	b.WriteString("<rss version=\"2.0\"><channel><title>t</title>\n")
	for i := range n {
		fmt.Fprintf(&b, "<item><title>i%d</title><guid>same</guid></item>\n", i)
	}
	b.WriteString("</channel></rss>\n")
	return []byte(b.String())
}

func BenchmarkAdoptSharedGUID(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		d, err := Parse("shared.xml", sharedGUID(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := d.Adopt(engine.Stamp{By: "me"}, None); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestAdoptSharedGUIDLinear: adopting n items that share a guid allocates
// in proportion to n, not n² (each id counted its suffixes up from -2):
// twice the items, at most three times the bytes. Bytes allocated are
// counted, not time, so that a loaded machine cannot fail the test.
func TestAdoptSharedGUIDLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("adopts 4,000 items")
	}
	bytesFor := func(n int) uint64 {
		d, err := Parse("shared.xml", sharedGUID(n))
		if err != nil {
			t.Fatal(err)
		}
		return allocated(func() {
			if _, err := d.Adopt(engine.Stamp{By: "me"}, None); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := bytesFor(2_000), bytesFor(4_000)
	if large > 3*small {
		t.Errorf("adopting 2,000 items that share a guid allocates %d bytes, 4,000 %d: more than linear", small, large)
	}
}

// TestAdoptSharedGUIDSuffixes: ids made from one guid take the first free
// suffix, past ids the feed holds and ids made earlier from other items.
func TestAdoptSharedGUIDSuffixes(t *testing.T) {
	feed := `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title>
<item><title>held</title><sx:sync id="g-3" updates="1"><sx:history sequence="1" by="x"/></sx:sync></item>
<item><title>1</title><guid>g</guid></item>
<item><title>2</title><guid>g</guid></item>
<item><title>3</title><guid>g-2</guid></item>
<item><title>4</title><guid>g</guid></item>
<item><title>5</title><guid>g</guid></item>
</channel></rss>`
	d, err := Parse("f.xml", []byte(feed))
	if err != nil {
		t.Fatal(err)
	}
	a, err := d.Adopt(engine.Stamp{By: "me"}, None)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range a.Items {
		got = append(got, it.ID)
	}
	if want := "g g-2 g-2-2 g-4 g-5"; strings.Join(got, " ") != want {
		t.Errorf("ids %q, want %q", got, want)
	}
}

// allocated returns the bytes f allocates, the least of three runs.
func allocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
