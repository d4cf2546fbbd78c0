package mergemodel

import (
	"slices"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// TestListEdits turns a list's result back into edits by key.
func TestListEdits(t *testing.T) {
	f := Field{Key: "category", List: true, Numbered: true, Winner: "home\nwork"}
	got := listEdits(f, "home\nplay\nlater")
	want := []dialect.FieldEdit{{Key: "category[2]", Value: "play"}, {Key: "category[3]", Value: "later"}}
	if !slices.Equal(got, want) {
		t.Errorf("edits %+v, want %+v", got, want)
	}
	got = listEdits(f, "work")
	want = []dialect.FieldEdit{{Key: "category[1]", Value: "work"}, {Key: "category[2]", Remove: true}}
	if !slices.Equal(got, want) {
		t.Errorf("edits %+v, want %+v", got, want)
	}
	link := Field{Key: "link", List: true, Winner: "a\nb"}
	if got := listEdits(link, "c"); got[0].Key != "link" || got[1].Key != "link[2]" || !got[1].Remove {
		t.Errorf("SSE names numbered from their second: %+v", got)
	}
}

// TestJoinSides: both sides of a hunk, words parted by one space, lines
// by a line break.
func TestJoinSides(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"rolls", "bread", "rolls bread"},
		{" rolls", " bread", " rolls bread"},
		{"a\n", "b\n", "a\nb\n"},
		{"a", "b\n", "a\nb\n"},
		{"", "b", "b"},
	} {
		if got := JoinSides(c.a, c.b, false); got != c.want {
			t.Errorf("JoinSides(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
	if got := JoinSides("home", "work", true); got != "home\nwork" {
		t.Errorf("a list joins lines: %q", got)
	}
}

// TestEditOf: the edit holds the fields whose result differs from the
// winner's, a text emptied removed, a title and content as themselves.
func TestEditOf(t *testing.T) {
	fields := []Field{{Key: "title", Winner: "a"}, {Key: "content", Winner: "b"}, {Key: "summary", Winner: "s"}, {Key: "x", Winner: "y"}}
	e := EditOf(fields, []string{"A", "b", "", "y"})
	if e.Title == nil || *e.Title != "A" || e.Content != nil {
		t.Errorf("title %v content %v, want A and none", e.Title, e.Content)
	}
	if want := []dialect.FieldEdit{{Key: "summary", Remove: true}}; !slices.Equal(e.Fields, want) {
		t.Errorf("fields %+v, want %+v", e.Fields, want)
	}
}
