// Package demo embeds the pair of feeds that `feedsync demo` opens: two
// FeedSync 1.0.2 Atom feeds whose merge shows every kind of case the
// resolver handles.
package demo

import _ "embed"

//go:embed local.xml
var local []byte

//go:embed remote.xml
var remote []byte

// Feeds returns copies of the local and the remote feed.
func Feeds() (localFeed, remoteFeed []byte) {
	return append([]byte(nil), local...), append([]byte(nil), remote...)
}
