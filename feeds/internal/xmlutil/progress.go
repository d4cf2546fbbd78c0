package xmlutil

// Reporter calls a progress function now and then as a count grows: when
// it has grown by a step since the last report, and once at the end. A nil
// *Reporter reports nothing, so that a task nobody watches pays one
// pointer test per report it would make.
type Reporter struct {
	f           func(done, total int)
	total, step int
	next        int // the count at which to report next
}

// NewReporter returns a Reporter that tells f, every step, how much of
// total is done; nil when f is nil.
func NewReporter(f func(done, total int), total, step int) *Reporter {
	if f == nil {
		return nil
	}
	return &Reporter{f: f, total: total, step: max(step, 1)}
}

// At reports done when it has grown by a step since the last report.
func (r *Reporter) At(done int) {
	if r != nil && done >= r.next {
		r.next = done + r.step
		r.f(done, r.total)
	}
}

// Done reports that all of total is done.
func (r *Reporter) Done() {
	if r != nil {
		r.f(r.total, r.total)
	}
}
