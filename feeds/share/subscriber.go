package share

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
	"github.com/feedsync/feedsync/feeds/store"
)

// Subscription is a local feed's subscription to a publisher's feed: the
// subscriber side of 1.0.2 §4.1 and 0.91 §2.1, §2.2, and the push of
// 'feedsync sync'.
type Subscription struct {
	// Local is the path of LOCAL, the subscriber's store; it need not
	// exist yet.
	Local string
	// URL is the publisher's feed. A user and password in it
	// (https://user:pw@host/feed.xml) go to its origin only, as HTTP Basic
	// credentials, and are never stored or shown: the state is kept, and
	// messages name the feed, under the URL with the password as "xxxxx"
	// (fetch.Redacted), so that a new password keeps the subscription.
	URL string
	// Out, when set, receives the result instead of LOCAL: a path, or "-"
	// for Stdout. The subscription state goes beside the file written;
	// standard output keeps none.
	Out    string
	Stdout io.Writer
	// By is the subscriber's endpoint id: its own items are never
	// discarded (1.0.2 §4.1.2 step 2.1.2).
	By string
	// Now is the time of the read, for expires and window.
	Now time.Time
	// Client talks to the publisher.
	Client *Client
	// Warn receives what the user should know, one message at a time.
	Warn func(msg string)
	// Read, when set, is told the size of each feed read: LOCAL, the
	// feeds downloaded and a hub's answers (a command that caps its heap
	// by what it reads counts them).
	Read func(n int)
}

// read tells Read that data was read.
func (s *Subscription) read(data []byte) {
	if s.Read != nil {
		s.Read(len(data))
	}
}

// Result says what a pull or a sync did.
type Result struct {
	// Unchanged: the feed had not changed (304) and LOCAL had nothing to
	// send; nothing was merged or written.
	Unchanged bool
	// Complete: the complete feed was read (first read, out of sync).
	Complete bool
	// OutOfSync: the feed's since passed the cached until (1.0.2 §4.1.2
	// step 2.1), or the read came after expires or the window.
	OutOfSync bool
	// Read counts the items in the feeds read, Pushed those sent, and
	// Changed the items of LOCAL that are new or changed.
	Read, Pushed, Changed int
	// Conflicted counts LOCAL's items in conflict afterwards.
	Conflicted int
	// Wrote: LOCAL (or Out) was written.
	Wrote bool
	// NotHub: the publisher accepted the POST but is no feedsync hub (its
	// answer lacks HeaderETag), as mesh4x's FeedServlet, which answers a
	// feed of its conflicts: the items were sent, Taken of them taken (all,
	// unless it answered with the feed it serves, unchanged), and its
	// answer, when a feed, merged (AnswerMerged), holding Answered items;
	// it keeps no partial feed for this subscriber.
	NotHub, AnswerMerged bool
	Taken, Answered      int
}

// errLocalChanged: LOCAL changed on disk while a sync ran; the sync runs
// again on the new LOCAL.
var errLocalChanged = errors.New("LOCAL changed during the sync")

// Pull reads the publisher's feed into LOCAL (1.0.2 §4.1.1, §4.1.2).
func (s *Subscription) Pull(ctx context.Context) (*Result, error) { return s.run(ctx, false) }

// Sync pulls, then sends the publisher what LOCAL has that it lacks, and
// merges the answer: afterwards LOCAL holds everything the publisher knew.
func (s *Subscription) Sync(ctx context.Context) (*Result, error) { return s.run(ctx, true) }

func (s *Subscription) run(ctx context.Context, push bool) (*Result, error) {
	if s.Now.IsZero() {
		s.Now = time.Now().UTC().Truncate(time.Second)
	}
	for attempt := 1; ; attempt++ {
		res, err := s.once(ctx, push)
		if !errors.Is(err, errLocalChanged) || attempt == 3 {
			return res, err
		}
	}
}

// name is the URL as it is shown and keyed in the state: without its
// password.
func (s *Subscription) name() string { return fetch.Redacted(s.URL) }

// target is the file written, "" for standard output.
func (s *Subscription) target() string {
	switch s.Out {
	case "":
		return s.Local
	case "-":
		return ""
	}
	if filepath.Clean(s.Out) == filepath.Clean(s.Local) {
		return s.Local
	}
	return s.Out
}

