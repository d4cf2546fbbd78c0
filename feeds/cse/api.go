package cse

import (
	"context"
	"errors"
	"fmt"

	"github.com/feedsync/feedsync/feeds"
)

// Reporter hears what Pull and Fetch do, as they do it, so that a front
// end can show progress. Its methods are called in order, from the
// goroutine that called Pull or Fetch.
type Reporter interface {
	// Start: a download of url begins.
	Start(url string)
	// Fetched: url was downloaded, size bytes, and saved in the cache.
	Fetched(url string, size int64)
	// Unchanged: a conditional request found the cached copy current.
	Unchanged(url string)
	// Removed: clean-up removed url's file, which no item links any more.
	Removed(url string)
	// Failed: url could not be downloaded or, for a nested feed, read;
	// the cached copy, if any, stays and the pull goes on. err may be
	// feeds.Problems, placing what is wrong in the downloaded feed.
	Failed(url string, err error)
	// Problem: something is wrong in a feed, at its place.
	Problem(p feeds.Problem)
}

// Summary counts what a Pull or Fetch did.
type Summary struct {
	Fetched   int   // files downloaded and saved
	Bytes     int64 // their size
	Unchanged int   // files a conditional request found current
	Removed   int   // files clean-up removed
	Failed    int   // downloads that failed (Reporter.Failed)
	Problems  int   // problems found in feeds (Reporter.Problem)
}

// Attention reports whether something went wrong that the run went past:
// a failed download or a problem in a feed.
func (s Summary) Attention() bool { return s.Failed > 0 || s.Problems > 0 }

// Pull syncs the tree at root, an http or https URL or a local feed file,
// into the cache directory dir, which it creates if need be ("Sync
// Algorithm"), and then removes the files no cached item links any more
// ("Item deletion and cache clean up") if every download succeeded.
// Failed downloads and problems in feeds are reported to r (which may be
// nil) and counted in the Summary; they do not stop the pull. An error
// means the pull could not start (root refused, dir holds another tree:
// ErrOtherRoot) or stopped before the end (ctx ended, the cache could not
// be written); what it did is kept, and pulling again resumes it.
func Pull(ctx context.Context, root, dir string, r Reporter) (Summary, error) {
	src, err := openSource(root)
	if err != nil {
		return Summary{}, fmt.Errorf("%s: %w", root, err)
	}
	defer src.close()
	c, err := openCache(dir, true)
	if err != nil {
		return Summary{}, err
	}
	defer c.close()
	rep := newTally(r)
	_, err = pull(ctx, c, src, rep)
	return rep.sum, err
}

// Fetch downloads link, one link of the tree cached in dir, typically an
// on-demand one, and the tree below it if it is a nested feed. link is
// matched against the links as List gives them (URL) or as a feed writes
// them (Ref). An error means it could not start (no cache: ErrNoCache; no
// cached feed holds link: ErrNotInTree; a link feedsync refuses) or
// stopped before the end, as for Pull.
func Fetch(ctx context.Context, dir, link string, r Reporter) (Summary, error) {
	c, err := openCache(dir, false)
	if err != nil {
		return Summary{}, err
	}
	defer c.close()
	src, err := reopenSource(c)
	if err != nil {
		return Summary{}, err
	}
	defer src.close()
	rep := newTally(r)
	_, err = fetchLink(ctx, c, src, link, rep)
	return rep.sum, err
}

// Stamp applies "Propagating the lastBuildDate to parent feeds" to the
// local tree at root: it sets each item's csx:lastBuildDate that links a
// nested feed, and each channel's lastBuildDate, to the newest date below
// them, and writes the files it changed atomically, keeping a backup of
// each (package atomicfile). It returns their names and the problems it
// found but could not fix. An error means the root could not be read (its
// problems then are the error, as feeds.Problems, when it is not RSS or
// not well-formed) or a file could not be written.
func Stamp(root string) (changed []string, problems feeds.Problems, err error) {
	changed, problems, err = stamp(root)
	if errors.Is(err, errRootUnreadable) && len(problems) > 0 {
		return nil, nil, problems
	}
	return changed, problems, err
}

// tally passes a run's events on to a Reporter and counts them.
type tally struct {
	r   Reporter
	sum Summary
}

func newTally(r Reporter) *tally {
	if r == nil {
		r = silent{}
	}
	return &tally{r: r}
}

// Start passes the event on.
func (c *tally) Start(u string) { c.r.Start(u) }

// Fetched counts a download and passes it on.
func (c *tally) Fetched(u string, size int64) {
	c.sum.Fetched++
	c.sum.Bytes += size
	c.r.Fetched(u, size)
}

// Unchanged counts a cached copy found current and passes it on.
func (c *tally) Unchanged(u string) { c.sum.Unchanged++; c.r.Unchanged(u) }

// Removed counts a removal and passes it on.
func (c *tally) Removed(u string) { c.sum.Removed++; c.r.Removed(u) }

// Failed counts a failed download and passes it on.
func (c *tally) Failed(u string, err error) { c.sum.Failed++; c.r.Failed(u, err) }

// Problem counts a problem and passes it on.
func (c *tally) Problem(p feeds.Problem) { c.sum.Problems++; c.r.Problem(p) }

// silent is the Reporter of a caller that gave none.
type silent struct{}

func (silent) Start(string)          {}
func (silent) Fetched(string, int64) {}
func (silent) Unchanged(string)      {}
func (silent) Removed(string)        {}
func (silent) Failed(string, error)  {}
func (silent) Problem(feeds.Problem) {}
