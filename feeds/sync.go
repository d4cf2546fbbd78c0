package feeds

import (
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// version is one version of an item as read: the item and its data,
// allocated together, and the digest of the data the scan computed, to
// which data's digest points.
type version struct {
	item engine.Item
	data itemData
	dg   sum
}

// plain reports whether an attribute is one of FeedSync's, unprefixed:
// not a namespace declaration nor a foreign attribute.
func plain(a xmlscan.Attr) bool {
	return a.Name.Prefix == "" && a.Name.Local != "xmlns"
}

// syncAttrs reads the attributes of sx:sync (§2.4).
func (p *parser) syncAttrs(s *engine.Sync, attrs []xmlscan.Attr, at place) {
	var hasID, hasUpdates bool
	for _, a := range attrs {
		if !plain(a) {
			continue // namespace declarations and foreign attributes
		}
		key, value := a.Name.Local, a.Value
		if value == "" {
			p.add(at, "%s is empty (1.0.2 §2.1.2)", key)
		}
		switch key {
		case "id":
			hasID, s.ID = true, value
			if value != "" && !engine.ValidNSS(value) {
				p.add(at, "id %q is not an RFC 2141 namespace specific string (1.0.2 §2.4)", value)
			}
		case "updates":
			hasUpdates = true
			s.Updates = p.count(at, key, value, "1.0.2 §2.4")
		case "deleted":
			s.Deleted = p.boolean(at, key, value)
		case "noconflicts":
			s.NoConflicts = p.boolean(at, key, value)
		}
	}
	if !hasID {
		p.add(at, "no id (1.0.2 §2.4)")
	}
	if !hasUpdates {
		p.add(at, "no updates (1.0.2 §2.4)")
	}
}

// history reads an sx:history element's attributes (§2.5).
func (p *parser) history(attrs []xmlscan.Attr, at place) engine.History {
	var h engine.History
	var hasSeq, hasWhen, hasBy bool
	for _, a := range attrs {
		if !plain(a) {
			continue
		}
		key, value := a.Name.Local, a.Value
		hasWhen = hasWhen || key == "when"
		hasBy = hasBy || key == "by"
		if value == "" {
			p.add(at, "%s is empty (1.0.2 §2.1.2)", key)
			continue
		}
		switch key {
		case "sequence":
			hasSeq = true
			h.Sequence = p.count(at, key, value, "1.0.2 §2.5")
		case "when":
			h.When = p.dateTime(at, key, value)
		case "by":
			h.By = value
			if !engine.ValidNSS(value) {
				p.add(at, "by %q is not an RFC 2141 namespace specific string (1.0.2 §2.1.1)", value)
			}
		}
	}
	if !hasSeq {
		p.add(at, "no sequence (1.0.2 §2.5)")
	}
	if !hasWhen && !hasBy {
		p.add(at, "neither when nor by (1.0.2 §2.5)")
	}
	return h
}

// count reads updates or sequence: an integer from 1 to 2^31-1.
func (p *parser) count(at place, key, value, sec string) int {
	n, ok := parseCount(value)
	if !ok && value != "" {
		p.add(at, "%s %q is not an integer from 1 to 2147483647 (%s)", key, value, sec)
	}
	return n
}

func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 10 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n >= 1 && n <= engine.MaxCount
}

// boolean reads deleted or noconflicts: exactly "true" or "false" (§2.4).
func (p *parser) boolean(at place, key, value string) bool {
	switch value {
	case "true":
		return true
	case "false", "":
		return false
	}
	p.add(at, "%s %q is neither \"true\" nor \"false\" (1.0.2 §2.4)", key, value)
	return false
}
