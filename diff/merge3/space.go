package merge3

import (
	"cmp"
	"slices"
	"strings"
)

// Options change what a merge compares. The zero value is [Merge]'s.
type Options struct {
	// Space makes runs of white space compare equal where the text's kind
	// lets them (see the package doc, White space): a side's change of
	// white space alone is never a clash. It is taken where no other
	// side's change covers it, and given up where one does.
	Space bool
}

// MergeWith is [Merge] with options.
func MergeWith(base string, sides []string, m Mode, o Options) Result {
	bt := tokens(base, m)
	var cs, spaces []*change
	var keep []bool
	if o.Space {
		keep = preserved(bt, m)
	}
	for i, s := range sides {
		own := placeSide(bt, sideEdits(bt, tokens(s, m)), i)
		if o.Space {
			var ws []*change
			own, ws = spaceChanges(own, bt, keep)
			spaces = append(spaces, ws...)
		}
		cs = mergeSame(cs, own)
	}
	place(bt, cs)
	groups := hunks(cs)
	if len(spaces) > 0 {
		groups = withSpaces(groups, spaces)
	}
	r := build(bt, groups, len(sides))
	if m == XHTML && r.Clean() && !wellFormed(r.Merged) {
		r = markClashes(r)
	}
	return r
}

// SpaceOnly reports whether b differs from a in white space alone, where
// Options.Space lets runs of white space compare equal: what a merge
// with it never counts as a change that clashes.
func SpaceOnly(a, b string, m Mode) bool {
	spaces, words := SpaceEdits(a, b, m)
	return !words && len(spaces) > 0
}

// A SpaceEdit is a change of white space alone from a text a to a text b:
// bytes [AStart, AEnd) of a, white space or nothing, became bytes
// [BStart, BEnd) of b, white space or nothing.
type SpaceEdit struct {
	AStart, AEnd, BStart, BEnd int
}

// SpaceEdits returns b's changes from a that change white space alone
// where Options.Space lets runs of white space compare equal (the changes
// [SpaceOnly] counts, not inside pre nor under xml:space="preserve" in
// HTML and XHTML), in order, and whether b changes anything else too: a
// front end that hides such changes leaves those bytes unmarked.
func SpaceEdits(a, b string, m Mode) (spaces []SpaceEdit, words bool) {
	at := tokens(a, m)
	off := offsets(at)
	own := placeSide(at, sideEdits(at, tokens(b, m)), 0)
	ws, ss := spaceChanges(own, at, preserved(at, m))
	// delta is how much longer b is than a before the change at hand;
	// ss keeps own's order.
	delta := 0
	for _, c := range own {
		n := 0
		for _, t := range c.repl {
			n += len(t)
		}
		if len(ss) > 0 && ss[0] == c {
			spaces, ss = append(spaces, SpaceEdit{off[c.start], off[c.end], off[c.start] + delta, off[c.start] + delta + n}), ss[1:]
		}
		delta += n - (off[c.end] - off[c.start])
	}
	return spaces, len(ws) > 0
}

// spaceChanges splits a side's changes, placed together so that each
// keeps its place among the others, into those that change words and
// those that change white space alone, outside the tokens keep marks.
func spaceChanges(own []*change, bt []string, keep []bool) (words, spaces []*change) {
	for _, c := range own {
		if blank(bt[c.start:c.end]) && blank(c.repl) && !kept(keep, c.start, c.end) {
			spaces = append(spaces, c)
			continue
		}
		words = append(words, c)
	}
	return words, spaces
}

// blank reports whether every token is white space as XML and HTML read
// it: space, tab, line feed, carriage return (and HTML's form feed). A
// no-break space is a character like any other.
func blank(toks []string) bool {
	for _, t := range toks {
		if strings.Trim(t, " \t\n\r\f") != "" {
			return false
		}
	}
	return true
}

// kept reports whether base tokens [start, end), or the point start of an
// insertion, lie where white space is kept as written.
func kept(keep []bool, start, end int) bool {
	if keep == nil {
		return false
	}
	for p := start; p <= end && p < len(keep); p++ {
		if keep[p] {
			return true
		}
	}
	return false
}

