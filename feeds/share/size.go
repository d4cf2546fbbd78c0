package share

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// The size limit: a hub's feed never grows past what feedsync reads, the
// one size limit of a feed (atomicfile.Limit, 256 MiB unless
// FEEDSYNC_MAX_BYTES raises it), so that the hub's fold can write it, a
// restarted hub read it, and every subscriber download it. A POST that
// would take the feed past FeedCap is refused with 413 before anything
// changes; the feed stays as it was.
//
// The hub keeps a running size of its feed (Hub.size): FEED's bytes as
// last read or written, plus what each POST since added. A POST costs what
// it changes: its growth is measured on the items it names alone, the
// model's versions of them set into the feed's shell (pick) and rendered,
// merged with the POST and rendered again, and the difference is its
// growth, before the POST is merged into the feed itself. A fold makes
// the running size exact again. Rendered alone, an item can differ from
// itself in the whole feed by its white space (it is written from its
// state, not as read); the headroom takes that in, and what a GET adds to
// the feed (the hub's sx:sharing and the link to the complete feed).

// FeedCap is the most a hub lets its feed grow to: the size limit less
// the headroom, 1/256 of it and 4 KiB (1 MiB and 4 KiB at 256 MiB). A
// store of feeds other than a file (PostgreSQL) holds its feeds to it
// through CheckGrowth.
func FeedCap() int64 {
	limit := atomicfile.Limit()
	return limit - limit/256 - 4<<10
}

// GrowthError refuses a change that would take a feed past FeedCap. A hub
// answers it 413.
type GrowthError struct {
	Size  int64 // the feed's size, as the hub counts it, before the change
	Grown int64 // and after
	Cap   int64 // FeedCap
	Limit int64 // the size limit it is under (atomicfile.Limit)
}

func (e *GrowthError) Error() string {
	return fmt.Sprintf("the feed would grow from %d to %d bytes, past %d, the most a hub lets it reach under the size limit of %s (FEEDSYNC_MAX_BYTES); nothing was changed",
		e.Size, e.Grown, e.Cap, fetch.SizeText(e.Limit))
}

// CheckGrowth is the one rule of a feed's size: a feed of size bytes
// that a change grows by growth (negative when it shrinks) must stay
// within FeedCap, unless the change shrinks it. It returns a *GrowthError
// when the change is refused.
func CheckGrowth(size, growth int64) error {
	if growth <= 0 || size+growth <= FeedCap() {
		return nil
	}
	return &GrowthError{Size: size, Grown: size + growth, Cap: FeedCap(), Limit: atomicfile.Limit()}
}

// growth measures what merging posted would add to the feed's size,
// without changing the model (see above). h.mu is held.
func (h *Hub) growth(posted feed) (int64, error) {
	t := h.pick(h.trial(posted))
	before := len(t.Bytes())
	if _, err := t.MergeIn(posted); err != nil {
		return 0, err
	}
	return int64(len(t.Bytes()) - before), nil
}

// trial returns the ids of the model's items that growth merges posted
// into: those posted names, and in an OPML feed the outlines above them,
// where they are and where posted puts them, so that each is written as
// deep as in the feed. An outline moved drags its descendants, which
// the trial leaves out: their new indentation is not counted until the
// next fold (the headroom's share). h.mu is held.
func (h *Hub) trial(posted feed) map[string]bool {
	keep := map[string]bool{}
	up := func(id string) {
		for ; id != "" && !keep[id]; id = h.parentOf(id) {
			if _, err := h.doc.Entry(id); err != nil {
				return
			}
			keep[id] = true
		}
	}
	for _, e := range posted.Entries() {
		up(e.ID())
		up(e.Winner().Position().Parent)
	}
	return keep
}
