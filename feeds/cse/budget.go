package cse

import (
	"errors"
	"fmt"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// Budget bounds one pull (or fetch), so that no tree, however large, deep
// or slow, keeps feedsync downloading without end: an endless chain of
// nested feeds, or links that drip a byte at a time, one after another.
// Bytes and Items count what is new in this run (downloaded, not found
// current by a conditional request or read from the cache), so that the
// next run, which finds those current, goes on from where this one
// stopped.
type Budget struct {
	Bytes int64         // bytes downloaded
	Items int           // items read in the feeds downloaded
	Depth int           // nested feeds below the root followed
	Time  time.Duration // the whole run
}

// DefaultBudget is the budget of every pull and fetch of the command line.
var DefaultBudget = Budget{Bytes: 4 << 30, Items: 100_000, Depth: 32, Time: time.Hour}

// ErrBudget is matched by every *BudgetError.
var ErrBudget = errors.New("cse: the run's budget is spent")

// BudgetError stops a run that spent its budget of bytes, items or time:
// what it downloaded is kept and recorded, and the next run goes on from
// there.
type BudgetError struct {
	What  string // "size", "item" or "time"
	Limit string // the budget, as a person reads it
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("stopped at the %s budget of one pull, %s: what was downloaded is kept, and the next pull goes on from there", e.What, e.Limit)
}

// Is makes errors.Is(err, ErrBudget) true.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// DepthError is a nested feed below the depth a run follows: it is not
// downloaded, and is reported as a failed download.
type DepthError struct{ Depth, Limit int }

func (e *DepthError) Error() string {
	return fmt.Sprintf("a nested feed %d feeds below the root, past the %d a pull follows: not followed", e.Depth, e.Limit)
}

// spent returns a *BudgetError once the run has downloaded more bytes or
// read more new items than its budget allows.
func (s *syncer) spent() error {
	switch b := s.budget; {
	case s.bytes > b.Bytes:
		return &BudgetError{What: "size", Limit: fetch.SizeText(b.Bytes) + " downloaded"}
	case s.items > b.Items:
		return &BudgetError{What: "item", Limit: fmt.Sprintf("%d new items read", b.Items)}
	}
	return nil
}

// timeUp is the cause of a run's end when its time budget runs out.
func (b Budget) timeUp() error {
	return &BudgetError{What: "time", Limit: b.Time.String()}
}
