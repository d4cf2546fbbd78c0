package dialect

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// Each refusal is a typed error that carries its data, for the command
// line's usage messages and the resolver's status lines.
func TestChangeErrors(t *testing.T) {
	type op func(d *Doc) error
	update := func(id string, c Change, opt Options) op {
		return func(d *Doc) error {
			e, err := d.Entry(id)
			if err == nil {
				_, err = d.Update(e, at(1, "A"), c, opt)
			}
			return err
		}
	}
	resolve := func(id string, r Resolution, opt Options) op {
		return func(d *Doc) error {
			e, err := d.Entry(id)
			if err == nil {
				_, err = d.Resolve(e, at(1, "A"), r, opt)
			}
			return err
		}
	}
	create := func(id string, c Change) op {
		return func(d *Doc) error { _, err := d.Create(id, at(1, "A"), c); return err }
	}
	is := func(target error) func(error) bool { return func(err error) bool { return errors.Is(err, target) } }
	as := func(check func(error) bool) func(error) bool { return check }
	cases := []struct {
		name  string
		feed  string
		op    op
		check func(error) bool
		msg   string
	}{
		{"no such item", rss102, update("nope", Change{Edit: Edit{Title: ptr("t")}}, Options{}),
			as(func(err error) bool { var e *NoItemError; return errors.As(err, &e) && e.ID == "nope" }), `f.xml: no item with id "nope"`},
		{"no conflicts (1.0.2)", rss102, resolve("item1", Resolution{}, Options{}),
			as(func(err error) bool { var e *NoConflictsError; return errors.As(err, &e) && e.ID == "item1" }), `f.xml: item "item1" has no conflicts to resolve`},
		{"no conflicts (0.91)", rss091, resolve("1", Resolution{}, Options{}),
			as(func(err error) bool { var e *NoConflictsError; return errors.As(err, &e) }), "no conflicts"},
		{"exists", rss102, create("item1", Change{}),
			as(func(err error) bool { var e *ExistsError; return errors.As(err, &e) && e.ID == "item1" }), `an item with id "item1" already exists`},
		{"pick out of range (1.0.2)", conflict102, resolve("x", Resolution{Pick: 3}, Options{}),
			as(func(err error) bool {
				var e *PickError
				return errors.As(err, &e) && e.Pick == 3 && e.Count == 2 && !e.Only
			}), "pick 3"},
		{"only out of range (1.0.2)", conflict102, resolve("x", Resolution{Only: []int{1, 5}}, Options{}),
			as(func(err error) bool {
				var e *PickError
				return errors.As(err, &e) && e.Pick == 5 && e.Count == 2 && e.Only
			}), "only 5"},
		{"pick out of range (0.91)", conflict091, resolve("1", Resolution{Pick: 2}, Options{}),
			as(func(err error) bool { var e *PickError; return errors.As(err, &e) && e.Pick == 2 && e.Count == 1 }), "pick 2"},
		{"selective resolution (0.91 §5)", conflict091, resolve("1", Resolution{Only: []int{1}}, Options{}), is(ErrNotSelective), "at once"},
		{"clean-history on 0.91", conflict091, resolve("1", Resolution{}, Options{CleanHistory: true}),
			as(func(err error) bool {
				var e *OptionError
				return errors.As(err, &e) && e.Option == CleanHistory && e.Dialect == SSE091
			}), "clean-history is an option of FeedSync 1.0.2"},
		{"keep-versions on 1.0.2", rss102, update("item1", Change{Edit: Edit{Title: ptr("t")}}, Options{KeepVersions: 2}),
			as(func(err error) bool { var e *OptionError; return errors.As(err, &e) && e.Option == KeepVersions }), "keep-versions is an option of SSE 0.91"},
		{"noconflicts on 0.91", rss091, create("new", Change{NoConflicts: true}),
			as(func(err error) bool { var e *OptionError; return errors.As(err, &e) && e.Option == NoConflicts }), "noconflicts"},
		{"position on 1.0.2", rss102, update("item1", Change{Parent: ptr("")}, Options{}),
			as(func(err error) bool { var e *OPMLOnlyError; return errors.As(err, &e) && e.Format == RSS }), "only OPML outlines have a position"},
		{"position on 0.91 RSS", rss091, create("new", Change{Place: 1}),
			as(func(err error) bool { var e *OPMLOnlyError; return errors.As(err, &e) && e.Dialect == SSE091 }), "this is an RSS feed"},
		{"move into a descendant (0.91 §3.2)", opml091, update("news", Change{Parent: ptr("bbc")}, Options{}), is(ErrCycle), "own ancestor"},
		{"a new id is created", rss102, create("new", Change{Edit: Edit{Title: ptr("t")}}), nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := parse(t, "f.xml", c.feed)
			before := string(d.Bytes())
			err := c.op(d)
			if c.check == nil {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || !c.check(err) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v (%T), want %q", err, err, c.msg)
			}
			if string(d.Bytes()) != before {
				t.Errorf("the refused operation changed the feed")
			}
		})
	}
	if _, err := parse(t, "f.xml", rss102).Create("has space", at(1, "A"), Change{}); !errors.Is(err, engine.ErrInvalidID) {
		t.Errorf("an id that is not an NSS: %v", err)
	}
}

