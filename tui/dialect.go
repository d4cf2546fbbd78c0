package tui

import (
	"context"
	"fmt"
	"io"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// feed is a loaded feed as the commands see it, whatever its dialect:
// FeedSync 1.0.2 (fs102) or SSE 0.91 (sse091). Each command is one code
// path over this interface; each method is one spec operation.
type feed interface {
	Name() string
	Dialect() string
	WriteTo(w io.Writer) (int64, error)
	// Conflicted counts the items that hold unresolved conflicts.
	Conflicted() int
	// Create adds an item (1.0.2 §3.1, 0.91 §4.1).
	Create(id string, st engine.Stamp, c change, noconflicts bool) error
	// Update changes, deletes, undeletes or moves an item (1.0.2 §3.2,
	// 0.91 §4.2 and §3.2: a move is an update).
	Update(id string, st engine.Stamp, c change) error
	// Resolve resolves an item's conflicts with the winner's data (pick 0)
	// or version pick's, overridden by c's title and content, folding in
	// only the versions in only (1-based) when it is not empty (1.0.2 §3.4,
	// §4; 0.91 §5).
	Resolve(id string, st engine.Stamp, pick int, only []int, c change) error
	// Conflicts lists the items in conflict for 'conflicts'.
	Conflicts() ConflictList
}

// change is what a command asks of an item; nil fields are left as they are.
type change struct {
	title, content *string
	deleted        *bool   // delete (true) or undelete (false)
	parent         *string // OPML: the id of the new parent, "" for the top level
	place          int     // OPML: 1-based place among the siblings, 0 for the end
	history        historyOpts
}

// moves reports whether the change places the item somewhere.
func (c change) moves() bool { return c.parent != nil || c.place != 0 }

// historyOpts are the optional history trimming of each dialect, off by
// default: FeedSync 1.0.2's clean-up (§3.2 and §4, "MAY") and SSE 0.91's
// truncation of the update history from the bottom (§4.2).
type historyOpts struct {
	clean bool // --clean-history, FeedSync 1.0.2 only
	keep  int  // --keep-versions N, SSE 0.91 only; 0 keeps all
}

// Dialect names, as 'conflicts --json' prints them.
const (
	dialectFeedSync = "feedsync-1.0.2"
	dialectSSE      = "sse-0.91"
)

// load reads and parses one feed in the dialect its namespaces declare. A
// feed that fails to parse or validate is an error listing every problem
// as file:line:col; warnings go to standard error.
func load(ctx context.Context, env *Env, src string) (feed, error) {
	data, err := readSource(ctx, env, src)
	if err != nil {
		return nil, err
	}
	return parseFeed(env, displayName(src), data)
}

// parseFeed parses a feed read from name.
func parseFeed(env *Env, name string, data []byte) (feed, error) {
	if ssefeed.Is(data) {
		doc, err := ssefeed.Parse(name, data)
		if err != nil {
			return nil, err
		}
		for _, w := range doc.Warnings() {
			fmt.Fprintf(env.Stderr, "warning: %s\n", w)
		}
		return sse091{doc}, nil
	}
	doc, err := feeds.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return fs102{doc}, nil
}

// mergeFeeds merges remote into local (1.0.2 §3.3, 0.91 §4.4). Feeds of
// different dialects do not merge: their sync metadata mean different things.
func mergeFeeds(local, remote feed) (feed, error) {
	switch l := local.(type) {
	case fs102:
		if r, ok := remote.(fs102); ok {
			doc, err := feeds.Merge(l.Doc, r.Doc)
			return fs102{doc}, err
		}
	case sse091:
		if r, ok := remote.(sse091); ok {
			doc, err := ssefeed.Merge(l.Doc, r.Doc)
			return sse091{doc}, err
		}
	}
	return nil, fmt.Errorf("%s is %s and %s is %s: feeds of different dialects cannot be merged",
		local.Name(), dialectName(local), remote.Name(), dialectName(remote))
}

// dialectName names a feed's dialect for people.
func dialectName(f feed) string {
	if f.Dialect() == dialectSSE {
		return "an SSE 0.91 feed"
	}
	return "a FeedSync 1.0.2 feed"
}

// errNoItem and friends are the item-level errors every dialect shares.
func errNoItem(f feed, id string) error {
	return fmt.Errorf("%s: no item with id %q", f.Name(), id)
}

func errNoConflicts(f feed, id string) error {
	return fmt.Errorf("%s: item %q has no conflicts to resolve", f.Name(), id)
}

func errPick(pick, n int) error {
	return usageError("resolve", "--pick %d: want winner or a version from 1 to %d", pick, n)
}