// round is one pull or sync in progress.
type round struct {
	*Subscription
	push   bool
	snap   *atomicfile.Snapshot // LOCAL as read
	data   []byte
	exists bool
	local  feed
	// parsed is LOCAL as parsed, when it held sync data: while its items
	// are followed one by one (sums), its bytes as read stand for every
	// item that did not change, and it need not be written again.
	parsed feed
	sums   *localSums        // LOCAL's items' sync digests, as read and now
	reads  [][]dialect.Entry // the feeds read, as read, for the version store (versions.go)
	store  *store.Store      // the version store beside the target, while committing
	states *subStates
	st     *subState
	res    Result
	got    []gotFeed // what the reads of the round got (push.go)
}

func (s *Subscription) once(ctx context.Context, push bool) (*Result, error) {
	r := &round{Subscription: s, push: push}
	var err error
	if r.snap, err = atomicfile.Read(s.Local); err != nil {
		return nil, err
	}
	r.data, r.exists = r.snap.Data, r.snap.Exists()
	s.read(r.data)
	if r.states, err = loadSubStates(statePath(s.Local, "sync")); err != nil {
		return nil, err
	}
	r.st = r.states.get(s.name())
	var first *response
	if r.exists && s.target() == s.Local && r.st.synced(r.snap.Digest()) && !r.st.overdue(s.Now) {
		// LOCAL is as the last sync left it: a 304 means nothing to do.
		if first, err = s.Client.get(ctx, s.URL, s.URL, &r.st.Valid); err != nil {
			return nil, err
		}
		if first.notModified {
			r.res.Unchanged, r.res.Conflicted = true, r.st.Conflicted
			return &r.res, r.states.saveRekeyed(statePath(s.Local, "sync"))
		}
	}
	if err := r.pull(ctx, first); err != nil {
		return nil, err
	}
	if push {
		if err := r.pushChanges(ctx); err != nil {
			return nil, err
		}
	}
	return &r.res, r.commit(ctx)
}

// pull reads the feed (resp when already read) and merges it into LOCAL:
// 1.0.2 §4.1.1 on the first read, §4.1.2 after.
func (r *round) pull(ctx context.Context, resp *response) error {
	var err error
	r.sums = newLocalSums(nil)
	if r.exists {
		if r.local, err = parse(r.Local, r.data); err != nil {
			return err
		}
		r.sums = newLocalSums(r.local)
		if r.local.Dialect() != dialect.None {
			r.parsed = r.local
		}
	}
	first := r.st == nil || r.st.Until.IsZero() || r.local == nil || r.sums.against(r.st.Known)
	if r.st == nil {
		r.st = &subState{}
		r.states.Subs[r.name()] = r.st
	}
	if resp == nil {
		var v *validators
		if !first {
			v = &r.st.Valid
		}
		if resp, err = r.Client.get(ctx, r.URL, r.URL, v); err != nil {
			return err
		}
	}
	if resp.notModified {
		// The feed is as last read: nothing has left it unseen since.
		r.noteGot(resp, r.st.Valid)
		r.st.ReadAt = r.Now
		return nil
	}
	r.noteGot(resp, resp.valid)
	r.read(resp.body)
	p, err := parse(r.name(), resp.body)
	if err != nil {
		return err
	}
	sh := p.Sharing()
	if d := p.Dialect(); d != dialect.None {
		// A feed that changed dialect is another feed: start afresh.
		first = first || r.st.Dialect != "" && r.st.Dialect != d.String()
		r.st.Dialect = d.String()
	}
	out := !first && bounded(sh) && (outOfSync(p.Dialect(), sh.Since, r.st.Until) || r.st.overdue(r.Now))
	r.res.OutOfSync = out
	if link := sh.Complete(); (first || out) && link != "" {
		if err := r.readComplete(ctx, link, out); err != nil {
			return err
		}
	} else if out {
		r.warn("%s is out of sync (updates left its window since the last read) and names no complete feed: those updates are missed", r.name())
	}
	if err := r.mergeIn(p); err != nil {
		return err
	}
	r.st.Valid, r.st.ReadAt = resp.valid, r.Now
	r.st.Until, r.st.Expires, r.st.Window = Mark{}, time.Time{}, 0
	if sh != nil {
		r.st.Expires, r.st.Window = sh.Expires, sh.Window
		if bounded(sh) {
			r.st.Until = sh.Until
		}
	}
	return nil
}

