package feedtest

import "testing"

// Progress records what a progress function (feeds.Progress) is told.
type Progress struct{ Done, Total []int }

// Report is the progress function that records.
func (p *Progress) Report(done, total int) {
	p.Done, p.Total = append(p.Done, done), append(p.Total, total)
}

// Check fails unless the reports came at least min times, never went
// back or past their total, always named the total want, and ended at it.
func (p *Progress) Check(t testing.TB, min, want int) {
	t.Helper()
	if len(p.Done) < min || len(p.Done) == 0 {
		t.Fatalf("%d reports, want at least %d: %v", len(p.Done), max(min, 1), p.Done)
	}
	for i := range p.Done {
		if p.Total[i] != want {
			t.Errorf("report %d: total %d, want %d", i, p.Total[i], want)
		}
		if i > 0 && p.Done[i] < p.Done[i-1] || p.Done[i] > p.Total[i] {
			t.Errorf("report %d: %d of %d after %d", i, p.Done[i], p.Total[i], p.Done[max(i-1, 0)])
		}
	}
	if last := p.Done[len(p.Done)-1]; last != want {
		t.Errorf("the last report says %d, want %d", last, want)
	}
}
