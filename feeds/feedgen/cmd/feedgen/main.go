// Command feedgen writes a pair of generated feeds, local.xml and
// remote.xml, for benchmarks of the command line:
//
//	$ go run ./feeds/feedgen/cmd/feedgen -n 100000 -o /some/dir
//	$ go run ./feeds/feedgen/cmd/feedgen -n 100000 -dialect sse -o /some/dir
//
// -dialect feedsync (the default) gives FeedSync 1.0.2 Atom feeds
// (feedgen.Pair), sse gives SSE 0.91 RSS feeds (feedgen.PairSSE), both with
// about 10% of the shared items in conflict. The same flags give the same
// bytes. The directory -o names is created when it does not exist.
// -triple writes base.xml, ours.xml and theirs.xml instead: three versions
// of one feed as git hands them to a merge driver (feedgen.Triple,
// feedgen.TripleSSE), for measuring 'feedsync git-merge' against
// 'git merge-file':
//
//	$ go run ./feeds/feedgen/cmd/feedgen -n 10000 -triple -o /some/dir
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run is feedgen with its arguments; it returns the exit code: 0 done,
// 1 the feeds could not be written, 2 unusable arguments.
func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("feedgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100_000, "items in each feed, about")
	ratio := fs.Float64("conflicts", 0.1, "fraction of the shared items changed on both sides")
	seed := fs.Int64("seed", 1, "random seed")
	dialect := fs.String("dialect", "feedsync", "feedsync (1.0.2 Atom) or sse (0.91 RSS)")
	dir := fs.String("o", ".", "directory to write local.xml and remote.xml to (created when missing)")
	triple := fs.Bool("triple", false, "write base.xml, ours.xml and theirs.xml: a git merge's three versions of one feed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case *n < 1:
		fmt.Fprintf(stderr, "feedgen: -n %d: want at least 1 item\n", *n)
		return 2
	case !(*ratio >= 0 && *ratio <= 1):
		fmt.Fprintf(stderr, "feedgen: -conflicts %v: want a fraction from 0 to 1\n", *ratio)
		return 2
	}
	files := map[string][]byte{}
	switch {
	case *dialect == "feedsync" && *triple:
		files["base.xml"], files["ours.xml"], files["theirs.xml"] = feedgen.Triple(*n, *ratio, *seed)
	case *dialect == "sse" && *triple:
		files["base.xml"], files["ours.xml"], files["theirs.xml"] = feedgen.TripleSSE(*n, *ratio, *seed)
	case *dialect == "feedsync":
		files["local.xml"], files["remote.xml"] = feedgen.Pair(*n, *ratio, *seed)
	case *dialect == "sse":
		files["local.xml"], files["remote.xml"] = feedgen.PairSSE(*n, *ratio, *seed)
	default:
		fmt.Fprintf(stderr, "feedgen: -dialect %q: want feedsync or sse\n", *dialect)
		return 2
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "feedgen:", err)
		return 1
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			fmt.Fprintln(stderr, "feedgen:", err)
			return 1
		}
	}
	return 0
}
