package threeway

import (
	"slices"

	"github.com/feedsync/feedsync/feeds"
)

// categoryEdits combines the versions' categories as a set against the
// base's (sides[0] is the winner's) and returns the edits that turn the
// winner's list into the combination, and the keys they change.
//
// A category is a term a side adds or removes; nothing else happens to
// one, so categories never clash: a category any side removed is gone,
// one any side added is there (once, however many sides added it), in
// the base's order, then in the order the sides add them.
func categoryEdits(base []feeds.Field, sides [][]feeds.Field) ([]feeds.FieldEdit, []string) {
	lists := make([][]string, len(sides))
	for i, s := range sides {
		lists[i] = categories(s)
	}
	want := combineSet(categories(base), lists)
	have := lists[0]
	var edits []feeds.FieldEdit
	var keys []string
	for i, v := range want {
		if i < len(have) && have[i] == v {
			continue
		}
		key := feeds.NextKey("category", i, true)
		edits = append(edits, feeds.FieldEdit{Key: key, Value: v})
		keys = append(keys, key)
	}
	for i := len(have); i > len(want); i-- {
		key := feeds.NextKey("category", i-1, true)
		edits = append(edits, feeds.FieldEdit{Key: key, Remove: true})
		keys = append(keys, key)
	}
	return edits, keys
}

// categories returns the values of the category fields, in order.
func categories(fs []feeds.Field) []string {
	var out []string
	for _, f := range fs {
		if isCategory(f.Key) {
			out = append(out, f.Value)
		}
	}
	return out
}

// combineSet combines lists three-way as multisets against base: each
// value is held as often as the base holds it, plus the most any list
// added, less the most any list removed.
func combineSet(base []string, lists [][]string) []string {
	nb := counts(base)
	want := map[string]int{}
	var order []string
	note := func(v string) {
		if _, ok := want[v]; !ok {
			order = append(order, v)
			want[v] = nb[v]
		}
	}
	for _, v := range base {
		note(v)
	}
	added, removed := map[string]int{}, map[string]int{}
	for _, l := range lists {
		nl := counts(l)
		for _, v := range l {
			note(v)
			added[v] = max(added[v], nl[v]-nb[v])
		}
		for v, n := range nb {
			removed[v] = max(removed[v], n-nl[v])
		}
	}
	var out []string
	for _, v := range order {
		for range max(0, want[v]+added[v]-removed[v]) {
			out = append(out, v)
		}
	}
	return out
}

func counts(l []string) map[string]int {
	m := map[string]int{}
	for _, v := range l {
		m[v]++
	}
	return m
}

// categoriesTouched reports whether some side's categories differ from
// the base's.
func categoriesTouched(base []feeds.Field, sides [][]feeds.Field) bool {
	b := categories(base)
	for _, s := range sides {
		if !slices.Equal(categories(s), b) {
			return true
		}
	}
	return false
}
