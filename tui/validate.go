package tui

import (
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// validateFeed checks one feed and returns its problems as lines: a CSE
// tree against the CSE invariants, an SSE 0.91 feed against SSE 0.91,
// anything else against FeedSync 1.0.2.
func validateFeed(src string, data []byte) []string {
	if out, ok := validateCSE(src, data); ok {
		return out
	}
	validate := feeds.Validate
	if ssefeed.Is(data) {
		validate = ssefeed.Validate
	}
	var out []string
	for _, p := range validate(displayName(src), data) {
		out = append(out, p.String())
	}
	return out
}
