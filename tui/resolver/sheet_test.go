package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// catsFeed has one item whose two versions differ in their categories and
// summary only.
const catsFeed = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Lists</title>
 <entry>
  <title>Shopping</title>
  <content>milk</content>
  <summary>weekly</summary>
  <category term="home"/>
  <category term="food"/>
  <id>urn:s</id>
  <sx:sync id="s" updates="2">
   <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="bob"/>
   <sx:conflicts>
    <entry>
     <title>Shopping</title>
     <content>milk</content>
     <summary>every week</summary>
     <category term="home"/>
     <category term="errands" scheme="urn:tags"/>
     <id>urn:s</id>
     <sx:sync id="s" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="alice"/></sx:sync>
    </entry>
   </sx:conflicts>
  </sx:sync>
 </entry>
</feed>`

// TestSheetFields: the file for $EDITOR holds the other fields that
// differ, a list one value per line, and what the person writes there
// becomes edits of those fields by key (1.0.2 §3.4 step 1.3).
func TestSheetFields(t *testing.T) {
	doc := mergePair(t, []byte(catsFeed), []byte(catsFeed))
	e := doc.Entries()[0]
	sheet := string(editSheetOf(e).bytes())
	for _, want := range []string{"# ==== Summary (summary) ====\nweekly\n", "# ==== Categories (category) ====\nhome\nfood\n",
		"home\nerrands (urn:tags)\n"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("no %q in the file:\n%s", want, sheet)
		}
	}
	r, err := parseSheet([]byte(strings.Replace(strings.Replace(sheet, "weekly\n", "every week\n", 1),
		"home\nfood\n", "home\nfood\nerrands (urn:tags)\n", 1)), editSheetOf(e).result.extra)
	if err != nil {
		t.Fatal(err)
	}
	ed := sheetEdit(e, r)
	if ed.Title != nil || ed.Content != nil {
		t.Errorf("title or content edited: %+v", ed)
	}
	res, err := doc.Resolve(e, engine.Stamp{When: testNow, By: testBy}, dialect.Resolution{Edit: ed}, dialect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Winner().Fields() {
		if f.Shared {
			got = append(got, f.Key+"="+f.Value)
		}
	}
	want := "title=Shopping\ncontent=milk\ncategory[1]=home\ncategory[2]=food\ncategory[3]=errands (urn:tags)\nsummary=every week"
	if strings.Join(got, "\n") != want {
		t.Errorf("fields after the resolution:\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}
