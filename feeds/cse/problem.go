package cse

import (
	"errors"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
)

// problems places the findings of f in file, as feeds.Locate does for
// every binding. Positions are worked out only here, when there is
// something to report.
func (f *feed) problems(file string) feeds.Problems {
	return feeds.Locate(file, f.data, f.doc, f.findings)
}

// errorProblems turns an error about file into Problems: the ones it holds
// when it is feeds.Problems (a feed that does not parse), else one without
// a place.
func errorProblems(file string, err error) feeds.Problems {
	var ps feeds.Problems
	if errors.As(err, &ps) {
		return ps
	}
	return feeds.Problems{{File: file, Msg: err.Error()}}
}

// guidElement is where an item's guid is written, or the item itself.
func guidElement(it *item) *etree.Element {
	if g := rssChild(it.el, "guid"); g != nil {
		return g
	}
	return it.el
}
