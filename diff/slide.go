package diff

// A run of inserted or deleted lines can often sit at several places with the
// same cost: inserting an XML item between two others matches as well when
// the run starts at "<title>" and ends at "<item>" as when it is the whole
// "<item>…</item>". This file moves such runs to where they start and end at
// the least indentation, a small version of Git's indent heuristic.

// slide moves each pure insertion or deletion in blocks to its best place
// among those of equal cost, without letting it touch its neighbours.
func slide(blocks []block, la, lb []string) {
	for i := range blocks {
		bl := &blocks[i]
		switch {
		case bl.a0 == bl.a1:
			lo, hi := room(blocks, i, func(b block) (int, int) { return b.b0, b.b1 }, len(lb))
			shift := best(lb, bl.b0, bl.b1, lo, hi)
			bl.a0, bl.a1, bl.b0, bl.b1 = bl.a0+shift, bl.a1+shift, bl.b0+shift, bl.b1+shift
		case bl.b0 == bl.b1:
			lo, hi := room(blocks, i, func(b block) (int, int) { return b.a0, b.a1 }, len(la))
			shift := best(la, bl.a0, bl.a1, lo, hi)
			bl.a0, bl.a1, bl.b0, bl.b1 = bl.a0+shift, bl.a1+shift, bl.b0+shift, bl.b1+shift
		}
	}
}

// room returns the range of one side that blocks[i] may occupy: up to its
// neighbours, less one equal line to keep them apart.
func room(blocks []block, i int, span func(block) (int, int), n int) (lo, hi int) {
	lo, hi = 0, n
	if i > 0 {
		_, end := span(blocks[i-1])
		lo = end + 1
	}
	if i < len(blocks)-1 {
		start, _ := span(blocks[i+1])
		hi = start - 1
	}
	return lo, hi
}

// best returns how far to move the run seq[s0:s1] within seq[lo:hi]. The run
// can move up while the line above it equals its last line, and down while
// the line below it equals its first. Among the places it can reach, best
// picks the one whose first line and following line are least indented,
// preferring the lowest place on ties, as GNU diff does.
func best(seq []string, s0, s1, lo, hi int) int {
	n := s1 - s0
	top := s0
	for top > lo && seq[top-1] == seq[top-1+n] {
		top--
	}
	bottom := s0
	for bottom+n < hi && seq[bottom] == seq[bottom+n] {
		bottom++
	}
	pick, score := bottom, cost(seq, bottom, n)
	for p := bottom - 1; p >= top; p-- {
		if c := cost(seq, p, n); c < score {
			pick, score = p, c
		}
	}
	return pick - s0
}

// cost scores placing a run of n lines at seq[p]: the indentation of its
// first line plus that of the line after it.
func cost(seq []string, p, n int) int {
	c := indent(seq[p])
	if p+n < len(seq) {
		c += indent(seq[p+n])
	}
	return c
}

// indent returns the number of leading spaces and tabs of a line, or 0 for a
// blank line, which makes a good boundary.
func indent(line string) int {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ', '\t':
		case '\n', '\r':
			return 0
		default:
			return i
		}
	}
	return 0
}
