package ssefeed

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// TestParseRefusesChainPastDepthLimit: outlines written flat but chained
// by fso:parent deeper than feedsync reads load today and are written back
// nested past the limit, unreadable (issue 20 item 7). Parse refuses the
// feed, naming the outline's place; a chain that fits loads, and what it
// writes reads back.
func TestParseRefusesChainPastDepthLimit(t *testing.T) {
	_, err := Parse("chain.opml", parentChain(1_100, 1_100, false))
	if err == nil || !strings.Contains(err.Error(), `chain.opml:1104:5: outline: outline "o1099" is under 1099 outlines`) {
		t.Errorf("a chain of 1,100: %v", err)
	}
	// opml, body, 1,019 outlines, sx:sync, sx:history: 1,023 deep.
	d, err := Parse("chain.opml", parentChain(1_019, 1_019, false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("written.opml", d.Bytes()); err != nil {
		t.Errorf("a chain that fits, written, does not read back: %v", err)
	}
}

// TestMergeRefusesNestingPastDepthLimit: two outlines that each fit, whose
// merge hangs one's chain under the other's, would be written too deep:
// Merge refuses with a *DepthError naming the outline.
func TestMergeRefusesNestingPastDepthLimit(t *testing.T) {
	a := mustParse(t, "a.opml", string(parentChain(600, 600, false)))
	b := strings.ReplaceAll(string(parentChain(600, 600, false)), `"o`, `"p`)
	b = strings.Replace(b, `<sx:sync id="p0" version="1">`, `<sx:sync id="p0" version="1" fso:parent="o599" fso:key="V" fso:version="1">`, 1)
	_, err := Merge(a, mustParse(t, "b.opml", b))
	var de *DepthError
	if !errors.As(err, &de) || !errors.Is(err, ErrTooDeep) || de.ID != "p599" || de.Outlines != 1_200 {
		t.Fatalf("merge: %v, want a DepthError for p599 under 1,199 outlines", err)
	}
	if !strings.Contains(err.Error(), `"p599" would be written under 1199 outlines with elements 1204 deep, past the 1024`) {
		t.Errorf("message: %v", err)
	}
	if _, err := Merge(a, a); err != nil {
		t.Errorf("a merge that fits: %v", err)
	}
}

// TestFitsRefusesPlacePastDepthLimit: Fits, which create and update ask
// before Set, refuses an outline put under the deepest one of a chain at
// the limit, or a chain's top moved under another chain, and takes one
// that fits.
func TestFitsRefusesPlacePastDepthLimit(t *testing.T) {
	d := mustParse(t, "c.opml", string(parentChain(1_200, 600, false)))
	top := d.Item("o600").Clone() // the top of the second chain, 600 deep
	top.Position.Parent = "o0"
	if err := d.Fits(top); err != nil {
		t.Errorf("a chain of 600 under the top of another: %v", err)
	}
	top.Position.Parent = "o599"
	if err := d.Fits(top); !errors.Is(err, ErrTooDeep) {
		t.Errorf("a chain of 600 under the bottom of another: %v, want ErrTooDeep", err)
	}
	if d.Item("o600").Position.Parent != "" {
		t.Error("Fits changed the feed")
	}
	for _, depth := range []int{1_019, 1_020} {
		d := mustParse(t, "c.opml", string(parentChain(depth, depth, false)))
		leaf := d.Item(fmt.Sprintf("o%d", depth-1)).Clone()
		leaf.ID, leaf.Position.Parent = "new", leaf.ID
		if err := d.Fits(leaf); (err == nil) != (depth == 1_019) {
			t.Errorf("an outline under a chain of %d: %v", depth, err)
		}
	}
}

// TestFitsRSSItemAlone: Fits measures an RSS item alone (it costs its
// size, not the feed's, so that resolving many items is linear), with the
// verdict the measure of a whole copy of the feed gives: an item whose
// conflict record would nest its data past the limit is refused, others
// taken.
func TestFitsRSSItemAlone(t *testing.T) {
	deep := strings.Repeat("<x:n>", 1_020) + strings.Repeat("</x:n>", 1_020)
	feed := func(by, when, data string) *Doc {
		return mustParse(t, by+".xml", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:x="urn:x"><channel>
<item><title>t</title>`+data+`<sx:sync id="x1" version="2"><sx:history when="`+when+`" by="`+by+`"/></sx:sync></item>
<item><title>u</title><sx:sync id="x2" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="a"/></sx:sync></item>
</channel></rss>`)
	}
	later := feed("b", "Mon, 02 Mar 2026 10:00:00 GMT", "")
	for _, c := range []struct {
		name string
		data string
		ok   bool
	}{{"a shallow loser", "<x:n/>", true}, {"a loser deep enough to pass the limit in sx:conflict", deep, false}} {
		loser := feed("a", "Mon, 02 Mar 2026 09:00:00 GMT", c.data)
		res, err := sse.Merge(later.Item("x1"), loser.Item("x1"))
		if err != nil || len(res.Conflicts) != 1 {
			t.Fatalf("%s: merged %v, %v", c.name, res, err)
		}
		got, whole := later.Fits(res), later.fitsInCopy(res)
		if (got == nil) != c.ok || (whole == nil) != c.ok {
			t.Errorf("%s: Fits %v, in a copy %v, want fits %v", c.name, got, whole, c.ok)
		}
	}
}
