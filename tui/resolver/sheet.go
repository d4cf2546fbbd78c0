package resolver

import (
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// editSheetOf lays out an item for $EDITOR: the result to edit (the
// title, the content, and each other shared field that differs between
// the versions, a list as one value per line), then, for reference, the
// base when one is known (b, what the sides grew from), the winner and
// every version the same way (issue 30 item 4). With a base the result
// starts as the merge view's does: from the three-way plan, what one side
// changed taken (package feeds/threeway's rule); without one, as the
// winner's fields.
func editSheetOf(e dialect.Entry, b *mergeview.Base) editSheet {
	start := startOf(e, b)
	fields, vs := start.Fields(), e.Versions()
	s := editSheet{result: sheetOf(fields, func(f mergemodel.Field) string { return start.Result(indexOf(fields, f.Key)) })}
	if b != nil {
		base := sheetOf(fields, func(f mergemodel.Field) string { return valueOf(b.Fields, f.Key) })
		s.refs = append(s.refs, sheetRef{"base · " + draw.EntryWho(draw.Labelled(e.Winner().State().Dialect, b.From)) + " · what the versions grew from", base})
	}
	s.refs = append(s.refs, sheetRef{draw.RefLabel("winner", e.Winner()), sheetOf(fields, func(f mergemodel.Field) string { return f.Winner })})
	for i, v := range vs {
		f := sheetOf(fields, func(f mergemodel.Field) string { return f.Values[i] })
		s.refs = append(s.refs, sheetRef{draw.RefLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), v), f})
	}
	return s
}

// startOf returns the merge the sheet's result starts from: the winner's
// fields, or with a base the three-way plan's start.
func startOf(e dialect.Entry, b *mergeview.Base) mergemodel.Model {
	m := mergemodel.New(e)
	if b != nil {
		m.Start(b.Plan)
	}
	return m
}

// indexOf returns the index of the field of key among fields.
func indexOf(fields []mergemodel.Field, key string) int {
	return slices.IndexFunc(fields, func(f mergemodel.Field) bool { return f.Key == key })
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
// edit, through the same fields as the merge view and, with a base b, from
// the same start: the plan's combination of the fields the file does not
// show is kept, as the merge view keeps it.
func sheetEdit(e dialect.Entry, b *mergeview.Base, r sheetFields) dialect.Edit {
	m := startOf(e, b)
	fields := m.Fields()
	extra := map[string]string{}
	for _, x := range r.extra {
		extra[x.key] = x.value
	}
	for i, f := range fields {
		switch v, ok := extra[f.Key]; {
		case f.Key == "title":
			m.SetResult(i, r.title)
		case f.Key == "content":
			m.SetResult(i, r.content)
		case ok:
			m.SetResult(i, v)
		}
	}
	ed := m.Edit()
	if indexOf(fields, "title") < 0 && r.title != "" {
		ed.Title = &r.title // no version has a title: the person gave one
	}
	if indexOf(fields, "content") < 0 && r.content != "" {
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
