package share_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	"github.com/feedsync/feedsync/feeds/share"
)

// A hub serves a feed; a new endpoint syncs it into a LOCAL that does not
// exist yet, and a second sync with nothing changed costs one 304.
func Example() {
	dir, _ := os.MkdirTemp("", "share-example")
	defer os.RemoveAll(dir)
	feed := filepath.Join(dir, "todo.xml")
	os.WriteFile(feed, []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>To do</title>
<item><title>Buy milk</title><sx:sync id="milk" updates="1"><sx:history sequence="1" when="2025-05-21T09:00:00Z" by="laptop"/></sx:sync></item>
</channel></rss>`), 0o644)
	now := func() time.Time { return time.Date(2025, 5, 21, 10, 0, 0, 0, time.UTC) }

	hub, err := share.NewHub(feed, share.Options{Window: share.Window{Items: 50}, Now: now})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer hub.Close()
	srv := httptest.NewServer(hub)
	defer srv.Close()

	sub := &share.Subscription{Local: filepath.Join(dir, "phone.xml"), URL: srv.URL + "/", By: "phone", Now: now(), Client: &share.Client{By: "phone"}}
	for range 2 {
		res, err := sub.Sync(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("read the complete feed: %v, changed: %d, sent: %d, unchanged: %v\n", res.Complete, res.Changed, res.Pushed, res.Unchanged)
	}
	// Output:
	// read the complete feed: true, changed: 1, sent: 0, unchanged: false
	// read the complete feed: false, changed: 0, sent: 0, unchanged: true
}
