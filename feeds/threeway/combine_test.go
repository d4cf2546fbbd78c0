package threeway

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

const (
	gPlace  = "{http://example.com/g}place[1]"
	xhtmlNS = `<div xmlns="http://www.w3.org/1999/xhtml">`
)

// A combineCase is a conflict made by updating a base feed once per
// endpoint; want are fields of the combination, gone keys it lacks, or
// clash the keys (and why) that do not combine.
type combineCase struct {
	name  string
	base  string
	edits []dialect.Change
	want  map[string]string
	gone  []string
	clash map[string]Why
}

var combineCases = []combineCase{
	{name: "1.0.2 §3.4 RSS: title on one side, content on another", base: rss102,
		edits: []dialect.Change{title("Buy oat milk"), content("Get milk and eggs from the shop on the square")},
		want:  map[string]string{"title": "Buy oat milk", "content": "Get milk and eggs from the shop on the square"}},
	{name: "1.0.2 §3.4 RSS: different words of one content", base: rss102,
		edits: []dialect.Change{content("Get milk and bread from the shop on the corner"), content("Get milk and eggs from the store on the corner")},
		want:  map[string]string{"content": "Get milk and bread from the store on the corner"}},
	{name: "1.0.2 §3.4 RSS: one word changed two ways clashes", base: rss102,
		edits: []dialect.Change{content("Get milk and bread from the shop on the corner"), content("Get milk and ham from the shop on the corner")},
		clash: map[string]Why{"content": Edits}},
	{name: "1.0.2 §3.4 RSS: deleting a word another side changed clashes", base: rss102,
		edits: []dialect.Change{content("Get milk from the shop on the corner"), content("Get milk and ham from the shop on the corner")},
		clash: map[string]Why{"content": Edits}},
	{name: "1.0.2 §3.4 RSS: the same change on both sides is taken once", base: rss102,
		edits: []dialect.Change{title("Buy cream"), title("Buy cream")},
		want:  map[string]string{"title": "Buy cream"}},
	{name: "1.0.2 §3.4 RSS: categories added and removed apart", base: rss102,
		edits: []dialect.Change{field("category[3]", "work"), remove("category[1]")},
		want:  map[string]string{"category[1]": "food", "category[2]": "work"}, gone: []string{"category[3]"}},
	{name: "1.0.2 §3.4 RSS: a foreign element changed on one side, the title on another", base: rss102,
		edits: []dialect.Change{field(gPlace, `<g:place lat="3" lon="4">square</g:place>`), title("Buy oat milk")},
		want:  map[string]string{gPlace: `<g:place lat="3" lon="4">square</g:place>`, "title": "Buy oat milk"}},
	{name: "1.0.2 §3.4 RSS: a foreign element changed on two sides clashes whole", base: rss102,
		edits: []dialect.Change{field(gPlace, `<g:place lat="3" lon="2">corner</g:place>`), field(gPlace, `<g:place lat="1" lon="2">square</g:place>`)},
		clash: map[string]Why{gPlace: Values}},
	{name: "1.0.2 §3.4 RSS: a foreign element removed on one side", base: rss102,
		edits: []dialect.Change{remove(gPlace), title("Buy oat milk")},
		want:  map[string]string{"title": "Buy oat milk"}, gone: []string{gPlace}},
	{name: "1.0.2 §3.4 RSS: a foreign element added on one side", base: rss102,
		edits: []dialect.Change{field("{http://example.com/g}due[1]", `<g:due>friday</g:due>`), title("Buy oat milk")},
		want:  map[string]string{"{http://example.com/g}due[1]": `<g:due>friday</g:due>`, "title": "Buy oat milk"}},
	{name: "1.0.2 §3.4 RSS: one element added two ways clashes", base: rss102,
		edits: []dialect.Change{field("{http://example.com/g}due[1]", `<g:due>friday</g:due>`), field("{http://example.com/g}due[1]", `<g:due>monday</g:due>`)},
		clash: map[string]Why{"{http://example.com/g}due[1]": Values}},
	{name: "1.0.2 §3.4 RSS: removed on one side, changed on another clashes", base: rss102,
		edits: []dialect.Change{remove(gPlace), field(gPlace, `<g:place lat="3" lon="2">corner</g:place>`)},
		clash: map[string]Why{gPlace: Removed}},
	{name: "1.0.2 §3.2, §3.4 RSS: a deletion against an edit clashes", base: rss102,
		edits: []dialect.Change{{Deleted: ptr(true)}, title("Buy oat milk")},
		clash: map[string]Why{"": Deleted}},
	{name: "1.0.2 §3.4 RSS: three versions", base: rss102,
		edits: []dialect.Change{title("Buy oat milk"), content("Get milk and eggs from the shop on the square"), field("category[3]", "work")},
		want: map[string]string{"title": "Buy oat milk", "content": "Get milk and eggs from the shop on the square",
			"category[1]": "home", "category[2]": "food", "category[3]": "work"}},
	{name: "1.0.2 §3.4 RSS: four versions, each a word", base: rss102,
		edits: []dialect.Change{
			content("Fetch milk and eggs from the shop on the corner"), content("Get oat milk and eggs from the shop on the corner"),
			content("Get milk and eggs from the store on the corner"), content("Get milk and eggs from the shop on the square")},
		want: map[string]string{"content": "Fetch oat milk and eggs from the store on the square"}},
	{name: "1.0.2 §3.4 RSS: four versions, two alike and one clash", base: rss102,
		edits: []dialect.Change{title("Buy cream"), title("Buy cream"), title("Buy water"), content("Get milk")},
		clash: map[string]Why{"title": Edits}},
	{name: "1.0.2 §3.4 RSS CDATA: HTML in a CDATA section, words apart", base: rssCDATA,
		edits: []dialect.Change{content(`<p>Get <b>oat milk</b> and eggs from the shop</p>`), content(`<p>Get <b>milk</b> and eggs from the store</p>`)},
		want:  map[string]string{"content": `<p>Get <b>oat milk</b> and eggs from the store</p>`}},
	{name: "1.0.2 §3.4 Atom text: summary on one side, content on another", base: atomText,
		edits: []dialect.Change{field("summary", "A long list"), both(content("Get milk and ham from the shop on the corner"), title("Buy milk now"))},
		want:  map[string]string{"summary": "A long list", "content": "Get milk and ham from the shop on the corner", "title": "Buy milk now"}},
	{name: "1.0.2 §3.4 Atom html: a word inside a link and one outside", base: atomHTML,
		edits: []dialect.Change{
			content(`<p>Get <a href="http://shop.example/">oat milk</a> and eggs</p>`),
			content(`<p>Get <a href="http://shop.example/">milk</a> and ham</p>`)},
		want: map[string]string{"content": `<p>Get <a href="http://shop.example/">oat milk</a> and ham</p>`}},
	{name: "1.0.2 §3.4 Atom html: an attribute on one side, a word on another", base: atomHTML,
		edits: []dialect.Change{
			content(`<p>Get <a href="http://farm.example/">milk</a> and eggs</p>`),
			content(`<p>Get <a href="http://shop.example/">milk</a> and ham</p>`)},
		want: map[string]string{"content": `<p>Get <a href="http://farm.example/">milk</a> and ham</p>`}},
	{name: "1.0.2 §3.4 Atom html: an attribute and the word beside the tag clash", base: atomHTML,
		edits: []dialect.Change{
			content(`<p>Get <a href="http://farm.example/">milk</a> and eggs</p>`),
			content(`<p>Get <a href="http://shop.example/">cream</a> and eggs</p>`)},
		clash: map[string]Why{"content": Edits}},
	{name: "1.0.2 §3.4 Atom xhtml: words apart combine and stay XHTML", base: atomXHTML,
		edits: []dialect.Change{
			content(xhtmlNS + `x y z and <b>oat milk</b> today</div>`),
			content(xhtmlNS + `x y z and <b>milk</b> tomorrow</div>`)},
		want: map[string]string{"content": xhtmlNS + `x y z and <b>oat milk</b> tomorrow</div>`}},
	{name: "1.0.2 §3.4 Atom xhtml: a combination that is not well-formed clashes", base: atomXHTML,
		edits: []dialect.Change{
			content(xhtmlNS + `<i>x y</i> z and <b>milk</b> today</div>`),
			content(xhtmlNS + `x <em>y z</em> and <b>milk</b> today</div>`)},
		clash: map[string]Why{"content": Edits}},
	{name: "0.91 §5 RSS: title, description and link apart", base: rss091,
		edits: []dialect.Change{
			title("Buy oat milk"),
			both(content("Get milk and eggs from the shop on the square"), field("link", "http://store.example/"))},
		want: map[string]string{"title": "Buy oat milk", "content": "Get milk and eggs from the shop on the square", "link": "http://store.example/"}},
	{name: "0.91 §5 RSS: one word changed two ways clashes", base: rss091,
		edits: []dialect.Change{content("Get milk and ham from the shop on the corner"), content("Get milk and jam from the shop on the corner")},
		clash: map[string]Why{"content": Edits}},
	{name: "0.91 §5 OPML: text, note and an attribute, three versions", base: opml091,
		edits: []dialect.Change{
			title("Tech news daily"),
			content("Read on Monday and Thursday mornings"),
			field("@xmlUrl", "http://tech.example/atom")},
		want: map[string]string{"title": "Tech news daily", "content": "Read on Monday and Thursday mornings", "@xmlUrl": "http://tech.example/atom"}},
	{name: "0.91 §5.2 RSS: a deletion that loses to an edit clashes (its record keeps the tombstone)", base: rss091,
		edits: []dialect.Change{{Deleted: ptr(true)}, title("Buy oat milk")},
		clash: map[string]Why{"": Deleted}},
	{name: "0.91 §5.2 RSS: an edit that loses to a deletion clashes", base: rss091,
		edits: []dialect.Change{title("Buy oat milk"), {Deleted: ptr(true)}},
		clash: map[string]Why{"": Deleted}},
	{name: "0.91 §5.2 OPML: a deletion that loses to an edit clashes (its record keeps the tombstone)", base: opml091,
		edits: []dialect.Change{{Deleted: ptr(true)}, title("Tech news daily")},
		clash: map[string]Why{"": Deleted}},
	{name: "0.91 §5 OPML: an attribute changed two ways clashes", base: opml091,
		edits: []dialect.Change{field("@xmlUrl", "http://tech.example/atom"), field("@xmlUrl", "http://tech.example/feed")},
		clash: map[string]Why{"@xmlUrl": Values}},
}

