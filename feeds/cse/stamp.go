package cse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// errRootUnreadable is a root feed that cannot be read or parsed; the
// problems say why.
var errRootUnreadable = errors.New("cse: cannot read the root feed")

// stamp applies "Propagating the lastBuildDate to parent feeds" to the
// local tree at root and writes the files it changed, atomically. It
// returns their names and what it found but could not fix.
func stamp(root string) (changed []string, problems feeds.Problems, err error) {
	t, err := loadTree(root)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errRootUnreadable, err)
	}
	defer t.close()
	if len(t.order) == 0 {
		return nil, t.problems, errRootUnreadable
	}
	t.settle(t.order[0], true)
	t.checkGUIDs()
	for _, lf := range t.order {
		if !lf.dirty {
			continue
		}
		if err := t.write(lf); err != nil {
			return changed, t.allProblems(), err
		}
		changed = append(changed, lf.name)
	}
	return changed, t.allProblems(), nil
}

func (t *tree) write(lf *localFeed) error {
	var buf bytes.Buffer
	_, err := xmlutil.WriteIn(&buf, lf.feed.cs, func(w io.Writer) error {
		_, err := lf.feed.doc.WriteTo(w)
		return err
	})
	if err != nil {
		return fmt.Errorf("writing %s: %w", lf.name, err)
	}
	data := buf.Bytes()
	return atomicfile.WriteFile(filepath.Join(t.abs, lf.rel), data, 0o644)
}

// settle works bottom-up through lf and the feeds below it: an item that
// links a nested feed must carry the newest csx:lastBuildDate of that
// feed's items, and a channel's lastBuildDate must be the newest of its
// items. With fix it rewrites the dates that differ; without, it notes
// them. It returns the newest date of lf's items, if there is one.
func (t *tree) settle(lf *localFeed, fix bool) (time.Time, bool) {
	if lf.settled || lf.visiting {
		return lf.newest, lf.newestOK
	}
	lf.visiting = true
	for _, it := range lf.feed.items {
		if child := lf.children[it]; child != nil {
			t.settleItem(lf, it, child, fix)
		}
	}
	for _, ch := range lf.feed.channels {
		settleChannel(lf, ch, fix)
	}
	lf.newest, lf.newestOK = newestOf(lf.feed.items, nil)
	lf.visiting, lf.settled = false, true
	return lf.newest, lf.newestOK
}

func (t *tree) settleItem(lf *localFeed, it *item, child *localFeed, fix bool) {
	if child.visiting {
		lf.feed.note(it.nested.el, fmt.Sprintf("nested feed %s links back to a feed above it", it.nested.ref))
		return
	}
	d, ok := t.settle(child, fix)
	if !ok || it.dateErr == nil && it.date.Equal(d) {
		return
	}
	if !fix {
		msg := fmt.Sprintf("%s, but the newest item of nested feed %s is %s",
			shownDate(cseChild(it.el, "lastBuildDate"), "csx:lastBuildDate", it.date), child.name, formatDate(d))
		lf.feed.note(dateElement(it.el, cseChild(it.el, "lastBuildDate")), msg)
		return
	}
	lf.feed.forget(cseChild(it.el, "lastBuildDate"))
	setDate(cseChild(it.el, "lastBuildDate"), it.el, cseTag(it.el), d, "pubDate", "guid", "title")
	it.date, it.dateErr, lf.dirty = d, nil, true
}

func settleChannel(lf *localFeed, ch *channel, fix bool) {
	d, ok := newestOf(lf.feed.items, ch)
	if !ok || ch.dateErr == nil && ch.date.Equal(d) {
		return
	}
	el := rssChild(ch.el, "lastBuildDate")
	if !fix {
		msg := fmt.Sprintf("%s, but the newest item of the channel is %s", shownDate(el, "lastBuildDate", ch.date), formatDate(d))
		lf.feed.note(dateElement(ch.el, el), msg)
		return
	}
	lf.feed.forget(el)
	setDate(el, ch.el, "lastBuildDate", d, "pubDate", "description", "link", "title")
	ch.date, ch.dateErr, lf.dirty = d, nil, true
}

// newestOf is the newest date among the items of ch (of every channel when
// ch is nil). There is none if there are no items or one date is
// unreadable.
func newestOf(items []*item, ch *channel) (time.Time, bool) {
	var newest time.Time
	found := false
	for _, it := range items {
		if ch != nil && it.channel != ch {
			continue
		}
		if it.dateErr != nil {
			return time.Time{}, false
		}
		if !found || it.date.After(newest) {
			newest, found = it.date, true
		}
	}
	return newest, found
}

// shownDate is how a note shows a date element, named name when it is
// missing: a note about a missing one is placed on its parent.
func shownDate(el *etree.Element, name string, t time.Time) string {
	if el == nil {
		return fmt.Sprintf("no %s (read as %s)", name, formatDate(t))
	}
	return fmt.Sprintf("%q", el.Text())
}

func dateElement(parent, el *etree.Element) *etree.Element {
	if el != nil {
		return el
	}
	return parent
}

// forget drops what was noted about el, once a fix has replaced it.
func (f *feed) forget(el *etree.Element) {
	if el == nil {
		return
	}
	kept := f.findings[:0]
	for _, fd := range f.findings {
		if fd.Element != el {
			kept = append(kept, fd)
		}
	}
	f.findings = kept
}
