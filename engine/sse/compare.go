package sse

import (
	"cmp"
	"strings"
)

// Compare orders two versions of the same item by the collation of §4.4
// step 1. It returns +1 when a wins over b, -1 when b wins over a, and 0
// when the two are the same version. The keys are compared in this order;
// the first that differs decides:
//
//  1. version: the larger wins (§4.4 step 1.1);
//  2. when of sx:history: present beats absent, then the later wins (step 1.2);
//  3. by of sx:history: present beats absent, then the greater wins,
//     comparing by Unicode code point (step 1.3; for valid UTF-8 this is
//     plain byte order, never length).
//
// The spec stops there: two versions equal on these keys are "identical"
// (step 2). Only a faulty endpoint makes two different versions with one
// version, when and by, but if one does, endpoints that kept whichever came
// first would never agree. Compare therefore goes on, so that it is a total
// order on versions and every endpoint keeps the same one:
//
//  4. deleted: a live version wins over a tombstone;
//  5. the sx:update list, entry by entry from the top, each by when and then
//     by as above; a list that goes on wins over one that has ended;
//  6. position: parent id, then key, by code point;
//  7. the data's Digest, by code point.
//
// The conflict flag and sx:conflicts are not part of a version: Merge joins
// them (see Merge).
func Compare(a, b *Item) int {
	if c := cmp.Compare(a.Version, b.Version); c != 0 {
		return c
	}
	if c := a.History.Stamp().Compare(b.History.Stamp()); c != 0 {
		return c
	}
	if a.Deleted != b.Deleted {
		if a.Deleted {
			return -1
		}
		return 1
	}
	if c := cmpStamps(a.History.Updates, b.History.Updates); c != 0 {
		return c
	}
	if c := cmpPosition(a.Position, b.Position); c != 0 {
		return c
	}
	return strings.Compare(digest(a.Data), digest(b.Data))
}

// sameVersion reports whether two versions tie on the spec's keys, which
// §4.4 step 2 calls identical.
func sameVersion(a, b *Item) bool {
	return a.Version == b.Version && a.History.Stamp().Equal(b.History.Stamp())
}

// TwoChanges reports whether two versions that tie on the spec's keys
// (version, when and by: §4.4 step 2's "identical") are nonetheless two
// changes: their data (Data.Digest) or deleted state differ. One endpoint
// made both in one second from one version (an item edited on two git
// branches under one by), or a peer changed the data without a new
// version (§4.2 forbids it). Merge keeps both (issue 29 item 8).
//
// Positions are not compared: an OPML outline's position is derived from
// where it sits among its siblings when the feed carries none (package
// feeds/sse), so one version of an outline has other positions in feeds
// that hold other outlines around it; Compare's choice stands for both.
func TwoChanges(a, b *Item) bool {
	return sameVersion(a, b) && (a.Deleted != b.Deleted || digest(a.Data) != digest(b.Data))
}

// identical reports whether two versions are §4.4 step 2's identical
// items: the same version, when and by, and not two changes.
func identical(a, b *Item) bool { return sameVersion(a, b) && !TwoChanges(a, b) }

// Conflicting reports whether a winner and a loser of Compare are in
// conflict (§4.4.1 step 1): with n the winner's version less the loser's,
// the loser's latest when and by are compared with the winner's nth
// sx:update (1-based), or with the winner's sx:history when n is 0. A
// winner that has no nth sx:update, its history having been truncated, is
// assumed not to conflict (step 1.4).
func Conflicting(winner, loser *Item) bool {
	n := winner.Version - loser.Version
	var ref Stamp
	switch {
	case n == 0:
		ref = winner.History.Stamp()
	case n > 0 && n <= len(winner.History.Updates):
		ref = winner.History.Updates[n-1]
	default:
		return false
	}
	return !ref.Equal(loser.History.Stamp())
}

func cmpStamps(a, b []Stamp) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := a[i].Compare(b[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

func cmpPosition(a, b Position) int {
	if c := strings.Compare(a.Parent, b.Parent); c != 0 {
		return c
	}
	return strings.Compare(a.Key, b.Key)
}

// cmpConflict orders sx:conflict records: version, then when and by as in
// Compare, then a live version over a deletion, position and data, then
// a record that says what its loser was made from over one that does not
// (a peer dropped it), and that stamp. Of two records with one by, the
// greater is the one §5 keeps.
func cmpConflict(a, b *Conflict) int {
	if c := cmp.Compare(a.Version, b.Version); c != 0 {
		return c
	}
	if c := a.Stamp().Compare(b.Stamp()); c != 0 {
		return c
	}
	if a.Deleted != b.Deleted {
		if a.Deleted {
			return -1
		}
		return 1
	}
	if c := cmpPosition(a.Position, b.Position); c != 0 {
		return c
	}
	if c := strings.Compare(digest(a.Data), digest(b.Data)); c != 0 {
		return c
	}
	if a.HasFrom != b.HasFrom {
		if a.HasFrom {
			return 1
		}
		return -1
	}
	return a.From.Compare(b.From)
}

func digest(d Data) string {
	if d == nil {
		return ""
	}
	return d.Digest()
}
