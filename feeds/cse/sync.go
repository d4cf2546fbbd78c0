package cse

import (
	"context"
	"errors"
	"net/url"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// syncer runs the spec's "Sync Algorithm": a download queue that starts
// with the root link and grows as nested feeds are read.
//
// The spec assumes that nothing deletes cached data and that a sync runs to
// completion. Neither holds, so the syncer records progress as it goes: an
// item's guid and date once all its links are in the cache (entry.Synced),
// and a feed's date once every item in it is (entry.Built). A later pull
// compares against those records rather than against the cached feed file,
// so whatever an interrupted pull did not finish is still "newer" and is
// queued again. Items it has no reason to download are still checked: their
// cached files must be present, and a missing one is downloaded again.
//
// A feed's record holds every item of the feed, so rewriting it as each
// item completes made a pull quadratic in the items of a feed. It is
// rewritten at most once per checkpointEvery while its items complete,
// once more when the feed is done, and on the way out of a pull that is
// interrupted. A crash loses at most the last checkpointEvery of records:
// those items are downloaded again by the next pull, and nothing is
// recorded that is not in the cache.
type syncer struct {
	cache *cache
	get   getter
	rep   Reporter
	queue []*job
	seen  map[string]outcome
	guids map[string]string // guid → URL of the feed it was first seen in
	// failed counts downloads that failed; problems counts other reports.
	failed, problems int
	// unsaved holds the feeds whose record has changes not yet written.
	unsaved map[*feedTask]bool
	now     func() time.Time // the clock of checkpoints; tests replace it
	// budget bounds the run; bytes and items count what it spent.
	budget Budget
	bytes  int64
	items  int
}

// checkpointEvery is the longest a feed's record goes unwritten while its
// items complete.
const checkpointEvery = time.Second

// outcome is what became of a URL in this run, so that a link several
// items share is downloaded once.
type outcome struct {
	fetched bool // downloaded, not only checked in the cache
	ok      bool
}

// job is one queued csx:link.
type job struct {
	url    *url.URL
	nested bool
	check  bool      // its item is up to date: use the cached copy if there is one
	date   time.Time // the date of the item that links it
	item   *itemTask // nil for the root link, and for a link fetched on demand
	depth  int       // the nested feeds above it, below the first link
}

// itemTask counts the links of an item that are still in the queue.
type itemTask struct {
	feed    *feedTask
	guid    string
	date    time.Time
	record  bool // record the item as synced when done: it was downloaded, and has a unique guid and a date
	pending int
	failed  bool
}

// feedTask counts the items of a feed that are not yet done.
type feedTask struct {
	entry   *entry
	date    time.Time
	dateOK  bool
	parent  *itemTask
	pending int
	failed  bool
	savedAt time.Time // when its record was last written
	depth   int       // the job's that read it
}

func newSyncer(c *cache, g getter, rep Reporter) *syncer {
	return &syncer{cache: c, get: g, rep: rep, seen: map[string]outcome{}, guids: map[string]string{},
		unsaved: map[*feedTask]bool{}, now: time.Now, budget: DefaultBudget}
}

// run works through the queue. It stops early only when ctx ends, the
// budget is spent (*BudgetError) or the cache cannot be written; a failed
// download is reported and skipped. When it ends with the queue, with ctx
// or with the budget, the records of what is done are written and
// everything written is made durable before it returns.
func (s *syncer) run(ctx context.Context) error {
	ctx, cancel := context.WithTimeoutCause(ctx, s.budget.Time, s.budget.timeUp())
	defer cancel()
	err := s.drain(ctx)
	if cause := context.Cause(ctx); err != nil && errors.Is(cause, ErrBudget) {
		err = cause
	}
	if err == nil || ctx.Err() != nil || errors.Is(err, ErrBudget) {
		err = errors.Join(err, s.flush(), s.cache.barrier())
	}
	return err
}

// drain works through the queue.
func (s *syncer) drain(ctx context.Context) error {
	for len(s.queue) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.spent(); err != nil {
			return err
		}
		j := s.queue[0]
		s.queue = s.queue[1:]
		if err := s.process(ctx, j); err != nil {
			return err
		}
	}
	return nil
}

// process handles one job: "Download the next <csx:link>", read it if it
// is a nested feed, and "Save file represented by <csx:link> to cache".
func (s *syncer) process(ctx context.Context, j *job) error {
	key := j.url.String()
	if o, ok := s.seen[key]; ok && (o.fetched || j.check) {
		return s.linkDone(j.item, o.ok)
	}
	rec := s.cache.load(key)
	prev := rec
	if !s.cache.present(prev) {
		prev = nil
	}
	if j.check && prev != nil {
		s.seen[key] = outcome{ok: true}
		return s.fromCache(ctx, j, prev)
	}
	if j.nested && j.depth > s.budget.Depth {
		s.seen[key] = outcome{fetched: true}
		s.fail(key, &DepthError{Depth: j.depth, Limit: s.budget.Depth})
		return s.linkDone(j.item, false)
	}
	return s.fetch(ctx, j, rec, prev)
}

