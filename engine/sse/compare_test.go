package sse

import (
	"cmp"
	"fmt"
	"testing"
)

const (
	t0 = "Sat, 21 May 2005 09:00:00 GMT"
	t1 = "Sat, 21 May 2005 10:00:00 GMT"
	t2 = "Sat, 21 May 2005 11:00:00 GMT"
)

func tombstone(it *Item) *Item { it.Deleted = true; return it }

func placed(it *Item, parent, key string) *Item {
	it.Position = Position{Parent: parent, Key: key}
	return it
}

// ladder lists versions of one item from the least to the most winning:
// the §4.4 step 1 keys, then Compare's documented tie-breakers. It is the
// package's shared case table for winner picking; every pair is checked in
// both directions.
var ladder = []struct {
	name string
	it   *Item
}{
	{"version 2, latest when, greatest by", item("x", 2, "a", st("Sat, 21 May 2030 00:00:00 GMT", "zzz"))},
	{"no when, no by (invalid, still ordered)", item("x", 3, "a", Stamp{})},
	{"no when, by A", item("x", 3, "a", st("", "A"))},
	{"no when, by B", item("x", 3, "a", st("", "B"))},
	{"early when, no by", item("x", 3, "a", st(t0, ""))},
	{"early when, by A", item("x", 3, "a", st(t0, "A"))},
	{"early when, by AAAA (longer is not greater)", item("x", 3, "a", st(t0, "AAAA"))},
	{"early when, by B", item("x", 3, "a", st(t0, "B"))},
	{"early when, by a (lower case after upper)", item("x", 3, "a", st(t0, "a"))},
	{"early when, by é (code point above ASCII)", item("x", 3, "a", st(t0, "é"))},
	{"early when, by 日本 (above é)", item("x", 3, "a", st(t0, "日本"))},
	{"early when, by 😀 (supplementary plane above the BMP)", item("x", 3, "a", st(t0, "😀"))},
	{"later when, by A, tombstone", tombstone(item("x", 3, "a", st(t1, "A")))},
	{"later when, by A, live, no update", item("x", 3, "a", st(t1, "A"))},
	{"later when, by A, update without when", item("x", 3, "a", st(t1, "A"), st("", "Z"))},
	{"later when, by A, early update", item("x", 3, "a", st(t1, "A"), st(t0, "A"))},
	{"later when, by A, early update, then more", item("x", 3, "a", st(t1, "A"), st(t0, "A"), st(t0, "A"))},
	{"later when, by A, early update by B", item("x", 3, "a", st(t1, "A"), st(t0, "B"))},
	{"later when, by A, early update by B, placed under P", placed(item("x", 3, "a", st(t1, "A"), st(t0, "B")), "P", "V")},
	{"later when, by A, early update by B, placed under P higher", placed(item("x", 3, "a", st(t1, "A"), st(t0, "B")), "P", "k")},
	{"later when, by A, early update by B, placed under P higher, data b", placed(item("x", 3, "b", st(t1, "A"), st(t0, "B")), "P", "k")},
	{"latest when, no by", item("x", 3, "a", st(t2, ""))},
	{"version 4, early when, no by", item("x", 4, "a", st(t0, ""))},
}

// §4.4 step 1: winner picking, extended to a total order. For every pair of
// the ladder in both directions the later one wins, and an item ties only
// with itself.
func TestCompareLadder(t *testing.T) {
	for i, a := range ladder {
		for j, b := range ladder {
			want := cmp.Compare(i, j)
			if got := Compare(a.it, b.it); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a.name, b.name, got, want)
			}
		}
	}
}

// §4.4 step 1: the spec's three keys on their own, each named.
func TestCompareSpecKeys(t *testing.T) {
	cases := []struct {
		name string
		x, y *Item
		want int // Compare(x, y)
	}{
		{"1.1: larger version wins whatever when and by", item("x", 5, "", st(t0, "A")), item("x", 4, "", st(t2, "B")), 1},
		{"1.2: later when wins", item("x", 2, "", st(t1, "A")), item("x", 2, "", st(t0, "Z")), 1},
		{"1.2: when present beats absent", item("x", 2, "", st(t0, "A")), item("x", 2, "", st("", "Z")), 1},
		{"1.2: one instant in two time zones is one when", item("x", 2, "", Stamp{When: at(t1).In(est), By: "A"}), item("x", 2, "", st(t1, "A")), 0},
		{"1.3: same when, greater by wins", item("x", 2, "", st(t0, "B")), item("x", 2, "", st(t0, "A")), 1},
		{"1.3: same when, by present beats absent", item("x", 2, "", st(t0, "A")), item("x", 2, "", st(t0, "")), 1},
		{"2: equal on all keys, same data: identical", item("x", 2, "d", st(t0, "A")), item("x", 2, "d", st(t0, "A")), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Compare(c.x, c.y); got != c.want {
				t.Errorf("Compare(x, y) = %d, want %d", got, c.want)
			}
			if got := Compare(c.y, c.x); got != -c.want {
				t.Errorf("Compare(y, x) = %d, want %d", got, -c.want)
			}
		})
	}
}

func ExampleCompare() {
	reo := &Item{Sync: Sync{ID: "x", Version: 4, History: History{When: at("Tue, 24 May 2005 09:43:33 GMT"), By: "REO1750"}}}
	gpm := &Item{Sync: Sync{ID: "x", Version: 4, History: History{When: at("Tue, 24 May 2005 08:00:11 GMT"), By: "GPM7383"}}}
	fmt.Println(Compare(reo, gpm))
	// Output: 1
}
