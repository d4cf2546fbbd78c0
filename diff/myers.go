package diff

// This file finds a shortest edit script between two sequences of small
// integers with Myers' algorithm ("An O(ND) Difference Algorithm and Its
// Variations", 1986) in its linear-space form: find a middle point of an
// optimal path by searching from both ends at once, then solve the two halves.
// The bisection follows diff-match-patch's diff_bisect, whose range checks
// keep the search inside the edit graph.

// changes reports which elements of a and b lie outside one longest common
// subsequence: delA[i] means a[i] is deleted, insB[j] that b[j] is inserted.
// Elements are ids in [0, ids), as returned by intern.
//
// Elements found on one side only are marked first and set aside, as GNU diff
// does: no common subsequence can use them, so the result stays minimal, and
// texts with nothing in common take linear time and space.
func changes(a, b []int, ids int) (delA, insB []bool) {
	delA, insB = make([]bool, len(a)), make([]bool, len(b))
	s := &solver{delA: delA, insB: insB}
	s.a, s.aIdx = common(a, b, ids, delA)
	s.b, s.bIdx = common(b, a, ids, insB)
	size := len(s.a) + len(s.b) + 3
	s.vf, s.vb = make([]int, size), make([]int, size)
	s.compare(0, len(s.a), 0, len(s.b))
	return delA, insB
}

// common returns the elements of seq that also occur in other, with their
// indexes in seq, and marks the others as changed.
func common(seq, other []int, ids int, changed []bool) (kept, idx []int) {
	found := make([]bool, ids)
	for _, x := range other {
		found[x] = true
	}
	for i, x := range seq {
		if !found[x] {
			changed[i] = true
			continue
		}
		kept = append(kept, x)
		idx = append(idx, i)
	}
	return kept, idx
}

// A solver holds the sequences being compared, the maps from their indexes
// back to the caller's, the marks being made and the search buffers.
type solver struct {
	a, b       []int
	aIdx, bIdx []int
	delA, insB []bool
	vf, vb     []int // furthest x on each diagonal, forward and backward
}

// compare marks the changes between a[a0:a1] and b[b0:b1].
func (s *solver) compare(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && s.a[a0] == s.b[b0] {
		a0, b0 = a0+1, b0+1
	}
	for a0 < a1 && b0 < b1 && s.a[a1-1] == s.b[b1-1] {
		a1, b1 = a1-1, b1-1
	}
	if a0 == a1 || b0 == b1 {
		s.mark(a0, a1, b0, b1)
		return
	}
	x, y := s.bisect(a0, a1, b0, b1)
	// bisect returns a corner only when the ranges have nothing in common;
	// recursing there would repeat this call forever.
	if (x == a0 && y == b0) || (x == a1 && y == b1) {
		s.mark(a0, a1, b0, b1)
		return
	}
	s.compare(a0, x, b0, y)
	s.compare(x, a1, y, b1)
}

// mark records a[a0:a1] as deleted and b[b0:b1] as inserted.
func (s *solver) mark(a0, a1, b0, b1 int) {
	for i := a0; i < a1; i++ {
		s.delA[s.aIdx[i]] = true
	}
	for j := b0; j < b1; j++ {
		s.insB[s.bIdx[j]] = true
	}
}

// bisect returns a point (x, y) on a shortest edit path from (a0, b0) to
// (a1, b1), found where the forward and backward searches meet. The searches
// meet by d = maxD-1 unless the ranges share no element; bisect then returns
// (a0, b0), and replacing the whole range is the shortest script.
func (s *solver) bisect(a0, a1, b0, b1 int) (x, y int) {
	a, b := s.a[a0:a1], s.b[b0:b1]
	n, m := len(a), len(b)
	maxD := (n + m + 1) / 2
	off := maxD
	vf, vb := s.vf[:2*maxD+2], s.vb[:2*maxD+2]
	for i := range vf {
		vf[i], vb[i] = -1, -1
	}
	vf[off+1], vb[off+1] = 0, 0
	delta := n - m
	front := delta%2 != 0 // which search detects the overlap
	var fStart, fEnd, bStart, bEnd int
	for d := 0; d < maxD; d++ {
		for k := -d + fStart; k <= d-fEnd; k += 2 {
			x := next(vf, off, k, d)
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			vf[off+k] = x
			switch {
			case x > n:
				fEnd += 2 // ran off the right of the graph
			case y > m:
				fStart += 2 // ran off the bottom of the graph
			case front:
				if kb := off + delta - k; kb >= 0 && kb < len(vb) && vb[kb] != -1 && x >= n-vb[kb] {
					return a0 + x, b0 + y
				}
			}
		}
		for k := -d + bStart; k <= d-bEnd; k += 2 {
			x := next(vb, off, k, d)
			y := x - k
			for x < n && y < m && a[n-x-1] == b[m-y-1] {
				x, y = x+1, y+1
			}
			vb[off+k] = x
			switch {
			case x > n:
				bEnd += 2
			case y > m:
				bStart += 2
			case !front:
				if kf := off + delta - k; kf >= 0 && kf < len(vf) && vf[kf] != -1 && vf[kf] >= n-x {
					fx := vf[kf]
					return a0 + fx, b0 + fx - (delta - k)
				}
			}
		}
	}
	return a0, b0
}

// next returns the x a d-path reaches on diagonal k before following its
// snake: one step down from diagonal k+1 or one step right from k-1,
// whichever reaches further.
func next(v []int, off, k, d int) int {
	if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
		return v[off+k+1]
	}
	return v[off+k-1] + 1
}

// intern numbers the distinct strings of a and b, so that the search compares
// integers, and returns the numbered sequences and the number of ids.
func intern(a, b []string) (ia, ib []int, ids int) {
	id := make(map[string]int, len(a)+len(b))
	number := func(seq []string) []int {
		out := make([]int, len(seq))
		for i, s := range seq {
			n, ok := id[s]
			if !ok {
				n = len(id)
				id[s] = n
			}
			out[i] = n
		}
		return out
	}
	ia = number(a)
	ib = number(b)
	return ia, ib, len(id)
}

// A block is one change: a[a0:a1] replaced by b[b0:b1]. Between blocks, and
// before the first and after the last, the two sequences are equal.
type block struct{ a0, a1, b0, b1 int }

// diffBlocks returns the changes between lines a and b, in order.
func diffBlocks(a, b []string) []block {
	ia, ib, ids := intern(a, b)
	delA, insB := changes(ia, ib, ids)
	blocks := group(delA, insB)
	slide(blocks, a, b)
	return blocks
}

// group turns change marks into maximal blocks. The unmarked elements of
// both sides pair up in order, so every step either passes an equal pair or
// consumes a non-empty block.
func group(delA, insB []bool) []block {
	var blocks []block
	i, j := 0, 0
	for i < len(delA) || j < len(insB) {
		if i < len(delA) && j < len(insB) && !delA[i] && !insB[j] {
			i, j = i+1, j+1
			continue
		}
		bl := block{a0: i, b0: j}
		for i < len(delA) && delA[i] {
			i++
		}
		for j < len(insB) && insB[j] {
			j++
		}
		bl.a1, bl.b1 = i, j
		if bl.a0 == bl.a1 && bl.b0 == bl.b1 {
			break // unpaired elements left unmarked; cannot happen
		}
		blocks = append(blocks, bl)
	}
	return blocks
}
