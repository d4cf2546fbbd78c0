package share

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The hub keeps its feed's model in memory (see the package doc,
// "Durability"): h.doc, changed in place by each accepted POST, and
// h.st, the stamps. FEED on disk and the stamps file are what the last
// fold wrote; the journal holds every change since.

// start loads the stamps and FEED, replays the journal into them, takes
// in what changed on disk since the state last saw it, and folds what the
// journal held.
func (h *Hub) start() error {
	now := h.opts.Now()
	st, err := loadStamps(h.state, now)
	if err != nil {
		return err
	}
	id, _ := statID(h.path)
	snap, err := h.readFeed()
	if err != nil {
		return err
	}
	doc, err := h.parseModel(snap.Data)
	if err != nil {
		return err
	}
	if h.opts.Expires > 0 && doc.Dialect() == dialect.SSE091 {
		return fmt.Errorf("%s: an SSE 0.91 feed has no expires (0.91 §2.1); its window says how often to read", h.path)
	}
	j, recs, err := openJournal(h.path)
	if err != nil {
		return fmt.Errorf("%s: %w", h.path, err)
	}
	h.j = j
	for _, d := range j.damage {
		h.logf("warning: %s", d)
	}
	recs, newID := h.ownRecords(j, recs, st)
	for _, r := range recs {
		if err := h.replay(doc, st, r); err != nil {
			// An acknowledged POST: never dropped by the fold that follows.
			return fmt.Errorf("%s: replaying the journal: %w\n(the journal keeps the POSTs the hub acknowledged: make FEED agree with them, or remove %s.* to start without them)",
				h.path, err, journalPath(h.path))
		}
	}
	h.st = st
	h.adopt(doc, sha256.Sum256(snap.Data), id)
	h.size = int64(len(snap.Data)) // an upper bound with the records replayed; the fold below makes it exact
	for _, r := range recs {
		h.size += int64(len(r.Feed))
	}
	h.openVersions()
	observed := st.observe(doc, now)
	st.index()
	if len(recs) > 0 {
		for _, r := range recs {
			for _, it := range r.Items {
				h.unfolded[it.ID] = 0
			}
		}
		h.pending = len(recs)
		if err := h.fold(); err != nil {
			h.logf("warning: folding the journal into %s: %v (the journal keeps every change)", h.path, err)
		}
		return nil
	}
	if observed || newID {
		return st.save(h.state)
	}
	return nil
}

// replay merges a journal record into the feed read from disk and gives
// its items their stamps, unless the state holds later ones (the record
// was folded already: merging it again changes nothing). A record that
// does not merge (FEED edited meanwhile so that they disagree) is an
// error: the start fails, and the journal keeps it.
func (h *Hub) replay(doc feed, st *stamps, r journalRecord) error {
	frag, err := parse(journalPath(h.path), r.Feed)
	if err == nil {
		_, err = doc.MergeIn(frag)
	}
	if err != nil {
		return err
	}
	for _, it := range r.Items {
		if cur, ok := st.Items[it.ID]; !ok || cur.At < r.Stamp {
			st.set(it.ID, stamped{At: r.Stamp, Sum: it.Sum})
		}
	}
	st.Until = max(st.Until, r.Until)
	if r.Dialect != "" {
		st.Dialect = r.Dialect
	}
	return nil
}

// adopt makes doc, read from FEED as bytes whose SHA-256 is sum, the
// model. h.mu is held, and h.rw when the hub runs.
func (h *Hub) adopt(doc feed, sum [32]byte, id fileID) {
	h.doc, h.sum, h.base = doc, sum, sum
	h.makeShell()
	h.setID(id)
	h.takes++
	h.related = nil
	if s := doc.Sharing(); s != nil {
		for _, r := range s.Related {
			if r.Type != "complete" {
				h.related = append(h.related, r)
			}
		}
	}
	h.gen++
}

// setID records FEED's identity on disk as the hub last read or wrote it.
func (h *Hub) setID(id fileID) { h.diskID.Store(&id) }

