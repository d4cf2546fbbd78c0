package cse

import (
	"fmt"

	"github.com/beevik/etree"
)

// ValidateTree checks a publisher's local CSE tree, the feed at root and the
// local feeds nested below it, and returns every violation with its place:
// malformed XML; a missing or repeated guid (it must be unique within the
// tree); unreadable dates and csx attributes; an item linking a nested feed
// whose csx:lastBuildDate is not the newest of that feed's items; a channel
// whose lastBuildDate is not the newest of its items; nested feed links
// that are missing, leave the root's folder, or loop. Nested feeds on the
// web are not fetched.
func ValidateTree(root string) []Problem {
	t, err := loadTree(root)
	if err != nil {
		return []Problem{{File: root, Msg: err.Error()}}
	}
	defer t.close()
	if len(t.order) == 0 {
		return t.problems
	}
	t.settle(t.order[0], false)
	t.checkGUIDs()
	return t.allProblems()
}

// checkGUIDs notes each guid that an earlier item of the tree already has.
func (t *tree) checkGUIDs() {
	type first struct {
		lf *localFeed
		el *etree.Element
	}
	seen := map[string]first{}
	for _, lf := range t.order {
		for _, it := range lf.feed.items {
			if it.guid == "" {
				continue
			}
			el := guidElement(it)
			if f, ok := seen[it.guid]; ok {
				lf.feed.note(el, fmt.Sprintf("duplicate guid %q (first at %s)", it.guid, f.lf.place(f.el)))
				continue
			}
			seen[it.guid] = first{lf, el}
		}
	}
}
