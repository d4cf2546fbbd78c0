package feeds

import (
	"crypto/sha1"
	"fmt"
	"slices"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// Published returns data as the endpoint that makes a version of an item
// (creating, updating or resolving it) publishes it. In an Atom feed that
// is with the atom:id and the atom:updated that RFC 4287 §4.1.2 requires
// of every entry: an atom:id kept as it is, or for an entry without one
// EntryID(id); atom:updated set to when, the time of the version, as the
// spec's examples move it with each change (1.0.2 §1.4, §3.2, §3.4), or
// left as it is when when is zero. Both are publisher-specific
// (implementation note 1): the version's shared data and its digest do not
// change, and a merge keeps the local entry's. An RSS item, which RSS 2.0
// requires neither of, is returned as it is. data is not modified.
func (d *Doc) Published(data engine.Data, id string, when time.Time) engine.Data {
	if d.format != Atom {
		return data
	}
	b := d.own(data)
	kids, at := b.children()
	hasID, upAt := false, -1
	for i, k := range kids {
		if e := k.elem(); e != nil && k.scope.elemURI(e) == NSAtom {
			switch {
			case e.Tag == "id":
				hasID = true
			case e.Tag == "updated" && upAt < 0:
				upAt = i
			}
		}
	}
	stamp := ""
	if !when.IsZero() {
		stamp = when.UTC().Format("2006-01-02T15:04:05Z")
	}
	if hasID && (stamp == "" || upAt >= 0 && textOf(kids[upAt].elem(), NSAtom) == stamp) {
		return b
	}
	c := &composition{kids: slices.Clone(kids), syncAt: at}
	add := func(tag, text string) {
		e, k := d.newElem(tag)
		e.SetText(text)
		end := c.syncAt == len(c.kids)
		c.kids = append(c.kids, k)
		if end {
			c.syncAt = len(c.kids) // sx:sync stays last
		}
	}
	if !hasID {
		add("id", EntryID(id))
	}
	switch {
	case stamp == "":
	case upAt >= 0:
		c.kids[upAt] = kid{retexted(kids[upAt].elem(), stamp), kids[upAt].scope}
	default:
		add("updated", stamp)
	}
	return madeData(d.format, b.tree(), c)
}

// EntryID returns the atom:id feedsync gives an entry that has none:
// "urn:uuid:" and the name-based UUID (version 5, SHA-1; RFC 4122 §4.3) of
// the sync id, in the namespace whose UUID is that of FeedSync's namespace
// URI in RFC 4122's URL namespace. Every endpoint derives the same atom:id
// from the same sync id; 1.0.2 §2.4 lets a publisher use the sync id for
// its Atom ids, and readers must not assume that they match.
func EntryID(syncID string) string {
	u := uuid5(entryNS, syncID)
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", u[:4], u[4:6], u[6:8], u[8:10], u[10:])
}

// entryNS is the namespace of EntryID's UUIDs: 4bcbf50b-e8ab-5768-b494-0295522bb17b.
var entryNS = uuid5([16]byte{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}, NSFeedSync)

// uuid5 returns the version 5 UUID of name in namespace ns (RFC 4122 §4.3).
func uuid5(ns [16]byte, name string) [16]byte {
	h := sha1.New()
	h.Write(ns[:])
	h.Write([]byte(name))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	return u
}
