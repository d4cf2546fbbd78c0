// Command feedgen writes a pair of generated feeds, local.xml and
// remote.xml, for benchmarks of the command line:
//
//	$ go run ./feeds/feedgen/cmd/feedgen -n 100000 -o /some/dir
//	$ go run ./feeds/feedgen/cmd/feedgen -n 100000 -dialect sse -o /some/dir
//
// -dialect feedsync (the default) gives FeedSync 1.0.2 Atom feeds
// (feedgen.Pair), sse gives SSE 0.91 RSS feeds (feedgen.PairSSE), both with
// about 10% of the shared items in conflict. The same flags give the same
// bytes.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

func main() {
	n := flag.Int("n", 100_000, "items in each feed, about")
	ratio := flag.Float64("conflicts", 0.1, "fraction of the shared items changed on both sides")
	seed := flag.Int64("seed", 1, "random seed")
	dialect := flag.String("dialect", "feedsync", "feedsync (1.0.2 Atom) or sse (0.91 RSS)")
	dir := flag.String("o", ".", "directory to write local.xml and remote.xml to")
	flag.Parse()
	var local, remote []byte
	switch *dialect {
	case "feedsync":
		local, remote = feedgen.Pair(*n, *ratio, *seed)
	case "sse":
		local, remote = feedgen.PairSSE(*n, *ratio, *seed)
	default:
		fmt.Fprintf(os.Stderr, "feedgen: -dialect %q: want feedsync or sse\n", *dialect)
		os.Exit(2)
	}
	for name, data := range map[string][]byte{"local.xml": local, "remote.xml": remote} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "feedgen:", err)
			os.Exit(1)
		}
	}
}
