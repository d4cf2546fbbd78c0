package tui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/feeds/threeway/threewaytest"
)

// sharedLines lists a version's shared fields, sorted, as key=value lines.
func sharedLines(v dialect.Version) string {
	var out []string
	for _, f := range v.Fields() {
		if f.Shared {
			out = append(out, f.Key+"="+f.Value)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// TestCommandsAgreeWithTheRule (issue 29 item 2): over generated conflicts
// of every dialect and every kind of field, `conflicts --json` and
// `resolve --auto` read each conflict as threeway.Combine does, the base
// read from the version store beside the feed: combines and the clashing
// keys are the plan's, and --auto resolves exactly the items whose plan is
// clean, with the plan's data. (The resolver's list, C and merge view are
// tied to the same rule by tui/resolver's TestFrontEndsAgreeWithTheRule,
// over the same conflicts.)
func TestCommandsAgreeWithTheRule(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 24
	}
	for i := range n {
		c, err := threewaytest.Gen(29, i)
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t)
		f := h.write("f.xml", string(c.Base))
		recordBase(t, f)
		h.write("f.xml", string(c.Feed))
		d, err := c.Doc()
		if err != nil {
			t.Fatal(err)
		}
		e, _ := d.Entry(threewaytest.ID)
		p, err := threeway.Combine(e, c.Bases)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var wantKeys []string
		for _, cl := range p.Clashes {
			wantKeys = append(wantKeys, cl.Key)
		}

		code, out, stderr := h.run("", "conflicts", "--json", f)
		var list ConflictList
		if err := json.Unmarshal([]byte(out), &list); err != nil || code != ExitAttention || len(list.Items) != 1 {
			t.Fatalf("%s: conflicts --json: exit %d, %v\n%s", c.Name, code, err, stderr)
		}
		if it := list.Items[0]; it.Combines != p.Clean() || !slices.Equal(it.Clashes, wantKeys) {
			t.Errorf("%s: conflicts --json says combines %v, clashes %q; the rule %v, %q", c.Name, it.Combines, it.Clashes, p.Clean(), wantKeys)
		}

		h.write("out.xml", string(c.Feed)) // --auto writes nothing when nothing combines
		h.run("", "resolve", f, "--auto", "--by", "Z", "--when", "2026-03-09T12:00:00Z", "-o", h.path("out.xml"))
		got, err := dialect.Parse("out.xml", []byte(h.read("out.xml")))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		ge, _ := got.Entry(threewaytest.ID)
		if ge.InConflict() == p.Clean() {
			t.Errorf("%s: resolve --auto left it in conflict %v, the rule clean %v", c.Name, ge.InConflict(), p.Clean())
			continue
		}
		if !p.Clean() {
			continue
		}
		want, err := d.Resolve(e, dialect.Stamp{When: time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC), By: "Z"}, p.Resolution, dialect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := sharedLines(ge.Winner()), sharedLines(want.Winner()); a != b {
			t.Errorf("%s: resolve --auto gives\n%s\nthe rule\n%s", c.Name, a, b)
		}
	}
}
