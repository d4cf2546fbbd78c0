package mergemodel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Field is one field the merge combines: a shared field, or a list of them
// (categories, foreign elements of one name) as one value per line.
type Field struct {
	Key      string // the field's key, or the base of a list's keys ("category")
	Label    string
	List     bool
	Numbered bool     // a list's first key has an index too: "category[1]", not "link"
	Winner   string   // the winner's value
	Values   []string // each conflict version's value
	Type     string   // how a title, content or summary holds its text (dialect.Field.Type): "html", "xhtml", "text", or ""
	Markup   bool     // a text that holds HTML or XHTML (its Type says so, or a value looks it): hunks keep each tag whole
}

// Granularity is how finely the field's hunks are cut: a list's lines are
// values of their own, a text's words are not.
func (f Field) Granularity() diff.Granularity {
	switch {
	case f.List:
		return diff.ByLine
	case f.Markup:
		return diff.ByMarkup
	}
	return diff.ByWord
}

// Differs reports whether some version's value of the field is not the
// winner's.
func (f Field) Differs() bool {
	for _, v := range f.Values {
		if v != f.Winner {
			return true
		}
	}
	return false
}

// Fields gathers the shared fields of an item's versions, in the order
// they first appear (the winner's, then each version's), those of a list
// into one field. Publisher-specific data is each publisher's own
// (implementation note 1) and is not merged.
func Fields(e dialect.Entry) []Field {
	all := append([]dialect.Version{e.Winner()}, e.Versions()...)
	sets := make([][]dialect.Field, len(all))
	lists, numbered := map[string]bool{}, map[string]bool{}
	for i, v := range all {
		for _, f := range v.Fields() {
			if !f.Shared {
				continue
			}
			sets[i] = append(sets[i], f)
			if base, n := splitKey(f.Key); n > 0 && !textKeys[base] {
				lists[base] = true
				numbered[base] = numbered[base] || n == 1
			}
		}
	}
	var out []Field
	seen := map[string]bool{}
	for _, fs := range sets {
		for _, sf := range fs {
			base, _ := splitKey(sf.Key)
			if !lists[base] {
				base = sf.Key
			}
			if seen[base] {
				continue
			}
			seen[base] = true
			if f, ok := fieldOf(sf, base, lists[base], numbered[base], sets); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// fieldOf makes the field of key base from each version's fields; a list
// one of whose values spreads over lines is no field (ok false).
func fieldOf(sf dialect.Field, base string, list, numbered bool, sets [][]dialect.Field) (Field, bool) {
	f := Field{Key: base, Label: sf.Label, List: list, Numbered: numbered, Type: sf.Type}
	if f.List {
		f.Label = listLabel(sf)
	}
	for i, vs := range sets {
		if v := fieldValue(vs, base, f.List); i == 0 {
			f.Winner = v
		} else {
			f.Values = append(f.Values, v)
		}
	}
	if f.List && slices.ContainsFunc(append([]string{f.Winner}, f.Values...), multiLine) {
		return f, false // a value of several lines cannot stand on one line of a list
	}
	f.Markup = !f.List && (f.Type == "html" || f.Type == "xhtml" ||
		slices.ContainsFunc(append([]string{f.Winner}, f.Values...), func(v string) bool { return MarkupOf(v) != "" }))
	return f, true
}

// textKeys are the fields that stay fields of their own when repeated.
var textKeys = map[string]bool{"title": true, "content": true, "summary": true}

// multiLine reports a list value that one of its fields spreads over lines.
func multiLine(joined string) bool { return strings.Contains(joined, "\x00") }

// fieldValue returns a version's value of a field: a list's values one per
// line, a value holding a newline marked so that multiLine finds it.
func fieldValue(fs []dialect.Field, base string, list bool) string {
	var lines []string
	for _, f := range fs {
		switch b, _ := splitKey(f.Key); {
		case !list && f.Key == base:
			return f.Value
		case list && b == base:
			v := f.Value
			if strings.Contains(v, "\n") {
				v += "\x00"
			}
			lines = append(lines, v)
		}
	}
	return strings.Join(lines, "\n")
}

// listLabel names a list after its first field: "Category 1" → "Categories".
func listLabel(f dialect.Field) string {
	l := strings.TrimRight(f.Label, " 0123456789")
	if l == "Category" {
		return "Categories"
	}
	return l + " (one per line)"
}

// splitKey cuts "category[2]" into "category" and 2; n is 0 for a key
// without an index.
func splitKey(key string) (base string, n int) {
	i := strings.LastIndex(key, "[")
	if i < 0 || !strings.HasSuffix(key, "]") {
		return key, 0
	}
	n, err := strconv.Atoi(key[i+1 : len(key)-1])
	if err != nil {
		return key, 0
	}
	return key[:i], n
}

// EditOf returns the resolution's edit for results, one per field: each
// field whose result differs from the winner's value, a list's values as
// its fields by key, those the result no longer has removed from the last.
func EditOf(fields []Field, results []string) dialect.Edit {
	var e dialect.Edit
	for i, f := range fields {
		r := results[i]
		switch {
		case r == f.Winner:
		case f.Key == "title":
			e.Title = &r
		case f.Key == "content":
			e.Content = &r
		case !f.List && r == "":
			e.Fields = append(e.Fields, dialect.FieldEdit{Key: f.Key, Remove: true})
		case !f.List:
			e.Fields = append(e.Fields, dialect.FieldEdit{Key: f.Key, Value: r})
		default:
			e.Fields = append(e.Fields, listEdits(f, r)...)
		}
	}
	return e
}

// listEdits turns a list's result into edits of its fields: each line that
// differs from the winner's at its place is set, and the winner's values
// past the result's are removed, the last first, so that the keys of those
// before stay as they are.
func listEdits(f Field, result string) []dialect.FieldEdit {
	was, now := nonEmptyLines(f.Winner), nonEmptyLines(result)
	var out []dialect.FieldEdit
	for i, v := range now {
		if i >= len(was) || was[i] != v {
			out = append(out, dialect.FieldEdit{Key: f.KeyAt(i + 1), Value: v})
		}
	}
	for i := len(was); i > len(now); i-- {
		out = append(out, dialect.FieldEdit{Key: f.KeyAt(i), Remove: true})
	}
	return out
}

// KeyAt returns the key of a list's n-th field: "category[2]"; the first
// of a name that is numbered from its second ("link", "link[2]") has none.
func (f Field) KeyAt(n int) string {
	if n == 1 && !f.Numbered {
		return f.Key
	}
	return f.Key + "[" + strconv.Itoa(n) + "]"
}

func nonEmptyLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// Emptied reports whether result empties the field where the merge view
// and the file for $EDITOR refuse to: the title or the content, which
// some version has (an Atom entry needs its title; a result that drops
// all of a text is a slip, not a resolution: taking a side says so).
func Emptied(f Field, result string) bool {
	return strings.TrimSpace(result) == "" && (f.Key == "title" || f.Key == "content") &&
		f.Winner+strings.Join(f.Values, "") != ""
}
