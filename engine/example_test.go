package engine_test

import (
	"fmt"
	"time"

	"github.com/feedsync/feedsync/engine"
)

type note string

func (n note) Digest() string { return string(n) }

func when(s string) time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return t
}

// Two endpoints edit the same item; merging finds the conflict (§3.3) and
// a resolution folds the losing version into the history (§3.4, §4).
func ExampleResolve() {
	base, _ := engine.New("todo1", engine.Stamp{When: when("2005-05-21T09:43:33Z"), By: "REO1750"}, note("milk"), false, false)
	mine, _ := engine.Update(base, engine.Stamp{When: when("2005-05-21T12:43:33Z"), By: "GPM7383"}, engine.Edit(base, note("milk, bread")), engine.Options{})
	theirs, _ := engine.Update(base, engine.Stamp{When: when("2005-05-21T12:03:33Z"), By: "JEO2000"}, engine.Edit(base, note("milk, rolls")), engine.Options{})

	merged, _ := engine.Merge(mine, theirs)
	fmt.Println("winner:", merged.Data, "conflicts:", len(merged.Conflicts))

	resolved, _ := engine.Resolve(merged, engine.Stamp{When: when("2005-05-21T12:53:33Z"), By: "GPM7383"},
		engine.Resolution{Change: engine.PickWinner(merged)}, engine.Options{})
	for _, h := range resolved.Sync.History {
		fmt.Println(h.Sequence, h.When.Format("15:04:05"), h.By)
	}
	// Output:
	// winner: milk, bread conflicts: 1
	// 3 12:53:33 GPM7383
	// 2 12:03:33 JEO2000
	// 2 12:43:33 GPM7383
	// 1 09:43:33 REO1750
}
