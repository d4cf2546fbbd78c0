package tui

import (
	"strings"
	"testing"
)

// TestFieldKeysRefused: --field adds a field only at the next place of its
// name, never a second title or description, and never an element other
// than the one its key names; a refused edit is a usage error that names
// the key and writes nothing.
func TestFieldKeysRefused(t *testing.T) {
	for _, tc := range []struct{ name, field, want string }{
		{"a second title", "title[2]=x", "--field title[2]: no such field: an RSS item has at most one title"},
		{"the title numbered", "title[1]=x", "--field title[1]: no such field: the title's key is title"},
		{"a second description", "content[2]=x", "an RSS item has at most one description"},
		{"a category past the next", "category[5]=x", "--field category[5]: no such field: the item has no category; category[1] adds one"},
		{"a category without a number", "category=x", "category[1] adds one"},
		{"a malformed number", "category[01]=x", "a key is a name, or a name and a number from 1"},
		{"another element than the key's", "{urn:x}foo[1]=<b>x</b>", "--field {urn:x}foo[1]: not a value this field can hold: the element is b, the key names foo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.write("f.xml", oneItem)
			code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--field", tc.field,
				"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, tc.want)
			}
			if h.read("f.xml") != oneItem {
				t.Error("a refused edit changed the feed")
			}
		})
	}
}

// TestFieldPlainText: a --field value that is not XML is the text of the
// element the key names, declared in its namespace; the next category is
// added after the last.
func TestFieldPlainText(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--field", "{urn:x}foo[1]=bar",
		"--field", "category[1]=home", "--field", "category[2]=work",
		"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := h.read("f.xml")
	for _, want := range []string{`<foo xmlns="urn:x">bar</foo>`, "<category>home</category>", "<category>work</category>"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
}

// TestFieldKeyRefusalSaysWhich guards QA Q24: every key that names no
// shared field was refused as "publisher-specific data", even a misspelt
// or unknown one, and none with "the key it could have been" (README).
func TestFieldKeyRefusalSaysWhich(t *testing.T) {
	for _, tc := range []struct{ field, want string }{
		{"description=x", "--field description: an RSS item's description has the key content"},
		{"Title=x", "--field Title: no shared field has this key; did you mean title?"},
		{"link=x", "--field link: link is publisher-specific data (implementation note 1)"},
		{"foo=x", "--field foo: no shared field has this key; keys are title, content, summary, category[N]"},
	} {
		t.Run(tc.field, func(t *testing.T) {
			h := newHarness(t)
			h.write("f.xml", oneItem)
			code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--field", tc.field,
				"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, tc.want)
			}
		})
	}
}

// TestEmptyTitleOrContentRefused guards QA Q41: 'update --title ""' wrote
// <title/>, while the merge view refuses an empty title or content. An
// empty --title or --content is refused in create, update and resolve
// --pick alike, pointing to --remove-field, which removes the field.
func TestEmptyTitleOrContentRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"update", "--title", ""}, "--title is empty: give a title, or --remove-field title to remove it"},
		{[]string{"update", "--content", ""}, "--content is empty: give a content, or --remove-field content to remove it"},
		{[]string{"create", "--id", "item2", "--title", "", "--content", "x"}, "--title is empty: give a title, or leave --title out"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			h := newHarness(t)
			h.write("f.xml", oneItem)
			args := append([]string{tc.args[0], h.path("f.xml")}, tc.args[1:]...)
			if tc.args[0] == "update" {
				args = append(args, "--id", "item1")
			}
			args = append(args, "--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
			code, _, stderr := h.run("", args...)
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, tc.want)
			}
			if h.read("f.xml") != oneItem {
				t.Error("a refused edit changed the feed")
			}
		})
	}
}

// TestCategoryValueIsNotXML guards QA Q25: a FeedSync 1.0.2 category's
// --field value is its term, followed by " (scheme)" when it has one;
// '--field category[1]=<category term="home"/>' wrote a category whose
// term was that XML. A value that is plainly an element is refused.
func TestCategoryValueIsNotXML(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--field", `category[1]=<category domain="d">home</category>`,
		"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
	want := `--field category[1]: not a value this field can hold: a category's value is its term, followed by " (scheme)" when it has one, not XML`
	if code != ExitError || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, want)
	}
	if h.read("f.xml") != oneItem {
		t.Error("a refused edit changed the feed")
	}
	code, _, stderr = h.run("", "update", h.path("f.xml"), "--id", "item1", "--field", "category[1]=home (http://d)",
		"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
	if code != ExitOK || !strings.Contains(h.read("f.xml"), `<category domain="http://d">home</category>`) {
		t.Errorf("exit %d: %s\n%s", code, stderr, h.read("f.xml"))
	}
}
