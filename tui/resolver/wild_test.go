package resolver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// wildConflict adopts testdata/wild/name as endpoint A, lets A and B each
// change the first item (a and b), and merges B's copy into A's: the
// first item is in conflict, with what each changed.
func wildConflict(t *testing.T, name string, a, b dialect.Change) *dialect.Doc {
	t.Helper()
	l, r := wildPair(t, name, a, b)
	return mergePair(t, l, r)
}

// wildPair is wildConflict's two feeds, A's and B's, unmerged.
func wildPair(t *testing.T, name string, a, b dialect.Change) (local, remote []byte) {
	t.Helper()
	orig, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wild", name))
	if err != nil {
		t.Fatal(err)
	}
	when := time.Date(2024, 3, 10, 9, 0, 0, 0, time.UTC)
	d, err := dialect.Parse(name, orig)
	if err != nil {
		t.Fatal(err)
	}
	ad, err := d.Adopt(dialect.Stamp{When: when, By: "A"}, dialect.None)
	if err != nil {
		t.Fatal(err)
	}
	edited := func(by string, c dialect.Change, at time.Time) []byte {
		doc, err := dialect.Parse(by+".xml", ad.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		e := doc.Entries()[0]
		up, err := doc.Update(e, dialect.Stamp{When: at, By: by}, c, dialect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		doc.Set(up)
		return doc.Bytes()
	}
	return edited("A", a, when.Add(time.Hour)), edited("B", b, when.Add(2*time.Hour))
}

func str(s string) *string { return &s }

// videoPair is the video feed's first entry changed by A (its title) and
// by B (its title, its media:group and who may comment).
func videoPair(t *testing.T) ([]byte, []byte) {
	return wildPair(t, "video.atom",
		dialect.Change{Edit: dialect.Edit{Title: str("Why does bread rise? (time-lapse, 4K)")}},
		dialect.Change{Edit: dialect.Edit{Title: str("Bread rising in 90 seconds"), Fields: []dialect.FieldEdit{
			{Key: nsYT + "accessControl[1]", Value: `<yt:accessControl action="comment" permission="moderated"/>`},
			{Key: nsMedia + "group[1]", Value: `<media:group>
   <media:title>Bread rising in 90 seconds</media:title>
   <media:thumbnail url="https://i.video.example.org/vi/Qm3x9ZbRt0w/maxresdefault.jpg" width="1280" height="720"/>
  </media:group>`},
		}}})
}

// TestEndToEndWildVideo runs the real binary in tmux on the video entry
// in conflict (issue 31 item 5): its foreign elements are not labelled
// html, r shows media:group's children and the out-of-line content's
// attributes as text, and keeping the winner saves a feed with the
// entry's one out-of-line atom:content.
func TestEndToEndWildVideo(t *testing.T) {
	dir, bin := e2eDir(t)
	l, r := videoPair(t)
	write(t, filepath.Join(dir, "local.xml"), l)
	write(t, filepath.Join(dir, "remote.xml"), r)
	tm := startTmux(t, dir, bin+" resolve local.xml remote.xml -o out.xml --by "+testBy+" --when 2026-03-09T12:00:00Z")
	tm.wait("0/1 resolved")
	tm.keys("Enter")
	tm.wait("── media:group · changed")
	if s := tm.screen(); strings.Contains(s, "(html") || !strings.Contains(s, `<yt:videoId>Qm3x9ZbRt0w</yt:videoId>`) {
		t.Fatalf("foreign elements labelled html, or not written out:\n%s", s)
	}
	tm.keys("r")
	tm.wait("── media:group (rendered: r shows it as written) · changed")
	tm.wait("media:title: Bread rising in 90 seconds")
	tm.wait("src: https://video.example.org/media/Qm3x9ZbRt0w.mp4")
	tm.keys("w")
	tm.wait("every conflict is resolved")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q")
	tm.wait("feedsync exited 0")
	_, data := readFeed(t, dir, "out.xml")
	entry := data[bytes.Index(data, []byte("<entry>")):bytes.Index(data, []byte("</entry>"))]
	if n := bytes.Count(entry, []byte("<content ")); n != 1 || !bytes.Contains(entry, []byte(`permission="moderated"`)) {
		t.Errorf("saved entry (%d atom:content):\n%s", n, entry)
	}
}

const (
	nsItunes = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
	nsMedia  = "{http://search.yahoo.com/mrss/}"
	nsYT     = "{http://www.youtube.com/xml/schemas/2015}"
)

// TestWildScreens records the item screen of a podcast episode and of a
// video in conflict, as written and rendered (r), as goldens (issue 31
// item 5): foreign elements that hold text or attributes are not
// labelled html, an element of attributes alone shows them rendered
// (never "(empty)"), content:encoded renders as HTML, its image as a
// placeholder with its alt text and address.
func TestWildScreens(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	podcast := wildConflict(t, "podcast.xml",
		dialect.Change{Edit: dialect.Edit{Title: str("12: Why does bread rise? (re-edit)")}},
		dialect.Change{Edit: dialect.Edit{Title: str("12: Why bread rises"), Fields: []dialect.FieldEdit{
			{Key: nsItunes + "duration[1]", Value: "00:44:02"},
			{Key: nsItunes + "image[1]", Value: `<itunes:image href="https://cdn.kitchentable.example.org/ep12/cover-v2.jpg"/>`},
			{Key: nsMedia + "content[1]", Value: `<media:content url="https://cdn.kitchentable.example.org/ep12/kts-012-v2.mp3" type="audio/mpeg" fileSize="49876512" medium="audio" duration="2642"/>`},
			{Key: "{http://purl.org/rss/1.0/modules/content/}encoded[1]", Value: `<content:encoded><![CDATA[<p>Yeast, gluten and a very patient sourdough starter called <em>Clint</em>, now with a correction.</p>
<p><img src="https://cdn.kitchentable.example.org/ep12/starter-v2.jpg" alt="Clint the starter, day 3"></p>]]></content:encoded>`},
		}}})
	vl, vr := videoPair(t)
	video := mergePair(t, vl, vr)
	for _, c := range []struct {
		name string
		doc  *dialect.Doc
		keys []string
	}{
		{"wild-podcast-item", podcast, []string{"enter"}},
		{"wild-podcast-item-rendered", podcast, []string{"enter", "r"}},
		{"wild-video-item", video, []string{"enter"}},
		{"wild-video-item-rendered", video, []string{"enter", "r"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, c.doc, 120, 60)
			hs.keys(c.keys...)
			golden(t, c.name+"-120x60", hs.screen())
		})
	}
}
