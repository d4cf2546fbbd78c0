package cse

import (
	"fmt"
	"io"
	"strings"
)

// Link states that ls prints.
const (
	stateCached   = "cached"    // in the cache, as new as its item
	stateStale    = "stale"     // in the cache, but its item (or a feed below it) is newer
	stateOnDemand = "on demand" // not in the cache; fetched only when asked
	stateMissing  = "missing"   // not in the cache, though it should be: a failed download
	stateRefused  = "refused"   // a link feedsync will not follow
)

// list prints the cached tree: feeds, items (hidden ones marked) and links
// with their state and size.
func list(w io.Writer, c *cache, root string) error {
	return walkCache(c, root, func(v visit) {
		indent := strings.Repeat("  ", v.depth)
		if v.link == nil && v.item != nil {
			fmt.Fprintf(w, "%sitem %s\n", indent, describeItem(v.item))
			return
		}
		kind := "link"
		if v.link == nil || v.link.nested {
			kind = "feed"
		}
		fmt.Fprintf(w, "%s%s %-9s %10s  %s\n", indent, kind, linkState(v), size(v), target(v))
	})
}

func describeItem(it *item) string {
	s := it.guid
	if s == "" {
		s = "(no guid)"
	}
	if it.title != "" {
		s += fmt.Sprintf(" %q", it.title)
	}
	if it.hidden {
		s += " hidden"
	}
	return s
}

// linkState tells a link's state from its record: a file fetched for an
// older version of its item is stale, and so is a nested feed whose items
// are not all in the cache.
func linkState(v visit) string {
	switch {
	case v.err != nil && v.url == nil:
		return stateRefused
	case v.entry == nil && v.link != nil && v.link.onDemand:
		return stateOnDemand
	case v.entry == nil:
		return stateMissing
	case v.item != nil && v.item.date.After(v.entry.ItemDate):
		return stateStale
	case v.feed != nil && (v.feed.dateErr != nil || !v.feed.date.Equal(v.entry.Built)):
		return stateStale
	}
	return stateCached
}

func size(v visit) string {
	if v.entry == nil {
		return "-"
	}
	return humanBytes(v.entry.Size)
}

func target(v visit) string {
	switch {
	case v.url == nil:
		return v.err.Error()
	case v.repeat:
		return v.url.String() + " (listed above)"
	case v.err != nil:
		return fmt.Sprintf("%s (%v)", v.url, v.err)
	}
	return v.url.String()
}