// feedID is FEED's identity on disk as the hub last read or wrote it.
func (h *Hub) feedID() fileID { return *h.diskID.Load() }

// refresh notices a change of FEED on disk (another command edited it)
// and takes it in (take). A FEED whose lock another command holds is
// left until it is done: its change is taken in then. One the hub's own
// fold holds is waited for (h.mu let go meanwhile): the fold records
// what it wrote itself. h.mu is held.
func (h *Hub) refresh() {
	if h.j.f == nil {
		return // closed: the feed's lock is let go, and the stamps are another hub's to save
	}
	id, err := statID(h.path)
	if err != nil || id == h.feedID() {
		return
	}
	lock, err := atomicfile.Acquire(done, h.path)
	switch {
	case errors.Is(err, atomicfile.ErrLocked) && h.writing != nil:
		// The hub's own fold holds it, for a moment: the change is
		// another command's from before (the fold will find it moved and
		// write nothing), taken in once the fold lets go.
		w := h.writing
		h.mu.Unlock()
		<-w
		h.mu.Lock()
		h.refresh()
		return
	case errors.Is(err, atomicfile.ErrLocked):
		return
	case err == nil:
		defer lock.Release()
		id, _ = statID(h.path)
	}
	snap, err := h.readFeed() // id, stat'ed above, is FEED's before the read
	if err != nil {
		h.logf("warning: %v; serving the feed as last read", err)
		h.setID(id)
		return
	}
	h.take(snap.Data, id)
}

// done is a context already done: Acquire with it tries the lock once.
var done = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// take makes FEED as read the model, with the changes of the journal not
// yet folded into FEED merged into it, so that they survive another
// command's edit; items that changed get a new stamp, and items that
// vanished from FEED (not those only the journal holds) are a purge. A
// FEED that does not load is reported and the model served as it is;
// POSTs are refused until it is fixed, for a fold would overwrite it.
func (h *Hub) take(data []byte, id fileID) {
	sum := sha256.Sum256(data)
	if sum == h.sum {
		h.setID(id)
		return
	}
	doc, err := h.parseModel(data)
	size := int64(len(data))
	if err == nil && len(h.unfolded) > 0 {
		journalled := h.doc.Subset(func(e dialect.Entry) bool { _, ok := h.unfolded[e.ID()]; return ok })
		size += int64(len(journalled.Bytes())) // an upper bound, until the fold that follows
		_, err = doc.MergeIn(journalled)
	}
	if err != nil {
		h.logf("warning: %s changed on disk but does not load; serving the feed as last read:\n%v", h.path, err)
		h.setID(id)
		h.bad = err
		return
	}
	h.bad = nil
	h.rw.Lock()
	h.adopt(doc, sum, id)
	h.size = size
	observed := h.st.observe(doc, h.opts.Now())
	h.rw.Unlock()
	switch {
	case len(h.unfolded) > 0:
		h.kickFold() // FEED lacks what the journal holds
	case observed:
		h.saveState()
	}
}

// current takes in a change of FEED on disk before a GET. A writer holds
// the hub for a moment (a POST's merge costs what it changed), and is
// waited for up to writerWait; one at work longer (taking in a big FEED)
// publishes the change itself, and the GET answers what it has.
func (h *Hub) current() {
	id, err := statID(h.path)
	if err != nil || id == h.feedID() || !tryLockFor(&h.mu, writerWait) {
		return
	}
	defer h.mu.Unlock()
	h.refresh()
}

// writerWait is how long a GET that finds FEED changed on disk waits for
// a writer at work before it answers without the change.
const writerWait = 50 * time.Millisecond

