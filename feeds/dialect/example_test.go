package dialect_test

import (
	"fmt"
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
