package resolver

import (
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// editSheetOf lays out an item for $EDITOR: the winner's fields as the
// result to edit (the title, the content, and each other shared field
// that differs between the versions, a list as one value per line), and
// every version the same way, for reference.
func editSheetOf(e dialect.Entry) editSheet {
	fields := mergemodel.Fields(e)
	vs := e.Versions()
	s := editSheet{result: sheetOf(fields, func(f mergemodel.Field) string { return f.Winner })}
	s.refs = append(s.refs, sheetRef{draw.RefLabel("winner", e.Winner()), s.result})
	for i, v := range vs {
		f := sheetOf(fields, func(f mergemodel.Field) string { return f.Values[i] })
		s.refs = append(s.refs, sheetRef{draw.RefLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), v), f})
	}
	return s
}

// sheetOf lays out one version's values of the fields.
func sheetOf(fields []mergemodel.Field, value func(mergemodel.Field) string) sheetFields {
	var s sheetFields
	for _, f := range fields {
		switch {
		case f.Key == "title":
			s.title = value(f)
		case f.Key == "content":
			s.content = value(f)
		case f.Differs():
			s.extra = append(s.extra, sheetField{key: f.Key, label: f.Label, value: value(f)})
		}
	}
	return s
}

// sheetEdit turns what the person left in the file into the resolution's
// edit, through the same fields as the merge view.
func sheetEdit(e dialect.Entry, r sheetFields) dialect.Edit {
	fields := mergemodel.Fields(e)
	extra := map[string]string{}
	for _, x := range r.extra {
		extra[x.key] = x.value
	}
	results := make([]string, len(fields))
	for i, f := range fields {
		v, ok := f.Winner, false
		switch f.Key {
		case "title":
			v, ok = r.title, true
		case "content":
			v, ok = r.content, true
		default:
			v, ok = extra[f.Key]
		}
		if !ok {
			v = f.Winner
		}
		results[i] = v
	}
	ed := mergemodel.EditOf(fields, results)
	if !slices.ContainsFunc(fields, func(f mergemodel.Field) bool { return f.Key == "title" }) && r.title != "" {
		ed.Title = &r.title // no version has a title: the person gave one
	}
	if !slices.ContainsFunc(fields, func(f mergemodel.Field) bool { return f.Key == "content" }) && r.content != "" {
		ed.Content = &r.content
	}
	return ed
}

// emptiedInSheet returns the key of the field the file's result empties
// as the merge view refuses to ("title", "content"), or "".
func emptiedInSheet(e dialect.Entry, r sheetFields) string {
	for _, f := range mergemodel.Fields(e) {
		switch {
		case f.Key == "title" && mergemodel.Emptied(f, r.title):
			return "title"
		case f.Key == "content" && mergemodel.Emptied(f, r.content):
			return "content"
		}
	}
	return ""
}
