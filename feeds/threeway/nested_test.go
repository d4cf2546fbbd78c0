package threeway

import (
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

const nestedBase = "alpha beta gamma delta epsilon"

// nestedConflict makes x1's conflict where C merged B's first edit before
// changing the item itself: A edits the base (A#2), B edits it twice (B#2,
// B#3), C edits B#2 (C#3) to cTitle. The base all share is A#1; B#3 and
// C#3 share B#2. mem holds A#1, and B#2 when withB2.
func nestedConflict(t *testing.T, cTitle string, withB2 bool) (*dialect.Doc, dialect.Entry, Memory) {
	t.Helper()
	base := strings.Replace(rss102, "<title>Buy milk</title>", "<title>"+nestedBase+"</title>", 1)
	mem := Memory{}
	mem.Add(entry(t, parse(t, base)))
	at := func(h int) engine.Stamp { return engine.Stamp{When: time.Date(2026, 3, 2, h, 0, 0, 0, time.UTC)} }
	edit := func(src string, by string, h int, c dialect.Change) string {
		d := parse(t, src)
		st := at(h)
		st.By = by
		e, err := d.Update(entry(t, d), st, c, dialect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(e)
		return string(d.Bytes())
	}
	b2 := edit(base, "B", 1, title("alpha BETA gamma delta epsilon"))
	if withB2 {
		mem.Add(entry(t, parse(t, b2)))
	}
	c3 := edit(b2, "C", 3, title(cTitle))
	b3 := edit(b2, "B", 2, title("alpha BETA gamma DELTA epsilon"))
	a2 := edit(base, "A", 4, title("ALPHA beta gamma delta epsilon"))
	merged := parse(t, a2)
	for _, s := range []string{b3, c3} {
		var err error
		if merged, err = dialect.Merge(merged, parse(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	e := entry(t, merged)
	if len(e.Versions()) != 2 {
		t.Fatalf("x1 has %d conflict versions, want 2", len(e.Versions()))
	}
	return merged, e, mem
}

// TestCombineNestedUndoneChange: C saw B's "BETA" and undid it; against
// the base every version shares (A#1) that undoing is invisible, and
// combining there would bring "BETA" back. 1.0.2 §3.4: the item clashes.
func TestCombineNestedUndoneChange(t *testing.T) {
	for _, withB2 := range []bool{true, false} {
		_, e, mem := nestedConflict(t, "alpha beta gamma delta EPSILON", withB2)
		p, err := Combine(e, mem)
		if err != nil {
			t.Fatal(err)
		}
		checkClashes(t, p, map[string]Why{"": Nested})
	}
}

// TestCombineNestedKeptChange: C kept B's "BETA" and changed another word;
// with B#2's data known the versions combine as they would against A#1,
// and every side's word is in the result (1.0.2 §3.4). Without it nothing
// tells whether C undid part of B#2: a clash.
func TestCombineNestedKeptChange(t *testing.T) {
	doc, e, mem := nestedConflict(t, "alpha BETA gamma delta EPSILON", true)
	p, err := Combine(e, mem)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Clean() {
		t.Fatalf("clashes %+v", p.Clashes)
	}
	if got := values(resolve(t, doc, e, p).Winner())["title"]; got != "ALPHA BETA gamma DELTA EPSILON" {
		t.Errorf("title %q, want %q", got, "ALPHA BETA gamma DELTA EPSILON")
	}
	_, e, mem = nestedConflict(t, "alpha BETA gamma delta EPSILON", false)
	if p, err = Combine(e, mem); err != nil {
		t.Fatal(err)
	}
	checkClashes(t, p, map[string]Why{"": Nested})
}
