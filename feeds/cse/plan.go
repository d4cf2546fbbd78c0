package cse

import (
	"fmt"
	"net/url"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// gotFeed reads a downloaded nested feed, saves it, and queues the links of
// its items. rec is the feed's record even if its file has gone; its Built
// and Synced dates still say what is in the cache below it. A feed that
// does not parse is reported and not saved, so the previous copy stays.
func (s *syncer) gotFeed(j *job, rec, prev *entry, resp *fetch.Response, body []byte) error {
	f, err := parseFeed(j.url.String(), body)
	if err != nil {
		s.fail(j.url.String(), err)
		return s.linkDone(j.item, false)
	}
	e := newEntry(j, prev, resp, body)
	if rec != nil && rec.Feed {
		e.Built, e.Synced = rec.Built, rec.Synced
	}
	e.Synced = liveGUIDs(e.Synced, f)
	if prev == nil || !resp.NotModified {
		if err := s.cache.store(e.URL, body); err != nil {
			return err
		}
	}
	if err := s.cache.save(e); err != nil {
		return err
	}
	s.saved(e.URL, resp, body)
	s.seen[e.URL] = outcome{fetched: true, ok: true}
	if !resp.NotModified {
		s.items += len(f.items)
	}
	base := j.url
	if resp.URL != nil {
		base = resp.URL
	}
	return s.readFeed(j, e, base, f)
}

// liveGUIDs drops the records of items no longer in f, so that an item
// that comes back is not taken for one already in the cache.
func liveGUIDs(synced dates, f *feed) dates {
	if len(synced) == 0 {
		return nil
	}
	live := dates{}
	for _, it := range f.items {
		if t, ok := synced[it.guid]; ok {
			live[it.guid] = t
		}
	}
	return live
}

// readFeed queues the links of a nested feed's items. Following the spec,
// a feed not in the cache queues every item, a newer feed queues the items
// that are newer than their cached copy or new, and a feed that is not
// newer queues none. Items not queued are still checked, so that files
// deleted from the cache are downloaded again.
func (s *syncer) readFeed(j *job, e *entry, base *url.URL, f *feed) error {
	ft := &feedTask{entry: e, date: f.date, dateOK: f.dateErr == nil, parent: j.item, pending: 1, savedAt: s.now(), depth: j.depth}
	newer := !ft.dateOK || f.date.After(e.Built)
	for _, it := range f.items {
		if err := s.queueItem(ft, f, base, it, newer); err != nil {
			return err
		}
	}
	s.report(e.URL, f)
	return s.feedStep(ft)
}

// queueItem queues an item's links: "Add all descendent <csx:link>'s with
// onDemand==false to the download queue". An item that needs no download
// has its links queued only to be checked, and is not recorded again: a
// check cannot vouch for content newer than the record. A link that cannot
// be followed is reported and left out; it does not hold the item back.
func (s *syncer) queueItem(ft *feedTask, f *feed, base *url.URL, it *item, newer bool) error {
	matchable := it.guid != "" && s.firstGUID(f, it, ft.entry.URL) && it.dateErr == nil
	check := !newer || (matchable && !itemNewer(it, ft.entry.Synced))
	t := &itemTask{feed: ft, guid: it.guid, date: it.date, pending: 1, record: matchable && !check}
	ft.pending++
	for _, l := range it.active() {
		if l.onDemand {
			continue
		}
		u, err := resolve(base, l.ref)
		if err == nil {
			err = s.get.allow(u)
		}
		if err != nil {
			f.note(l.el, refuse(l.ref, err).Error())
			continue
		}
		t.pending++
		s.queue = append(s.queue, &job{url: u, nested: l.nested, check: check, date: it.date, item: t, depth: ft.depth + 1})
	}
	return s.linkDone(t, true)
}

// itemNewer is "cached <item> is older OR <item> does not exist in cached
// feed", against the record of what is in the cache.
func itemNewer(it *item, synced dates) bool {
	last, ok := synced[it.guid]
	return !ok || it.date.After(last)
}

// firstGUID notes a guid already seen in this run: guids must be unique
// within the tree ("<guid> element as a child of RSS <item>").
func (s *syncer) firstGUID(f *feed, it *item, feedURL string) bool {
	if where, ok := s.guids[it.guid]; ok {
		f.note(guidElement(it), fmt.Sprintf("duplicate %q (first in %s)", it.guid, where))
		return false
	}
	s.guids[it.guid] = feedURL
	return true
}

// linkDone marks one of an item's links as done; the item is done when all
// are.
func (s *syncer) linkDone(t *itemTask, ok bool) error {
	if t == nil {
		return nil
	}
	t.failed = t.failed || !ok
	t.pending--
	if t.pending > 0 {
		return nil
	}
	return s.itemDone(t)
}

// itemDone records an item whose links are all in the cache.
func (s *syncer) itemDone(t *itemTask) error {
	ft := t.feed
	ft.failed = ft.failed || t.failed
	if !t.failed && t.record && !recorded(ft.entry.Synced, t.guid, t.date) {
		if ft.entry.Synced == nil {
			ft.entry.Synced = dates{}
		}
		ft.entry.Synced[t.guid] = t.date
		if err := s.checkpoint(ft); err != nil {
			return err
		}
	}
	return s.feedStep(ft)
}

// checkpoint writes ft's record if it was last written checkpointEvery ago
// or earlier, and otherwise leaves it for later.
func (s *syncer) checkpoint(ft *feedTask) error {
	if s.now().Sub(ft.savedAt) < checkpointEvery {
		s.unsaved[ft] = true
		return nil
	}
	return s.saveFeed(ft)
}

// saveFeed writes ft's record.
func (s *syncer) saveFeed(ft *feedTask) error {
	delete(s.unsaved, ft)
	ft.savedAt = s.now()
	return s.cache.saveDurable(ft.entry)
}

// flush writes every record left for later.
func (s *syncer) flush() error {
	for ft := range s.unsaved {
		if err := s.saveFeed(ft); err != nil {
			return err
		}
	}
	return nil
}

// feedStep marks one of a feed's items as done. When all are, and none
// failed, the feed's date is recorded and the link to it is done.
func (s *syncer) feedStep(ft *feedTask) error {
	ft.pending--
	if ft.pending > 0 {
		return nil
	}
	if !ft.failed && ft.dateOK && !ft.entry.Built.Equal(ft.date) {
		ft.entry.Built = ft.date
		s.unsaved[ft] = true
	}
	if s.unsaved[ft] {
		if err := s.saveFeed(ft); err != nil {
			return err
		}
	}
	return s.linkDone(ft.parent, !ft.failed)
}

func recorded(d dates, guid string, t time.Time) bool {
	last, ok := d[guid]
	return ok && last.Equal(t)
}

// report prints what is wrong in a feed, each with its line and column.
func (s *syncer) report(u string, f *feed) {
	for _, p := range f.problems(u) {
		s.problems++
		s.rep.Problem(p)
	}
}
