package tui

import (
	"strings"
	"testing"
)

// TestConflictingFlagsAreRefused guards QA's S5: --field title=x --title y
// silently kept --field's title. Flags that say two things of one field
// are refused with the usage, and nothing is written: --title or
// --content beside a --field or --remove-field of that field, either one
// given twice, and a field set by --field and then edited again by a later
// --field or --remove-field of the same key, which would undo it. A
// --remove-field followed by another edit of the same key is not refused:
// the fields are numbered anew after a removal (the first of two
// categories removed twice removes both).
func TestConflictingFlagsAreRefused(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"--field title, --title", []string{"--field", "title=x", "--title", "y"}, "--title and --field title both set the title"},
		{"--title, --field title[1]", []string{"--title", "y", "--field", "title[1]=x"}, "--title and --field title[1] both set the title"},
		{"--content, --remove-field content", []string{"--content", "c", "--remove-field", "content"}, "--content and --remove-field content both set the content"},
		{"--title twice", []string{"--title", "a", "--title", "b"}, "--title is given twice"},
		{"--content twice", []string{"--content", "a", "--content", "a"}, "--content is given twice"},
		{"--field twice", []string{"--field", "summary=a", "--field", "summary=b"}, "--field summary is set, then edited again"},
		{"--field, then --remove-field", []string{"--field", "category[1]=a", "--remove-field", "category[1]"}, "--field category[1] is set, then edited again"},
		{"--field title, then title[1]", []string{"--field", "title=a", "--field", "title[1]=b"}, "--field title is set, then edited again"},
	}
	for _, c := range cases {
		for _, cmd := range [][]string{
			{"update", feed, "--id", "item1"},
			{"create", feed, "--id", "new"},
			{"resolve", feed, "--id", "item1", "--pick", "winner"},
		} {
			t.Run(c.name+"/"+cmd[0], func(t *testing.T) {
				args := append(append(append([]string(nil), cmd...), "--by", "A", "-o", feed), c.args...)
				code, stdout, stderr := h.run("", args...)
				if code != ExitError || stdout != "" || !strings.Contains(stderr, "feedsync "+cmd[0]+": "+c.want) || !strings.Contains(stderr, "usage: ") {
					t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
				}
			})
		}
	}
	if h.read("f.xml") != oneItem {
		t.Error("the feed changed")
	}
	code, _, stderr := h.run("", "update", feed, "--id", "item1", "--by", "A", "--remove-field", "content", "--field", "content=again")
	if code != ExitOK {
		t.Errorf("--remove-field then --field of one key: exit %d: %s", code, stderr)
	}
}
