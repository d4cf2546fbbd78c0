package cli

import "github.com/feedsync/feedsync/feeds"

// validateFeed checks one feed and returns its problems as lines.
func validateFeed(src string, data []byte) []string {
	var out []string
	for _, p := range feeds.Validate(displayName(src), data) {
		out = append(out, p.String())
	}
	return out
}
