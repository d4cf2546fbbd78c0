package ssefeed_test

import (
	"fmt"
	"strings"

	sse "github.com/feedsync/feedsync/engine/sse"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

func ExampleParse() {
	feed := `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
  <sx:sharing version="0.91" window="30"/>
  <channel>
    <title>Playlist</title>
    <item>
      <title>Heart of Glass.mp3</title>
      <sx:sync id="101" version="2">
        <sx:history when="Sat, 7 Jan 2006 10:00:00 GMT" by="ep1">
          <sx:update when="Fri, 6 Jan 2006 19:24:09 GMT" by="ep2"/>
        </sx:history>
      </sx:sync>
    </item>
  </channel>
</rss>`
	d, err := ssefeed.Parse("playlist.xml", []byte(feed))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Kind(), ssefeed.Is([]byte(feed)))
	for _, it := range d.Items() {
		fmt.Println(it.ID, it.Version, ssefeed.Title(it.Data), it.History.By, it.History.When.Format("2006-01-02 15:04"))
	}
	fmt.Println(d.Warnings())
	// Output:
	// rss true
	// 101 2 Heart of Glass.mp3 ep1 2006-01-07 10:00
	// playlist.xml:2:3: sx:sharing: sx:sharing belongs inside channel (0.91 §2.1); read from here and left in place
}

// Two endpoints moved A under B and B under A at the same time. Merging
// detects the cycle (§4.4.2): A, the lower id, goes to the root with
// conflict="true".
func ExampleMerge() {
	feed := func(outer, inner string) string {
		return `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><body>
<outline text="` + outer + `"><sx:sync id="` + outer + `" version="1"><sx:history by="ep0"/></sx:sync>
<outline text="` + inner + `"><sx:sync id="` + inner + `" version="2"><sx:history by="ep-` + inner + `"><sx:update by="ep0"/></sx:history></sx:sync></outline>
</outline></body></opml>`
	}
	local, _ := ssefeed.Parse("local.opml", []byte(feed("B", "A")))
	remote, _ := ssefeed.Parse("remote.opml", []byte(feed("A", "B")))
	merged, err := ssefeed.Merge(local, remote)
	if err != nil {
		fmt.Println(err)
		return
	}
	var show func(ns []*sse.Node, depth int)
	show = func(ns []*sse.Node, depth int) {
		for _, n := range ns {
			fmt.Printf("%s%s conflict=%v\n", strings.Repeat("  ", depth), ssefeed.Title(n.Item.Data), n.Item.Conflict)
			show(n.Children, depth+1)
		}
	}
	show(merged.Tree().Roots, 0)
	// Output:
	// A conflict=true
	//   B conflict=false
}
