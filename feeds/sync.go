package feeds

import (
	"fmt"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
)

// version is one version of an item as read: the item and its data,
// allocated together.
type version struct {
	item engine.Item
	data itemData
}

// version reads an item or conflict version element el, whose parent's scope
// is ps and own scope is is, with its sx:sync sx. of is the item a conflict
// version belongs to, nil for an item.
func (p *parser) version(f Format, el *etree.Element, ps, is *scope, sx *etree.Element, of *engine.Item) *engine.Item {
	v := &version{}
	ss := is.child(sx)
	v.data = itemData{format: f, el: el, scope: ps, iscope: is, sync: sx, sscope: ss}
	v.item.Data = &v.data
	s := &v.item.Sync
	p.syncAttrs(s, sx)
	nh := 0
	for _, t := range sx.Child {
		if c, ok := t.(*etree.Element); ok && c.Tag == "history" {
			nh++
		}
	}
	s.History = make([]engine.History, 0, nh)
	var conflicts *etree.Element
	for _, t := range sx.Child {
		c, ok := t.(*etree.Element)
		if !ok || childURI(sx, NSFeedSync, c, ss) != NSFeedSync {
			continue // foreign markup inside sx:sync is kept (§2.1.7)
		}
		switch c.Tag {
		case "history":
			s.History = append(s.History, p.history(c))
		case "conflicts":
			switch {
			case of != nil:
				p.add(c, "a conflict version with conflicts of its own: the list is flat (§3.3)")
			case conflicts != nil:
				p.add(c, "a second sx:conflicts in one sx:sync (§2.6)")
			default:
				conflicts = c
				v.item.Conflicts = p.conflicts(f, c, ss, &v.item)
			}
		}
	}
	if len(s.History) == 0 {
		msg := "no sx:history: at least one is required (§2.5)"
		for c := range sx.ChildElementsSeq() {
			if c.Tag == "history" {
				msg += fmt.Sprintf("; its history elements are in namespace %q, not FeedSync's", ss.elemURI(c))
				break
			}
		}
		p.add(sx, "%s", msg)
	}
	if of != nil {
		if s.ID != "" && s.ID != of.Sync.ID {
			p.add(sx, "conflict version has id %q, not its item's %q (§2.6)", s.ID, of.Sync.ID)
		}
		if s.NoConflicts != of.Sync.NoConflicts {
			p.add(sx, "noconflicts differs from its item's; it never changes after the first update (§2.4)")
		}
	} else if s.NoConflicts && len(v.item.Conflicts) > 0 {
		p.add(conflicts, "item has noconflicts=\"true\" but keeps conflicts (§2.4, §3.3 step 10)")
	}
	return &v.item
}

// conflicts reads the versions in an sx:conflicts element (§2.6).
func (p *parser) conflicts(f Format, c *etree.Element, ss *scope, of *engine.Item) []*engine.Item {
	cs := ss.child(c)
	var out []*engine.Item
	for _, t := range c.Child {
		e, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		u := cs.elemURI(e)
		if f == Atom && (u != NSAtom || e.Tag != "entry") || f == RSS && (u != "" || e.Tag != "item") {
			want := "atom:entry"
			if f == RSS {
				want = "item"
			}
			p.add(e, "sx:conflicts holds %s elements only (§2.6)", want)
			continue
		}
		es := cs.child(e)
		sx := p.syncOf(e, es)
		if sx == nil {
			p.add(e, "conflict version without sx:sync (§2.6)")
			continue
		}
		out = append(out, p.version(f, e, cs, es, sx, of))
	}
	return out
}

// syncAttrs reads the attributes of sx:sync (§2.4).
func (p *parser) syncAttrs(s *engine.Sync, sx *etree.Element) {
	var hasID, hasUpdates bool
	for _, a := range sx.Attr {
		if a.Space != "" || a.Key == "xmlns" {
			continue // namespace declarations and foreign attributes
		}
		if a.Value == "" {
			p.add(sx, "%s is empty (§2.1.2)", a.Key)
		}
		switch a.Key {
		case "id":
			hasID, s.ID = true, a.Value
			if a.Value != "" && !engine.ValidNSS(a.Value) {
				p.add(sx, "id %q is not an RFC 2141 namespace specific string (§2.4)", a.Value)
			}
		case "updates":
			hasUpdates = true
			s.Updates = p.count(sx, a, "§2.4")
		case "deleted":
			s.Deleted = p.boolean(sx, a)
		case "noconflicts":
			s.NoConflicts = p.boolean(sx, a)
		}
	}
	if !hasID {
		p.add(sx, "no id (§2.4)")
	}
	if !hasUpdates {
		p.add(sx, "no updates (§2.4)")
	}
}

// history reads an sx:history element (§2.5).
func (p *parser) history(e *etree.Element) engine.History {
	var h engine.History
	var hasSeq, hasWhen, hasBy bool
	for _, a := range e.Attr {
		if a.Space != "" || a.Key == "xmlns" {
			continue
		}
		hasWhen = hasWhen || a.Key == "when"
		hasBy = hasBy || a.Key == "by"
		if a.Value == "" {
			p.add(e, "%s is empty (§2.1.2)", a.Key)
			continue
		}
		switch a.Key {
		case "sequence":
			hasSeq = true
			h.Sequence = p.count(e, a, "§2.5")
		case "when":
			h.When = p.dateTime(e, a)
		case "by":
			h.By = a.Value
			if !engine.ValidNSS(a.Value) {
				p.add(e, "by %q is not an RFC 2141 namespace specific string (§2.1.1)", a.Value)
			}
		}
	}
	if !hasSeq {
		p.add(e, "no sequence (§2.5)")
	}
	if !hasWhen && !hasBy {
		p.add(e, "neither when nor by (§2.5)")
	}
	return h
}

// count reads updates or sequence: an integer from 1 to 2^31-1.
func (p *parser) count(e *etree.Element, a etree.Attr, sec string) int {
	n, ok := parseCount(a.Value)
	if !ok && a.Value != "" {
		p.add(e, "%s %q is not an integer from 1 to 2147483647 (%s)", a.Key, a.Value, sec)
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
func (p *parser) boolean(e *etree.Element, a etree.Attr) bool {
	switch a.Value {
	case "true":
		return true
	case "false", "":
		return false
	}
	p.add(e, "%s %q is neither \"true\" nor \"false\" (§2.4)", a.Key, a.Value)
	return false
}