// readComplete reads the complete feed named by sx:related (1.0.2 §4.1.1
// step 2, §4.1.2 step 2.1.1) and merges it into LOCAL, discarding first,
// when out of sync, what §4.1.2 step 2.1.2 says to discard (see discard).
// What the publisher is known to hold is learnt afresh from it.
func (r *round) readComplete(ctx context.Context, link string, out bool) error {
	resp, err := r.Client.get(ctx, r.URL, link, nil)
	if err != nil {
		// The user gave another URL: say why this one was read.
		return fmt.Errorf("%s is a partial feed (sx:sharing since/until); its complete feed (sx:related type=\"complete\") could not be read: %w", r.name(), err)
	}
	r.noteGot(resp, resp.valid)
	r.read(resp.body)
	c, err := parse(fetch.Redacted(link), resp.body)
	if err != nil {
		return err
	}
	r.res.Complete = true
	r.st.Known, r.sums.stale = map[string]string{}, true
	if out && r.local != nil {
		r.noteRead(c)
		if r.local, err = discard(r.local, c, r.By); err != nil {
			return err
		}
		r.sums.reset(r.local)
		mergeWarnings(r.local, func(msg string) { r.warn("%s", msg) })
		r.learn(c)
		return nil
	}
	return r.mergeIn(c)
}

// mergeIn merges a feed read into LOCAL (1.0.2 §3.3, 0.91 §4.4) and notes
// what the publisher holds. A LOCAL that does not exist yet starts as the
// feed, without the publisher's sx:sharing (1.0.2 §2.2).
func (r *round) mergeIn(f feed) error {
	r.learn(f)
	r.noteRead(f)
	if r.local == nil {
		r.local = f.Subset(func(dialect.Entry) bool { return true })
		r.local.SetSharing(nil)
		r.sums.reset(r.local)
		return nil
	}
	if r.parsed != nil && len(f.Entries()) == 0 && (f.Dialect() == dialect.None || f.Dialect() == r.local.Dialect()) {
		return nil // nothing to merge, nor a dialect to refuse
	}
	m, err := merge(r.local, f)
	if err != nil {
		return err
	}
	mergeWarnings(m, func(msg string) { r.warn("%s", msg) })
	r.sums.merged(m, f)
	r.local = m
	return nil
}

func (r *round) learn(f feed) {
	if r.st.Known == nil {
		r.st.Known = map[string]string{}
	}
	list := items(f)
	r.res.Read += len(list)
	for _, it := range list {
		r.st.Known[it.ID] = it.Sum
		r.sums.touch(it.ID)
	}
}

// discard is 1.0.2 §4.1.2 step 2.1.2 for a subscriber out of sync: "all
// items that were not created, or most recently updated, by the
// subscribing endpoint should be discarded", before the complete feed is
// read. It is read so that nothing is lost (see the package doc): an item
// is discarded, and the complete feed's version taken whole in its place,
// only when it is not the subscriber's own (created or last updated by
// by), holds no unresolved conflict, and the complete feed holds a version
// that takes it in (the merge of the two is the complete feed's version).
// Every other item is merged with the complete feed's.
func discard(local, complete feed, by string) (feed, error) {
	merged, err := merge(local, complete)
	if err != nil {
		return nil, err
	}
	theirs := sums(complete)
	after := sums(merged)
	var take []string
	for _, it := range items(local) {
		own := by != "" && (it.CreatedBy == by || it.UpdatedBy == by)
		if sum, ok := theirs[it.ID]; ok && !own && !it.Conflicted && after[it.ID] == sum {
			take = append(take, it.ID)
		}
	}
	takeFrom(merged, take, complete)
	return merged, nil
}

// sums maps the ids of f's items to their sync digests (item.Sum).
func sums(f feed) map[string]string {
	es := f.Entries()
	out := make(map[string]string, len(es))
	var s summer
	for _, e := range es {
		out[e.ID()] = s.item(e).Sum
	}
	return out
}

func (r *round) warn(format string, args ...any) {
	if r.Warn != nil {
		r.Warn(fmt.Sprintf(format, args...))
	}
}
