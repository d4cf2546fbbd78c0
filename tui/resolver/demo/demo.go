// Package demo embeds the pair of feeds that `feedsync demo` opens: two
// FeedSync 1.0.2 Atom feeds whose merge shows every kind of case the
// resolver handles; and their common ancestor, base.xml: the version of
// each item in conflict that both endpoints last shared, which the demo
// records in the version store beside the feed it saves (package
// feeds/store), so that every conflict has its base. Change base.xml with
// the pair: its versions are found by the history entry where the pair's
// versions diverged.
package demo

import _ "embed"

//go:embed local.xml
var local []byte

//go:embed remote.xml
var remote []byte

//go:embed base.xml
var base []byte

// Feeds returns copies of the local and the remote feed.
func Feeds() (localFeed, remoteFeed []byte) {
	return append([]byte(nil), local...), append([]byte(nil), remote...)
}

// Base returns a copy of the feed of the pair's common ancestors.
func Base() []byte { return append([]byte(nil), base...) }
