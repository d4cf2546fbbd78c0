package share

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nestedOutline is an SSE 0.91 outline whose outlines nest three deep,
// as a file hub or 'feedsync merge' writes it: no outline needs position
// marks. markedOutline is one in which b was moved to the top, which
// leaves a and c with marks a reader needs.
const nestedOutline = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Outline</title></head>
 <body>
  <outline text="a">
   <sx:sync id="a" version="1">
    <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
   </sx:sync>
   <outline text="b">
    <sx:sync id="b" version="1">
     <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
    </sx:sync>
    <outline text="c" note="deeper">
     <sx:sync id="c" version="1">
      <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
     </sx:sync>
    </outline>
   </outline>
  </outline>
  <outline text="d">
   <sx:sync id="d" version="1">
    <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`

const markedOutline = `<?xml version="1.0" encoding="UTF-8"?>
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
  </body>
</opml>
`

// TestDBExportOfAnOutlineIsAsImported guards that an SSE 0.91 outline
// goes through 'db import' and 'db export' byte for byte, as
// TestDBImportKeepsTheFeedAsItWas does for the other formats. The
// database stores each outline with its position marks, declaring
// feedsync's namespace on its sx:sync where the feed does not bind it;
// the export dropped the marks a reader does not need but kept that
// declaration, on every outline.
func TestDBExportOfAnOutlineIsAsImported(t *testing.T) {
	db, _ := testDB(t)
	for name, data := range map[string]string{"nested": nestedOutline, "marked": markedOutline, "crlf": strings.ReplaceAll(nestedOutline, "\n", "\r\n")} {
		t.Run(name, func(t *testing.T) {
			if _, err := db.Import(context.Background(), name, mustParse(t, name, []byte(data)), 0); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := db.Export(context.Background(), name, &out); err != nil {
				t.Fatal(err)
			}
			if out.String() != data {
				t.Errorf("exported:\n%s\nimported:\n%s", out.String(), data)
			}
		})
	}
}

// TestDBHubWritesAnOutlineAsTheFileHubDoes guards that an outline changed
// through a PostgreSQL hub is in the byte form the file hub gives it: the
// same POSTs (outlines made, nested, moved so that some need position
// marks, edited, deleted) through each give the same complete feed, and
// the database's export is the file the file hub keeps.
func TestDBHubWritesAnOutlineAsTheFileHubDoes(t *testing.T) {
	served := map[string][]byte{}
	var kept, exported []byte
	for _, store := range stores {
		sh := startSuite(t, store, "sse-opml", Options{})
		sh.post("A", create("a", "A"), create("d", "D"))
		sh.post("A", createUnder("b", "B", "a"), createUnder("c", "C", "a"))
		sh.post("B", createUnder("e", "E", "b"), edit("d", "D2", false))
		sh.post("C", move("b", "d"), edit("c", "C2", false))
		sh.post("A", edit("e", "", true), createUnder("f", "F", "c"))
		_, _, served[store] = sh.do("GET", "/complete", nil)
		if sh.db != nil {
			var out bytes.Buffer
			if err := sh.db.Export(context.Background(), "todo", &out); err != nil {
				t.Fatal(err)
			}
			exported = out.Bytes()
		} else {
			sh.files.Close() // folds the journal into todo.xml
			var err error
			if kept, err = os.ReadFile(filepath.Join(sh.dir, "todo.xml")); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !bytes.Equal(served["db"], served["file"]) {
		t.Errorf("the PostgreSQL hub serves:\n%s\nthe file hub:\n%s", served["db"], served["file"])
	}
	if !bytes.Equal(exported, kept) {
		t.Errorf("db export writes:\n%s\nthe file hub keeps:\n%s", exported, kept)
	}
	if !bytes.Contains(kept, []byte(`fso:parent=`)) || !bytes.Contains(kept, []byte(`<outline text="F">`)) {
		t.Errorf("the changes did not leave outlines that need position marks, or lost one:\n%s", kept)
	}
}