func ptr[T any](v T) *T { return &v }

func TestCombine(t *testing.T) {
	runCombineCases(t, combineCases)
}

// runCombineCases makes each case's conflict, combines it and checks the
// result or the clashes.
func runCombineCases(t *testing.T, cases []combineCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, e, mem := conflicted(t, c.base, c.edits...)
			p, err := Combine(e, mem)
			if err != nil {
				t.Fatal(err)
			}
			if c.clash != nil {
				checkClashes(t, p, c.clash)
				return
			}
			if !p.Clean() {
				t.Fatalf("clashes %+v", p.Clashes)
			}
			res := resolve(t, doc, e, p)
			got := values(res.Winner())
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
			for _, k := range c.gone {
				if _, ok := got[k]; ok {
					t.Errorf("%s = %q, want none", k, got[k])
				}
			}
		})
	}
}

func checkClashes(t *testing.T, p Plan, want map[string]Why) {
	t.Helper()
	got := map[string]Why{}
	for _, c := range p.Clashes {
		got[c.Key] = c.Why
		if c.Why == Edits && len(c.Hunks) == 0 {
			t.Errorf("clash %s has no hunks", c.Key)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("clashes %+v, want %v", p.Clashes, want)
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || g != w {
			t.Errorf("clash %q: %v, want %v", k, g, w)
		}
	}
}

// resolve applies a plan's resolution as this endpoint, Z, and checks
// that it settles the conflict with a new version by Z.
func resolve(t *testing.T, doc *dialect.Doc, e dialect.Entry, p Plan) dialect.Entry {
	t.Helper()
	st := engine.Stamp{When: time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC), By: "Z"}
	res, err := doc.Resolve(e, st, p.Resolution, dialect.Options{})
	if err != nil {
		t.Fatalf("resolving with %+v: %v", p.Resolution, err)
	}
	if res.InConflict() || res.Winner().History()[0].By != "Z" {
		t.Fatalf("resolution left %d versions, history %+v", len(res.Versions()), res.Winner().History())
	}
	doc.Set(res)
	back := entry(t, parse(t, string(doc.Bytes())))
	if !slices.Equal(keys(values(back.Winner())), keys(values(res.Winner()))) {
		t.Fatalf("written and read back: %v, was %v", values(back.Winner()), values(res.Winner()))
	}
	return back
}

