// Package feedgen generates pairs of feeds for benchmarks and tests: two
// endpoints' copies of one item set, with the differences that syncing
// meets in practice. Pair writes FeedSync 1.0.2 Atom feeds, PairSSE SSE 0.91
// RSS feeds of the same items; OutlineSSE writes one SSE 0.91 OPML
// outline of nested outlines. The command feeds/feedgen/cmd/feedgen writes
// a pair to files; feeds/feedgen/cmd/etreefloor is the yardstick the
// benchmarks of the command line measure against. README.md beside this
// file holds the figures measured and the commands that reproduce them.
package feedgen

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"time"
)

// Pair returns two Atom feeds, local and remote, sharing about n items.
// Every item has 3 to 8 history entries. Of the shared items, a fraction
// conflictRatio was changed on both sides since they last synced (merging
// gives a conflict); about 10% were changed on the remote side only and 5%
// on the local side only; 3% carry a conflict both sides already know. Each
// side also has about 1% items the other lacks, and every item's
// publisher-specific elements (atom:id, link rel="edit", updated) differ
// between the sides, as implementation note 1 expects. The same arguments
// give the same bytes.
func Pair(n int, conflictRatio float64, seed int64) (local, remote []byte) {
	return pair(n, conflictRatio, seed, false)
}

// PairSSE returns two SSE 0.91 RSS feeds with the items Pair would give for
// the same arguments, in SSE 0.91's form (§2.3 to §2.5, §5): an item's
// version is its topmost history sequence, its sx:history the topmost
// entry and sx:update the earlier ones; a known conflict is an
// sx:conflict. RSS has no publisher-specific elements to differ.
func PairSSE(n int, conflictRatio float64, seed int64) (local, remote []byte) {
	return pair(n, conflictRatio, seed, true)
}

// Triple returns three versions of one Atom feed as git hands them to a
// merge driver: the common ancestor and two branches, ours and theirs,
// with the items and changes Pair gives for the same arguments, made
// from the ancestor's items: an item one side changed or added is the
// ancestor's, changed on that side; an item in conflict both sides know
// is the ancestor's too. Unlike Pair's, the three versions share their
// feed-level and publisher-specific elements, as one repository's feed
// does, and of the items changed on both sides every other one has its
// title changed on ours (its content on theirs), so that half of them
// combine three-way. The same arguments give the same bytes.
func Triple(n int, conflictRatio float64, seed int64) (base, ours, theirs []byte) {
	return triple(n, conflictRatio, seed, false)
}

// TripleSSE is Triple in SSE 0.91 RSS, as PairSSE is Pair.
func TripleSSE(n int, conflictRatio float64, seed int64) (base, ours, theirs []byte) {
	return triple(n, conflictRatio, seed, true)
}

func triple(n int, conflictRatio float64, seed int64, sse bool) (base, ours, theirs []byte) {
	bw := newFeed("repo", sse)
	o, t := gen(n, conflictRatio, seed, sse, "repo", "repo", bw)
	return bw.close(), o, t
}

func pair(n int, conflictRatio float64, seed int64, sse bool) (local, remote []byte) {
	return gen(n, conflictRatio, seed, sse, "local", "remote", nil)
}

