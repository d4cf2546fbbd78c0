package sse

import (
	"fmt"
	"testing"
	"time"
)

// The item of the spec's examples.
const exampleID = "0a7903db47fb0ae8"

var created = st("Sat, 21 May 2005 09:43:33 GMT", "REO1750")

// §4.1: "what an item would look like after being created".
func TestSpec41Create(t *testing.T) {
	it, err := New(exampleID, created, Change{Data: text("This is a test item")})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, it, `0a7903db47fb0ae8 v1 "This is a test item"
  history Sat, 21 May 2005 09:43:33 UTC REO1750`)
}

// updateDaily updates the item n times, once a day after its history's
// when, by REO1750, with the given options.
func updateDaily(t *testing.T, it *Item, n int, opt Options) *Item {
	t.Helper()
	for range n {
		next := Stamp{When: it.History.When.Add(24 * time.Hour), By: "REO1750"}
		var err error
		if it, err = Update(it, next, Edit(it, it.Data), opt); err != nil {
			t.Fatal(err)
		}
	}
	return it
}

// §4.2, both examples: three more updates in sequence, once a day, by the
// same endpoint; then two more by an implementation that keeps 4 versions.
func TestSpec42Examples(t *testing.T) {
	it, _ := New(exampleID, created, Change{Data: text("This is a test item")})
	it = updateDaily(t, it, 3, Options{})
	t.Run("example 1: updated three more times", func(t *testing.T) {
		assertItem(t, it, `0a7903db47fb0ae8 v4 "This is a test item"
  history Tue, 24 May 2005 09:43:33 UTC REO1750
  update Mon, 23 May 2005 09:43:33 UTC REO1750
  update Sun, 22 May 2005 09:43:33 UTC REO1750
  update Sat, 21 May 2005 09:43:33 UTC REO1750`)
	})
	t.Run("example 2: two more, keeping 4 versions", func(t *testing.T) {
		assertItem(t, updateDaily(t, it, 2, Options{Versions: 4}), `0a7903db47fb0ae8 v6 "This is a test item"
  history Thu, 26 May 2005 09:43:33 UTC REO1750
  update Wed, 25 May 2005 09:43:33 UTC REO1750
  update Tue, 24 May 2005 09:43:33 UTC REO1750
  update Mon, 23 May 2005 09:43:33 UTC REO1750`)
	})
}

// The §5 example: REO1750 and GPM7383 both made version 4 of the item from
// version 3 (Mon 23 May). REO1750's when is later, so it wins; GPM7383's
// when and by differ from the winner's sx:history (n = 0), so it is a
// conflict, recorded with its data. The example's winner keeps one sx:update.
func TestSpec5Example(t *testing.T) {
	v3 := st("Mon, 23 May 2005 09:43:33 GMT", "REO1750")
	reo := item(exampleID, 4, "This is a test item", st("Tue, 24 May 2005 09:43:33 GMT", "REO1750"), v3)
	gpm := item(exampleID, 4, "This is GPM7383's test item", st("Tue, 24 May 2005 08:00:11 GMT", "GPM7383"), v3)
	want := `0a7903db47fb0ae8 v4 conflict "This is a test item"
  history Tue, 24 May 2005 09:43:33 UTC REO1750
  update Mon, 23 May 2005 09:43:33 UTC REO1750
  conflict v4 Tue, 24 May 2005 08:00:11 UTC GPM7383 "This is GPM7383's test item"`
	t.Run("REO1750 merges GPM7383's feed", func(t *testing.T) { assertItem(t, mustMerge(t, reo, gpm), want) })
	t.Run("GPM7383 merges REO1750's feed", func(t *testing.T) { assertItem(t, mustMerge(t, gpm, reo), want) })
}

func ExampleMerge() {
	v3 := Stamp{When: time.Date(2005, 5, 23, 9, 43, 33, 0, time.UTC), By: "REO1750"}
	reo := &Item{Sync: Sync{ID: "0a7903db47fb0ae8", Version: 4, History: History{
		When: time.Date(2005, 5, 24, 9, 43, 33, 0, time.UTC), By: "REO1750", Updates: []Stamp{v3}}}}
	gpm := &Item{Sync: Sync{ID: "0a7903db47fb0ae8", Version: 4, History: History{
		When: time.Date(2005, 5, 24, 8, 0, 11, 0, time.UTC), By: "GPM7383", Updates: []Stamp{v3}}}}
	m, _ := Merge(gpm, reo)
	fmt.Println(m.History.By, m.Conflict)
	for _, c := range m.Conflicts {
		fmt.Println(c.Version, c.When.Format(time.RFC1123), c.By)
	}
	// Output:
	// REO1750 true
	// 4 Tue, 24 May 2005 08:00:11 UTC GPM7383
}
