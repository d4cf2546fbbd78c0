package cse

import (
	"fmt"
	"strconv"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
)

// ValidateTree checks a publisher's local CSE tree, the feed at root and the
// local feeds nested below it, and returns every violation with its place:
// malformed XML; a missing or repeated guid (it must be unique within the
// tree); unreadable dates and csx attributes; an item linking a nested feed
// whose csx:lastBuildDate is not the newest of that feed's items; a channel
// whose lastBuildDate is not the newest of its items; nested feed links
// that are missing, leave the root's folder, or loop. Nested feeds on the
// web are not fetched.
func ValidateTree(root string) feeds.Problems {
	t, err := loadTree(root)
	if err != nil {
		return feeds.Problems{{File: root, Msg: err.Error()}}
	}
	defer t.close()
	if len(t.order) == 0 {
		return t.problems
	}
	t.settle(t.order[0], false)
	t.checkGUIDs()
	return t.allProblems()
}

// checkGUIDs notes each guid that an earlier item of the tree already has,
// and where that one is.
func (t *tree) checkGUIDs() {
	type place struct {
		lf *localFeed
		el *etree.Element
	}
	type repeat struct {
		at, first place
		guid      string
	}
	seen := map[string]place{}
	var repeats []repeat
	for _, lf := range t.order {
		for _, it := range lf.feed.items {
			if it.guid == "" {
				continue
			}
			at := place{lf, guidElement(it)}
			if first, ok := seen[it.guid]; ok {
				repeats = append(repeats, repeat{at, first, it.guid})
				continue
			}
			seen[it.guid] = at
		}
	}
	// Place the first ones with one read of each file that holds any.
	asked := map[*localFeed][]feeds.Finding{}
	for i, r := range repeats {
		asked[r.first.lf] = append(asked[r.first.lf], feeds.Finding{Element: r.first.el, Msg: strconv.Itoa(i)})
	}
	where := make([]string, len(repeats))
	for lf, fs := range asked {
		for _, p := range feeds.Locate(lf.name, lf.feed.data, lf.feed.doc, fs) {
			i, _ := strconv.Atoi(p.Msg)
			where[i] = fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
		}
	}
	for i, r := range repeats {
		r.at.lf.feed.note(r.at.el, fmt.Sprintf("duplicate %q (first at %s)", r.guid, where[i]))
	}
}
