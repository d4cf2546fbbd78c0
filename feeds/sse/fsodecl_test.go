package ssefeed

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// resolveAll resolves every item of d in conflict by keeping the winner,
// stamped alike at every endpoint, and returns d written and read back.
func resolveAll(t *testing.T, d *Doc) *Doc {
	t.Helper()
	st := sse.Stamp{When: time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC), By: "carol"}
	for _, it := range d.Items() {
		if !it.Conflict && len(it.Conflicts) == 0 {
			continue
		}
		res, err := sse.Resolve(it, st, sse.PickWinner(it), sse.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(res)
	}
	return reparse(t, d)
}

// TestResolvedFeedDropsFeedsyncNamespace guards that the root's
// declaration of feedsync's namespace follows the data: a conflict's
// marks (fso:deleted, fso:fromWhen, fso:fromBy) put it there, and once
// every conflict is resolved nothing uses it and it goes, so that the
// endpoints that held the conflict, whichever order their merge took, and
// one that never held it hold the resolved feed in one byte form. Before,
// it stayed on the root of every feed it was once written on. The RSS
// deletion declares it on its root as feedsync's older writers did (it
// now declares it on the record).
func TestResolvedFeedDropsFeedsyncNamespace(t *testing.T) {
	for _, kind := range []string{KindOPML, KindRSS} {
		t.Run(kind, func(t *testing.T) {
			deleted, edited := deletedFeeds[kind][0], deletedFeeds[kind][1]
			if kind == KindRSS {
				deleted = strings.Replace(deleted, `<rss version="2.0"`, `<rss version="2.0" xmlns:fso="`+NSOutline+`"`, 1)
			}
			merge := func(local, remote string) *Doc {
				t.Helper()
				m, err := Merge(mustParse(t, "local.xml", local), mustParse(t, "remote.xml", remote))
				if err != nil {
					t.Fatal(err)
				}
				return reparse(t, m)
			}
			ab, ba := merge(deleted, edited), merge(edited, deleted)
			for _, d := range []*Doc{ab, ba} {
				if !bytes.Contains(d.Bytes(), []byte(`:deleted="true"`)) || !bytes.Contains(d.Bytes(), []byte(NSOutline)) {
					t.Fatalf("no losing deletion recorded in feedsync's namespace:\n%s", d.Bytes())
				}
			}
			want := resolveAll(t, ab).Bytes()
			got := map[string][]byte{"B then A, resolved": resolveAll(t, ba).Bytes()}
			never := mustParse(t, "never.xml", edited)
			if _, _, err := never.MergeIn(mustParse(t, "resolved.xml", string(want))); err != nil {
				t.Fatal(err)
			}
			got["an endpoint that never held the conflict"] = reparse(t, never).Bytes()
			for how, g := range got {
				if !bytes.Equal(g, want) {
					t.Errorf("%s gives other bytes than A then B, resolved:\n%s\nwant\n%s", how, g, want)
				}
			}
			if bytes.Contains(want, []byte(NSOutline)) {
				t.Errorf("the resolved feed declares feedsync's namespace, which nothing in it uses:\n%s", want)
			}
		})
	}
}

// TestFeedsyncNamespaceUsedElsewhereIsKept guards the other side of
// TestResolvedFeedDropsFeedsyncNamespace: a declaration of feedsync's
// namespace on the root that something other than feedsync's marks uses
// (an element of the head, an attribute of the body, an outline's data,
// an attribute another writer put on an sx:history) is the feed's own,
// and stays when the conflict is resolved.
func TestFeedsyncNamespaceUsedElsewhereIsKept(t *testing.T) {
	deleted, edited := deletedFeeds[KindOPML][0], deletedFeeds[KindOPML][1] // deleted binds the prefix pos
	other := `  <outline text="Other"%s>
   <sx:sync id="y1" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"%s/>
   </sx:sync>
  </outline>
 </body>`
	uses := map[string][2]string{
		"head element":   {`<head><title>Outline</title></head>`, `<head><title>Outline</title><pos:note>mine</pos:note></head>`},
		"body attribute": {` <body>`, ` <body pos:view="tree">`},
		"outline data":   {` </body>`, fmt.Sprintf(other, ` pos:color="red"`, ``)},
		"history":        {` </body>`, fmt.Sprintf(other, ``, ` pos:seen="yes"`)},
	}
	for name, use := range uses {
		t.Run(name, func(t *testing.T) {
			m, err := Merge(mustParse(t, "local.xml", strings.Replace(deleted, use[0], use[1], 1)), mustParse(t, "remote.xml", edited))
			if err != nil {
				t.Fatal(err)
			}
			out := resolveAll(t, reparse(t, m)).Bytes()
			if root := out[:bytes.Index(out, []byte("<head>"))]; !bytes.Contains(root, []byte(`xmlns:pos="`+NSOutline+`"`)) {
				t.Errorf("the declaration that the %s uses is gone from the root:\n%s", name, out)
			}
			if bytes.Contains(out, []byte(`:deleted=`)) || !bytes.Contains(out, []byte(strings.TrimPrefix(use[1], "\n"))) {
				t.Errorf("the conflict is not resolved, or the %s is not written as read:\n%s", name, out)
			}
		})
	}
}

// TestDroppedFeedsyncNamespaceLeavesNoPrefixUnbound guards that an item
// written as read still reads when the root's declaration of feedsync's
// namespace goes: an RSS item whose record carries a mark that does not
// read (needs does not count it) was written as its bytes, which then
// used a prefix nothing declared. It is written from its tree, which
// declares the prefix where it is used.
func TestDroppedFeedsyncNamespaceLeavesNoPrefixUnbound(t *testing.T) {
	feed := `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="` + NSOutline + `">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy oat milk</title>
   <sx:sync id="x1" version="2" conflict="true">
    <sx:history when="Mon, 02 Mar 2026 10:00:00 GMT" by="bob"/>
    <sx:conflicts>
     <sx:conflict when="Mon, 02 Mar 2026 09:00:00 GMT" by="alice" version="2" fso:deleted="maybe"><title>Buy milk</title></sx:conflict>
    </sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	d := mustParse(t, "feed.xml", feed)
	out := d.Bytes()
	if _, err := Parse("out.xml", out); err != nil {
		t.Fatalf("written so that it does not read back: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte(`fso:deleted="maybe"`)) {
		t.Errorf("the mark is lost:\n%s", out)
	}
}

// TestNeedlessMarksTakeTheirDeclaration guards that an outline read with
// position marks a reader does not need, declared on its sx:sync (as a
// PostgreSQL hub stores every outline), is written without the marks and
// without that declaration, which nothing else used: it stayed, and 'db
// export' wrote it on every outline.
func TestNeedlessMarksTakeTheirDeclaration(t *testing.T) {
	const feed = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Outline</title></head>
 <body>
  <outline text="a">
   <sx:sync id="a" version="1"%s>
    <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`
	marked := fmt.Sprintf(feed, ` xmlns:fso="`+NSOutline+`" fso:parent="" fso:key="V" fso:version="1"`)
	if got, want := mustParse(t, "marked.xml", marked).Bytes(), fmt.Sprintf(feed, ""); !bytes.Equal(got, []byte(want)) {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
	// A declaration that the sx:sync's children use stays.
	used := strings.Replace(marked, `by="A"/>`, `by="A" fso:seen="yes"/>`, 1)
	if got := mustParse(t, "used.xml", used).Bytes(); !bytes.Contains(got, []byte(`<sx:sync id="a" version="1" xmlns:fso="`+NSOutline+`">`)) {
		t.Errorf("the declaration a child uses is gone:\n%s", got)
	}
}
