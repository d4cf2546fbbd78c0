package resolver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// The base on the item screen (issue 30 item 3): with the base of the
// item's conflict known, each field's rule says which side changed the
// field against it: "the winner changed it", "version 1 changed it",
// "both changed it alike", or, both having changed it otherwise, whether
// the changes combine or clash by the three-way rule (package
// feeds/threeway's plan, the one the merge view starts from). A field
// neither side changed says nothing more; while W hides changes of white
// space alone (itemspace.go), a side that changed only white space, by
// the rule, did not change the field. c puts the base itself on the
// left (itemcompare.go); then there is nothing to mark.

// markBase marks each pair with which side changed it against the base:
// a is the left side's fields, b the version's.
func (v ItemView) markBase(pairs []fieldPair, a, b []dialect.Field) {
	if !v.hasBase || v.leftIsBase() {
		return
	}
	left, right := v.leftName(), fmt.Sprintf("version %d", v.version+1)
	for i := range pairs {
		p := &pairs[i]
		base, fa, fb := fieldOrEmpty(v.base.Fields, p.key), fieldOrEmpty(a, p.key), fieldOrEmpty(b, p.key)
		da, db := differs(base, fa, v.hideSpace), differs(base, fb, v.hideSpace)
		switch {
		case da && db && !differs(fa, fb, v.hideSpace):
			p.base = "against the base: both changed it alike"
		case da && db && v.clashes(p.key):
			p.base = "against the base: both changed it, and the changes clash"
		case da && db:
			p.base = "against the base: both changed it, and the changes combine"
		case da:
			p.base = "against the base: the " + left + " changed it"
		case db:
			p.base = "against the base: " + right + " changed it"
		}
	}
}

// clashes reports whether the three-way plan clashes in the field of key
// (or its list: "category[2]" is of "category"), or over the whole item.
func (v ItemView) clashes(key string) bool {
	list, _, _ := strings.Cut(key, "[")
	return slices.ContainsFunc(v.base.Plan.Clashes, func(c threeway.Clash) bool {
		cl, _, _ := strings.Cut(c.Key, "[")
		return mergemodel.ItemWide(c) || cl == list
	})
}

// fieldOrEmpty returns the field of key among fs, or one of that key
// with no value: a field missing compares with an empty text.
func fieldOrEmpty(fs []dialect.Field, key string) dialect.Field {
	if f, ok := fieldByKey(fs, key); ok {
		return f
	}
	return dialect.Field{Key: key}
}