// fetch downloads a job's link and saves it. rec is its record, prev the
// same when its file is present.
func (s *syncer) fetch(ctx context.Context, j *job, rec, prev *entry) error {
	key := j.url.String()
	s.seen[key] = outcome{fetched: true}
	resp, body, err := s.download(ctx, j.url, prev)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s.fail(key, err)
		return s.linkDone(j.item, false)
	}
	if j.nested {
		return s.gotFeed(j, rec, prev, resp, body)
	}
	if err := s.keep(j, prev, resp, body); err != nil {
		return err
	}
	s.saved(key, resp, body)
	s.seen[key] = outcome{fetched: true, ok: true}
	return s.linkDone(j.item, true)
}

// fromCache handles a link whose item is up to date and whose file is in
// the cache: a plain file needs nothing, a nested feed is read from the
// cache so that its own items can be checked.
func (s *syncer) fromCache(ctx context.Context, j *job, prev *entry) error {
	if !j.nested {
		return s.linkDone(j.item, true)
	}
	body, err := s.cache.read(prev)
	if err == nil {
		var f *feed
		if f, err = parseFeed(prev.URL, body); err == nil {
			return s.readFeed(j, prev, baseOf(prev), f)
		}
	}
	// The cached copy went bad under us: download it after all.
	j.check = false
	delete(s.seen, j.url.String())
	return s.process(ctx, j)
}

// download fetches u, conditionally when a cached copy exists, and returns
// the bytes that are now current.
func (s *syncer) download(ctx context.Context, u *url.URL, prev *entry) (*fetch.Response, []byte, error) {
	var cond fetch.Validators
	if prev != nil {
		cond = fetch.Validators{ETag: prev.ETag, LastModified: prev.Modified}
	}
	s.rep.Start(u.String())
	resp, err := s.get.get(ctx, u, cond)
	if err != nil {
		return nil, nil, err
	}
	if !resp.NotModified {
		s.bytes += int64(len(resp.Body))
		return resp, resp.Body, nil
	}
	body, err := s.cache.read(prev)
	if err != nil {
		// The copy the server vouched for is gone: ask again, plainly.
		if resp, err = s.get.get(ctx, u, fetch.Validators{}); err != nil {
			return nil, nil, err
		}
		s.bytes += int64(len(resp.Body))
		return resp, resp.Body, nil
	}
	s.rep.Unchanged(u.String())
	return resp, body, nil
}

// saved reports a download once it is in the cache: a nested feed that
// does not parse is not saved, and is reported as failed only.
func (s *syncer) saved(u string, resp *fetch.Response, body []byte) {
	if !resp.NotModified {
		s.rep.Fetched(u, int64(len(body)))
	}
}

// keep saves a downloaded file and then its record.
func (s *syncer) keep(j *job, prev *entry, resp *fetch.Response, body []byte) error {
	e := newEntry(j, prev, resp, body)
	if prev == nil || !resp.NotModified {
		if err := s.cache.store(e.URL, body); err != nil {
			return err
		}
	}
	if sameFile(prev, e) {
		return nil
	}
	return s.cache.save(e)
}

// sameFile reports whether two records of a plain file say the same.
func sameFile(a, b *entry) bool {
	return a != nil && a.URL == b.URL && a.Size == b.Size && a.ETag == b.ETag &&
		a.Modified == b.Modified && a.Final == b.Final && a.Feed == b.Feed &&
		a.ItemDate.Equal(b.ItemDate) && a.SHA256 == b.SHA256
}

// newEntry describes a download of j's link.
func newEntry(j *job, prev *entry, resp *fetch.Response, body []byte) *entry {
	key := j.url.String()
	e := &entry{URL: key, File: cachePath(key), Size: int64(len(body)), Feed: j.nested, SHA256: digest(body)}
	e.ETag, e.Modified = resp.ETag, resp.LastModified
	if resp.URL != nil && resp.URL.String() != key {
		e.Final = resp.URL.String()
	}
	e.ItemDate = j.date
	if prev != nil && prev.ItemDate.After(j.date) {
		e.ItemDate = prev.ItemDate
	}
	return e
}

// baseOf is the URL that relative links in a cached feed resolve against.
func baseOf(e *entry) *url.URL {
	raw := e.URL
	if e.Final != "" {
		raw = e.Final
	}
	u, err := url.Parse(raw)
	if err != nil {
		return &url.URL{}
	}
	return u
}

// fail reports a download that failed; the rest of the sync goes on.
func (s *syncer) fail(place string, err error) {
	s.failed++
	s.rep.Failed(place, err)
}
