package share

import (
	"maps"
	"slices"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// The version store (package feeds/store) beside the feed a hub or a
// subscriber writes records, at each save, the versions read (the feed
// as it was, and what was posted or fetched) that the saved feed no
// longer holds, and what the save changed (store.RecordSave), so that the
// base of a later conflict can be found. Recording never fails a sync: a
// store that cannot be used is a warning.

// noteRead notes the entries of a feed the round read, as read.
func (r *round) noteRead(f feed) {
	if f != nil {
		r.reads = append(r.reads, f.Entries())
	}
}

// recordLeft records, before LOCAL is saved to target, the versions the
// round read that the feed it saves no longer holds; the store stays open
// for recordCurrent.
func (r *round) recordLeft(target string) {
	st, warn := store.Open(target)
	if warn != nil {
		r.warn("%s", warn.Error())
	}
	r.store = st
	reads := r.reads
	if r.parsed != nil {
		// LOCAL as read: only its items that changed can have left.
		reads = append([][]dialect.Entry{r.sums.changedEntries(r.parsed)}, reads...)
	}
	if err := st.RecordLeft(reads, r.local); err != nil {
		r.warn("%s", err.Error())
	}
}

// recordCurrent records, once LOCAL is saved, what the round changed:
// the items whose changes were followed one by one, when they were, and
// otherwise what the store lacks of the feed saved.
func (r *round) recordCurrent() {
	var err error
	if r.followed() {
		err = r.store.RecordChanged(r.local, slices.Collect(maps.Keys(r.sums.now)))
	} else {
		err = r.store.RecordCurrent(r.local)
	}
	if err != nil {
		r.warn("%s", err.Error())
	}
}

// openVersions opens the hub's store, for as long as it runs.
func (h *Hub) openVersions() {
	st, warn := store.Open(h.path)
	if warn != nil {
		h.logf("warning: %v", warn)
	}
	h.versions = st
}

// recordLeft records what an incorporation read, the model's entries of
// the items posted (before) and the POST, and the model no longer holds.
// h.mu is held.
func (h *Hub) recordLeft(before []dialect.Entry, posted feed) {
	read := [][]dialect.Entry{before, posted.Entries()}
	if err := h.versions.RecordLeft(read, h.doc); err != nil {
		h.logf("warning: %v", err)
	}
}

// recordCurrent records what an incorporation changed: changed holds
// those items only.
func (h *Hub) recordCurrent(changed feed) {
	if err := h.versions.RecordCurrent(changed); err != nil {
		h.logf("warning: %v", err)
	}
}