// gen writes the two sides' feeds, named ls and rs, and with bw not nil
// their common ancestor (see Triple).
func gen(n int, conflictRatio float64, seed int64, sse bool, ls, rs string, bw *feed) (local, remote []byte) {
	lw, rw := newFeed(ls, sse), newFeed(rs, sse)
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	for i := range n {
		it := newItem(rng, i)
		r := rng.Float64()
		if bw != nil && r >= 0.02 && !(r >= 0.17+conflictRatio && r < 0.20+conflictRatio) {
			bw.entry(it)
		}
		switch {
		case r < 0.01:
			lw.entry(it)
		case r < 0.02:
			rw.entry(it)
		case r < 0.02+conflictRatio && bw != nil && i%2 == 0:
			lw.entry(it.retitle(rng, "endpoint-local"))
			rw.entry(it.update(rng, "endpoint-remote"))
		case r < 0.02+conflictRatio:
			lw.entry(it.update(rng, "endpoint-local"))
			rw.entry(it.update(rng, "endpoint-remote"))
		case r < 0.12+conflictRatio:
			lw.entry(it)
			rw.entry(it.update(rng, "endpoint-remote"))
		case r < 0.17+conflictRatio:
			lw.entry(it.update(rng, "endpoint-local"))
			rw.entry(it)
		case r < 0.20+conflictRatio:
			w, c := it.update(rng, "endpoint-9"), it.update(rng, "endpoint-old")
			c.hist[0].when = w.hist[0].when.Add(-time.Second) // w wins
			w.conflict = c
			lw.entry(w)
			rw.entry(w)
			if bw != nil {
				bw.entry(w)
			}
		default:
			lw.entry(it)
			rw.entry(it)
		}
	}
	return lw.close(), rw.close()
}

type history struct {
	seq  int
	when time.Time
	by   string
}

type item struct {
	id       string
	title    string
	text     string
	cats     []string
	hist     []history // topmost first
	conflict *item
}

var (
	epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	words = []string{"milk", "eggs", "bread", "butter", "report", "meeting", "review", "draft", "call", "plan",
		"garden", "invoice", "budget", "travel", "book", "ticket", "repair", "paint", "school", "lunch"}
)

func newItem(rng *rand.Rand, i int) *item {
	it := &item{id: "item-" + strconv.Itoa(i) + "-" + strconv.FormatUint(rng.Uint64()>>32, 36)}
	it.title = sentence(rng, 3+rng.IntN(4))
	it.text = sentence(rng, 15+rng.IntN(30))
	for range rng.IntN(3) {
		it.cats = append(it.cats, words[rng.IntN(len(words))])
	}
	when := epoch.Add(time.Duration(rng.IntN(86400*300)) * time.Second)
	k := 3 + rng.IntN(6)
	for s := k; s >= 1; s-- {
		it.hist = append(it.hist, history{s, when, "endpoint-" + strconv.Itoa(1+rng.IntN(8))})
		when = when.Add(-time.Duration(1+rng.IntN(86400)) * time.Second)
	}
	return it
}

// update returns a copy of the item changed by endpoint by.
func (it *item) update(rng *rand.Rand, by string) *item {
	c := *it
	c.conflict = nil
	top := it.hist[0]
	c.hist = append([]history{{top.seq + 1, top.when.Add(time.Duration(1+rng.IntN(3600)) * time.Second), by}}, it.hist...)
	c.text = it.text + " and " + sentence(rng, 3)
	return &c
}

// retitle returns a copy of the item whose title endpoint by changed.
func (it *item) retitle(rng *rand.Rand, by string) *item {
	c := it.update(rng, by)
	c.text = it.text
	c.title = sentence(rng, 2) + " " + it.title
	return c
}

func sentence(rng *rand.Rand, n int) string {
	var b []byte
	for i := range n {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, words[rng.IntN(len(words))]...)
	}
	return string(b)
}

// feed is one side's feed being written: FeedSync 1.0.2 Atom, or SSE 0.91
// RSS when sse is set.
type feed struct {
	b    bytes.Buffer
	side string
	sse  bool
}

