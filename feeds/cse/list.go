package cse

import (
	"errors"
	"net/url"
)

// Kind tells what a Node of List is.
type Kind int

// The kinds of Node.
const (
	FeedNode Kind = iota // the root, or a link flagged nestedFeed
	ItemNode             // an item of a cached feed
	LinkNode             // a plain link of an item
)

// State is what the cache holds of a link.
type State string

// The states of a link.
const (
	Cached   State = "cached"    // in the cache, as new as its item
	Stale    State = "stale"     // in the cache, but its item (or a feed below it) is newer
	OnDemand State = "on demand" // not in the cache; fetched only when asked
	Missing  State = "missing"   // not in the cache, though it should be: a failed download
	Refused  State = "refused"   // a link feedsync will not follow
)

// Node is one line of the cached tree as List walks it: the root feed,
// then depth first each item of a cached feed and each link of the item
// that counts (a nested feed's link alone, when the item has one).
type Node struct {
	Depth int // 0 for the root; an item is one deeper than its feed, a link one deeper than its item
	Kind  Kind

	// For an item:
	GUID   string // "" when it has none
	Title  string
	Hidden bool // csx:hiddenItem

	// For a feed or a link:
	URL    string // resolved; "" for a refused link
	Ref    string // as written in its feed; "" for the root
	State  State
	Size   int64 // of the cached copy; -1 when there is none
	Repeat bool  // a nested feed listed above already, not walked again
	// Err says why a link is refused, or why a cached feed cannot be
	// read (its items are then not listed).
	Err error
}

// List returns the tree cached in dir, reading only the cache. An error
// means there is nothing to list: no cache (ErrNoCache), or its root feed
// is not in it. A cached feed that cannot be read is a Node with Err.
func List(dir string) ([]Node, error) {
	c, err := openCache(dir, false)
	if err != nil {
		return nil, err
	}
	defer c.close()
	root, err := c.root()
	if err != nil {
		return nil, err
	}
	var nodes []Node
	err = walkCache(c, root, func(v visit) { nodes = append(nodes, node(v)) })
	if errors.Is(err, errRootMissing) {
		return nil, err
	}
	return nodes, nil
}

// node turns a step of the walk into a Node.
func node(v visit) Node {
	if v.link == nil && v.item != nil {
		return Node{Depth: v.depth, Kind: ItemNode, GUID: v.item.guid, Title: v.item.title, Hidden: v.item.hidden}
	}
	n := Node{Depth: v.depth, Kind: LinkNode, URL: urlText(v.url), State: linkState(v), Size: -1, Repeat: v.repeat, Err: v.err}
	if v.link == nil || v.link.nested {
		n.Kind = FeedNode
	}
	if v.link != nil {
		n.Ref = v.link.ref
	}
	if v.entry != nil {
		n.Size = v.entry.Size
	}
	return n
}

func urlText(u *url.URL) string {
	if u == nil {
		return ""
	}
	return u.String()
}

// linkState tells a link's state from its record: a file fetched for an
// older version of its item is stale, and so is a nested feed whose items
// are not all in the cache.
func linkState(v visit) State {
	switch {
	case v.err != nil && v.url == nil:
		return Refused
	case v.entry == nil && v.link != nil && v.link.onDemand:
		return OnDemand
	case v.entry == nil:
		return Missing
	case v.item != nil && v.item.date.After(v.entry.ItemDate):
		return Stale
	case v.feed != nil && (v.feed.dateErr != nil || !v.feed.date.Equal(v.entry.Built)):
		return Stale
	}
	return Cached
}
