package merge3

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

// A change replaces base tokens [start, end) with repl, as the sides listed
// did. A pure insertion or deletion may move right by up to slack tokens
// with the same effect; origin is where it was placed first, leftmost.
type change struct {
	start, end int
	repl       []string
	sides      []int
	slack      int
	origin     int
	gaveUp     bool // a change of white space alone that another change covers (Options.Space)
}

func (c *change) insertion() bool { return c.start == c.end }
func (c *change) pure() bool      { return c.start == c.end || len(c.repl) == 0 }

// reach returns the last start the change can move to.
func (c *change) reach() int { return c.origin + c.slack }

// canRight reports whether the change can move one token right with the
// same effect: the token after it equals its first one.
func (c *change) canRight(bt []string) bool {
	switch {
	case c.end >= len(bt) || !c.pure():
		return false
	case c.insertion():
		return c.repl[0] == bt[c.start]
	}
	return bt[c.start] == bt[c.end]
}

// canLeft reports whether the change can move one token left with the same
// effect: the token before it equals its last one.
func (c *change) canLeft(bt []string) bool {
	switch {
	case c.start == 0 || !c.pure():
		return false
	case c.insertion():
		return c.repl[len(c.repl)-1] == bt[c.start-1]
	}
	return bt[c.start-1] == bt[c.end-1]
}

// shift moves the change one token right (+1) or left (-1); an insertion
// rotates its tokens through the base token it passes.
func (c *change) shift(bt []string, d int) {
	if c.insertion() && d > 0 {
		c.repl = append(slices.Clone(c.repl[1:]), bt[c.start])
	} else if c.insertion() {
		c.repl = append([]string{bt[c.start-1]}, c.repl[:len(c.repl)-1]...)
	}
	c.start += d
	c.end += d
}

// addSide adds one side's edits to cs, each placed leftmost with its slack
// measured, keeping at least one token between the side's own changes, and
// merges a change some side already made into that one.
func addSide(cs []*change, bt []string, edits []diff.TokenEdit, side int) []*change {
	return mergeSame(cs, placeSide(bt, edits, side))
}

// placeSide makes one side's edits changes, each placed leftmost with its
// slack measured, keeping at least one token between the side's own
// changes.
func placeSide(bt []string, edits []diff.TokenEdit, side int) []*change {
	own := make([]*change, len(edits))
	for i, e := range edits {
		c := &change{start: e.Start, end: e.End, repl: e.New, sides: []int{side}}
		for c.canLeft(bt) && (i == 0 || c.start-1 > own[i-1].end) {
			c.shift(bt, -1)
		}
		c.origin = c.start
		own[i] = c
	}
	for i, c := range own {
		limit := len(bt) + 1
		if i+1 < len(own) {
			limit = own[i+1].start
		}
		probe := *c
		for probe.canRight(bt) && probe.end+1 < limit {
			probe.shift(bt, 1)
			c.slack++
		}
	}
	return own
}

// mergeSame adds changes to cs, a change equal to one in cs only adding
// its side to that one's.
func mergeSame(cs, add []*change) []*change {
	index := make(map[string]*change, len(cs))
	for _, c := range cs {
		index[c.key()] = c
	}
	for _, c := range add {
		if old, ok := index[c.key()]; ok {
			old.sides = append(old.sides, c.sides...)
			old.slack = min(old.slack, c.slack)
			continue
		}
		index[c.key()] = c
		cs = append(cs, c)
	}
	return cs
}

// key identifies a change by its place and tokens.
func (c *change) key() string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(c.start) + "," + strconv.Itoa(c.end))
	for _, t := range c.repl {
		sb.WriteString("," + strconv.Itoa(len(t)) + ":" + t)
	}
	return sb.String()
}

// place moves pure changes right, within their slack, away from a change
// of another side that they would touch, sweeping left to right. A change
// is never moved off a point another side's insertion can share with it.
func place(bt []string, cs []*change) {
	sortChanges(cs)
	slack := 0
	for _, c := range cs {
		slack = max(slack, c.slack)
	}
	lastEnd := -1
	for i, c := range cs {
		if c.start <= lastEnd && c.pure() && !meetsInsertion(c, cs[:i], slack) {
			for d := lastEnd + 1 - c.start; d > 0 && d <= c.slack; d-- {
				c.shift(bt, 1)
			}
		}
		lastEnd = max(lastEnd, c.end)
	}
}

// meetsInsertion reports whether c is an insertion that could sit at the
// same point as one of the changes before it, which start no later than
// it does and move at most slack tokens.
func meetsInsertion(c *change, before []*change, slack int) bool {
	if !c.insertion() {
		return false
	}
	for j := len(before) - 1; j >= 0 && before[j].origin+slack >= c.origin; j-- {
		if o := before[j]; o.insertion() && o.origin <= c.reach() && c.origin <= o.reach() {
			return true
		}
	}
	return false
}

// hunks groups the changes that overlap or touch: two groups have at least
// one token between them that no change covers.
func hunks(cs []*change) [][]*change {
	sortChanges(cs)
	var groups [][]*change
	lastEnd := -1
	for _, c := range cs {
		if len(groups) == 0 || c.start > lastEnd {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
		lastEnd = max(lastEnd, c.end)
	}
	return groups
}

func sortChanges(cs []*change) {
	slices.SortStableFunc(cs, func(a, b *change) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
}

// span returns the tokens a group covers.
func span(g []*change) (lo, hi int) {
	lo, hi = g[0].start, g[0].end
	for _, c := range g[1:] {
		lo, hi = min(lo, c.start), max(hi, c.end)
	}
	return lo, hi
}
