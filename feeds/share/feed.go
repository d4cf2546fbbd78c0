package share

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// feed is a loaded feed in either dialect.
type feed = *dialect.Doc

// item is what this package needs of a sync item.
type item struct {
	ID string
	// Sum is a digest of the item's sync state, history and shared data,
	// its conflict versions' included: it changes when an update, a merge
	// or a resolution changes the item, and also when a peer changed the
	// data without its sync metadata, which 1.0.2 implementation note 1
	// and 0.91 §4.2 forbid but some do (mesh4x): such an item is sent and
	// merged like any other, so that hub and subscriber end with what
	// merge keeps (both copies, as a conflict), rather than each keep its
	// own while both say "up to date".
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
	if observe != nil {
		observe("parse", name)
	}
	return dialect.Parse(name, data)
}

// observe, when set, is told of each parse (with the feed's name) and
// merge (with local's), for the tests that check what a sync costs; nil
// outside them.
var observe func(op, name string)

// merges counts merges, for the tests and benchmarks that check what a
// sync costs.
var merges atomic.Int64

// merge incorporates remote into local (1.0.2 §3.3, 0.91 §4.4): the result
// is local's feed, with local's sx:sharing, never remote's (1.0.2 §2.2). A
// feed with no sync data yet takes the other's dialect.
func merge(local, remote feed) (feed, error) {
	merges.Add(1)
	if observe != nil {
		observe("merge", local.Name())
	}
	return dialect.Merge(local, remote)
}

// admit is the one rule of the dialect of a POST to a hub, both stores':
// a hub's feed keeps its dialect (see the package doc, "A hub's feed
// keeps its dialect"). That is held, the dialect of its sync data as the
// hub records it (the file hub's model, the database's row: a feed
// whose items doc, as loaded, may lack), else doc's, else the one doc
// declares (dialect.Doc.Declared), whether or not the feed holds items
// yet; a feed that declares none takes the dialect of the first POST.
// posted with sync data of the other dialect is refused with a
// *dialect.MixedError naming the feed as clients know it (name); one
// without sync data is read in the feed's dialect (dialect.Doc.As), or
// refused when its format cannot carry it (*dialect.AdoptError). It
// returns posted as the feed merges it.
func admit(name string, held dialect.Dialect, doc, posted feed) (feed, error) {
	keeps := held
	if keeps == dialect.None {
		keeps = doc.Dialect()
	}
	if keeps == dialect.None {
		keeps = doc.Declared()
	}
	if keeps == dialect.None {
		return posted, nil
	}
	if pd := posted.Dialect(); pd != dialect.None && pd != keeps {
		return nil, &dialect.MixedError{Local: name, Remote: posted.Name(), LocalDialect: keeps, RemoteDialect: pd}
	}
	return posted.As(keeps)
}

// mergeWarnings passes what a merge kept but must say (items whose two
// copies had the same sync data and different data; items one endpoint
// changed twice with one sequence) to warn, one message each.
func mergeWarnings(m feed, warn func(string)) {
	for _, p := range m.MergeWarnings() {
		warn(p.String())
	}
}

// items lists a feed's sync items in document order.
func items(f feed) []item {
	es := f.Entries()
	out := make([]item, len(es))
	var s summer
	for i, e := range es {
		out[i] = s.item(e)
	}
	return out
}

// item is what this package needs of an entry.
func (s *summer) item(e dialect.Entry) item {
	s.b = s.b[:0]
	w := e.Winner()
	hs := s.version(w)
	for _, v := range e.Versions() {
		s.version(v)
	}
	it := item{ID: e.ID(), Sum: s.sum(), Parent: w.Position().Parent, Conflicted: e.InConflict()}
	if len(hs) > 0 {
		it.UpdatedBy = hs[0].By
		if last := hs[len(hs)-1]; last.Number == 1 {
			it.CreatedBy = last.By
		}
	}
	return it
}

// contentType is the media type a feed is sent with as body, the bytes
// it is written as: its charset the one they are in (a feed is written in
// the encoding it came in, issue 31 item 2).
func contentType(f feed, body []byte) string { return withCharset(mediaType(f), body) }

// withCharset returns the media type t with the charset body is written
// in (xmlscan.MIMECharset).
func withCharset(t string, body []byte) string {
	return t + "; charset=" + xmlscan.MIMECharset(body)
}

// mediaType is the media type of a feed, without its charset.
func mediaType(f feed) string {
	switch f.Format() {
	case dialect.Atom:
		return "application/atom+xml"
	case dialect.OPML:
		return "text/x-opml"
	}
	return "application/rss+xml"
}

// subset returns the feed with only the items whose ids keep holds.
func subset(f feed, keep map[string]bool) feed {
	return f.Subset(func(e dialect.Entry) bool { return keep[e.ID()] })
}

// takeFrom replaces the items with the given ids by from's versions.
func takeFrom(f feed, ids []string, from feed) {
	for _, id := range ids {
		if e, err := from.Entry(id); err == nil {
			f.Set(e)
		}
	}
}

// summer hashes sync state into an item's Sum.
type summer struct{ b []byte }

// version adds a version's sync state, and returns its history.
func (s *summer) version(v dialect.Version) []dialect.History {
	st := v.State()
	s.num(int64(st.Dialect))
	s.flag(st.Deleted)
	s.num(int64(st.Updates))
	s.flag(st.NoConflicts)
	s.num(int64(st.Version))
	s.flag(st.Conflict)
	s.flag(st.Record)
	s.str(v.Digest())
	hs := v.History()
	s.num(int64(len(hs)))
	for _, h := range hs {
		s.num(int64(h.Number))
		s.when(h.When)
		s.str(h.By)
	}
	return hs
}

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
