package feeds

import (
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// An endpoint that adds a title or a content to an item that has none
// lays the item out as a merge lays out that version at every other
// endpoint (interleave: an added element leading the winner's shared
// elements goes where the local item's first shared element was), so
// that endpoints holding the same file still hold the same bytes after
// one changes it and the others merge the change (the package doc's
// promise for endpoints syncing through a hub). Before, update put a new
// title first in the item, before publisher-specific elements such as
// RSS link or Atom id, and the merge put it before the first shared one.
func TestAddedTitleGoesWhereAMergePutsIt(t *testing.T) {
	title, content := "Added", "Added text"
	for _, tc := range []struct {
		name, feed     string
		title, content *string
		edit           []FieldEdit
	}{
		{name: "RSS_title", feed: orderRSS(`<link>http://e/1</link>
      <description>d</description>
      <guid>g1</guid>
      ` + orderSync(1)), title: &title},
		{name: "RSS_title_field", feed: orderRSS(`<link>http://e/1</link>
      <description>d</description>
      <guid>g1</guid>
      ` + orderSync(1)), edit: []FieldEdit{{Key: "title", Value: title}}},
		{name: "RSS_content_no_title", feed: orderRSS(`<link>http://e/1</link>
      <category>c</category>
      ` + orderSync(1)), content: &content},
		{name: "RSS_content_field_no_title", feed: orderRSS(`<link>http://e/1</link>
      <category>c</category>
      ` + orderSync(1)), edit: []FieldEdit{{Key: "content", Value: content}}},
		{name: "Atom_title", feed: orderAtom(`<id>urn:e1</id>
    <updated>2024-01-01T00:00:00Z</updated>
    <summary>s</summary>
    ` + orderSync(1)), title: &title},
		{name: "Atom_content_no_title", feed: orderAtom(`<id>urn:e1</id>
    <updated>2024-01-01T00:00:00Z</updated>
    <category term="c"/>
    ` + orderSync(1)), content: &content},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := mustParse(t, "a.xml", tc.feed)
			it := a.Item("ep")
			var data engine.Data
			var err error
			if tc.edit != nil {
				data, err = a.EditData(it.Data, tc.edit)
			} else {
				data, err = a.NewData(it.Data, tc.title, tc.content)
			}
			if err != nil {
				t.Fatal(err)
			}
			up, err := engine.Update(it, engine.Stamp{When: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), By: "remote"}, engine.Edit(it, data), engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a.Set(up)
			changed := string(a.Bytes())
			merged := mergeOf(t, [2]string{tc.feed, changed}, false)
			if merged != changed {
				t.Errorf("the endpoint that changed the item (-) and one that merged the change (+) hold other bytes:\n%s", feedtest.LineDiff(changed, merged))
			}
		})
	}
}
