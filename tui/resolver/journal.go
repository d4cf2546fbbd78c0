package resolver

import "github.com/feedsync/feedsync/feeds/dialect"

// change is one item replaced by a decision: a decision returns a new entry
// and never modifies its input, so keeping both states is enough to undo.
type change struct {
	pos           int
	before, after dialect.Entry
	was, now      outcome
}

// step is what one key press decided: one change, or many for A.
type step struct {
	id      int
	label   string
	changes []change
}

// journal is the undo and redo stack: steps[:next] are applied, the rest
// can be redone until a new step is pushed.
type journal struct {
	steps  []step
	next   int
	lastID int
}

// push records a new applied step and drops what could be redone.
func (j *journal) push(s step) {
	j.lastID++
	s.id = j.lastID
	j.steps = append(j.steps[:j.next], s)
	j.next++
}

// undo returns the step to revert, if any.
func (j *journal) undo() (step, bool) {
	if j.next == 0 {
		return step{}, false
	}
	j.next--
	return j.steps[j.next], true
}

// redo returns the step to apply again, if any.
func (j *journal) redo() (step, bool) {
	if j.next == len(j.steps) {
		return step{}, false
	}
	j.next++
	return j.steps[j.next-1], true
}

// applied counts the steps applied.
func (j *journal) applied() int { return j.next }

// head identifies the state reached: the id of the last applied step, or 0.
func (j *journal) head() int {
	if j.next == 0 {
		return 0
	}
	return j.steps[j.next-1].id
}

// apply puts a step's items into the store, forward or backward.
func (s *store) apply(st step, forward bool) {
	for i := range st.changes {
		c := st.changes[i]
		if !forward {
			c = st.changes[len(st.changes)-1-i]
			s.set(c.pos, c.before, c.was)
			continue
		}
		s.set(c.pos, c.after, c.now)
	}
}

// mark identifies the journal's state: it changes with every decision,
// undo and redo.
func (j *journal) mark() [2]int { return [2]int{j.lastID, j.next} }

// rebased returns the journal with every change put through move, which
// says whether the change still changes anything; a step left with no
// change is dropped, and dropped counts those that were applied.
func (j *journal) rebased(move func(change) (change, bool)) (out journal, dropped int) {
	out.lastID = j.lastID
	for i, s := range j.steps {
		var cs []change
		for _, c := range s.changes {
			if c, ok := move(c); ok {
				cs = append(cs, c)
			}
		}
		switch {
		case len(cs) == 0 && i < j.next:
			dropped++
		case len(cs) > 0:
			s.changes = cs
			out.steps = append(out.steps, s)
			if i < j.next {
				out.next++
			}
		}
	}
	return out, dropped
}
