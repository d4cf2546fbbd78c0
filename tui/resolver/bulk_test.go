package resolver

import (
	"strings"
	"testing"
)

// TestFilter finds items by title, id, endpoint and content, accents
// aside, and says how many match.
func TestFilter(t *testing.T) {
	for _, c := range []struct {
		query string
		want  []int
	}{
		{"plumber", []int{plumber}},
		{"carol", []int{offsite}},         // an endpoint
		{"train", []int{offsite, readme}}, // content
		{"creme brulee", []int{fest}},     // accents aside
		{"CRÈME", []int{fest}},            // case and accents aside
		{"item-pass", []int{passport}},    // id
		{"no such thing", nil},
	} {
		t.Run(c.query, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 120, 24)
			hs.keys("/", c.query)
			rows, q := hs.m.list.Filtered()
			if q == "" || len(rows) != len(c.want) {
				t.Fatalf("rows %v, want %v", rows, c.want)
			}
			for i := range rows {
				if rows[i] != c.want[i] {
					t.Errorf("rows %v, want %v", rows, c.want)
				}
			}
			n := map[int]string{0: "0 items match", 1: "1 item matches", 2: "2 items match"}[len(c.want)]
			if !strings.Contains(hs.screen(), n) {
				t.Errorf("no %q shown:\n%s", n, hs.screen())
			}
		})
	}
}

// TestKeepAllFiltered: A keeps the winners of the items the filter shows
// only, and says so.
func TestKeepAllFiltered(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 24)
	hs.keys("/", "bob", "enter", "A")
	if !strings.Contains(flat(hs.screen()), "the filter “bob” shows") {
		t.Fatalf("the question does not say the filter:\n%s", hs.screen())
	}
	hs.keys("y")
	if hs.m.st.unresolved != 0 {
		t.Errorf("%d left; every item has a version by bob", hs.m.st.unresolved)
	}
	hs = newHarness(t, demoDoc(t), 120, 24)
	hs.keys("/", "carol", "enter", "A", "y")
	if hs.m.st.entry(offsite).InConflict() || !hs.m.st.entry(groceries).InConflict() || hs.m.st.unresolved != 6 {
		t.Errorf("A with a filter did not keep only the winner of the item shown")
	}
}

// TestTakeAll: T takes, for every unresolved item, the version that the
// endpoint of the version shown made, as one step that u undoes.
func TestTakeAll(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "T")
	s := flat(hs.screen())
	if !strings.Contains(s, "take the version alice-laptop made") {
		t.Fatalf("no question:\n%s", hs.screen())
	}
	hs.keys("y")
	if hs.m.st.unresolved != 0 {
		t.Errorf("%d items left in conflict", hs.m.st.unresolved)
	}
	if got := hs.m.st.entry(groceries).Title(); got != "Buy groceries" {
		t.Errorf("groceries: %q, want alice's title", got)
	}
	hs.keys("u")
	if hs.m.st.unresolved != 7 {
		t.Errorf("undo left %d unresolved, want 7", hs.m.st.unresolved)
	}
}

// TestBulkQuestionsCount: A and T say how many items they act on and how
// many stay in conflict, in the right number: no "all 1", no "1 have",
// no "the others" when there are none, no "each" for one (QA Q16).
func TestBulkQuestionsCount(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		want string
	}{
		{"A on one item", []string{"/", "carol", "enter", "A"}, "Keep the winner for the one unresolved item that the filter “carol” shows? It is recorded as a change"},
		{"A on all: each", []string{"A"}, "Each is recorded as a change"},
		{"T on one item: it", []string{"/", "carol", "enter", "enter", "T"}, "(it has one)? It is recorded as a change"},
		{"A on all", []string{"A"}, "Keep the winner for all 7 unresolved items?"},
		{"T, every item has one", []string{"enter", "T"}, "(all 7 have one)"},
		{"T on one item that has one", []string{"/", "carol", "enter", "enter", "T"}, "(it has one)"},
		{"T, one of two has one", []string{"/", "train", "enter", "enter", "tab", "T"}, "(1 has one; the other stays in conflict)"},
		{"T, one of seven has one", []string{"enter", "n", "tab", "T"}, "(1 has one; the other 6 stay in conflict)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 120, 30)
			hs.keys(c.keys...)
			if s := flat(hs.screen()); !strings.Contains(s, c.want) {
				t.Errorf("no %q in the question:\n%s", c.want, hs.screen())
			}
		})
	}
}

// flat joins a screen's words into one line, without the dialog's border,
// for finding text that wraps.
func flat(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(screen)), " ")
}
