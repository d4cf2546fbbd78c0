package threeway

import (
	"cmp"
	"slices"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds"
)

// A value is a field as one version holds it; ok is false where the
// version lacks the field.
type value struct {
	feeds.Field
	ok bool
}

// same reports whether two versions hold a field alike. A Type that one
// of them does not know ("": a base from a store that did not keep it)
// is not compared.
func same(a, b value) bool {
	return a.ok == b.ok && (!a.ok || a.Value == b.Value && sameType(a.Type, b.Type))
}

func sameType(a, b string) bool { return a == b || a == "" || b == "" }

// combineFields combines the fields of sides (the winner first) against
// base into p: the edits of its resolution, or its clashes.
func combineFields(p *Plan, base []feeds.Field, sides [][]feeds.Field, o Options) {
	bm, sm := index(base), make([]map[string]feeds.Field, len(sides))
	for i, s := range sides {
		sm[i] = index(s)
	}
	results := map[string]value{}
	var keys []string
	for _, key := range keysOf(base, sides) {
		b, vals := get(bm, key), make([]value, len(sides))
		for i := range sides {
			vals[i] = get(sm[i], key)
		}
		if slices.ContainsFunc(vals, func(v value) bool { return !same(v, b) }) {
			p.Touched = append(p.Touched, key)
		}
		res, clash := combineField(b, vals, o)
		if clash != nil {
			p.Clashes = append(p.Clashes, *clash)
			continue
		}
		results[key] = res
		keys = append(keys, key)
	}
	keys = clashMovedLists(p, keys, movedLists(base, sides))
	edits, changed, clashes := editsFor(keys, results, sm[0])
	cats, catChanged := categoryEdits(base, sides)
	if categoriesTouched(base, sides) {
		p.Touched = append(p.Touched, "category")
	}
	p.Clashes = append(p.Clashes, clashes...)
	p.Resolution.Fields = append(append(edits.sets, cats...), edits.removes...)
	p.Changed = append(changed, catChanged...)
}

// combineField combines one field: unchanged, changed by one side or
// alike by several, or (text fields) word changes merged; else a clash.
func combineField(b value, vals []value, o Options) (value, *Clash) {
	var changed []value
	for _, v := range vals {
		if !same(v, b) {
			changed = append(changed, v)
		}
	}
	if len(changed) == 0 {
		return b, nil
	}
	if !slices.ContainsFunc(changed[1:], func(v value) bool { return !same(v, changed[0]) }) {
		return changed[0], nil
	}
	label := labelOf(b, changed)
	if slices.ContainsFunc(changed, func(v value) bool { return !v.ok }) {
		return value{}, &Clash{Key: label.Key, Label: label.Label, Why: Removed}
	}
	m, ok := textMode(b, changed)
	if !ok {
		return value{}, &Clash{Key: label.Key, Label: label.Label, Why: Values}
	}
	texts := make([]string, len(vals))
	for i, v := range vals {
		texts[i] = v.Value
	}
	r := merge3.MergeWith(b.Value, texts, m, merge3.Options{Space: spaceEqual(o, b, vals)})
	if !r.Clean() {
		return value{}, &Clash{Key: label.Key, Label: label.Label, Why: Edits, Hunks: r.Hunks}
	}
	out := changed[0]
	out.Value = r.Merged
	return out, nil
}

// labelOf returns a version's field, for the key and label of a clash.
func labelOf(b value, changed []value) feeds.Field {
	if b.ok {
		return b.Field
	}
	for _, v := range changed {
		if v.ok {
			return v.Field
		}
	}
	return b.Field
}

// textMode returns how to merge a text field's words: by its Type, which
// every version that holds it must share (text, html, xhtml: RFC 4287
// §3.1.1); any other field is combined whole.
func textMode(b value, changed []value) (merge3.Mode, bool) {
	t := changed[0].Type
	if b.ok && !sameType(b.Type, t) || slices.ContainsFunc(changed, func(v value) bool { return v.Type != t }) {
		return 0, false
	}
	switch t {
	case "text":
		return merge3.Text, true
	case "html":
		return merge3.HTML, true
	case "xhtml":
		return merge3.XHTML, true
	}
	return 0, false
}

// fieldEdits are the edits that turn the winner's fields into the
// combination: sets and additions in order, then removals, the highest
// number of a name first so that the others keep theirs.
type fieldEdits struct{ sets, removes []feeds.FieldEdit }

// editsFor returns the edits from the winner's fields w to results, the
// keys they change, and the clashes of changes they cannot write: a
// type changed alone, or numbered fields left with a gap.
func editsFor(keys []string, results map[string]value, w map[string]feeds.Field) (fieldEdits, []string, []Clash) {
	var e fieldEdits
	var changed []string
	var clashes []Clash
	for _, key := range keys {
		r, old := results[key], get(w, key)
		switch {
		case same(r, old):
			continue
		case !r.ok:
			e.removes = append(e.removes, feeds.FieldEdit{Key: key, Remove: true})
		case old.ok && r.Value == old.Value, gap(key, results):
			clashes = append(clashes, Clash{Key: key, Label: r.Label, Why: Values})
			continue
		default:
			e.sets = append(e.sets, feeds.FieldEdit{Key: key, Value: r.Value})
		}
		changed = append(changed, key)
	}
	slices.SortStableFunc(e.removes, func(a, b feeds.FieldEdit) int {
		ab, an, _ := feeds.SplitKey(a.Key)
		bb, bn, _ := feeds.SplitKey(b.Key)
		return cmp.Or(cmp.Compare(ab, bb), cmp.Compare(bn, an))
	})
	return e, changed, clashes
}

// gap reports whether a numbered field is held in the combination while
// the one numbered before it is not: no edit can place it there.
func gap(key string, results map[string]value) bool {
	base, n, _ := feeds.SplitKey(key)
	if n <= 1 {
		return false
	}
	prev := feeds.NextKey(base, n-2, true)
	if n == 2 && !results[prev].ok {
		prev = base // a name numbered from its second: "title", "title[2]"
	}
	return !results[prev].ok
}

func index(fs []feeds.Field) map[string]feeds.Field {
	m := make(map[string]feeds.Field, len(fs))
	for _, f := range fs {
		m[f.Key] = f
	}
	return m
}

func get(m map[string]feeds.Field, key string) value {
	f, ok := m[key]
	return value{f, ok}
}

// keysOf returns the keys of all versions' fields but categories: the
// winner's in order, then those only the others or the base hold.
func keysOf(base []feeds.Field, sides [][]feeds.Field) []string {
	var keys []string
	seen := map[string]bool{}
	for _, fs := range append(slices.Clone(sides), base) {
		for _, f := range fs {
			if !seen[f.Key] && !isCategory(f.Key) {
				seen[f.Key] = true
				keys = append(keys, f.Key)
			}
		}
	}
	return keys
}

func isCategory(key string) bool {
	base, _, _ := feeds.SplitKey(key)
	return base == "category"
}