// 1.0.2 §3.4 and §4: a picked version is folded in even when Only leaves
// it out, since taking its data factors it in; the others listed are
// folded in and the rest stay.
func TestResolveSelective(t *testing.T) {
	d := parse(t, "f.xml", conflict102)
	e, _ := d.Entry("x")
	for _, c := range []struct {
		name string
		r    Resolution
		left []string // by of the conflicts left
	}{
		{"winner, all", Resolution{}, nil},
		{"winner, only 2", Resolution{Only: []int{2}}, []string{"JEO2000"}},
		{"pick 1, only 2", Resolution{Pick: 1, Only: []int{2}}, nil},
		{"pick 2, only 2", Resolution{Pick: 2, Only: []int{2}}, []string{"JEO2000"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := d.Resolve(e, at(1, "R"), c.r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var left []string
			for _, v := range res.Versions() {
				left = append(left, v.History()[0].By)
			}
			if !slices.Equal(left, c.left) {
				t.Errorf("conflicts left by %v, want %v", left, c.left)
			}
			if e.InConflict() != true || len(e.Versions()) != 2 {
				t.Errorf("Resolve changed the entry it was given")
			}
		})
	}
}

// Edit overrides the picked data, field by field; a 0.91 resolution is a
// further update that removes the flag and every record (0.91 §5).
func TestResolveEdit(t *testing.T) {
	for _, c := range []struct{ name, feed, id string }{{"1.0.2", conflict102, "x"}, {"0.91", conflict091, "1"}} {
		t.Run(c.name, func(t *testing.T) {
			d := parse(t, "f.xml", c.feed)
			e, _ := d.Entry(c.id)
			res, err := d.Resolve(e, at(1, "R"), Resolution{Pick: 1, Edit: Edit{Title: ptr("Combined")}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			d.Set(res)
			back := reparse(t, d)
			got, _ := back.Entry(c.id)
			if got.Title() != "Combined" || got.InConflict() || !strings.Contains(content(got.Winner()), "rolls") {
				t.Errorf("title %q, in conflict %v, content %q", got.Title(), got.InConflict(), content(got.Winner()))
			}
		})
	}
}

func content(v Version) string {
	for _, f := range v.Fields() {
		if f.Key == "content" {
			return f.Value
		}
	}
	return ""
}

// TestResolveWithFields records a combination that edits other fields
// than the title and the content (1.0.2 §3.4 step 1.3, 0.91 §5): a
// category taken from a version keeps its attributes, a new one is
// added, and an edit that cannot be made is a *feeds.FieldError with no
// entry.
func TestResolveWithFields(t *testing.T) {
	const cats102 = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item>
<title>T</title><category>home</category>
<sx:sync id="x" updates="2"><sx:history sequence="2" when="2005-05-21T12:00:00Z" by="A"/>
<sx:conflicts><item><title>T</title><category domain="urn:s">work</category>
<sx:sync id="x" updates="2"><sx:history sequence="2" when="2005-05-21T11:00:00Z" by="B"/></sx:sync></item></sx:conflicts>
</sx:sync></item></channel></rss>`
	for _, tc := range []struct {
		name, feed, id string
		edit           Edit
		want           string
	}{
		{"1.0.2: both categories, one taken whole", cats102, "x",
			Edit{Fields: []feeds.FieldEdit{{Key: "category[2]", Value: "work (urn:s)"}}},
			"title=T\ncategory[1]=home\ncategory[2]=work (urn:s)"},
		{"1.0.2: the version's category instead", cats102, "x",
			Edit{Fields: []feeds.FieldEdit{{Key: "category[1]", Value: "work (urn:s)"}}},
			"title=T\ncategory[1]=work (urn:s)"},
		{"0.91: a link added and the title edited", conflict091, "1",
			Edit{Title: ptr("Groceries"), Fields: []feeds.FieldEdit{{Key: "link", Value: "http://shop/"}}},
			"title=Groceries\ncontent=Get milk, eggs and bread\nlink=http://shop/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parse(t, "f.xml", tc.feed)
			e, _ := d.Entry(tc.id)
			res, err := d.Resolve(e, at(1, "C"), Resolution{Edit: tc.edit}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Winner().Fields() {
				if f.Shared {
					got = append(got, f.Key+"="+f.Value)
				}
			}
			if strings.Join(got, "\n") != tc.want || res.InConflict() {
				t.Errorf("fields\n%s\nwant\n%s (in conflict: %v)", strings.Join(got, "\n"), tc.want, res.InConflict())
			}
			d.Set(res)
			back := reparse(t, d)
			be, _ := back.Entry(tc.id)
			var again []string
			for _, f := range be.Winner().Fields() {
				if f.Shared {
					again = append(again, f.Key+"="+f.Value)
				}
			}
			if strings.Join(again, "\n") != tc.want {
				t.Errorf("written and read back:\n%s", strings.Join(again, "\n"))
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		d := parse(t, "f.xml", cats102)
		e, _ := d.Entry("x")
		res, err := d.Resolve(e, at(1, "C"), Resolution{Edit: Edit{Fields: []feeds.FieldEdit{{Key: "guid", Value: "g"}}}}, Options{})
		var fe *feeds.FieldError
		if !errors.As(err, &fe) || fe.Key != "guid" || !res.IsZero() {
			t.Errorf("got %v, %v; want a *feeds.FieldError for guid", res, err)
		}
	})
}
