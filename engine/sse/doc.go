// Package sse is Simple Sharing Extensions 0.91 in plain Go: the item
// model of RSS and OPML feeds that carry sx:sync, and the behaviours that
// keep endpoints consistent, with no XML, no clock and no disk. The XML
// layer supplies items and keeps their data; callers supply the time and
// the endpoint id of every change. Dates are time.Time values: RFC 822
// belongs to the XML layer.
//
// It covers:
//
//   - §2.3 to §2.5 and §5.1, §5.2: the model (Item, Sync, History, Stamp,
//     Conflict) and the rules that are not XML syntax (Validate, ValidID,
//     ParseFlag);
//   - §4.1 creation (New) and §4.2 update, deletion and un-deletion
//     (Update, Edit, Delete, Undelete), with the optional truncation of the
//     sx:update list (Options.Versions);
//   - §4.3 and §4.4 merge (Merge, MergeFeed) with the collation of §4.4
//     step 1 (Compare) and §4.4.1 conflict detection (Conflicting); items
//     that share an id within one feed, which §2.3 forbids, are merged in
//     linear time (Dedupe, Fold);
//   - §5 conflict preservation, which Merge always does, and resolution
//     (Resolve, PickWinner, PickConflict);
//   - §3.2 ordered behaviour and §4.4.2 cycle detection for OPML outlines
//     (Position, Tree, Build, Between, Move, MergeOutline, Cycles), and the
//     cycles of an outline kept up to date as a few outlines change, the
//     walks starting from those alone (CycleSet).
//
// # Outline positions
//
// An outline's place is a Position: the parent's sync id ("" for the OPML
// body) and a sibling key; siblings sort by key, then by id, by code point.
// The position is part of the synced state of a version: New and Move set
// it, it is carried with the version and compared by Compare, and the
// subscriber takes the winner's (§3.2). Tree.Place computes a key between
// the neighbours' with Between, which is deterministic, so two endpoints
// that put outlines at one spot give them one key and the ids order them
// (§3.2). A child names its parent by id and so stays with it wherever the
// parent moves (§3.2). The tree is then a function of the item set (Build),
// which is why endpoints that hold the same items hold the same tree.
//
// OPML has no attribute for a key; where Build puts an outline can differ
// from its stored Position (after cycle detection, or under a deleted or
// unknown parent); and tombstones have no place in the tree at all. The XML
// layer is therefore expected to carry each outline's Position explicitly
// (parent and key as attributes in feedsync's own namespace) and, for a
// feed that lacks them, to derive them from where outlines are written: the
// enclosing outline's id, and keys from document order with Between.
//
// # Readings of the spec
//
// Where the text leaves a choice, the package takes the reading that keeps
// endpoints convergent; each is tested.
//
//   - §4.2 lists "creating" among the operations that increment the
//     version; creation follows §4.1 instead: version 1, no sx:update.
//   - §4.2 step 2.3 lets the sx:update list be truncated "to any number
//     (including 0)"; its example keeps "a limited number of versions (4)"
//     with three sx:update elements, so Options.Versions counts sx:history
//     as one version, and 1 keeps no sx:update.
//   - §4.4 step 1 announces four keys and lists three. "Greater normalized
//     text" for by is read as code-point order of the attribute value after
//     XML's own normalization; there is no Unicode normalization. A when is
//     absent when it is the zero time, which sorts as the earliest (§2.4).
//   - Two versions tied on the three keys are "identical" (§4.4 step 2),
//     but a faulty endpoint can make two different ones; Compare goes on to
//     further keys so that it is a total order (see Compare). Tied versions
//     whose data or deleted state differ are two changes (TwoChanges: one
//     by changed the item twice in a second from one version, on two git
//     branches, or a peer changed the data without a new version), not
//     identical ones: Merge keeps both, the winner flagged with a record of
//     the other, as for a conflict, rather than drop one (issue 29 item
//     8). Tied versions in other positions are not: layout alone gives an
//     outline another position where the feed carries none.
//   - "No action is required" on identical versions would leave an
//     endpoint that received a version before a conflict was recorded on it
//     without that record for ever. Merge keeps the version and joins the
//     two sides' conflict flags (true if either is) and sx:conflicts.
//   - "The value of the conflict attribute MUST be preserved" (§4.4.1 step
//     2) is the winner's value: the winner's sx:sync is what is kept intact
//     (§4.2), and keeping the local value would make the result depend on
//     which side is local.
//   - In §4.4.1, n = 0 compares with the winner's sx:history, and equal
//     when and by there means the versions are identical (step 2). An nth
//     sx:update that does not exist, the list having been truncated, means
//     no conflict (step 1.4), and the loser's record is lost; the spec
//     accepts this.
//   - §5 keeps one sx:conflict per by but also says "any number of
//     sx:conflict elements may exist without a by value", while its
//     replacement rule replaces an existing record without by. Keeping
//     several would make the list depend on the order of merges, so records
//     without by form one group, like a by of their own. Within a group the
//     greatest version is kept, then the latest when (stated for records
//     without by, used for all), then position and data, then a record
//     that says what its loser was made from (Conflict.From) decide.
//   - On a conflict, the loser's own sx:conflicts join the winner's, so a
//     record is never lost on the way; on no conflict the winner's are kept
//     alone, since an update removes the conflicts it saw (§4.2 step 4).
//     This also drops a record that the updating endpoint never saw, as the
//     spec's own algorithm does.
//   - sx:conflict is "a flat, unordered list"; Merge sorts it from the most
//     to the least winning, so every endpoint writes it in one order and
//     "conflict N" (resolve --pick N) names one record everywhere.
//   - sx:conflict has no deleted attribute, and §5.2 leaves the conflict
//     data to the application: the record of a losing deletion keeps its
//     data and that it was a deletion (Conflict.Deleted; package
//     feeds/sse writes it as fso:deleted="true"), so that picking it
//     deletes the item, and a deletion against an edit stays a clash of
//     the whole item (issue 29 item 1).
//   - 0.91 §5.2 keeps none of the loser's sx:update list, so a record
//     alone cannot tell whether its loser was made from the winner's
//     version before the record's or the two lines parted earlier (each
//     side made its own versions 2 and 3). The record keeps the loser's
//     newest sx:update as Conflict.From (package feeds/sse writes it as
//     fso:fromWhen and fso:fromBy), the version it was made from; none
//     when the loser is version 1 or its list was truncated. It is
//     application data of the record, as §5.2 allows: a record from an
//     implementation that drops it says nothing, and one that says wins
//     over an otherwise equal one that does not (cmpConflict), so that
//     every endpoint keeps the same. Package feeds/threeway combines a
//     record only against the version it names.
//   - Resolution is "a further update" (§5), and every update removes all
//     of sx:conflicts (§4.2 step 4): resolving is for the whole item, not
//     record by record. An item is in conflict when its flag is set or it
//     holds records.
//   - Endpoint ids (by) must be NSS too (§1.2, "all endpoint identifiers").
//   - §3.2 "moved or added to the same location" is a tie on parent and key;
//     the ids then order the items.
//   - An outline whose parent is deleted hangs under its nearest live
//     ancestor, and one whose parent is unknown under the root: no live
//     outline is ever out of the tree.
//   - §4.4.2 cycle detection reparents an item to the root in the tree
//     (Build) and sets its conflict flag (MergeOutline), but does not change
//     its stored position: doing so without a new version would leave
//     endpoints that saw a passing cycle and those that did not with
//     different data under one version, which Merge could never reconcile.
//     To keep an outline where cycle detection put it, resolve it with a move.
//   - An item whose parent is itself has become its own ancestor. An item
//     whose walk up enters a cycle without it is not reparented: the spec
//     reparents only an item that meets itself, and the cycle's lowest id,
//     reparented in its turn, brings the rest back to the root.
//   - §4.4.2 flags the items that "the results of comparison have caused"
//     to become their own ancestors. A cycle that both inputs of a merge
//     already hold was not caused by it: MergeOutline sets conflict="true"
//     only on items it cuts that are not cut in the local items and in the
//     incoming items alike. So merging a feed with itself never invents a
//     conflict, and the rule, the same with the sides swapped, keeps both
//     endpoints of a sync alike. A cycle on one side only (another
//     implementation's, or a hand-edited feed's) is flagged by the first
//     merge with a feed that lacks it.
package sse