// withSpaces adds white-space changes to the groups of word changes: each
// that no word change covers or shares an insertion point with becomes a
// group of its own; of white-space changes to one place, the one whose
// text is greatest is taken (sides that made it alike share it), so that
// the merge does not depend on the order of the sides. A change given up
// joins the group of the change it met, given up (it counts for no side
// in Kind and Text, and its side's Texts hold it), so that the hunks still
// give back every side; one that met two groups is in none.
func withSpaces(groups [][]*change, spaces []*change) [][]*change {
	slices.SortStableFunc(spaces, func(a, b *change) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), -cmp.Compare(strings.Join(a.repl, ""), strings.Join(b.repl, "")))
	})
	var taken []*change
	var given []*change
	for _, c := range spaces {
		if n := len(taken); n > 0 && meets(taken[n-1], c) {
			if last := taken[n-1]; last.key() == c.key() {
				last.sides = append(last.sides, c.sides...)
			} else {
				given = append(given, c)
			}
			continue
		}
		if slices.ContainsFunc(groups, func(g []*change) bool { return slices.ContainsFunc(g, func(w *change) bool { return meets(w, c) }) }) {
			given = append(given, c)
			continue
		}
		taken = append(taken, c)
	}
	for _, c := range taken {
		slices.Sort(c.sides)
		groups = append(groups, []*change{c})
	}
	sortGroups(groups)
	for _, c := range given {
		c.gaveUp = true
		groups = giveUp(groups, c)
	}
	return groups
}

// giveUp puts a change given up into the one group it meets, if that
// group, grown by it, meets no other.
func giveUp(groups [][]*change, c *change) [][]*change {
	at := -1
	for i, g := range groups {
		if !slices.ContainsFunc(g, func(o *change) bool { return meets(o, c) }) {
			continue
		}
		if at >= 0 {
			return groups // it met two: in none
		}
		at = i
	}
	if at < 0 {
		return groups
	}
	lo, hi := span(groups[at])
	lo, hi = min(lo, c.start), max(hi, c.end)
	for i, g := range groups {
		if olo, ohi := span(g); i != at && olo < hi && lo < ohi {
			return groups // grown, it would overlap another: in none
		}
	}
	groups[at] = append(groups[at], c)
	sortChanges(groups[at])
	return groups
}

func sortGroups(groups [][]*change) {
	slices.SortStableFunc(groups, func(a, b []*change) int {
		alo, ahi := span(a)
		blo, bhi := span(b)
		return cmp.Or(cmp.Compare(alo, blo), cmp.Compare(ahi, bhi))
	})
}

// meets reports whether two changes cover a base token in common or
// insert at one point: applied together, their order would be a guess.
func meets(a, b *change) bool {
	switch {
	case a.insertion() && b.insertion():
		return a.start == b.start
	case a.insertion():
		return b.start < a.start && a.start < b.end
	case b.insertion():
		return a.start < b.start && b.start < a.end
	}
	return a.start < b.end && b.start < a.end
}

// preserving are the HTML elements whose white space is kept as written
// (HTML's pre, listing and textarea, and the raw-text elements).
var preserving = []string{"pre", "listing", "plaintext", "xmp", "textarea", "script", "style"}

// preserved marks, for each point between base tokens (0 to len(bt)),
// whether it lies inside an element that keeps its white space: in HTML
// and XHTML mode, one of preserving, or one whose xml:space="preserve"
// (XML 1.0 §2.10) holds there. Text mode has none.
func preserved(bt []string, m Mode) []bool {
	if m == Text {
		return nil
	}
	type open struct {
		name  string
		space string // the xml:space it says: "preserve", "default" or ""
		pre   bool
	}
	var stack []open
	keep := make([]bool, len(bt)+1)
	at := func() bool {
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].pre {
				return true
			}
			if stack[i].space != "" {
				return stack[i].space == "preserve"
			}
		}
		return false
	}
	for i, t := range bt {
		keep[i] = at()
		name, kind := tagOf(t)
		switch kind {
		case startTag:
			stack = append(stack, open{name, xmlSpace(t), m == HTML && slices.Contains(preserving, strings.ToLower(name)) ||
				m == XHTML && slices.Contains(preserving, name)})
		case endTag:
			if j := slices.IndexFunc(stack, func(o open) bool { return o.name == name }); j >= 0 {
				stack = stack[:j]
			}
		}
	}
	keep[len(bt)] = at()
	return keep
}

type tagKind int

const (
	notTag tagKind = iota
	startTag
	endTag
	emptyTag
)

// tagOf returns the name of the element a markup token starts or ends.
func tagOf(t string) (string, tagKind) {
	if len(t) < 3 || t[0] != '<' || t[len(t)-1] != '>' || t[1] == '!' || t[1] == '?' {
		return "", notTag
	}
	kind, rest := startTag, t[1:len(t)-1]
	if rest[0] == '/' {
		kind, rest = endTag, rest[1:]
	} else if strings.HasSuffix(rest, "/") {
		kind = emptyTag
	}
	end := strings.IndexAny(rest, " \t\n\r\f/")
	if end < 0 {
		end = len(rest)
	}
	return rest[:end], kind
}

// xmlSpace returns the value of a start tag's xml:space attribute, or "".
func xmlSpace(t string) string {
	i := strings.Index(t, "xml:space")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(t[i+len("xml:space"):], " \t\n\r")
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = strings.TrimLeft(rest[1:], " \t\n\r")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	v, _, _ := strings.Cut(rest[1:], rest[:1])
	return v
}
