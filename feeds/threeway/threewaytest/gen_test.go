package threewaytest

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/threeway"
)

// TestGenMakesConflicts: every conflict Gen makes has item ID in conflict
// with its base known, of every kind, and both clean ones and clashes
// come.
func TestGenMakesConflicts(t *testing.T) {
	clean, clash := map[string]int{}, map[string]int{}
	for n := range 240 {
		c, err := Gen(1, n)
		if err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		d, err := c.Doc()
		if err != nil {
			t.Fatal(err)
		}
		e, err := d.Entry(ID)
		if err != nil || !e.InConflict() {
			t.Fatalf("%s: not in conflict (%v)", c.Name, err)
		}
		p, err := threeway.Combine(e, c.Bases)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		kind := Kinds[n%len(Kinds)]
		if p.Clean() {
			clean[kind]++
		} else {
			clash[kind]++
		}
	}
	for _, k := range Kinds {
		if clean[k] == 0 || clash[k] == 0 {
			t.Errorf("%s: %d clean, %d clashing: want both", k, clean[k], clash[k])
		}
	}
}