func newFeed(side string, sse bool) *feed {
	f := &feed{side: side, sse: sse}
	f.b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	if sse {
		f.b.WriteString(`<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>` + side + ` to-do list</title>
  <link>http://` + side + `.example.com/</link>
  <description>Shared to-do list</description>
`)
		return f
	}
	f.b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>` + side + ` to-do list</title>
  <link rel="self" href="http://` + side + `.example.com/feed.xml"/>
  <updated>2024-12-31T00:00:00Z</updated>
  <id>urn:uuid:` + side + `-feed</id>
`)
	return f
}

// entry writes an item: an Atom entry or an RSS item.
func (f *feed) entry(it *item) {
	if f.sse {
		f.sseItem(it)
		return
	}
	f.b.WriteString("  <entry>\n")
	f.body(it, "   ")
	f.b.WriteString("  </entry>\n")
}

func (f *feed) body(it *item, ind string) {
	b := &f.b
	b.WriteString(ind + "<title>" + it.title + "</title>\n")
	b.WriteString(ind + "<content>" + it.text + "</content>\n")
	for _, c := range it.cats {
		b.WriteString(ind + `<category term="` + c + `"/>` + "\n")
	}
	b.WriteString(ind + "<id>urn:" + f.side + ":" + it.id + "</id>\n")
	b.WriteString(ind + "<author><name>" + f.side + " user</name></author>\n")
	b.WriteString(ind + "<updated>" + it.hist[0].when.Format(time.RFC3339) + "</updated>\n")
	b.WriteString(ind + `<link rel="edit" href="http://` + f.side + `.example.com/items/` + it.id + `"/>` + "\n")
	b.WriteString(ind + `<sx:sync id="` + it.id + `" updates="` + strconv.Itoa(it.hist[0].seq) + `">` + "\n")
	for _, h := range it.hist {
		b.WriteString(ind + ` <sx:history sequence="` + strconv.Itoa(h.seq) + `" when="` + h.when.Format(time.RFC3339) + `" by="` + h.by + `"/>` + "\n")
	}
	if c := it.conflict; c != nil {
		b.WriteString(ind + " <sx:conflicts>\n")
		b.WriteString(ind + "  <entry>\n")
		f.body(c, ind+"   ")
		b.WriteString(ind + "  </entry>\n")
		b.WriteString(ind + " </sx:conflicts>\n")
	}
	b.WriteString(ind + "</sx:sync>\n")
}

// close ends the feed and returns its bytes.
func (f *feed) close() []byte {
	if f.sse {
		f.b.WriteString(" </channel>\n</rss>\n")
	} else {
		f.b.WriteString("</feed>\n")
	}
	return f.b.Bytes()
}

// rfc822 is SSE 0.91's date-time form (§1.2).
const rfc822 = "Mon, 02 Jan 2006 15:04:05 GMT"

func (f *feed) sseItem(it *item) {
	b := &f.b
	b.WriteString("  <item>\n")
	f.sseData(it, "   ")
	b.WriteString(`   <sx:sync id="` + it.id + `" version="` + strconv.Itoa(it.hist[0].seq) + `"`)
	if it.conflict != nil {
		b.WriteString(` conflict="true"`)
	}
	b.WriteString(">\n")
	h := it.hist[0]
	b.WriteString(`    <sx:history when="` + h.when.Format(rfc822) + `" by="` + h.by + `"`)
	if len(it.hist) == 1 {
		b.WriteString("/>\n")
	} else {
		b.WriteString(">\n")
		for _, u := range it.hist[1:] {
			b.WriteString(`     <sx:update when="` + u.when.Format(rfc822) + `" by="` + u.by + `"/>` + "\n")
		}
		b.WriteString("    </sx:history>\n")
	}
	if c := it.conflict; c != nil {
		ch := c.hist[0]
		b.WriteString("    <sx:conflicts>\n")
		b.WriteString(`     <sx:conflict when="` + ch.when.Format(rfc822) + `" by="` + ch.by + `" version="` + strconv.Itoa(ch.seq) + `">` + "\n")
		f.sseData(c, "      ")
		b.WriteString("     </sx:conflict>\n")
		b.WriteString("    </sx:conflicts>\n")
	}
	b.WriteString("   </sx:sync>\n")
	b.WriteString("  </item>\n")
}

func (f *feed) sseData(it *item, ind string) {
	b := &f.b
	b.WriteString(ind + "<title>" + it.title + "</title>\n")
	b.WriteString(ind + "<description>" + it.text + "</description>\n")
	for _, c := range it.cats {
		b.WriteString(ind + "<category>" + c + "</category>\n")
	}
}
