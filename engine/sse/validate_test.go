package sse

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// §2.3 to §2.5 and §5.2: the rules that are not XML syntax. want lists the
// faults as InvalidError renders them.
func TestValidate(t *testing.T) {
	valid := func() *Item { return withConflicts(item("x", 2, "", sA1, sA0), record(1, sB0, "")) }
	cases := []struct {
		name  string
		spoil func(*Item)
		want  []string
	}{
		{"valid", func(*Item) {}, nil},
		{"§2.3 id not an NSS", func(it *Item) { it.ID = "a b" }, []string{"sx:sync id: " + ErrInvalidID.Error()}},
		{"§2.3 empty id", func(it *Item) { it.ID = "" }, []string{"sx:sync id: " + ErrInvalidID.Error()}},
		{"§2.3 version 0", func(it *Item) { it.Version = 0 }, []string{"sx:sync version: " + ErrVersion.Error()}},
		{"§2.4 history with neither when nor by", func(it *Item) { it.History.When, it.History.By = at(""), "" }, []string{"sx:history: " + ErrNoStamp.Error()}},
		{"§1.2 history by not an NSS", func(it *Item) { it.History.By = "a<b" }, []string{"sx:history by: " + ErrInvalidID.Error()}},
		{"§2.5 second update with neither", func(it *Item) { it.History.Updates = []Stamp{sA0, {}} }, []string{"sx:update 2: " + ErrNoStamp.Error()}},
		{"§5.2 conflict version 0 and bad by", func(it *Item) { it.Conflicts[0].Version, it.Conflicts[0].By = 0, "%zz" }, []string{
			"sx:conflict 1 version: " + ErrVersion.Error(),
			"sx:conflict 1 by: " + ErrInvalidID.Error(),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			it := valid()
			c.spoil(it)
			err := Validate(it)
			var got []string
			if err != nil {
				for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
					var ie *InvalidError
					if !errors.As(e, &ie) {
						t.Fatalf("fault %v is not an *InvalidError", e)
					}
					got = append(got, e.Error())
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("Validate = %q, want %q", got, c.want)
			}
		})
	}
}

// The interop feed rome-rss-playlist-sse.xml (rometools): 13 items with
// id="101" to "113", version="1", deleted="false" conflict="false", and a
// history by "sseRSSConvert.js" on Fri, 6 Jan 2006 19:24:09 GMT. Its sync
// attributes are valid, and merging the feed with itself changes nothing.
func TestInteropPlaylist(t *testing.T) {
	deleted, err := ParseFlag("false")
	if err != nil || deleted {
		t.Fatalf(`ParseFlag("false") = %v, %v`, deleted, err)
	}
	var feed []*Item
	for id := 101; id <= 113; id++ {
		it := item(fmt.Sprint(id), 1, fmt.Sprint("track ", id), st("Fri, 06 Jan 2006 19:24:09 GMT", "sseRSSConvert.js"))
		if err := Validate(it); err != nil {
			t.Errorf("item %s: %v", it.ID, err)
		}
		feed = append(feed, it)
	}
	merged, err := MergeFeed(feed, feed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range feed {
		if show(merged[i]) != show(feed[i]) {
			t.Errorf("merging with itself changed\n%s\ninto\n%s", show(feed[i]), show(merged[i]))
		}
	}
}

// §2.3: deleted and conflict are "true", "false", empty, or invalid.
func TestParseFlag(t *testing.T) {
	cases := []struct {
		in   string
		want bool
		err  error
	}{
		{"true", true, nil},
		{"false", false, nil},
		{"", false, nil},
		{"TRUE", false, ErrFlag},
		{"1", false, ErrFlag},
		{" true", false, ErrFlag},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseFlag(c.in)
			if got != c.want || !errors.Is(err, c.err) {
				t.Errorf("ParseFlag(%q) = %v, %v; want %v, %v", c.in, got, err, c.want, c.err)
			}
		})
	}
}
