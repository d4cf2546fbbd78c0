package dialect

import (
	"errors"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// TestCreateUpdatePastDepthLimitRefused: create --parent and update
// --parent that would put an outline deeper than feedsync reads are
// refused with a *ssefeed.DepthError (issue 20 item 7: they wrote a feed
// that no command could read back); the same under a shallower parent
// goes through.
func TestCreateUpdatePastDepthLimitRefused(t *testing.T) {
	// opml, body, 1,020 outlines, sx:sync, sx:history: 1,024 deep.
	d, err := Parse("chain.opml", chainOPML(1_020, false))
	if err != nil {
		t.Fatal(err)
	}
	st := at(1, "me")
	title := "new"
	if _, err := d.Create("new", st, Change{Edit: Edit{Title: &title}, Parent: ptr("o1019")}); !errors.Is(err, ssefeed.ErrTooDeep) {
		t.Errorf("create under the deepest outline: %v, want ErrTooDeep", err)
	}
	if _, err := d.Create("new", st, Change{Edit: Edit{Title: &title}, Parent: ptr("o1018")}); err != nil {
		t.Errorf("create one level higher: %v", err)
	}
	d, err = Parse("two.opml", []byte(strings.Replace(string(chainOPML(1_020, false)), `<outline text="o1019">`, `<outline text="x"><sx:sync id="x" version="1"><sx:history by="ep1"/></sx:sync><outline text="y"><sx:sync id="y" version="1"><sx:history by="ep1"/></sx:sync></outline></outline><outline text="o1019">`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	x, err := d.Entry("x") // a top-level outline with a child
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Update(x, st, Change{Parent: ptr("o1018")}, Options{})
	var de *ssefeed.DepthError
	if !errors.As(err, &de) || de.ID != "y" {
		t.Errorf("moving an outline with a child under the 1,019th: %v, want a DepthError for its child y", err)
	}
	if _, err := d.Update(x, st, Change{Parent: ptr("o1017")}, Options{}); err != nil {
		t.Errorf("moving it a level higher: %v", err)
	}
}

// TestAdoptPastDepthLimitRefused: adopting a plain OPML whose outlines
// nest so deep that their new sx:sync and sx:history would pass the limit
// is refused with the place of the first such outline, and nothing is
// adopted; one a level shallower is adopted and reads back.
func TestAdoptPastDepthLimitRefused(t *testing.T) {
	nested := func(n int) []byte {
		return []byte(`<opml version="1.0"><head><title>d</title></head><body>` + "\n" +
			strings.Repeat(`<outline text="o">`, n) + strings.Repeat(`</outline>`, n) + "</body></opml>\n")
	}
	d, err := Parse("deep.opml", nested(1_021)) // the deepest outline at 1,023
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Adopt(engine.Stamp{By: "me"}, None)
	if err == nil || !strings.Contains(err.Error(), "deep.opml:2:18361: outline: nested 1023 deep: its sync data would nest 1025 deep") {
		t.Errorf("adopt: %v", err)
	}
	if d, err = Parse("deep.opml", nested(1_020)); err != nil {
		t.Fatal(err)
	}
	a, err := d.Adopt(engine.Stamp{By: "me"}, None)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("adopted.opml", a.Bytes()); err != nil {
		t.Errorf("adopted at the limit, it does not read back: %v", err)
	}
}