// tryLockFor locks mu if it can within d.
func tryLockFor(mu *sync.Mutex, d time.Duration) bool {
	for deadline := time.Now().Add(d); ; time.Sleep(time.Millisecond) {
		if mu.TryLock() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

// Fold policy: a fold costs the whole feed, so the journal is folded into
// FEED once it holds foldRecords records and at least 1/foldShare of
// FEED's size: a POST's share of the folds is then a few times its own
// record, whatever the feed's size (at 100k items, a fold every ~8,000
// one-item POSTs). It is also folded once no POST has come for foldIdle,
// or for idlePace times as long as the last fold took if that is longer
// (about 20 s at 100k items, 0.4 s at 1k), so that FEED on disk soon
// holds what the hub does, for the other commands that read it, while a
// trickle of POSTs does not rewrite a big feed for each; and when the hub
// closes. After a fold the next waits at least foldPace times as long as
// it took, so that folds take a bounded share of the hub's time.
const (
	foldRecords = 256
	foldShare   = 8
	foldPace    = 4
	idlePace    = 30
)

// foldDue reports whether the journal has grown enough to fold by the
// policy above, idle moments aside. h.mu is held.
func (h *Hub) foldDue() bool {
	return h.pending >= foldRecords && h.pendingB*foldShare >= h.feedID().size
}

// foldIdle is a var for the tests, which set it long to see the journal
// unfolded.
var foldIdle = 100 * time.Millisecond

// folder folds the journal in the background until the hub closes.
//
// Its clock runs only while the journal holds records to fold: a hub with
// nothing to fold sleeps until a POST wakes it, so that a Dir of many
// idle feeds costs no CPU.
func (h *Hub) folder() {
	defer close(h.done)
	tick := h.foldIdle / 2
	t := time.NewTimer(tick)
	defer t.Stop()
	var next time.Time // no fold before it (foldPace)
	for {
		select {
		case <-h.quit:
			return
		case <-h.wake:
			t.Reset(tick)
			continue
		case <-h.kick:
		case <-t.C:
			h.mu.Lock()
			idle := max(h.foldIdle, idlePace*h.foldTook)
			due := h.pending > 0 && time.Since(h.lastChange) >= idle && time.Now().After(next)
			if h.pending > 0 && !due {
				t.Reset(tick)
			}
			h.mu.Unlock()
			if !due {
				continue
			}
		}
		start := time.Now()
		if err := h.fold(); err != nil {
			h.logf("warning: folding the journal into %s: %v (the journal keeps every change)", h.path, err)
		}
		took := time.Since(start)
		next = time.Now().Add(foldPace * took)
		h.mu.Lock()
		h.foldTook = took
		if h.pending > 0 { // a fold that failed, or POSTs that came meanwhile
			t.Reset(tick)
		}
		h.mu.Unlock()
	}
}

// kickFold asks the folder to fold now.
func (h *Hub) kickFold() {
	select {
	case h.kick <- struct{}{}:
	default:
	}
}

// makeShell makes the model's shell for pick: the feed without its
// items. h.mu and h.rw are held (or the hub is starting).
func (h *Hub) makeShell() {
	h.shell = h.doc.Subset(func(dialect.Entry) bool { return false }).Bytes()
	h.shellOf = h.doc.Dialect()
}

// pickShare: pick sets the items it keeps into the shell when they are
// at most 1/pickShare of the feed's, and writes a Subset otherwise.
const pickShare = 16

// pick returns a feed of the model's items with the given ids, and
// nothing else of its items: the model's feed-level elements (its shell,
// written once per feed read) with the items set into it, at a cost in
// those items alone. Subset would cost the whole feed; the items here
// are written from their state, not as read, which changes no data.
// h.mu or h.rw is held; pick changes nothing.
func (h *Hub) pick(keep map[string]bool) feed {
	if len(keep)*pickShare > len(h.st.Items) {
		return subset(h.doc, keep) // written as read: cheaper for many items
	}
	f, err := parse(h.name, h.shell)
	if err != nil || f.Format() != h.doc.Format() || f.Dialect() != dialect.None && f.Dialect() != h.doc.Dialect() {
		return subset(h.doc, keep)
	}
	n := 0
	for id := range keep {
		if e, err := h.doc.Entry(id); err == nil {
			f.Set(e)
			n++
		}
	}
	if len(f.Entries()) != n { // the shell's binding is not the model's
		return subset(h.doc, keep)
	}
	return f
}
