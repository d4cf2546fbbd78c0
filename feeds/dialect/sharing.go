package dialect

import (
	"time"

	"github.com/feedsync/feedsync/engine"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Sharing is a feed's sx:sharing in either dialect (1.0.2 §2.2, §2.3; 0.91
// §2.1, §2.2), for publishing and reading partial feeds (1.0.2 §4).
type Sharing struct {
	// Since and Until bound the items in the feed; both or neither.
	Since, Until Mark
	// Expires is 1.0.2's expires (1.0.2 §2.2, §4.2.2), zero when absent;
	// 0.91 has none.
	Expires time.Time
	// Window is 0.91's window in days (0.91 §2.1), 0 when absent; 1.0.2
	// has none.
	Window int
	// Related are the sx:related elements: type "complete" or
	// "aggregated", and an absolute link (1.0.2 §2.3).
	Related []Related
}

// Mark is a since or until value. In 1.0.2 it is an opaque string that
// collates by code point (1.0.2 §4, footnote 1): Text, and At when the
// text is an RFC 3339 date-time. In 0.91 it is a date-time (0.91 §2.1):
// At, with Text as written (RFC 822). Setting a 0.91 mark writes At;
// setting a 1.0.2 mark writes Text.
type Mark struct {
	Text string    `json:"text"`
	At   time.Time `json:"at,omitzero"`
}

// IsZero reports whether the mark is absent.
func (m Mark) IsZero() bool { return m.Text == "" && m.At.IsZero() }

// Related is an sx:related element. 0.91's since and until on it are not
// modelled.
type Related struct {
	Link, Type, Title string
}

// Complete returns the link of the complete feed (sx:related of type
// "complete", 1.0.2 §4.1.1 step 2), or "".
func (s *Sharing) Complete() string {
	if s == nil {
		return ""
	}
	for _, r := range s.Related {
		if r.Type == "complete" {
			return r.Link
		}
	}
	return ""
}

// Sharing returns the feed's sx:sharing, or nil. The result is a copy.
func (d *Doc) Sharing() *Sharing { return d.b.sharing() }

// SetSharing replaces the feed's sx:sharing with s, or removes it (nil):
// for a publisher, which writes its own (1.0.2 §4.2), and a subscriber,
// which never keeps another's (1.0.2 §2.2). A feed with no sync data
// takes its binding's dialect when given one.
func (d *Doc) SetSharing(s *Sharing) {
	d.b.setSharing(s)
	d.src, d.synced = nil, hasSync(d.b)
}

// Subset returns a Doc that holds only the entries keep accepts, for a
// partial feed (1.0.2 §4, 0.91 §2.2.1): it lists and writes those and
// leaves the others out (feeds.Doc.Subset, ssefeed.Doc.Subset); the rest
// of the feed is as in d, which does not change.
func (d *Doc) Subset(keep func(Entry) bool) *Doc {
	n := newDoc(d.b.subset(keep), nil)
	n.ns = d.ns
	return n
}

func (f fs102) sharing() *Sharing {
	s := f.doc.Sharing()
	if s == nil {
		return nil
	}
	out := &Sharing{Since: mark102(s.Since), Until: mark102(s.Until)}
	if t, ok := feeds.ParseDateTime(s.Expires); ok {
		out.Expires = t
	}
	for _, r := range s.Related {
		out.Related = append(out.Related, Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	return out
}

func mark102(text string) Mark {
	m := Mark{Text: text}
	if t, err := time.Parse(time.RFC3339, text); err == nil {
		m.At = t.UTC()
	}
	return m
}

func (f fs102) setSharing(s *Sharing) {
	if s == nil {
		f.doc.SetSharing(nil)
		return
	}
	out := &feeds.Sharing{Since: s.Since.Text, Until: s.Until.Text}
	if !s.Expires.IsZero() {
		out.Expires = s.Expires.UTC().Format(time.RFC3339)
	}
	for _, r := range s.Related {
		out.Related = append(out.Related, feeds.Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	f.doc.SetSharing(out)
}

func (f fs102) subset(keep func(Entry) bool) backend {
	return newFS(f.doc.Subset(func(it *engine.Item) bool { return keep(Entry{fs: it}) }))
}

func (f sse091) sharing() *Sharing {
	s := f.doc.Sharing()
	if s == nil {
		return nil
	}
	out := &Sharing{Since: mark091(s.Since), Until: mark091(s.Until), Window: s.Window}
	for _, r := range s.Related {
		out.Related = append(out.Related, Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	return out
}

// mark091 is a 0.91 date-time as a Mark, its text as feedsync writes it.
func mark091(t time.Time) Mark {
	if t.IsZero() {
		return Mark{}
	}
	return Mark{Text: t.UTC().Format("Mon, 2 Jan 2006 15:04:05") + " GMT", At: t.UTC()}
}

func (f sse091) setSharing(s *Sharing) {
	if s == nil {
		f.doc.SetSharing(nil)
		return
	}
	out := &ssefeed.Sharing{Since: s.Since.At, Until: s.Until.At, Version: "0.91", Window: s.Window}
	for _, r := range s.Related {
		out.Related = append(out.Related, ssefeed.Related{Link: r.Link, Type: r.Type, Title: r.Title})
	}
	f.doc.SetSharing(out)
}

func (f sse091) subset(keep func(Entry) bool) backend {
	return newSSE(f.doc.Subset(func(it *sse.Item) bool { return keep(Entry{sse: it}) }))
}
