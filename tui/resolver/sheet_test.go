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
	sheet := string(editSheetOf(e, nil).bytes())
	for _, want := range []string{"# ==== Summary (summary) ====\nweekly\n", "# ==== Categories (category) ====\nhome\nfood\n",
		"home\nerrands (urn:tags)\n"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("no %q in the file:\n%s", want, sheet)
		}
	}
	r, err := parseSheet([]byte(strings.Replace(strings.Replace(sheet, "weekly\n", "every week\n", 1),
		"home\nfood\n", "home\nfood\nerrands (urn:tags)\n", 1)), editSheetOf(e, nil).result.extra)
	if err != nil {
		t.Fatal(err)
	}
	ed := sheetEdit(e, nil, r)
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

// TestSheetHoldsTheBaseAndStartsCombined: with a base known, the file for
// $EDITOR holds the base beside the winner and the versions, and its
// result starts as the merge view's: the winner's " - DONE" and the
// version's "oat " combined, the clash (bagels: rolls or sourdough bread)
// the winner's; what the person then writes is the edit, the plan's start
// under it (issue 30 item 4).
func TestSheetHoldsTheBaseAndStartsCombined(t *testing.T) {
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 30)
	hs.keys("enter", "E")
	if hs.ready.path == "" {
		t.Fatalf("no file was written for $EDITOR:\n%s", hs.screen())
	}
	if got := hs.ready.orig; got.title != "Buy groceries - DONE" || got.content != "Get oat milk, eggs, butter and rolls" {
		t.Errorf("the file's result starts as %q / %q, want the three-way start", got.title, got.content)
	}
	e := hs.m.st.entry(groceries)
	sheet := string(editSheetOf(e, hs.m.st.basePtr(e)).bytes())
	result, refs, _ := strings.Cut(sheet, scissors)
	if !strings.HasPrefix(result, "Buy groceries - DONE\n\nGet oat milk, eggs, butter and rolls\n") {
		t.Errorf("the result above the scissors:\n%s", result)
	}
	base := strings.Index(refs, "======== base · #1 by alice-laptop · what the versions grew from ========\nBuy groceries\n\nGet milk, eggs, butter and bagels\n")
	winner, version := strings.Index(refs, "======== winner"), strings.Index(refs, "======== version 1 of 1")
	if base < 0 || winner < base || version < winner {
		t.Errorf("below the scissors, want the base, the winner, then the version:\n%s", refs)
	}
	r, err := parseSheet([]byte(strings.Replace(sheet, "Buy groceries - DONE\n", "Buy groceries today\n", 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	ed := sheetEdit(e, hs.m.st.basePtr(e), r)
	if ed.Title == nil || *ed.Title != "Buy groceries today" || ed.Content == nil || *ed.Content != "Get oat milk, eggs, butter and rolls" {
		t.Errorf("the edit: %+v, want the title typed and the combined content", ed)
	}
}
