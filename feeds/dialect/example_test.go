package dialect_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// A new endpoint starts from an empty RSS channel, which has no dialect
// yet, and takes SSE 0.91 from the first feed merged into it; then it
// edits the item it received.
func Example() {
	empty := []byte(`<rss version="2.0"><channel><title>Mine</title></channel></rss>`)
	remote := []byte(`<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel>
<item><title>Buy milk</title><sx:sync id="1" version="1"><sx:history by="ep1"/></sx:sync></item>
</channel></rss>`)
	local, _ := dialect.Parse("local.xml", empty)
	other, _ := dialect.Parse("remote.xml", remote)
	fmt.Println(local.Dialect(), local.Format(), "⇐", other.Dialect(), other.Format())

	merged, err := dialect.Merge(local, other)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := merged.Entry("1")
	title := "Buy oat milk"
	st := engine.Stamp{When: time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC), By: "ep2"}
	e, _ = merged.Update(e, st, dialect.Change{Edit: dialect.Edit{Title: &title}}, dialect.Options{})
	merged.Set(e)
	w := e.Winner()
	fmt.Println(merged.Dialect(), e.Title(), "version", w.State().Version, "by", w.History()[0].By)
	// Output:
	// none rss ⇐ sse-0.91 rss
	// sse-0.91 Buy oat milk version 2 by ep2
}

// The shared ancestor of the examples below: a to-do list with one item,
// made by the laptop, and the two copies the laptop and the phone made of
// it by each changing the title before they synced again.
const (
	laptopFeed = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>To do</title>
<item><title>Buy 2 litres of milk</title><description>For the week</description>
<sx:sync id="milk" updates="2">
<sx:history sequence="2" when="2026-03-02T10:00:00Z" by="laptop"/>
<sx:history sequence="1" when="2026-03-01T09:00:00Z" by="laptop"/>
</sx:sync></item>
</channel></rss>`
	phoneFeed = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>To do</title>
<item><title>Buy oat milk</title><description>For the week</description>
<sx:sync id="milk" updates="2">
<sx:history sequence="2" when="2026-03-02T11:30:00Z" by="phone"/>
<sx:history sequence="1" when="2026-03-01T09:00:00Z" by="laptop"/>
</sx:sync></item>
</channel></rss>`
)

// Read a feed and list its items with their sync state.
func ExampleParse() {
	doc, err := dialect.Parse("laptop.xml", []byte(laptopFeed))
	if err != nil {
		fmt.Println(err) // file:line:col: what is wrong, for each problem
		return
	}
	fmt.Println(doc.Dialect(), doc.Format())
	for _, e := range doc.Entries() {
		w := e.Winner()
		fmt.Printf("%s %q updates=%d by %s\n", e.ID(), e.Title(), w.State().Updates, w.History()[0].By)
	}
	// Output:
	// feedsync-1.0.2 rss
	// milk "Buy 2 litres of milk" updates=2 by laptop
}

// Merge the phone's copy into the laptop's (1.0.2 §3.3): both changed the
// item since they last agreed, so the merge keeps a winner and records the
// other version as a conflict.
func ExampleMerge() {
	local, _ := dialect.Parse("laptop.xml", []byte(laptopFeed))
	remote, _ := dialect.Parse("phone.xml", []byte(phoneFeed))
	merged, err := dialect.Merge(local, remote)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(merged.Conflicted(), "item in conflict")
	// Output:
	// 1 item in conflict
}

// List the items in conflict, each winner with the versions beside it,
// as 'feedsync conflicts' does.
func ExampleDoc_Entries() {
	local, _ := dialect.Parse("laptop.xml", []byte(laptopFeed))
	remote, _ := dialect.Parse("phone.xml", []byte(phoneFeed))
	merged, _ := dialect.Merge(local, remote)
	for _, e := range merged.Entries() {
		if !e.InConflict() {
			continue
		}
		fmt.Printf("%s: winner %q by %s\n", e.ID(), e.Title(), e.Winner().History()[0].By)
		for i, v := range e.Versions() {
			title := ""
			for _, f := range v.Fields() {
				if f.Key == "title" {
					title = f.Value
				}
			}
			fmt.Printf("  version %d: %q by %s\n", i+1, title, v.History()[0].By)
		}
	}
	// Output:
	// milk: winner "Buy oat milk" by phone
	//   version 1: "Buy 2 litres of milk" by laptop
}

// Resolve a conflict by combining the versions (1.0.2 §3.4): keep the
// winner's data with a title of one's own, as 'feedsync resolve FEED --id
// milk --pick winner --title ...' does, and write the feed. The laptop's
// version is folded into the history right under the resolution (1.0.2
// §4), so every endpoint that merges this feed sees it settled.
func ExampleDoc_Resolve() {
	local, _ := dialect.Parse("laptop.xml", []byte(laptopFeed))
	remote, _ := dialect.Parse("phone.xml", []byte(phoneFeed))
	merged, _ := dialect.Merge(local, remote)

	e, _ := merged.Entry("milk")
	title := "Buy 2 litres of oat milk"
	st := engine.Stamp{When: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC), By: "phone"}
	resolved, err := merged.Resolve(e, st, dialect.Resolution{Pick: 0, Edit: dialect.Edit{Title: &title}}, dialect.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	merged.Set(resolved)
	w := resolved.Winner()
	fmt.Printf("%q updates=%d in conflict: %v; %d items in conflict\n", resolved.Title(), w.State().Updates, resolved.InConflict(), merged.Conflicted())
	var out strings.Builder // os.Stdout, or a file
	if _, err := merged.WriteTo(&out); err != nil {
		fmt.Println(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, "<sx:sync") || strings.Contains(line, "<sx:history") || strings.Contains(line, "<title>Buy") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// "Buy 2 litres of oat milk" updates=3 in conflict: false; 0 items in conflict
	// <title>Buy 2 litres of oat milk</title>
	// <sx:sync id="milk" updates="3">
	// <sx:history sequence="3" when="2026-03-02T12:00:00Z" by="phone"/>
	// <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="laptop"/>
	// <sx:history sequence="2" when="2026-03-02T11:30:00Z" by="phone"/>
	// <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="laptop"/>
}
