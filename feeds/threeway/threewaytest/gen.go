// Package threewaytest makes conflicts for the tests that tie the front
// ends to the one three-way rule (package feeds/threeway): the resolver's
// list, C, its merge view and its $EDITOR sheet, and the command line's
// `conflicts --json` and `resolve --auto` must all read a conflict as
// threeway.Combine does.
//
// Gen makes an item's conflict from a base feed of every dialect (Atom,
// RSS, SSE 0.91 RSS and OPML) and every kind of field (text, HTML and
// XHTML content, categories, repeated and nested foreign elements,
// attributes), each endpoint changing a few of them at random from a small
// vocabulary, so that changes made apart and changes that clash both come.
package threewaytest

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// ID is the id of the item in conflict in every feed Gen makes.
const ID = "x1"

// A Conflict is an item in conflict: the merged feed, the base feed every
// endpoint changed, and the base versions as a version store holds them.
type Conflict struct {
	Name  string // the base's kind and the changes, for a failing test
	Base  []byte // the base feed
	Feed  []byte // the endpoints' feeds merged, item ID in conflict
	Bases threeway.Memory
}

// Doc parses the merged feed.
func (c Conflict) Doc() (*dialect.Doc, error) { return dialect.Parse("f.xml", c.Feed) }

// Kinds names the base feeds, one per dialect and kind of content.
var Kinds = []string{"atom-text", "atom-html", "atom-xhtml", "rss", "sse-rss", "sse-opml"}

var words = []string{"milk", "bread", "oat", "eggs", "shop", "corner", "square", "today", "Lyon", "Paris"}

// Gen makes the n-th conflict of seed: a base of kind Kinds[n%len], two or
// three endpoints each making one to three changes.
func Gen(seed uint64, n int) (Conflict, error) {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	kind := Kinds[n%len(Kinds)]
	base := bases[kind]
	c := Conflict{Name: kind, Base: []byte(base), Bases: threeway.Memory{}}
	d0, err := dialect.Parse("base.xml", c.Base)
	if err != nil {
		return c, err
	}
	e0, err := d0.Entry(ID)
	if err != nil {
		return c, err
	}
	c.Bases.Add(e0)
	var merged *dialect.Doc
	for i := range 2 + r.IntN(2) {
		d, err := dialect.Parse("base.xml", c.Base)
		if err != nil {
			return c, err
		}
		e, _ := d.Entry(ID)
		ch, what := change(r, e.Winner().Fields())
		c.Name += fmt.Sprintf(" · %c: %s", 'B'+i, what)
		st := engine.Stamp{When: time.Date(2026, 3, 2, 9, i, 0, 0, time.UTC), By: string(rune('B' + i))}
		if e, err = d.Update(e, st, ch, dialect.Options{}); err != nil {
			return c, fmt.Errorf("%s: %w", c.Name, err)
		}
		d.Set(e)
		if d, err = dialect.Parse("side.xml", d.Bytes()); err != nil {
			return c, err
		}
		if merged == nil {
			merged = d
		} else if merged, err = dialect.Merge(merged, d); err != nil {
			return c, err
		}
	}
	c.Feed = merged.Bytes()
	return c, nil
}

// change makes one endpoint's change of fields: one to three edits, or
// rarely the item's deletion.
func change(r *rand.Rand, fields []feeds.Field) (dialect.Change, string) {
	if r.IntN(14) == 0 {
		yes := true
		return dialect.Change{Deleted: &yes}, "deleted"
	}
	var ch dialect.Change
	var said []string
	shared := slices.DeleteFunc(slices.Clone(fields), func(f feeds.Field) bool { return !f.Shared })
	for range 1 + r.IntN(3) {
		ed, what := edit(r, shared)
		ch.Fields = append(ch.Fields, ed)
		said = append(said, what)
		shared = apply(shared, ed)
	}
	return ch, strings.Join(said, ", ")
}

// edit makes one edit of a field: a word changed, an attribute's value
// changed, a category or a repeated element added or removed.
func edit(r *rand.Rand, fs []feeds.Field) (feeds.FieldEdit, string) {
	f := fs[r.IntN(len(fs))]
	name, n, numbered := feeds.SplitKey(f.Key)
	switch k := r.IntN(6); {
	case numbered && n > 0 && k == 0:
		return feeds.FieldEdit{Key: lastOf(fs, name), Remove: true}, "removed " + lastOf(fs, name)
	case numbered && n > 0 && k == 1:
		key := feeds.NextKey(name, count(fs, name), true)
		return feeds.FieldEdit{Key: key, Value: wordIn(r, f.Value)}, "added " + key
	case attr.MatchString(f.Value) && k < 4:
		v := attr.ReplaceAllStringFunc(f.Value, func(s string) string {
			if r.IntN(2) == 0 {
				return s
			}
			return fmt.Sprintf(`="%d"`, r.IntN(4))
		})
		return feeds.FieldEdit{Key: f.Key, Value: v}, "attributes of " + f.Key
	}
	return feeds.FieldEdit{Key: f.Key, Value: wordIn(r, f.Value)}, "a word of " + f.Key
}

var (
	attr = regexp.MustCompile(`="\d+"`)
	word = regexp.MustCompile(`[A-Za-z]+`)
	tag  = regexp.MustCompile(`<[^>]*>`)
)

// wordIn replaces one word of v outside its tags with a word of the
// vocabulary.
func wordIn(r *rand.Rand, v string) string {
	var at [][]int
	tags := tag.FindAllStringIndex(v, -1)
	for _, w := range word.FindAllStringIndex(v, -1) {
		if !slices.ContainsFunc(tags, func(t []int) bool { return w[0] >= t[0] && w[1] <= t[1] }) {
			at = append(at, w)
		}
	}
	if len(at) == 0 {
		return v + " " + words[r.IntN(len(words))]
	}
	w := at[r.IntN(len(at))]
	return v[:w[0]] + words[r.IntN(len(words))] + v[w[1]:]
}

func count(fs []feeds.Field, name string) int {
	n := 0
	for _, f := range fs {
		if b, i, ok := feeds.SplitKey(f.Key); ok && b == name && i > 0 {
			n++
		}
	}
	return n
}

func lastOf(fs []feeds.Field, name string) string {
	return feeds.NextKey(name, count(fs, name)-1, true)
}

// apply makes an edit on fields, as the next edit of the same change sees
// them.
func apply(fs []feeds.Field, ed feeds.FieldEdit) []feeds.Field {
	i := slices.IndexFunc(fs, func(f feeds.Field) bool { return f.Key == ed.Key })
	switch {
	case ed.Remove && i >= 0:
		return slices.Delete(fs, i, i+1)
	case i >= 0:
		fs[i].Value = ed.Value
		return fs
	case ed.Remove:
		return fs
	}
	return append(fs, feeds.Field{Key: ed.Key, Value: ed.Value, Shared: true})
}
