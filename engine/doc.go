// Package engine is FeedSync 1.0.2 in plain Go: the item model and the
// behaviours that keep endpoints consistent, with no XML, no clock and no
// disk. The XML layer (package feeds) supplies items and keeps their data;
// callers supply the time and the endpoint id of every change.
//
// It covers:
//
//   - §2.4, §2.5, §2.6: the model (Item, Sync, History) and the RFC 2141
//     syntax of ids (ValidNSS);
//   - §3.1 creation (New);
//   - §3.2 update, deletion and un-deletion (Update), with the sequence rule
//     and the step-4 fold of an endpoint's own conflicts;
//   - §3.3 merge (Merge, MergeFeed), item and history subsumption
//     (Subsumed, HistorySubsumed) and winner picking (Compare);
//   - §3.4 conflict resolution and §4 merging conflict items into history
//     (Resolve), including selective resolution;
//   - implementation note 2, several items with one id in a feed (Dedupe,
//     and Fold for one id, which folds them in linear time with the result
//     of merging them one after the other);
//   - the optional history clean-up of §3.2 and §4 (Options.CleanHistory),
//     off unless asked for.
//
// # Readings of the spec
//
// Where the text leaves a choice, the package takes the reading that keeps
// endpoints convergent; each is tested.
//
//   - Winner picking ends, in the spec, with "Y is the winning item" on a
//     full tie, which makes the winner depend on the order of the merge.
//     Compare adds tie-breakers after the spec's keys (topmost sequence, the
//     rest of the history, deleted, the data's digest) and is a total order.
//   - Strings collate by Unicode code point (§2.1.4). Go compares strings
//     byte by byte, which for UTF-8 is the same order; it is never by length.
//   - Two topmost entries that both lack a when are "the same when" (note 3
//     rule 2.3), and the comparison goes on to by.
//   - An entry without by is subsumed only by an entry without by that has
//     the same when and sequence (note 2, rule 2); an entry with by is never
//     subsumed by one without.
//   - Note 2 lets an entry subsume another of the same by with an "equal or
//     greater sequence": it assumes an endpoint never gives two changes one
//     sequence. A person who edits an item on two git branches under one by
//     does, and each change would then subsume the other, so that the merge
//     kept whichever came in and dropped the other silently. Two entries
//     with the same by and sequence but another when are two changes:
//     neither subsumes the other (HistorySubsumed). And an item subsumes
//     another only if it knows the other's whole line: its history
//     subsumes every entry of the other's (Subsumed). Where no sequence is
//     reused that is note 1 itself (an item whose history subsumes another's
//     topmost entry descends from it); after a reuse, the later changes of
//     one branch do not subsume the other branch's, nor does a change that
//     carries the other's very topmost entry over another history (the
//     same by, sequence and second on both branches). Both versions are
//     kept, the winner and its conflict, whichever side is local; Reused
//     finds such a pair, for the front ends to say so. A fold (§4 step 3.3,
//     and the step-4 fold of an update) adds every entry with a by that the
//     history does not hold, even one a later entry of its by subsumes: it
//     is the record that the sequence was used, without which a reuse met
//     later would look subsumed. §4 says to add what is not subsumed;
//     adding what is changes no subsumption but that one. The history
//     clean-up, which drops such entries, gives that record up. Under one
//     by, sequence and when, different data is the next reading. SSE 0.91
//     needs none of this: §4.4.1 compares the loser's when with the
//     winner's and finds the conflict.
//   - The merge removes a subsumed version from the outer collection
//     (step 7.1), so step 8 no longer sees it; two identical versions leave one.
//     Two versions that share their topmost entry (by, sequence and when)
//     but not their shared data or deleted state are two changes
//     (TwoChanges): one by made both in the same second, on two git
//     branches ('update --by me --when T' on each), or a peer changed the
//     data without a new version, which implementation note 1 forbids.
//     Note 2 would let each subsume the other, and each endpoint would keep
//     the one it met last; neither subsumes the other here, so both are
//     kept, Compare's winner and its conflict, the same on every endpoint,
//     and merging the result again changes nothing (issue 29 item 8).
//     Where they share their data too but differ in what lies under the
//     topmost entry, the one Compare prefers is kept on both sides. Once
//     one of the two has been changed again, its later version holds the
//     shared stamp below its own, and the stamp alone cannot tell the
//     other change from the one it descends from: note 2 subsumes it, and
//     it is lost, as any version is that the later one's history holds.
//     Only the two versions met side by side are kept apart.
//   - "If the noconflicts attribute is set to true" (step 10) reads the
//     winner's attribute. A valid item never changes it (§2.4), so every
//     version agrees; package feeds reports those that do not.
//   - Conflict versions form a flat, unordered list (step 11). Merge sorts
//     them from most to least winning, so both endpoints write the same list.
//   - §4 step 3.3 says to add each history entry of a resolved version that
//     is not subsumed "immediately after the topmost". The entries of one
//     version are added there as a block, in their own order; one by one
//     they would end upside down. An entry is checked against the history as
//     it grows, so an entry that an earlier one from the same version
//     subsumes is not added twice over.
//   - A resolution is a §3.2 update first (§3.4 step 2), so the update's
//     step 4 folds any version whose topmost by is the resolving endpoint,
//     chosen or not; then the chosen versions are folded (§3.4 step 3).
//   - S2 (§3.2 step 2.3.2) is taken over the item's own history, not the
//     whole feed's (the spec's "MAY").
//   - The history clean-up keeps the topmost entry even when an older entry
//     of the same by has a higher sequence: without it the item would no
//     longer subsume its own past versions.
package engine
