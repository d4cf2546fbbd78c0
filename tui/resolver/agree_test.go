package resolver

import (
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/feeds/threeway/threewaytest"
)

// agreeCases is how many generated conflicts the agreement tests read.
const agreeCases = 240

// sharedData lists a version's shared fields as key=value lines, for
// comparing two resolutions' data: sorted, since the rule decides each
// field's value by its key, not where an element of another name that a
// side added stands among its siblings.
func sharedData(v dialect.Version) string {
	var out []string
	for _, f := range v.Fields() {
		if f.Shared {
			out = append(out, f.Key+"="+f.Value)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// planned returns what threeway.Combine makes of item x1 of c, and the
// shared data of its resolution when it is clean.
func planned(t *testing.T, c threewaytest.Conflict) (threeway.Plan, string) {
	t.Helper()
	d, err := c.Doc()
	if err != nil {
		t.Fatal(err)
	}
	e, _ := d.Entry(threewaytest.ID)
	p, err := threeway.Combine(e, c.Bases)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	if !p.Clean() {
		return p, ""
	}
	r, err := d.Resolve(e, dialect.Stamp{When: testNow, By: testBy}, p.Resolution, dialect.Options{})
	if err != nil {
		t.Fatalf("%s: resolving with the plan: %v", c.Name, err)
	}
	return p, sharedData(r.Winner())
}

// agreeHarness opens the resolver on c with its bases known.
func agreeHarness(t *testing.T, c threewaytest.Conflict) *harness {
	t.Helper()
	doc, err := c.Doc()
	if err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, doc, 220, 60)
	hs.m.cfg.Bases = c.Bases
	hs.send(loadedMsg{doc: doc, bases: basesOf(c.Bases, doc.Entries())})
	return hs
}

// TestFrontEndsAgreeWithTheRule (issue 29 item 2): over generated
// conflicts of every dialect and every kind of field, the list's
// "combines", C, and the merge view's pre-combined start read each
// conflict as threeway.Combine, the one three-way rule, does: an item
// combines exactly when the plan is clean, C and applying the merge
// view's start give the plan's data, and where the plan clashes the
// merge view's start counts a clash.
func TestFrontEndsAgreeWithTheRule(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for n := range agreeCases {
		c, err := threewaytest.Gen(29, n)
		if err != nil {
			t.Fatal(err)
		}
		p, want := planned(t, c)
		hs := agreeHarness(t, c)
		if got := strings.Contains(hs.screen(), "combines"); got != p.Clean() {
			t.Errorf("%s: the list says combines %v, the rule %v (%v)", c.Name, got, p.Clean(), p.Clashes)
			continue
		}
		hs.keys("e")
		head := flat(hs.screen())
		if clean := strings.Contains(head, ": 0 clashes"); clean != p.Clean() {
			t.Errorf("%s: the merge view starts with no clash %v, the rule clean %v (%v):\n%s", c.Name, clean, p.Clean(), p.Clashes, hs.screen())
			continue
		}
		if !p.Clean() {
			continue
		}
		hs.keys("ctrl+s")
		if hs.m.screen == mergeScreen || hs.m.overlay != noOverlay {
			hs.keys("ctrl+s") // a version not shown: applying asks once
		}
		if got := sharedData(hs.m.st.entry(0).Winner()); hs.m.st.entry(0).InConflict() || got != want {
			t.Errorf("%s: the merge view's start applied gives\n%s\nthe rule's resolution\n%s\n%s", c.Name, got, want, hs.screen())
			continue
		}
		hs = agreeHarness(t, c)
		hs.keys("C", "y")
		if got := sharedData(hs.m.st.entry(0).Winner()); hs.m.st.entry(0).InConflict() || got != want {
			t.Errorf("%s: C gives\n%s\nthe rule's resolution\n%s", c.Name, got, want)
		}
	}
}
