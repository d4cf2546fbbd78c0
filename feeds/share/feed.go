package share

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/engine"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Dialect is the sharing dialect of a feed.
type Dialect string

// The dialects, named as 'feedsync conflicts --json' names them.
const (
	FeedSync102 Dialect = "feedsync-1.0.2"
	SSE091      Dialect = "sse-0.91"
)

// feed is a loaded feed as this package needs it, whatever its dialect:
// the few operations of 1.0.2 §4 and 0.91 §2.1, §2.2 on top of parsing,
// merging and writing.
type feed interface {
	Name() string
	Dialect() Dialect
	// ContentType is the media type the feed is served with.
	ContentType() string
	WriteTo(w io.Writer) (int64, error)
	Bytes() []byte
	// Items lists the sync items in document order.
	Items() []item
	// Conflicted counts the items that hold unresolved conflicts.
	Conflicted() int
	Sharing() *Sharing
	// SetSharing replaces the feed's sx:sharing, or removes it (nil).
	SetSharing(s *Sharing)
	// Subset returns the feed with only the items whose ids keep holds.
	Subset(keep map[string]bool) feed
	// Take replaces the items with the given ids by from's versions.
	Take(ids []string, from feed)
	Warnings() feeds.Problems
}

// item is what this package needs of a sync item.
type item struct {
	ID string
	// Sum is a digest of the item's sync metadata, its conflicts'
	// included: it changes exactly when an update, a merge or a
	// resolution changes the item (the data of an item cannot change
	// without its sync metadata, 1.0.2 implementation note 1, 0.91 §4.2).
	Sum string
	// Parent is an OPML outline's parent id ("" at the top level and for
	// items of other feeds).
	Parent string
	// CreatedBy and UpdatedBy are the endpoints that created the item
	// and made its latest change, "" when the history does not say.
	CreatedBy, UpdatedBy string
	Conflicted           bool
}

// parse loads a feed in the dialect its namespaces declare. A feed that
// does not load gives feeds.Problems, each "name:line:col: ...".
func parse(name string, data []byte) (feed, error) {
	if ssefeed.Is(data) {
		d, err := ssefeed.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return sseFeed{d}, nil
	}
	d, err := feeds.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return fsFeed{d}, nil
}

// merge incorporates remote into local (1.0.2 §3.3, 0.91 §4.4): the result
// is local's feed, with local's sx:sharing, never remote's (1.0.2 §2.2).
func merge(local, remote feed) (feed, error) {
	merges.Add(1)
	switch l := local.(type) {
	case fsFeed:
		if r, ok := remote.(fsFeed); ok {
			d, err := feeds.Merge(l.Doc, r.Doc)
			if err != nil {
				return nil, err
			}
			return fsFeed{d}, nil
		}
	case sseFeed:
		if r, ok := remote.(sseFeed); ok {
			d, err := ssefeed.Merge(l.Doc, r.Doc)
			if err != nil {
				return nil, err
			}
			return sseFeed{d}, nil
		}
	}
	return nil, fmt.Errorf("%s is a %s feed and %s is a %s feed: feeds of different dialects cannot be merged",
		local.Name(), local.Dialect(), remote.Name(), remote.Dialect())
}

// merges counts merges, for the tests and benchmarks that check what a
// sync costs.
var merges atomic.Int64

// summer hashes sync metadata into an item's Sum.
type summer struct{ b []byte }

func (s *summer) str(v string) {
	s.b = binary.AppendUvarint(s.b, uint64(len(v)))
	s.b = append(s.b, v...)
}
func (s *summer) num(v int64) { s.b = binary.AppendVarint(s.b, v) }
func (s *summer) flag(v bool) {
	if v {
		s.b = append(s.b, 1)
	} else {
		s.b = append(s.b, 0)
	}
}
func (s *summer) when(t time.Time) {
	if t.IsZero() {
		s.num(-1 << 62)
		return
	}
	s.num(t.Unix())
}
func (s *summer) sum() string {
	h := sha256.Sum256(s.b)
	return hex.EncodeToString(h[:12])
}

// fsFeed is a FeedSync 1.0.2 feed.
type fsFeed struct{ *feeds.Doc }

func (f fsFeed) Dialect() Dialect { return FeedSync102 }

func (f fsFeed) ContentType() string {
	if f.Format() == feeds.Atom {
		return "application/atom+xml; charset=utf-8"
	}
	return "application/rss+xml; charset=utf-8"
}

func (f fsFeed) Warnings() feeds.Problems { return nil }

func (f fsFeed) Items() []item {
	its := f.Doc.Items()
	out := make([]item, len(its))
	var s summer
	for i, it := range its {
		s.b = s.b[:0]
		fsSum(&s, it)
		for _, c := range it.Conflicts {
			fsSum(&s, c)
		}
		out[i] = item{ID: it.Sync.ID, Sum: s.sum(), UpdatedBy: it.Sync.Topmost().By, Conflicted: len(it.Conflicts) > 0}
		for _, h := range it.Sync.History {
			if h.Sequence == 1 {
				out[i].CreatedBy = h.By
			}
		}
	}
	return out
}

