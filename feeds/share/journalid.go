package share

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// Whose journal: each record carries the identity of the feed it was
// written for, the FeedID of the feed's publisher state (16 random bytes,
// made with the state) and FEED's file name, so that a segment that is
// another feed's (copied into .feedsync under this feed's name, or left
// by a feed of the same name elsewhere) is never replayed into it. A
// start replays a record when:
//
//   - it carries the state's FeedID;
//   - the state names no FeedID (it is new: removed, or never written
//     before a kill) and the record carries FEED's name: the state takes
//     the record's FeedID, so that this feed's records stay its own;
//   - it carries neither (the upgrade path): a feedsync before records
//     named their feed wrote it, and a clean stop folds the journal, so
//     it is a POST acknowledged by a hub killed before it folded. It is
//     replayed, as it was then; refusing it would lose that POST.
//
// Any other record is refused: a line in the log names its segment,
// which is kept as found in FEED.journal.N.foreign and never replayed.

// newFeedID returns a new feed identity.
func newFeedID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// ownRecords returns the records of recs that are FEED's (see above),
// st taking a FeedID when it has none: the one of FEED's records, or a new
// one. It reports whether st's FeedID changed, so that the state is saved
// before a record carries it.
func (h *Hub) ownRecords(j *journal, recs []journalRecord, st *stamps) ([]journalRecord, bool) {
	name := filepath.Base(h.path)
	named := st.FeedID != ""
	var own []journalRecord
	foreign := map[int][]journalRecord{}
	for _, r := range recs {
		switch {
		case r.FeedID == "" && r.FeedName == "", r.FeedID == st.FeedID && named:
		case !named && r.FeedName == name:
			if st.FeedID == "" {
				st.FeedID = r.FeedID
			}
		default:
			foreign[r.seg] = append(foreign[r.seg], r)
			continue
		}
		own = append(own, r)
	}
	for seg, rs := range foreign {
		h.refuseSegment(j, seg, rs, st)
	}
	if st.FeedID == "" {
		st.FeedID = newFeedID()
	}
	return own, !named
}

// refuseSegment keeps segment seg, which holds another feed's records rs,
// as FEED.journal.N.foreign, and says so in the log.
func (h *Hub) refuseSegment(j *journal, seg int, rs []journalRecord, st *stamps) {
	name := j.segName(seg)
	kept := "kept as " + filepath.Base(name) + ".foreign"
	data, err := os.ReadFile(name)
	if err == nil {
		err = atomicfile.WriteFileNoBackup(name+".foreign", data, j.perm)
	}
	if err != nil {
		kept = fmt.Sprintf("not kept aside: %v", err)
	}
	mine := st.FeedID
	if mine == "" {
		mine = "none yet"
	}
	h.logf("warning: %s: a journal segment of another feed: %d of its records are feed %q's (id %s; this feed, %q, is %s): they are not replayed; %s",
		name, len(rs), rs[0].FeedName, rs[0].FeedID, filepath.Base(h.path), mine, kept)
}
