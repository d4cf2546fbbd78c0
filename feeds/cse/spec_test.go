package cse

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds"
)

func readSpecFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "spec", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSpecExampleMalformed covers the spec's "Example Feed" as printed: it
// is not well-formed XML, and the error names line and column.
func TestSpecExampleMalformed(t *testing.T) {
	verbatim := readSpecFile(t, "example.xml")
	quoted := strings.Replace(string(verbatim),
		"xmlns:csx=http://schemas.microsoft.com/rss/2007/contentsyncextensions >",
		`xmlns:csx="http://schemas.microsoft.com/rss/2007/contentsyncextensions">`, 1)
	cases := []struct {
		name string
		data string
		want feeds.Problem // File is example.xml's path
	}{
		{"verbatim: unquoted namespace declaration", string(verbatim),
			feeds.Problem{Line: 2, Col: 30, Element: "rss", Msg: "attribute xmlns:csx: the value is not in quotes"}},
		{"declaration quoted: csx:link closed by csx:Link", quoted,
			feeds.Problem{Line: 16, Col: 65, Element: "csx:link", Msg: "<csx:link> opened at 16:1 is closed by </csx:Link>"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "example.xml")
			tc.want.File = name
			want := feeds.Problems{tc.want}
			_, err := parseFeed(name, []byte(tc.data))
			if got, ok := err.(feeds.Problems); !ok || !slices.Equal(got, want) {
				t.Fatalf("parseFeed error = %v, want %v", err, want)
			}
			writeTree(t, dir, map[string][]byte{"example.xml": []byte(tc.data)})
			if got := ValidateTree(name); !slices.Equal(got, want) {
				t.Errorf("ValidateTree = %v, want %v", got, want)
			}
		})
	}
}

// TestSpecExampleCorrected covers the spec's "Example Feed" with its two
// mistakes corrected: it parses as the comments say.
func TestSpecExampleCorrected(t *testing.T) {
	f, err := parseFeed("corrected.xml", readSpecFile(t, "corrected.xml"))
	if err != nil {
		t.Fatal(err)
	}
	gmt := func(day, h, m, s int) time.Time { return time.Date(2006, 10, day, h, m, s, 0, time.UTC) }
	if want := gmt(2, 12, 35, 12); !f.date.Equal(want) {
		t.Errorf("feed date = %v, want %v (no zone: read as GMT)", f.date, want)
	}
	type want struct {
		guid             string
		hidden           bool
		date             time.Time
		links            int
		nested, onDemand bool
	}
	wants := []want{
		{"toplevel10012006.xml", false, gmt(1, 6, 0, 0), 1, true, true},
		{"slideshow.xml", true, gmt(2, 12, 35, 12), 1, true, false},
		{"", false, gmt(2, 1, 35, 12), 3, false, false},
		{"", false, epoch, 0, false, false},
	}
	if len(f.items) != len(wants) {
		t.Fatalf("%d items, want %d", len(f.items), len(wants))
	}
	for i, w := range wants {
		it := f.items[i]
		got := want{it.guid, it.hidden, it.date, len(it.links), it.nested != nil, it.nested != nil && it.nested.onDemand}
		if got != w {
			t.Errorf("item %d = %+v, want %+v", i+1, got, w)
		}
	}
}

// TestSpecExamplePull pulls the corrected example: item 1, a nested
// onDemand feed, is not downloaded; item 2, a nested feed, is downloaded
// and processed; every link of item 3, at every depth, is downloaded.
// Items 3 and 4 have no guid, which CSE requires: that is reported.
func TestSpecExamplePull(t *testing.T) {
	srv := newServer(t, map[string][]byte{
		"example.xml":                    readSpecFile(t, "corrected.xml"),
		"slideshow.xml":                  []byte(slideshow),
		"slide1.jpg":                     []byte("slide 1"),
		"toplevel10012006.xml":           []byte(slideshow),
		"profiles/1324123/thumbnail.jpg": []byte("thumbnail"),
		"profiles/1324123/a.jpg":         []byte("a"),
		"profiles/1324123/b.jpg":         []byte("b"),
	})
	s, rep := pullTree(t, srv.Link("example.xml"), t.TempDir())
	want := prefixed("example.xml", "slideshow.xml", "slide1.jpg",
		"profiles/1324123/thumbnail.jpg", "profiles/1324123/a.jpg", "profiles/1324123/b.jpg")
	if got := srv.Requests(); !slices.Equal(got, want) {
		t.Errorf("requests:\n got %q\nwant %q", got, want)
	}
	wantReport := []string{
		srv.Link("example.xml") + ":28:1: item: no guid (CSE requires one)",
		srv.Link("example.xml") + ":42:1: item: no guid (CSE requires one)",
	}
	if s.failed != 0 || !slices.Equal(rep.lines, wantReport) {
		t.Errorf("report:\n got %q\nwant %q", rep.lines, wantReport)
	}
}

const slideshow = `<rss version="2.0" xmlns:c="http://schemas.microsoft.com/rss/2007/contentsyncextensions">
<channel><title>Slide show</title><lastBuildDate>Mon, 2 Oct. 2006 12:35:12</lastBuildDate>
<item><guid>slide1</guid><c:lastBuildDate>Mon, 2 Oct. 2006 12:35:12</c:lastBuildDate><c:link>slide1.jpg</c:link></item>
</channel></rss>`