func keys(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}

// The XHTML content stays XHTML: type="xhtml", its value its markup.
func TestCombineKeepsXHTML(t *testing.T) {
	doc, e, mem := conflicted(t, atomXHTML,
		content(xhtmlNS+`x y z and <b>oat milk</b> today</div>`), content(xhtmlNS+`X y z and <b>milk</b> today</div>`))
	p, err := Combine(e, mem)
	if err != nil || !p.Clean() {
		t.Fatalf("Combine = %+v, %v", p, err)
	}
	for _, f := range resolve(t, doc, e, p).Winner().Fields() {
		if f.Key == "content" && (f.Type != "xhtml" || f.Value != xhtmlNS+`X y z and <b>oat milk</b> today</div>`) {
			t.Errorf("content %+v", f)
		}
	}
}

func TestCombineNoBase(t *testing.T) {
	_, e, _ := conflicted(t, rss102, title("Buy oat milk"), content("Get milk"))
	for name, b := range map[string]Bases{"empty store": Memory{}, "no store": nil} {
		if _, err := Combine(e, b); !errors.Is(err, ErrNoBase) {
			t.Errorf("%s: Combine error %v, want ErrNoBase", name, err)
		}
	}
}

// untyped is a store that keeps no Type: every clean case combines alike.
type untyped struct{ Memory }

func (u untyped) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	fs, ok := u.Memory.Base(id, h)
	out := slices.Clone(fs)
	for i := range out {
		out[i].Type = ""
	}
	return out, ok
}

func TestCombineBaseWithoutTypes(t *testing.T) {
	for _, c := range combineCases {
		t.Run(c.name, func(t *testing.T) {
			_, e, mem := conflicted(t, c.base, c.edits...)
			typed, err1 := Combine(e, mem)
			bare, err2 := Combine(e, untyped{mem})
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if typed.Clean() != bare.Clean() || !slices.Equal(typed.Changed, bare.Changed) {
				t.Fatalf("with types: %+v\nwithout: %+v", typed, bare)
			}
		})
	}
}
