package dialect

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
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
		{"a new id is created", rss102, create("new", Change{}), nil, ""},
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
