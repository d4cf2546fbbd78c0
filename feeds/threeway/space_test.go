package threeway

import (
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// atomPreserve is atomText with xml:space="preserve" on the entry.
var atomPreserve = strings.Replace(atomText, "<entry>", `<entry xml:space="preserve">`, 1)

// rssPre is rss102 whose description holds a pre element.
var rssPre = strings.Replace(rss102, "Get milk and eggs from the shop on the corner",
	"&lt;pre&gt;Get milk and eggs from the shop&lt;/pre&gt; on the corner", 1)

// spaceCases are issue 30 item 5's rule: a change of white space alone is
// never a clash where the content type lets white space collapse.
var spaceCases = []combineCase{
	{name: "1.0.2 §3.4 RSS description: white space on one side, a word beside it on another", base: rss102,
		edits: []dialect.Change{content("Get milk  and eggs from the shop on the corner"), content("Get milk or eggs from the shop on the corner")},
		want:  map[string]string{"content": "Get milk  or eggs from the shop on the corner"}},
	{name: "1.0.2 §3.4 RSS title: a line break for a space, and a word", base: rss102,
		edits: []dialect.Change{title("Buy\nmilk"), title("Buy oat milk")},
		want:  map[string]string{"title": "Buy oat\nmilk"}},
	{name: "1.0.2 §3.4 Atom text: reflowed content and a word changed", base: atomText,
		edits: []dialect.Change{content("Get milk and eggs\nfrom the shop on the corner"), content("Get milk and eggs from the store on the corner")},
		want:  map[string]string{"content": "Get milk and eggs\nfrom the store on the corner"}},
	{name: "1.0.2 §3.4 Atom text: white space changed two ways in one place", base: atomText,
		edits: []dialect.Change{content("Get milk and eggs  from the shop on the corner"), content("Get milk and eggs\tfrom the shop on the corner")},
		want:  map[string]string{"content": "Get milk and eggs  from the shop on the corner"}},
	{name: "1.0.2 §3.4 RSS description html: white space inside pre is kept as written and clashes", base: rssPre,
		edits: []dialect.Change{content("<pre>Get milk  and eggs from the shop</pre> on the corner"), content("<pre>Get milk or eggs from the shop</pre> on the corner")},
		clash: map[string]Why{"content": Edits}},
	{name: "1.0.2 §3.4 Atom text under xml:space=preserve clashes", base: atomPreserve,
		edits: []dialect.Change{content("Get milk  and eggs from the shop on the corner"), content("Get milk or eggs from the shop on the corner")},
		clash: map[string]Why{"content": Edits}},
	{name: "0.91 §5 OPML: a note's line break and a word of it", base: opml091,
		edits: []dialect.Change{content("Read on Monday\nand Friday mornings"), content("Read on Monday and Friday evenings")},
		want:  map[string]string{"content": "Read on Monday\nand Friday evenings"}},
	{name: "0.91 §5 RSS: white space and a word", base: rss091,
		edits: []dialect.Change{content("Get milk and eggs from  the shop on the corner"), content("Get milk and eggs from the shop on the square")},
		want:  map[string]string{"content": "Get milk and eggs from  the shop on the square"}},
}

func TestCombineSpace(t *testing.T) {
	runCombineCases(t, spaceCases)
}

// Options.ExactSpace turns the rule off: the changes of white space alone
// that meet another side's change clash, as every change does.
func TestCombineExactSpace(t *testing.T) {
	exactClash := map[string]bool{
		spaceCases[0].name: true, // the doubled space touches the word changed
		spaceCases[1].name: true, // the word is inserted where the space became a line break
		spaceCases[3].name: true, // one gap changed two ways
	}
	for _, c := range spaceCases {
		if c.clash != nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			_, e, mem := conflicted(t, c.base, c.edits...)
			if p, err := Combine(e, mem); err != nil || !p.Clean() {
				t.Fatalf("Combine: %v, clashes %+v", err, p.Clashes)
			}
			p, err := CombineWith(e, mem, Options{ExactSpace: true})
			if err != nil {
				t.Fatal(err)
			}
			if exactClash[c.name] {
				checkClashes(t, p, map[string]Why{c.keyOf(): Edits})
			} else if !p.Clean() {
				t.Errorf("clashes %+v, want none: the changes are apart", p.Clashes)
			}
		})
	}
}

// keyOf is the one field a space case edits.
func (c combineCase) keyOf() string {
	for k := range c.want {
		return k
	}
	return ""
}

func TestSpaceOnly(t *testing.T) {
	text := func(v string) feeds.Field { return feeds.Field{Key: "content", Value: v, Type: "text"} }
	html := func(v string) feeds.Field { return feeds.Field{Key: "content", Value: v, Type: "html"} }
	preserved := text("a  b")
	preserved.Preserve = true
	for _, c := range []struct {
		name string
		a, b feeds.Field
		want bool
	}{
		{"text, a space doubled", text("a b"), text("a  b"), true},
		{"text, a word", text("a b"), text("a c"), false},
		{"text, equal", text("a b"), text("a b"), false},
		{"html outside pre", html("<p>a b</p>"), html("<p>a\nb</p>"), true},
		{"html inside pre", html("<pre>a b</pre>"), html("<pre>a\nb</pre>"), false},
		{"under xml:space=preserve", text("a b"), preserved, false},
		{"a value combined whole", feeds.Field{Key: "@xmlUrl", Value: "a b"}, feeds.Field{Key: "@xmlUrl", Value: "a  b"}, false},
	} {
		if got := SpaceOnly(c.a, c.b); got != c.want {
			t.Errorf("%s: SpaceOnly = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSpaceEdits: the changes SpaceOnly counts, placed in both values by
// the field's type; a field the rule compares exactly has none.
func TestSpaceEdits(t *testing.T) {
	html := func(v string) feeds.Field { return feeds.Field{Key: "content", Value: v, Type: "html"} }
	preserved := html("<p>a  b</p> c")
	preserved.Preserve = true
	for _, c := range []struct {
		name  string
		a, b  feeds.Field
		want  []merge3.SpaceEdit
		words bool
	}{
		{"html: a paragraph's space, not pre's", html("<p>a  b</p><pre>c  d</pre>"), html("<p>a b</p><pre>c d</pre>"), []merge3.SpaceEdit{{AStart: 4, AEnd: 6, BStart: 4, BEnd: 5}}, true},
		{"html: a line break and a word", html("<p>a b c</p>"), html("<p>a\nb x</p>"), []merge3.SpaceEdit{{AStart: 4, AEnd: 5, BStart: 4, BEnd: 5}}, true},
		{"under xml:space=preserve", html("<p>a b</p> c"), preserved, nil, true},
		{"a value combined whole", feeds.Field{Key: "@xmlUrl", Value: "a b"}, feeds.Field{Key: "@xmlUrl", Value: "a  b"}, nil, true},
		{"equal", html("a"), html("a"), nil, false},
	} {
		got, words := SpaceEdits(c.a, c.b)
		if !slices.Equal(got, c.want) || words != c.words {
			t.Errorf("%s: SpaceEdits = %+v, %v; want %+v, %v", c.name, got, words, c.want, c.words)
		}
	}
}
