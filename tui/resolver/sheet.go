package resolver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// editSheetOf lays out an item for $EDITOR: the winner's fields as the
// result to edit (the title, the content, and each other shared field
// that differs between the versions, a list as one value per line), and
// every version the same way, for reference.
func editSheetOf(e dialect.Entry) editSheet {
	fields := mergeFields(e)
	vs := e.Versions()
	s := editSheet{result: sheetOf(fields, func(f mergeField) string { return f.winner })}
	s.refs = append(s.refs, sheetRef{refLabel("winner", e.Winner()), s.result})
	for i, v := range vs {
		f := sheetOf(fields, func(f mergeField) string { return f.values[i] })
		s.refs = append(s.refs, sheetRef{refLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), v), f})
	}
	return s
}

// sheetOf lays out one version's values of the fields.
func sheetOf(fields []mergeField, value func(mergeField) string) sheetFields {
	var s sheetFields
	for _, f := range fields {
		switch {
		case f.key == "title":
			s.title = value(f)
		case f.key == "content":
			s.content = value(f)
		case f.differs():
			s.extra = append(s.extra, sheetField{key: f.key, label: f.label, value: value(f)})
		}
	}
	return s
}

// differs reports whether some version's value of the field is not the
// winner's.
func (f mergeField) differs() bool {
	for _, v := range f.values {
		if v != f.winner {
			return true
		}
	}
	return false
}

// sheetEdit turns what the person left in the file into the resolution's
// edit, through the same fields as the merge view.
func sheetEdit(e dialect.Entry, r sheetFields) dialect.Edit {
	fields := mergeFields(e)
	extra := map[string]string{}
	for _, x := range r.extra {
		extra[x.key] = x.value
	}
	for i, f := range fields {
		v, ok := f.winner, false
		switch f.key {
		case "title":
			v, ok = r.title, true
		case "content":
			v, ok = r.content, true
		default:
			v, ok = extra[f.key]
		}
		if !ok {
			v = f.winner
		}
		fields[i].result = newTextArea(nil)
		fields[i].result.SetValue(v)
	}
	ed := editOf(fields)
	if !slices.ContainsFunc(fields, func(f mergeField) bool { return f.key == "title" }) && r.title != "" {
		ed.Title = &r.title // no version has a title: the person gave one
	}
	if !slices.ContainsFunc(fields, func(f mergeField) bool { return f.key == "content" }) && r.content != "" {
		ed.Content = &r.content
	}
	return ed
}

// emptied reports whether result empties the field where the merge view
// and the file for $EDITOR refuse to: the title or the content, which
// some version has (an Atom entry needs its title; a result that drops
// all of a text is a slip, not a resolution: taking a side says so).
func (f mergeField) emptied(result string) bool {
	return strings.TrimSpace(result) == "" && (f.key == "title" || f.key == "content") &&
		f.winner+strings.Join(f.values, "") != ""
}

// emptiedInSheet returns the key of the field the file's result empties
// as the merge view refuses to ("title", "content"), or "".
func emptiedInSheet(e dialect.Entry, r sheetFields) string {
	for _, f := range mergeFields(e) {
		switch {
		case f.key == "title" && f.emptied(r.title):
			return "title"
		case f.key == "content" && f.emptied(r.content):
			return "content"
		}
	}
	return ""
}
