package resolver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// The base on the item screen (issue 30 item 3): with the base of the
// item's conflict known, each field's rule says which side changed the
// field against it: "the winner changed it", "version 1 changed it",
// "both changed it alike", or, both having changed it otherwise, whether
// the changes combine or clash by the three-way rule (package
// feeds/threeway's plan, the one the merge view starts from). A field
// neither side changed says nothing more. c puts the base itself on the
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
		base := fieldValue(v.base.Fields, p.key)
		da, db := fieldValue(a, p.key) != base, fieldValue(b, p.key) != base
		switch {
		case da && db && fieldValue(a, p.key) == fieldValue(b, p.key):
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
		return c.Key == "" || c.Why == threeway.Deleted || c.Why == threeway.Moved || c.Why == threeway.Cycle || c.Why == threeway.Nested || cl == list
	})
}

// fieldValue returns the value of the field of key among fs, or "".
func fieldValue(fs []dialect.Field, key string) string {
	if i := slices.IndexFunc(fs, func(f dialect.Field) bool { return f.Key == key }); i >= 0 {
		return fs[i].Value
	}
	return ""
}
