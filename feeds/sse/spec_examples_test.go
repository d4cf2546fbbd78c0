package ssefeed

import (
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The spec's examples, at the XML level (engine/sse tests them on the
// model): testdata/spec.txtar.

const exampleID = "0a7903db47fb0ae8"

// §2.2: the sx:sharing example, with three sx:related.
func TestSpec22SharingExample(t *testing.T) {
	a := feedtest.ReadArchive(t, "spec.txtar")
	d := mustParse(t, "2.2.xml", a.Files["2.2.xml"])
	s := d.Sharing()
	if s == nil {
		t.Fatal("no sx:sharing")
	}
	if !s.Since.Equal(at("Tue, 01 Nov 2004 09:43:33 GMT")) || !s.Until.Equal(at("Fri, 01 Mar 2005 09:43:33 GMT")) || s.Version != "0.91" {
		t.Errorf("sharing = %+v", s)
	}
	want := []Related{
		{Link: "http://x.com/all.xml", Type: "complete"},
		{Link: "http://y.net/B.xml", Type: "aggregated", Title: "Family Contacts (Dad's Copy)"},
		{Link: "http://y.net/C.xml", Type: "aggregated", Title: "Family Contacts (Suzy's Copy)"},
	}
	if len(s.Related) != len(want) {
		t.Fatalf("related = %+v", s.Related)
	}
	for i, r := range want {
		if s.Related[i] != r {
			t.Errorf("related %d = %+v, want %+v", i+1, s.Related[i], r)
		}
	}
	// The example's days of the week are wrong: 1 Nov 2004 was a Monday
	// and 1 Mar 2005 a Tuesday. That is a warning, not an error.
	wantWarn := `2.2.xml:3:1: sx:sharing: since "Tue, 1 Nov 2004 09:43:33 GMT" names Tue but the date is a Mon
2.2.xml:3:1: sx:sharing: until "Fri, 1 Mar 2005 09:43:33 GMT" names Fri but the date is a Tue`
	if got := d.Warnings().Error(); got != wantWarn {
		t.Errorf("warnings:\n%s\nwant:\n%s", got, wantWarn)
	}
}

// §4.1: an item created in an empty feed is written as the example.
func TestSpec41Create(t *testing.T) {
	a := feedtest.ReadArchive(t, "spec.txtar")
	d := mustParse(t, "empty.xml", a.Files["empty.xml"])
	text := "This is a test item"
	it, err := sse.New(exampleID, sse.Stamp{When: at("Sat, 21 May 2005 09:43:33 GMT"), By: "REO1750"},
		sse.Change{Data: d.NewData(nil, nil, &text)})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(it)
	assertXMLEqual(t, []byte(a.Files["4.1.xml"]), d.Bytes())
}

// updateDaily updates the item n times, once a day, by REO1750.
func updateDaily(t *testing.T, d *Doc, n int, opt sse.Options) {
	t.Helper()
	for range n {
		it := d.Item(exampleID)
		next := sse.Stamp{When: it.History.When.Add(24 * time.Hour), By: "REO1750"}
		up, err := sse.Update(it, next, sse.Edit(it, it.Data), opt)
		if err != nil {
			t.Fatal(err)
		}
		d.Set(up)
	}
}

// §4.2: the item of §4.1 after three more daily updates, then after two
// more by an implementation that keeps 4 versions; each step is read
// back from what was written.
func TestSpec42Update(t *testing.T) {
	a := feedtest.ReadArchive(t, "spec.txtar")
	d := mustParse(t, "4.1.xml", a.Files["4.1.xml"])
	t.Run("example 1: three more updates", func(t *testing.T) {
		updateDaily(t, d, 3, sse.Options{})
		assertXMLEqual(t, []byte(a.Files["4.2-1.xml"]), d.Bytes())
	})
	t.Run("example 2: two more, keeping 4 versions", func(t *testing.T) {
		d = reparse(t, d)
		updateDaily(t, d, 2, sse.Options{Versions: 4})
		assertXMLEqual(t, []byte(a.Files["4.2-2.xml"]), d.Bytes())
	})
}

// §5: the example reads as written, and is what merging REO1750's and
// GPM7383's version 4 gives, either way round, with the losing item's
// data as the conflict's children.
func TestSpec5Conflict(t *testing.T) {
	a := feedtest.ReadArchive(t, "spec.txtar")
	t.Run("the example reads", func(t *testing.T) {
		d := mustParse(t, "5.xml", a.Files["5.xml"])
		want := `0a7903db47fb0ae8 v4 conflict "|This is a test item"
  history Tue, 24 May 2005 09:43:33 GMT REO1750
  update Mon, 23 May 2005 09:43:33 GMT REO1750
  conflict v4 Tue, 24 May 2005 08:00:11 GMT GPM7383 "|"
`
		if got := showItems(d); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
		assertXMLEqual(t, []byte(a.Files["5.xml"]), d.Bytes())
	})
	reo := mustParse(t, "5-reo.xml", a.Files["5-reo.xml"])
	gpm := mustParse(t, "5-gpm.xml", a.Files["5-gpm.xml"])
	for _, tc := range []struct {
		name          string
		local, remote *Doc
	}{
		{"REO1750 merges GPM7383's feed", reo, gpm},
		{"GPM7383 merges REO1750's feed", gpm, reo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Merge(tc.local, tc.remote)
			if err != nil {
				t.Fatal(err)
			}
			assertXMLEqual(t, []byte(a.Files["5-merged.xml"]), m.Bytes())
		})
	}
}
