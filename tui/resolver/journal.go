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
