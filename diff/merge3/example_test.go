package merge3_test

import (
	"fmt"

	"github.com/feedsync/feedsync/diff/merge3"
)

func ExampleMerge() {
	base := "Buy milk and bread"
	r := merge3.Merge(base, []string{"Buy oat milk and bread", "Buy milk and rolls"}, merge3.Text)
	for _, h := range r.Hunks {
		fmt.Printf("%-9v %q sides %v\n", h.Kind, h.Base, h.Sides)
	}
	fmt.Printf("%q\n", r.Merged)

	r = merge3.Merge(base, []string{"Buy cream and bread", "Buy water and bread"}, merge3.Text)
	fmt.Println(r.Clean(), r.Clashes)
	// Output:
	// Unchanged "Buy" sides []
	// OneSide   "" sides [0]
	// Unchanged " milk and " sides []
	// OneSide   "bread" sides [1]
	// "Buy oat milk and rolls"
	// false 1
}