func fsSum(s *summer, it *engine.Item) {
	s.str(it.Sync.ID)
	s.num(int64(it.Sync.Updates))
	s.flag(it.Sync.Deleted)
	s.flag(it.Sync.NoConflicts)
	s.num(int64(len(it.Sync.History)))
	for _, h := range it.Sync.History {
		s.num(int64(h.Sequence))
		s.when(h.When)
		s.str(h.By)
	}
}

func (f fsFeed) Conflicted() int {
	n := 0
	for _, it := range f.Doc.Items() {
		if len(it.Conflicts) > 0 {
			n++
		}
	}
	return n
}

func (f fsFeed) Sharing() *Sharing {
	s := f.Doc.Sharing()
	if s == nil {
		return nil
	}
	out := &Sharing{Since: mark102(s.Since), Until: mark102(s.Until)}
	if t, err := time.Parse(time.RFC3339, s.Expires); err == nil {
		out.Expires = t
	}
	for _, r := range s.Related {
		out.addRelated(Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	return out
}

func (f fsFeed) SetSharing(s *Sharing) {
	if s == nil {
		f.Doc.SetSharing(nil)
		return
	}
	out := &feeds.Sharing{Since: s.Since.Text, Until: s.Until.Text}
	if !s.Expires.IsZero() {
		out.Expires = s.Expires.UTC().Format(time.RFC3339)
	}
	for _, r := range s.related() {
		out.Related = append(out.Related, feeds.Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	f.Doc.SetSharing(out)
}

func (f fsFeed) Subset(keep map[string]bool) feed {
	return fsFeed{f.Doc.Subset(func(it *engine.Item) bool { return keep[it.Sync.ID] })}
}

func (f fsFeed) Take(ids []string, from feed) {
	src := from.(fsFeed)
	for _, id := range ids {
		if it := src.Doc.Item(id); it != nil {
			f.Doc.Set(it)
		}
	}
}

// sseFeed is an SSE 0.91 feed.
type sseFeed struct{ *ssefeed.Doc }

func (f sseFeed) Dialect() Dialect { return SSE091 }

func (f sseFeed) ContentType() string {
	if f.Kind() == ssefeed.KindOPML {
		return "text/x-opml; charset=utf-8"
	}
	return "application/rss+xml; charset=utf-8"
}

func (f sseFeed) Items() []item {
	its := f.Doc.Items()
	out := make([]item, len(its))
	var s summer
	for i, it := range its {
		s.b = s.b[:0]
		s.str(it.ID)
		s.num(int64(it.Version))
		s.flag(it.Deleted)
		s.flag(it.Conflict)
		sseStamp(&s, it.History.Stamp())
		s.num(int64(len(it.History.Updates)))
		for _, u := range it.History.Updates {
			sseStamp(&s, u)
		}
		s.num(int64(len(it.Conflicts)))
		for _, c := range it.Conflicts {
			s.num(int64(c.Version))
			sseStamp(&s, c.Stamp())
		}
		out[i] = item{ID: it.ID, Sum: s.sum(), Parent: it.Position.Parent, UpdatedBy: it.History.By,
			CreatedBy: sseCreator(it), Conflicted: it.Conflict || len(it.Conflicts) > 0}
	}
	return out
}

func sseStamp(s *summer, st sse.Stamp) {
	s.when(st.When)
	s.str(st.By)
}

// sseCreator returns the by of the item's first version when its history
// still holds it (0.91 §4.2 lets the updates be truncated).
func sseCreator(it *sse.Item) string {
	switch n := len(it.History.Updates); {
	case it.Version == 1:
		return it.History.By
	case n == it.Version-1:
		return it.History.Updates[n-1].By
	}
	return ""
}

func (f sseFeed) Conflicted() int {
	n := 0
	for _, it := range f.Doc.Items() {
		if it.Conflict || len(it.Conflicts) > 0 {
			n++
		}
	}
	return n
}

func (f sseFeed) Sharing() *Sharing {
	s := f.Doc.Sharing()
	if s == nil {
		return nil
	}
	out := &Sharing{Since: mark091(s.Since), Until: mark091(s.Until), Window: s.Window}
	for _, r := range s.Related {
		out.addRelated(Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	return out
}

func (f sseFeed) SetSharing(s *Sharing) {
	if s == nil {
		f.Doc.SetSharing(nil)
		return
	}
	out := &ssefeed.Sharing{Since: s.Since.At, Until: s.Until.At, Version: "0.91", Window: s.Window}
	for _, r := range s.related() {
		out.Related = append(out.Related, ssefeed.Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	f.Doc.SetSharing(out)
}

func (f sseFeed) Subset(keep map[string]bool) feed {
	return sseFeed{f.Doc.Subset(func(it *sse.Item) bool { return keep[it.ID] })}
}

func (f sseFeed) Take(ids []string, from feed) {
	src := from.(sseFeed)
	for _, id := range ids {
		if it := src.Doc.Item(id); it != nil {
			f.Doc.Set(it)
		}
	}
}
