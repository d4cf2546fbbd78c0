package share

import "github.com/feedsync/feedsync/feeds/dialect"

// localSums follows the sync digests of LOCAL's items through a round:
// summed once as LOCAL is read, then only where a merge can change them
// (the items of the feed merged in), so that what to push, what changed
// and whether to write LOCAL are known without summing the whole feed
// again. A merge changes no item that the feed merged in lacks (1.0.2
// §3.3 takes each of remote's items in turn; local's others stay as they
// are), and an item that a merge changes changes its sync digest (item.Sum
// covers its sync data, its data and its conflicts).
//
// It follows as well which items differ from the publisher's digests as
// known (subState.Known, which changes only for the items of a feed read,
// or afresh from a complete feed): what a push sends and what stays
// pending.
type localSums struct {
	read map[string]string // LOCAL's items as read
	// now holds the items whose digest differs from read, new ones
	// included; after a change that is not followed item by item
	// (whole), every item.
	now   map[string]string
	whole bool

	pending map[string]bool // items whose digest differs from the publisher's
	touched []string        // items whose digest, or the publisher's, changed since pending was brought up to date
	stale   bool            // pending is to be found afresh
}

// newLocalSums starts from LOCAL as read (nil when it did not exist).
func newLocalSums(local feed) *localSums {
	s := &localSums{read: map[string]string{}, now: map[string]string{}, stale: true}
	if local != nil {
		s.read = sums(local)
	}
	return s
}

// get is an item's digest now, "" when LOCAL lacks it.
func (s *localSums) get(id string) string {
	if sum, ok := s.now[id]; ok || s.whole {
		return sum
	}
	return s.read[id]
}

// each calls fn with every item's digest now.
func (s *localSums) each(fn func(id, sum string)) {
	if !s.whole {
		for id, sum := range s.read {
			if _, ok := s.now[id]; !ok {
				fn(id, sum)
			}
		}
	}
	for id, sum := range s.now {
		fn(id, sum)
	}
}

// merged notes the items of m, the result of a merge of from into LOCAL,
// that from holds: the only ones the merge can have changed.
func (s *localSums) merged(m, from feed) {
	if s.whole {
		s.reset(m)
		return
	}
	var sm summer
	for _, e := range from.Entries() {
		got, err := m.Entry(e.ID())
		if err != nil {
			continue
		}
		it := sm.item(got)
		if was, ok := s.read[it.ID]; ok && was == it.Sum {
			delete(s.now, it.ID)
		} else {
			s.now[it.ID] = it.Sum
		}
	}
}

// reset sums f whole: LOCAL became f by a change not followed item by
// item.
func (s *localSums) reset(f feed) {
	s.whole, s.now, s.stale = true, sums(f), true
}

// changed reports whether LOCAL's items differ from what was read, as
// far as changes were followed item by item (not whole).
func (s *localSums) changed() bool { return len(s.now) > 0 }

// count is how many items differ from what was read.
func (s *localSums) count() int {
	if !s.whole {
		return len(s.now)
	}
	n := 0
	s.each(func(id, sum string) {
		if s.read[id] != sum {
			n++
		}
	})
	return n
}

// against finds afresh the items that differ from known, the
// publisher's digests, and reports whether LOCAL lacks an item the
// publisher holds: it was replaced by an older copy.
func (s *localSums) against(known digests) (lost bool) {
	s.pending, s.touched, s.stale = map[string]bool{}, nil, false
	held := 0
	s.each(func(id, sum string) {
		k, ok := known[id]
		if ok {
			held++
		}
		if k != sum {
			s.pending[id] = true
		}
	})
	return held < len(known)
}

// touch notes that the digests of ids, LOCAL's or the publisher's, may
// have changed.
func (s *localSums) touch(ids ...string) { s.touched = append(s.touched, ids...) }

// delta is the items that differ from known, the publisher's digests.
func (s *localSums) delta(known digests) map[string]bool {
	if s.stale {
		s.against(known)
	}
	for _, id := range s.touched {
		if sum := s.get(id); sum != "" && known[id] != sum {
			s.pending[id] = true
		} else {
			delete(s.pending, id)
		}
	}
	s.touched = nil
	return s.pending
}

// changedEntries are the entries of read (LOCAL as parsed) whose items
// changed, or all of them after a change not followed item by item: what
// the version store needs of LOCAL as read (versions.go).
func (s *localSums) changedEntries(read feed) []dialect.Entry {
	if s.whole {
		return read.Entries()
	}
	var out []dialect.Entry
	for id := range s.now {
		if e, err := read.Entry(id); err == nil {
			out = append(out, e)
		}
	}
	return out
}
