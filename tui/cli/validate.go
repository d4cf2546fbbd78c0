package cli

import "github.com/feedsync/feedsync/feeds"

// validateFeed checks one feed and returns its problems as lines: a CSE
// tree against the CSE invariants, anything else against FeedSync.
func validateFeed(src string, data []byte) []string {
	if out, ok := validateCSE(src, data); ok {
		return out
	}
	var out []string
	for _, p := range feeds.Validate(displayName(src), data) {
		out = append(out, p.String())
	}
	return out
}
