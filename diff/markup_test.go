package diff

import (
	"fmt"
	"strings"
	"testing"
)

// markupCases are pairs of HTML or XHTML texts whose changes lie inside
// or beside tags and references.
var markupCases = []struct{ name, a, b string }{
	{"a tag renamed", `<p>Hello <strong>world</strong></p>`, `<p>Hello <em>world</em></p>`},
	{"an attribute changed", `<a href="http://a.example/x">link</a>`, `<a href="http://a.example/y">link</a>`},
	{"a > in a quoted attribute", `<a title="a>b">x</a> y`, `<a title="a>c">x</a> z`},
	{"a tag over two lines", "<a\n href=\"x\">link</a>\nmore", "<a\n href=\"y\">link</a>\nmore"},
	{"an entity changed", `fish &amp; chips &#x41;`, `fish &lt; chips &#66;`},
	{"a tag added at a word", `Hello world`, `Hello <b>world</b>`},
	{"an XHTML div", `<div xmlns="http://www.w3.org/1999/xhtml">Hello <strong>world</strong>!</div>`,
		`<div xmlns="http://www.w3.org/1999/xhtml">Hello <em>world</em>?</div>`},
	{"a comment and an empty element", `a<!-- one --><br/>b`, `a<!-- two --><hr/>b`},
	{"stray < and & are characters", `a < b & c`, `a < d & c`},
	{"a comment holding > and <", `x <!-- a > b < c --> y`, `x <!-- a > b < d --> z`},
	{"a CDATA section and a processing instruction", `<![CDATA[a > b]]> <?pi x > y?>`, `<![CDATA[a > c]]> <?pi x > z?>`},
	{"a comment never closed", `<!-- a <!-- b <b>x</b>`, `<!-- a <!-- b <i>x</i>`},
}

// tagsOf returns the byte ranges of the tags and references in s, as
// tokenizeMarkup reads them.
func tagsOf(s string) [][2]int {
	var out [][2]int
	at := 0
	for _, t := range tokenizeMarkup(s) {
		if c := (markupCutter{}); c.markupLen(t) == len(t) {
			out = append(out, [2]int{at, at + len(t)})
		}
		at += len(t)
	}
	return out
}

// cutInside reports a cut, an offset in s, strictly inside one of tags.
func cutInside(tags [][2]int, cut int) bool {
	for _, r := range tags {
		if r[0] < cut && cut < r[1] {
			return true
		}
	}
	return false
}

// TestChunksByMarkupKeepTagsWhole guards issue 20 item 1: word by word,
// the hunks of XHTML content cut tags ("strong" → "em" inside "<strong>"),
// and taking one made "<em>world</strong>" or half a tag. ByMarkup cuts
// no tag and no reference on either side, and its chunks join to the
// texts.
func TestChunksByMarkupKeepTagsWhole(t *testing.T) {
	for _, tc := range markupCases {
		t.Run(tc.name, func(t *testing.T) {
			cs := Chunks(tc.a, tc.b, ByMarkup)
			var olds, news strings.Builder
			ta, tb := tagsOf(tc.a), tagsOf(tc.b)
			changed := false
			for _, c := range cs {
				for _, cut := range []int{olds.Len(), olds.Len() + len(c.Old)} {
					if cutInside(ta, cut) {
						t.Errorf("a chunk cuts a tag of a at %d: %+v", cut, cs)
					}
				}
				for _, cut := range []int{news.Len(), news.Len() + len(c.New)} {
					if cutInside(tb, cut) {
						t.Errorf("a chunk cuts a tag of b at %d: %+v", cut, cs)
					}
				}
				olds.WriteString(c.Old)
				news.WriteString(c.New)
				changed = changed || c.Changed
			}
			if olds.String() != tc.a || news.String() != tc.b || !changed {
				t.Errorf("chunks %+v do not join to the texts, or show no change", cs)
			}
		})
	}
}

// TestChunksByWordCutTags shows what ByMarkup is for: by words, the first
// case's hunk is "strong" → "em", inside the tags.
func TestChunksByWordCutTags(t *testing.T) {
	tc := markupCases[0]
	ta := tagsOf(tc.a)
	pos, cuts := 0, false
	for _, c := range Chunks(tc.a, tc.b, ByWord) {
		cuts = cuts || cutInside(ta, pos)
		pos += len(c.Old)
	}
	if !cuts {
		t.Error("ByWord cut no tag: the case does not show what ByMarkup guards")
	}
}

// TestWordsMarkup: the item screen's spans of markup mark a changed tag
// whole.
func TestWordsMarkup(t *testing.T) {
	left, right := WordsMarkup(`Hello <strong>world</strong>`, `Hello <em>world</em>`)
	want := func(spans []Span, s string) {
		t.Helper()
		for _, sp := range spans {
			if sp.Kind != Equal && sp.Text == s {
				return
			}
		}
		t.Errorf("no changed span %q in %q", s, spans)
	}
	want(left, "<strong>")
	want(left, "</strong>")
	want(right, "<em>")
	want(right, "</em>")
	rows := SideBySideMarkup("a\n<b>x</b>\n", "a\n<i>x</i>\n")
	if len(rows) != 2 || Join(rows[1].Left.Spans) != "<b>x</b>" || rows[1].Left.Spans[0] != (Span{"<b>", Delete}) {
		t.Errorf("SideBySideMarkup rows %+v", rows)
	}
}

// FuzzMarkupChunks checks that ByMarkup's chunks join to the texts and
// that every cut between them is a cut between markup tokens.
//
//	$ go test -fuzz=FuzzMarkupChunks ./diff
func FuzzMarkupChunks(f *testing.F) {
	for _, tc := range markupCases {
		f.Add(tc.a, tc.b)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		var olds, news strings.Builder
		ta, tb := tagsOf(a), tagsOf(b)
		for _, c := range Chunks(a, b, ByMarkup) {
			olds.WriteString(c.Old)
			news.WriteString(c.New)
			if cutInside(ta, olds.Len()) || cutInside(tb, news.Len()) {
				t.Fatalf("a cut inside a tag: %+v", Chunks(a, b, ByMarkup))
			}
		}
		if olds.String() != a || news.String() != b {
			t.Fatalf("chunks do not join to the texts")
		}
	})
}

// markupText returns n paragraphs of XHTML, one a line, with every
// tenth paragraph's emphasis changed when changed is set.
func markupText(n int, changed bool) string {
	var b strings.Builder
	for i := range n {
		tag := "strong"
		if changed && i%10 == 0 {
			tag = "em"
		}
		fmt.Fprintf(&b, `<p class="n%d">Paragraph %d has <%s>some words</%s> &amp; a <a href="http://x.example/%d">link</a>.</p>`+"\n", i, i, tag, tag, i)
	}
	return b.String()
}

// BenchmarkChunksMarkup compares XHTML of 1k, 10k and 100k paragraphs
// (about 100 bytes each) with every tenth paragraph's tags changed, as
// ByMarkup cuts it (the texts whole, not line by line first); the time
// per byte should stay flat from one size to the next.
//
//	go test -run '^$' -bench ChunksMarkup ./diff
func BenchmarkChunksMarkup(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		a, c := markupText(n, false), markupText(n, true)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(a) + len(c)))
			for b.Loop() {
				Chunks(a, c, ByMarkup)
			}
		})
	}
}
