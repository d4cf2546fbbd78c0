package ssefeed

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
)

// TestCategoryOneReading: a category field reads the same in FeedSync
// 1.0.2 and SSE 0.91 RSS (RSS 2.0 category element: text and domain; 0.91
// §4.2, an update's new data): "term (domain)" is the domain attribute and
// the text, " ()" after a term ends a term that itself ends in "(…)", and
// each value shows back as it was given.
func TestCategoryOneReading(t *testing.T) {
	edits := []feeds.FieldEdit{
		{Key: "category[1]", Value: "home (http://d)"},
		{Key: "category[2]", Value: "home (x) ()"},
		{Key: "category[3]", Value: "plain"},
	}
	wantXML := []string{`<category domain="http://d">home</category>`, `<category>home (x)</category>`, `<category>plain</category>`}
	check := func(t *testing.T, fs []feeds.Field, out []byte) {
		t.Helper()
		var got []string
		for _, f := range fs {
			if strings.HasPrefix(f.Key, "category") {
				got = append(got, f.Key+"="+f.Value)
			}
		}
		if want := "category[1]=home (http://d) category[2]=home (x) () category[3]=plain"; strings.Join(got, " ") != want {
			t.Errorf("fields %q, want %q", got, want)
		}
		for _, w := range wantXML {
			if !strings.Contains(string(out), w) {
				t.Errorf("written feed lacks %s:\n%s", w, out)
			}
		}
	}
	t.Run("0.91", func(t *testing.T) {
		d := mustParse(t, "s.xml", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel>
<item><title>T</title><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></item>
</channel></rss>`)
		data, err := d.EditData(d.Item("1").Data, edits)
		if err != nil {
			t.Fatal(err)
		}
		it, err := sse.New("new", sse.Stamp{By: "me"}, sse.Change{Data: data})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(it)
		back := mustParse(t, "back.xml", string(d.Bytes()))
		check(t, Fields(back.Item("new").Data), d.Bytes())
	})
	t.Run("1.0.2", func(t *testing.T) {
		d, err := feeds.Parse("f.xml", []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
<item><title>T</title><sx:sync id="1" updates="1"><sx:history sequence="1" by="e"/></sx:sync></item>
</channel></rss>`))
		if err != nil {
			t.Fatal(err)
		}
		data, err := d.EditData(d.Item("1").Data, edits)
		if err != nil {
			t.Fatal(err)
		}
		it, err := engine.New("new", engine.Stamp{By: "me"}, data, false, false)
		if err != nil {
			t.Fatal(err)
		}
		d.Set(it)
		back, err := feeds.Parse("back.xml", d.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		check(t, feeds.Fields(back.Item("new").Data), d.Bytes())
	})
}
