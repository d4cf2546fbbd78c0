package dialect

// BenchmarkMergeInOPML is what a hub serving an SSE 0.91 OPML outline
// spends on a POST of one outline: MergeIn of a one-outline feed into the
// model of an outline of 1k, 10k and 100k outlines (feedgen.OutlineSSE:
// ten children to an outline), parsing the POST excluded. edit posts a new
// version of an outline where it is; move puts it under another outline
// (no cycle). Cycle detection (0.91 §4.4.2) walks up from the outline
// posted, so the cost stays flat across the sizes (the outline's cycles
// are found when it is read, with the walk that warns of them).
// BenchmarkMergeOPMLWhole is the whole merge that each POST cost before:
//
//	$ go test -run='^$' -bench='MergeInOPML' -benchtime=2000x -benchmem ./feeds/dialect
//	$ go test -run='^$' -bench='MergeOPMLWhole' -benchtime=5x -benchmem ./feeds/dialect
//
// (each POST is parsed before the timer starts: keep -benchtime to a count).
// Measured under load (2 shared cores, five runs): 5.2-29, 4.3-17 and
// 4.2-30 µs per POST at 1k, 10k and 100k outlines, edit or move, the
// spread the machine's load; 1.6-1.8 kB in 25-28 allocations at every
// size. Before, MergeIn of an outline was the whole
// merge: 7.4 ms, 83 ms and 3.2 s per POST (best of 2×5), 3.0, 26 and 222
// MB; the whole merge alone takes 5.3 ms, 67 ms and 1.8 s, 2.2, 19 and
// 159 MB.

import (
	"fmt"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

func BenchmarkMergeInOPML(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		for _, move := range []bool{false, true} {
			name := map[bool]string{false: "edit", true: "move"}[move]
			b.Run(fmt.Sprintf("%d/%s", n, name), func(b *testing.B) {
				model := parseOrFail(b, "feed.opml", feedgen.OutlineSSE(n))
				posts := make([]*Doc, b.N)
				for i := range posts {
					posts[i] = oneOutlinePost(b, model, n, i, move)
				}
				before := sseInPlace.Load()
				b.ResetTimer()
				for i := range b.N {
					if changed, err := model.MergeIn(posts[i]); err != nil || len(changed) != 1 {
						b.Fatalf("MergeIn: %q, %v", changed, err)
					}
				}
				b.StopTimer()
				if took := sseInPlace.Load() - before; took != int64(b.N) {
					b.Fatalf("%d of %d POSTs merged in place", took, b.N)
				}
			})
		}
	}
}

func BenchmarkMergeOPMLWhole(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			model := parseOrFail(b, "feed.opml", feedgen.OutlineSSE(n))
			post := oneOutlinePost(b, model, n, 0, false)
			for b.Loop() {
				if _, err := Merge(model, post); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func parseOrFail(b *testing.B, name string, data []byte) *Doc {
	b.Helper()
	d, err := Parse(name, data)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// oneOutlinePost is an OPML feed of one outline of model's, o(n/2+1), at
// version 1000+i, which wins over those of smaller i: where model has it,
// or under another outline (move), one of o1 to o9.
func oneOutlinePost(b *testing.B, model *Doc, n, i int, move bool) *Doc {
	b.Helper()
	id := fmt.Sprintf("o%d", n/2+1)
	e, err := model.Entry(id)
	if err != nil {
		b.Fatal(err)
	}
	pos := e.Winner().Position()
	if move {
		pos.Parent = fmt.Sprintf("o%d", 1+i%9)
	}
	v := 1000 + i
	return parseOrFail(b, "post.opml", fmt.Appendf(nil, `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline"><head><title>t</title></head><body>
<outline text="v%d"><sx:sync id=%q version="%d" fso:parent=%q fso:key=%q fso:version="%d"><sx:history when="Sun, 22 May 2005 09:00:00 GMT" by="poster"/></sx:sync></outline>
</body></opml>`, v, id, v, pos.Parent, pos.Key, v))
}
