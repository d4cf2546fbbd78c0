package threeway

import (
	"fmt"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Bases gives the shared data of earlier versions of items: the version
// of item id whose topmost history entry is h (1.0.2 §2.5; 0.91: the
// version h numbers and the sx:history or sx:update that made it). ok is
// false when the data is not known. Package feeds/store keeps them beside
// a feed.
type Bases interface {
	Base(id string, h dialect.History) ([]feeds.Field, bool)
}

// BaseOf returns the topmost history entry of the version that the
// winner and every conflict version of e started from; false when they
// share none or e has no conflict version.
//
// FeedSync 1.0.2: the newest entry of the winner's history (§2.5) that
// every conflict version's history holds too, the entries §3.3
// subsumption compares, as engine.Divergence finds it for one version;
// but not an entry that is the topmost of two versions that are two
// changes (twoAt), which names no one version.
// SSE 0.91: a conflict record names the version both sides made (0.91
// §4.4.1); the winner made it from the version before, its entry for
// that number, and so did the loser when the record says it was made from
// that same entry (fso:fromWhen, fso:fromBy; dialect.Divergence.From).
// A record that says nothing (another implementation's, or an older
// feedsync's), or names another entry (the sides parted earlier, each
// making its own versions), gives no base: 0.91 §5.2 keeps none of the
// loser's sx:update list, and a base the loser never held would undo the
// winner's earlier changes. With several records, the oldest such
// version, from which every side descends. Its entry must still be in the
// winner's history.
func BaseOf(e dialect.Entry) (dialect.History, bool) {
	vs := e.Versions()
	if len(vs) == 0 {
		return dialect.History{}, false
	}
	if e.Winner().State().Dialect == dialect.SSE091 {
		h, why := sseBase(e)
		return h, why == ""
	}
	all := append([]dialect.Version{e.Winner()}, vs...)
	for _, h := range e.Winner().History() {
		if allHold(vs, h) && !twoAt(all, h) {
			return h, true
		}
	}
	return dialect.History{}, false
}

// twoAt reports whether two of the versions vs have h as their topmost
// entry but are two changes (engine.TwoChanges: their shared data or
// deleted state differ): one by made both in one second under one
// sequence, so h names no one version, and no base (issue 29 item 8).
func twoAt(vs []dialect.Version, h dialect.History) bool {
	var first *dialect.Version
	for i, v := range vs {
		if top, ok := v.Top(); !ok || !top.Equal(h) {
			continue
		}
		if first == nil {
			first = &vs[i]
			continue
		}
		if !v.SameDigest(*first) || v.Deleted() != first.Deleted() {
			return true
		}
	}
	return false
}

// allHold reports whether every version's history holds h.
func allHold(vs []dialect.Version, h dialect.History) bool {
	for _, v := range vs {
		held := false
		for _, o := range v.History() {
			if o.Equal(h) {
				held = true
				break
			}
		}
		if !held {
			return false
		}
	}
	return true
}

// sseBase is BaseOf for SSE 0.91: the winner's entry for the version
// before the oldest one a conflict record names, when every record says
// its loser was made from the winner's entry before it; else why not.
func sseBase(e dialect.Entry) (dialect.History, string) {
	oldest := -1
	for i := range e.Versions() {
		d := e.Divergence(i)
		switch {
		case d.Before == nil:
			return dialect.History{}, fmt.Sprintf("the winner's history does not name the version before conflict %d's (version %d)", i+1, d.Version)
		case d.From == nil:
			return dialect.History{}, fmt.Sprintf("conflict %d does not say which version it was made from (0.91 §5.2 keeps none of its history; feedsync's fso:fromWhen and fso:fromBy are not there)", i+1)
		case !d.From.Equal(*d.Before):
			return dialect.History{}, fmt.Sprintf("conflict %d was not made from the winner's version %d: the lines parted earlier, and no version both surely hold is known", i+1, d.Version-1)
		}
		if oldest < 0 || d.Version < e.Divergence(oldest).Version {
			oldest = i
		}
	}
	return *e.Divergence(oldest).Before, ""
}

// Memory is Bases held in memory, keyed by Key: for tests, and for a
// caller that has the base versions at hand (git's merge base).
type Memory map[string][]feeds.Field

// Key returns the key of the version of item id whose topmost history
// entry is h.
func Key(id string, h dialect.History) string {
	return strconv.Itoa(h.Number) + " " + h.When.UTC().Format(time.RFC3339Nano) + " " +
		strconv.Quote(h.By) + " " + id
}

// Base returns the fields held for id and h.
func (m Memory) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	fs, ok := m[Key(id, h)]
	return fs, ok
}

// Add records the shared fields of every version of e (the winner and the
// conflict versions) under its topmost history entry.
func (m Memory) Add(e dialect.Entry) {
	for _, v := range versions(e) {
		if hs := v.History(); len(hs) > 0 {
			m[Key(e.ID(), hs[0])] = shared(v.Fields())
		}
	}
}
