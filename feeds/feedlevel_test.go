package feeds

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

const levelFeed = `<?xml version="1.0" encoding="utf-8"?>
<?xml-stylesheet href="todo.xsl" type="text/xsl"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <!-- kept by hand -->
 <channel>
  <title>To Do</title>
  <lastBuildDate>Sat, 21 May 2005 09:43:33 GMT</lastBuildDate>
  <sx:sharing since="1" until="5"/>
  <item>
   <title>Buy groceries</title>
   <sx:sync id="item1" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
  <item><title>No sync data</title></item>
 </channel>
</rss>
`

// TestFeedLevel checks that FeedLevel lists what a merge takes from the
// local feed (§3.3 merges items only): everything but the sync items, with
// namespace declarations and white space left out.
func TestFeedLevel(t *testing.T) {
	d := mustParse(t, "todo.xml", levelFeed)
	want := []Part{
		{"?xml", `<?xml version="1.0" encoding="utf-8"?>`},
		{"?xml-stylesheet", `<?xml-stylesheet href="todo.xsl" type="text/xsl"?>`},
		{"rss@version", "2.0"},
		{"#comment", "<!-- kept by hand -->"},
		{"title", "<title>To Do</title>"},
		{"lastBuildDate", "<lastBuildDate>Sat, 21 May 2005 09:43:33 GMT</lastBuildDate>"},
		{"sx:sharing", `<sx:sharing since="1" until="5"/>`},
		{"item", "<item><title>No sync data</title></item>"},
	}
	if got := d.FeedLevel(); !reflect.DeepEqual(got, want) {
		t.Errorf("FeedLevel:\n got %q\nwant %q", got, want)
	}

	t.Run("Merge keeps the local feed's", func(t *testing.T) {
		remote := mustParse(t, "remote.xml", strings.Replace(levelFeed, "<title>To Do</title>", "<title>Chores</title>", 1))
		m, err := Merge(d, remote)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(m.FeedLevel(), want) {
			t.Errorf("merged FeedLevel:\n got %q\nwant %q", m.FeedLevel(), want)
		}
		if reflect.DeepEqual(remote.FeedLevel(), want) {
			t.Error("a changed title does not show in FeedLevel")
		}
	})
	t.Run("SetSharing shows", func(t *testing.T) {
		d := mustParse(t, "todo.xml", levelFeed)
		d.SetSharing(&Sharing{Since: "1", Until: "6"})
		got := d.FeedLevel()
		if last := got[len(got)-1]; last != (Part{"sx:sharing", `<sx:sharing since="1" until="6"/>`}) {
			t.Errorf("the sharing set is %q", last)
		}
		for _, p := range got[:len(got)-1] {
			if p.Name == "sx:sharing" {
				t.Errorf("the sharing read is still listed: %q", p)
			}
		}
		d.SetSharing(nil)
		for _, p := range d.FeedLevel() {
			if p.Name == "sx:sharing" {
				t.Errorf("a removed sharing is listed: %q", p)
			}
		}
	})
	t.Run("Atom", func(t *testing.T) {
		d := mustParse(t, "a.xml", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync" xml:lang="en">
 <title>T</title><updated>2005-05-21T09:43:33Z</updated>
 <entry><title>x</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="A"/></sx:sync></entry>
</feed>`)
		want := []Part{{"feed@xml:lang", "en"}, {"title", "<title>T</title>"}, {"updated", "<updated>2005-05-21T09:43:33Z</updated>"}}
		if got := d.FeedLevel(); !reflect.DeepEqual(got, want) {
			t.Errorf("FeedLevel:\n got %q\nwant %q", got, want)
		}
	})
}

// TestTakeFeedLevel takes feed-level elements from another version of a
// feed: one replaced, one added, one removed, an item without sx:sync, and
// sx:sharing; what cannot be taken is left; the result reads back with the parts taken, and the Doc it was
// merged from does not change.
func TestTakeFeedLevel(t *testing.T) {
	theirs := strings.NewReplacer(
		"<title>To Do</title>", "<title>Chores</title>\n  <description>What to do</description>",
		"  <lastBuildDate>Sat, 21 May 2005 09:43:33 GMT</lastBuildDate>\n", "",
		`<sx:sharing since="1" until="5"/>`, `<sx:sharing since="1" until="6"/>`,
		"No sync data", "No sync data yet",
	).Replace(levelFeed)
	from := mustParse(t, "theirs.xml", theirs)
	local := mustParse(t, "todo.xml", levelFeed)
	d, err := Merge(local, from)
	if err != nil {
		t.Fatal(err)
	}
	before := string(local.Bytes())
	taken := d.TakeFeedLevel(from, []string{"title", "description", "lastBuildDate", "sx:sharing", "item", "rss@version", "nothing"})
	if want := []string{"title", "description", "lastBuildDate", "sx:sharing", "item"}; !reflect.DeepEqual(taken, want) {
		t.Errorf("taken %q, want %q", taken, want)
	}
	if string(local.Bytes()) != before {
		t.Error("the local feed changed")
	}
	back := mustParse(t, "back.xml", string(d.Bytes()))
	want := map[string]string{"title": "<title>Chores</title>", "description": "<description>What to do</description>",
		"sx:sharing": `<sx:sharing since="1" until="6"/>`, "item": "<item><title>No sync data yet</title></item>"}
	got := map[string]string{}
	for _, p := range back.FeedLevel() {
		got[p.Name] = p.XML
	}
	for name, xml := range want {
		if got[name] != xml {
			t.Errorf("%s is %q, want %q", name, got[name], xml)
		}
	}
	if _, ok := got["lastBuildDate"]; ok {
		t.Error("lastBuildDate is still there")
	}
	if !reflect.DeepEqual(sortedParts(back.FeedLevel()), sortedParts(d.FeedLevel())) { // the order of sx:sharing may differ
		t.Errorf("FeedLevel before writing:\n%q\nafter reading back:\n%q", d.FeedLevel(), back.FeedLevel())
	}
	if len(back.Items()) != 1 {
		t.Errorf("%d items, want 1", len(back.Items()))
	}
	t.Run("other format", func(t *testing.T) {
		atom := mustParse(t, "a.xml", `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></feed>`)
		if taken := local.TakeFeedLevel(atom, []string{"title"}); taken != nil {
			t.Errorf("took %q from an Atom feed into RSS", taken)
		}
	})
}

func sortedParts(ps []Part) []Part {
	ps = slices.Clone(ps)
	slices.SortStableFunc(ps, func(a, b Part) int { return strings.Compare(a.Name, b.Name) })
	return ps
}
