package share

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Window says which items a partial feed carries (1.0.2 §4, 0.91
// §2.2.1): the Items most recently incorporated, or those incorporated in
// the last Span. The zero Window means the complete feed.
type Window struct {
	Items int
	Span  time.Duration
}

// IsZero reports whether the window is the complete feed.
func (w Window) IsZero() bool { return w.Items == 0 && w.Span == 0 }

// String gives the window as ParseWindow reads it.
func (w Window) String() string {
	switch {
	case w.Items > 0:
		return strconv.Itoa(w.Items)
	case w.Span > 0:
		return w.Span.String()
	}
	return "complete"
}

// days is the window as 0.91 §2.1 states it, in whole days: a window by
// count, or under a day, states none.
func (w Window) days() int { return int(w.Span / (24 * time.Hour)) }

// ParseWindow reads --window: a count of items ("500"), or a duration in
// Go's syntax ("72h", "90m") or in days ("3d").
func ParseWindow(s string) (Window, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 {
			return Window{}, fmt.Errorf("window %q: want a count from 1, or a duration", s)
		}
		return Window{Items: n}, nil
	}
	d, err := parseSpan(s)
	if err != nil || d < time.Second {
		return Window{}, fmt.Errorf("window %q: want a count of items (500) or a duration of at least a second (72h, 3d)", s)
	}
	return Window{Span: d}, nil
}

// parseSpan reads a Go duration, or a whole number of days ("3d").
func parseSpan(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		if days, err := strconv.Atoi(n); err == nil && days > 0 && days < 1<<20 {
			return time.Duration(days) * 24 * time.Hour, nil
		}
	}
	return time.ParseDuration(s)
}

// stamps is the publisher's state (1.0.2 §4.2.3, 0.91 §2.1): when each
// item was last incorporated into the feed, and what its sync metadata
// then was. It is not shared data: it lives beside the feed (statePath)
// and is never written into a feed.
//
// Stamps are times in whole seconds, strictly increasing: each
// incorporation takes the later of now and the last stamp plus a second,
// so that they never repeat, across restarts or a clock set back. One
// incorporation (a merge of a POST, a change found on disk) gives one stamp
// to every item it changed.
type stamps struct {
	Format  int                `json:"format"`
	Dialect string             `json:"dialect"`
	Origin  int64              `json:"origin"` // below every stamp given
	Until   int64              `json:"until"`  // the latest stamp given
	Purged  int64              `json:"purged"` // the stamp at which items last vanished from the feed
	Items   map[string]stamped `json:"items"`
	// FeedID is the feed's identity, which its journal's records carry
	// (journal.go, ownRecords); "" in a state written before they did.
	FeedID string `json:"feed_id,omitempty"`

	x *stampIndex // Items by stamp, made when first needed (index)
}

// stamped is one item's incorporation: its stamp and its sync digest.
type stamped struct {
	At  int64  `json:"at"`
	Sum string `json:"sum"`
}

const stampsFormat = 1

// newStamps starts a publisher's state at now.
func newStamps(now time.Time) *stamps {
	o := now.Unix() - 1
	return &stamps{Format: stampsFormat, Origin: o, Until: o, Purged: o, Items: map[string]stamped{}}
}

// next returns the stamp of an incorporation at now.
func (s *stamps) next(now time.Time) int64 { return max(now.Unix(), s.Until+1) }

// observe brings the state up to date with the feed: every item that is
// new or whose sync metadata changed since the state last saw it has been
// incorporated (1.0.2 §4.2.3), now; items that vanished from the feed (the
// file was replaced by hand or by an older copy) are a purge. It reports
// whether anything changed.
func (s *stamps) observe(f feed, now time.Time) bool {
	list := items(f)
	var changed []item
	seen := make(map[string]bool, len(list))
	for _, it := range list {
		seen[it.ID] = true
		if old, ok := s.Items[it.ID]; !ok || old.Sum != it.Sum {
			changed = append(changed, it)
		}
	}
	var gone []string
	if len(seen) < len(s.Items)+len(changed) {
		for id := range s.Items {
			if !seen[id] {
				gone = append(gone, id)
			}
		}
	}
	if len(changed) == 0 && len(gone) == 0 && s.Dialect == f.Dialect().String() {
		return false
	}
	s.incorporate(changed, gone, f.Dialect(), now)
	return true
}

// incorporate stamps one incorporation at now: the items it changed, and
// those that vanished. A purge raises the purge mark to the stamp
// (§4.2.4), which sends every subscriber back to the complete feed. In
// 0.91, whose since is inclusive, since is then a second after the purge
// (sinceMark): the purge reserves that second as until, so that since
// never comes after until, and the next stamp is later still.
func (s *stamps) incorporate(changed []item, gone []string, d dialect.Dialect, now time.Time) {
	t := s.next(now)
	s.Dialect, s.Until = d.String(), t
	for _, it := range changed {
		s.set(it.ID, stamped{At: t, Sum: it.Sum})
	}
	for _, id := range gone {
		s.del(id)
	}
	if len(gone) > 0 {
		s.Purged = t
		if inclusive(d) {
			s.Until = t + 1
		}
	}
}

