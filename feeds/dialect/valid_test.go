package dialect

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestAtomEntriesValid: an entry created, updated or resolved has the
// atom:id and atom:updated RFC 4287 §4.1.2 requires: a created one an id
// made from its sync id (feeds.EntryID), updated at its when, and an empty
// content when none was given (an entry without atom:content needs an
// alternate link, which is the publisher's and which feedsync cannot
// make); an update moves updated to its when and keeps the id, as the
// spec's examples do (1.0.2 §3.2).
func TestAtomEntriesValid(t *testing.T) {
	d := parse(t, "f.xml", atom102)
	e, err := d.Create("new", at(1, "A"), Change{Edit: Edit{Title: ptr("t")}})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	out := string(reparse(t, d).Bytes())
	entry := out[strings.Index(out, `<title>t</title>`):]
	for _, want := range []string{"<content/>", "<id>" + feeds.EntryID("new") + "</id>", "<updated>2005-05-23T00:01:00Z</updated>"} {
		if !strings.Contains(entry, want) {
			t.Errorf("the created entry has no %s:\n%s", want, entry)
		}
	}
	e, err = d.Entry("item1")
	if err != nil {
		t.Fatal(err)
	}
	if e, err = d.Update(e, at(2, "B"), Change{Edit: Edit{Title: ptr("u")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	out = string(reparse(t, d).Bytes())
	entry = out[strings.Index(out, `<title>u</title>`):]
	entry = entry[:strings.Index(entry, "</entry>")]
	if !strings.Contains(entry, "<id>urn:item1</id>") || !strings.Contains(entry, "<updated>2005-05-23T00:02:00Z</updated>") ||
		strings.Count(entry, "<updated>") != 1 || strings.Count(entry, "<id>") != 1 {
		t.Errorf("the updated entry:\n%s", entry)
	}
}
