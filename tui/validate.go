package tui

import "github.com/feedsync/feedsync/feeds/dialect"

// validateFeed checks one feed and returns its problems and its warnings
// as lines: a CSE tree against the CSE invariants, any other feed against
// the dialect it declares (dialect.Validate).
func validateFeed(src string, data []byte) (problems, warnings []string) {
	if out, ok := validateCSE(src, data); ok {
		return out, nil
	}
	ps, ws := dialect.Validate(displayName(src), data)
	for _, p := range ps {
		problems = append(problems, p.String())
	}
	for _, w := range ws {
		warnings = append(warnings, w.String())
	}
	return problems, warnings
}