// set stamps item id, keeping the index.
func (s *stamps) set(id string, v stamped) {
	old, had := s.Items[id]
	s.Items[id] = v
	if s.x != nil {
		s.x.put(id, old, had, v)
	}
}

// del forgets item id, keeping the index.
func (s *stamps) del(id string) {
	old, had := s.Items[id]
	if !had {
		return
	}
	delete(s.Items, id)
	if s.x != nil {
		s.x.drop(id, old)
	}
}

// index returns the items by stamp, made on first use.
func (s *stamps) index() *stampIndex {
	if s.x == nil {
		s.x = newStampIndex(s.Items)
	}
	return s.x
}

// copyForSave returns a copy of the state to save while it changes on.
func (s *stamps) copyForSave() *stamps {
	c := *s
	c.Items, c.x = maps.Clone(s.Items), nil
	return &c
}

// floor is the lowest since the feed can have: the state's origin, or the
// last purge.
func (s *stamps) floor() int64 { return max(s.Origin, s.Purged) }

// choose picks the items of a partial feed and its since (1.0.2 §4.2.1,
// §4.2.4): the greatest stamp no longer in the feed, or the floor. For an
// OPML outline the outlines above those chosen come along, so that the
// partial feed nests as the complete one does. expiry is the time at
// which the choice changes by itself (a window by time), or 0.
//
// In 0.91 (inclusive), whose since says that every item updated on or
// after it is in the feed, in whole seconds (§2.1), an incorporation is
// never split, and a feed with items never holds none: a window by count
// takes in the rest of the incorporation of its oldest item, and a window
// by time with nothing in it holds the latest incorporation. Otherwise a
// stamp would be both in the feed and left out of it, and since (a second
// after the greatest stamp left out) would come after until.
//
// choose is the rule over every item, as written; the hub walks its index
// by stamp instead (stampIndex.choose), which must choose alike
// (TestIndexChooseIsChoose).
func (s *stamps) choose(items []item, w Window, now time.Time, d dialect.Dialect) (keep map[string]bool, since, expiry int64) {
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	at := func(i int) int64 { return s.Items[items[i].ID].At }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(at(b), at(a)) })
	n := len(order)
	switch {
	case w.Items > 0:
		n = min(n, w.Items)
	case w.Span > 0:
		edge := now.Add(-w.Span).Unix()
		n, _ = slices.BinarySearchFunc(order, edge, func(i int, e int64) int { return cmp.Compare(e, at(i)) })
		if n > 0 {
			expiry = at(order[n-1]) + int64(w.Span/time.Second)
		}
	}
	if inclusive(d) && len(order) > 0 {
		n = max(n, 1)
		for n < len(order) && at(order[n]) == at(order[n-1]) {
			n++
		}
	}
	keep = make(map[string]bool, n)
	parent := make(map[string]string)
	for _, it := range items {
		if it.Parent != "" {
			parent[it.ID] = it.Parent
		}
	}
	for _, i := range order[:n] {
		for id := items[i].ID; id != "" && !keep[id]; id = parent[id] {
			keep[id] = true
		}
	}
	since = s.floor()
	for _, i := range order[n:] {
		if !keep[items[i].ID] {
			since = max(since, at(i))
		}
	}
	return keep, since, expiry
}

// statePath returns the path of a state file beside feed: in the hidden
// folder .feedsync of feed's folder, named after it.
func statePath(feed, kind string) string {
	return filepath.Join(filepath.Dir(feed), ".feedsync", filepath.Base(feed)+"."+kind+".json")
}

// loadStamps reads the publisher state of feed; a missing file gives a
// new state.
func loadStamps(path string, now time.Time) (*stamps, error) {
	return loadState(path, func() *stamps { return newStamps(now) },
		func(s *stamps) bool { return s.Format == stampsFormat && s.Items != nil },
		"publisher state (remove it to start afresh: every subscriber then reads the complete feed once)")
}

// save writes the state atomically.
func (s *stamps) save(path string) error { return saveState(path, s) }

// loadState reads the JSON state file at path, or gives fresh() when
// there is none. A file that does not decode, or that valid rejects, is an
// error naming the file and what (the kind of state, with what to do).
func loadState[T any](path string, fresh func() *T, valid func(*T) bool, what string) (*T, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fresh(), nil
	}
	if err != nil {
		return nil, err
	}
	v := new(T)
	if err := json.Unmarshal(data, v); err != nil || !valid(v) {
		return nil, fmt.Errorf("%s: not a feedsync %s", path, what)
	}
	return v, nil
}

// saveState writes v as JSON to path atomically, making its folder.
func saveState(path string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeState(path, data)
}

// writeState writes a state's bytes to path atomically, making its
// folder; both take the mode of the feed whose state it is (stateFeed).
func writeState(path string, data []byte) error {
	feed := stateFeed(path)
	if err := atomicfile.MkdirBeside(filepath.Dir(path), feed); err != nil {
		return err
	}
	return atomicfile.WriteFileNoBackup(path, data, atomicfile.ModeBeside(feed))
}

// stateFeed is the feed whose state file statePath names path.
func stateFeed(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".json")
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return filepath.Join(filepath.Dir(filepath.Dir(path)), name)
}
