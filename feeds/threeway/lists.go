package threeway

import (
	"maps"
	"slices"

	"github.com/feedsync/feedsync/feeds"
)

// A repeated element's fields are keyed by place ({ns}name[1], [2], ...),
// so a version that removes or adds one renumbers those after it: its
// tag[1] may be the base's tag[2]. Compared key by key, two sides that
// removed different elements would each seem to have changed places the
// other left alone, and the combination would keep what one of them
// removed. So a list whose length some version changed is compared
// whole: taken when one version changed it or several alike, else a
// clash of the list (Values, keyed by its first field).

// clashMovedLists adds to p the clash of each moved list none of whose
// fields clashed already, and returns keys less those of such lists.
func clashMovedLists(p *Plan, keys []string, moved map[string]Clash) []string {
	for _, c := range p.Clashes {
		delete(moved, listOf(c.Key))
	}
	for _, name := range slices.Sorted(maps.Keys(moved)) {
		p.Clashes = append(p.Clashes, moved[name])
	}
	return slices.DeleteFunc(keys, func(k string) bool {
		_, ok := moved[listOf(k)]
		return ok
	})
}

// listOf returns the name a numbered field's key shares with the other
// fields of its list, or "" for a field that is not numbered.
func listOf(key string) string {
	name, n, ok := feeds.SplitKey(key)
	if !ok || n == 0 || isCategory(key) {
		return ""
	}
	return name
}

// movedLists returns, by list name, a clash for each list whose length a
// version changed and that versions changed differently.
func movedLists(base []feeds.Field, sides [][]feeds.Field) map[string]Clash {
	bl := lists(base)
	sls := make([]map[string][]feeds.Field, len(sides))
	for i, s := range sides {
		sls[i] = lists(s)
	}
	out := map[string]Clash{}
	for _, name := range listNames(base, sides) {
		var changed [][]feeds.Field
		resized := false
		for _, sl := range sls {
			if sameList(sl[name], bl[name]) {
				continue
			}
			resized = resized || len(sl[name]) != len(bl[name])
			if !slices.ContainsFunc(changed, func(c []feeds.Field) bool { return sameList(c, sl[name]) }) {
				changed = append(changed, sl[name])
			}
		}
		if resized && len(changed) > 1 {
			first := firstOf(name, bl, sls)
			out[name] = Clash{Key: first.Key, Label: first.Label, Why: Values}
		}
	}
	return out
}

// lists groups a version's numbered fields by list, in order.
func lists(fs []feeds.Field) map[string][]feeds.Field {
	m := map[string][]feeds.Field{}
	for _, f := range fs {
		if name := listOf(f.Key); name != "" {
			m[name] = append(m[name], f)
		}
	}
	return m
}

// listNames returns the names of the lists any version holds, in the
// order of keysOf.
func listNames(base []feeds.Field, sides [][]feeds.Field) []string {
	var names []string
	for _, key := range keysOf(base, sides) {
		if name := listOf(key); name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

func sameList(a, b []feeds.Field) bool {
	return slices.EqualFunc(a, b, func(x, y feeds.Field) bool { return x.Value == y.Value })
}

// firstOf returns the first field of a list, the base's if it holds one.
func firstOf(name string, bl map[string][]feeds.Field, sls []map[string][]feeds.Field) feeds.Field {
	for _, l := range append([]map[string][]feeds.Field{bl}, sls...) {
		if len(l[name]) > 0 {
			return l[name][0]
		}
	}
	return feeds.Field{}
}
