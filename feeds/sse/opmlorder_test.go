package ssefeed

import (
	"bytes"
	"strings"
	"testing"
)

// opmlOrderA is an outline a with children b and c, and d after it, as
// adopted by A; opmlOrderD is it after D moved b to the top level at place
// 1, which leaves a and c with position marks; opmlOrderB after B edited
// b's title in place.
const opmlOrderA = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
  <head>
    <title>Outline</title>
  </head>
  <body>
    <outline text="a">
      <sx:sync id="a" version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
      <outline text="b">
        <sx:sync id="b" version="1">
          <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
        </sx:sync>
      </outline>
      <outline text="c">
        <sx:sync id="c" version="1">
          <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
        </sx:sync>
      </outline>
    </outline>
    <outline text="d">
      <sx:sync id="d" version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
    </outline>
  </body>
</opml>`

const opmlOrderB = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
  <head>
    <title>Outline</title>
  </head>
  <body>
    <outline text="a">
      <sx:sync id="a" version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
      <outline text="b2">
        <sx:sync id="b" version="2">
          <sx:history when="Sat, 3 Jan 2026 00:00:00 GMT" by="B">
            <sx:update when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
          </sx:history>
        </sx:sync>
      </outline>
      <outline text="c">
        <sx:sync id="c" version="1">
          <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
        </sx:sync>
      </outline>
    </outline>
    <outline text="d">
      <sx:sync id="d" version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
    </outline>
  </body>
</opml>`

const opmlOrderD = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
  <head>
    <title>Outline</title>
  </head>
  <body>
    <outline text="b">
      <sx:sync id="b" version="2">
        <sx:history when="Fri, 2 Jan 2026 00:00:00 GMT" by="D">
          <sx:update when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
        </sx:history>
      </sx:sync>
    </outline>
    <outline text="a">
      <sx:sync id="a" version="1" fso:parent="" fso:key="V" fso:version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
      <outline text="c">
        <sx:sync id="c" version="1" fso:parent="a" fso:key="W" fso:version="1">
          <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
        </sx:sync>
      </outline>
    </outline>
    <outline text="d">
      <sx:sync id="d" version="1">
        <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
      </sx:sync>
    </outline>
  </body>
</opml>`

// TestOPMLMergeOrderGivesOneByteForm guards that an outline's position
// marks follow from the data written, not from the order of the merges
// that made it (see "Outline positions" in the package doc): D's move of
// b leaves unchanged a and c with marks, which B's edit of b, winning,
// makes needless again. Merged in every order, by Merge and by MergeIn,
// the three feeds give one byte form, without those marks, and it reads
// back as the data it was written from.
func TestOPMLMergeOrderGivesOneByteForm(t *testing.T) {
	feeds := map[string]string{"A": opmlOrderA, "B": opmlOrderB, "D": opmlOrderD}
	orders := []string{"ABD", "ADB", "BAD", "BDA", "DAB", "DBA"}
	var want []byte
	wantFrom := ""
	check := func(how string, got []byte) {
		t.Helper()
		if want == nil {
			want, wantFrom = got, how
			return
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s gives other bytes than %s:\n%s\nwant\n%s", how, wantFrom, got, want)
		}
	}
	for _, order := range orders {
		d := mustParse(t, order[:1], feeds[order[:1]])
		for _, r := range order[1:] {
			m, err := Merge(d, mustParse(t, string(r), feeds[string(r)]))
			if err != nil {
				t.Fatalf("Merge %s: %v", order, err)
			}
			d = m
		}
		check("Merge "+order, d.Bytes())

		d = mustParse(t, order[:1], feeds[order[:1]])
		for _, r := range order[1:] {
			if _, ok, err := d.MergeIn(mustParse(t, string(r), feeds[string(r)])); err != nil || !ok {
				t.Fatalf("MergeIn %s: ok %v, %v", order, ok, err)
			}
		}
		check("MergeIn "+order, d.Bytes())
	}
	for _, id := range []string{`id="a"`, `id="c"`} {
		if i := bytes.Index(want, []byte(id)); i < 0 || strings.Contains(string(want[i:i+bytes.IndexByte(want[i:], '>')]), "fso:") {
			t.Errorf("outline %s keeps position marks it does not need:\n%s", id, want)
		}
	}
	back := reparse(t, mustParse(t, "out", string(want)))
	if got := back.Bytes(); !bytes.Equal(got, want) {
		t.Errorf("the merged feed does not read back as written:\n%s\nwant\n%s", got, want)
	}
}
