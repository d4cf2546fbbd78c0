// Package gitmerge is the rule of the git merge driver ('feedsync
// git-merge'), as data: git hands the driver three versions of one feed,
// the common ancestor (BASE), ours (CURRENT) and theirs (OTHER), and
// Merge returns the merged feed and what it did with each item and each
// feed-level part. The driver in package tui reads the files, records the
// versions in the store, writes the result and reports; this package
// decides.
//
// It sits beside package feeds/threeway, which combines the conflict
// versions of one item field by field against their base: threeway works
// inside an item's sx:conflicts, after a merge; gitmerge decides, before
// the spec's merge, which side changed a whole item relative to git's
// ancestor.
//
// FeedSync needs no ancestor: 1.0.2 §3.3 and 0.91 §4.4 merge two feeds
// item by item, and their result for the items does not depend on which
// feed is local. The ancestor serves where git's history says more than
// the sync metadata:
//
//   - An item that one side left as the ancestor has it is taken from the
//     other side whole, as git would take it: its publisher-specific data
//     (an Atom entry's updated, an RSS item's pubDate), which §3.3 would
//     take from the local feed, an edit made without a new sx:history, and
//     a revert to an older version are kept. Items both sides changed are
//     merged by §3.3 (§4.4), and where their changes clash the result
//     holds sx:conflicts. An outline so taken that cycle detection cuts
//     (0.91 §4.4.2: each branch moved one outline under the other) keeps
//     the spec's merge, flagged in conflict (Outcome.Cut): taken whole it
//     would lose the flag and leave a cycle no merge flagged.
//   - The feed-level data (feeds.Doc.FeedLevel: the channel's title and
//     lastBuildDate, Atom's updated, sx:sharing, items without sx:sync...)
//     is not merged by the spec; it is merged part by part as git would:
//     the result is theirs' when ours did not change any, otherwise ours',
//     with the elements that only theirs changed taken from theirs
//     (Doc.TakeFeedLevel: the children of the channel, the Atom feed or the
//     OPML head). A part both sides changed, each differently, is ours' in
//     the file, and Outcome.LevelBoth names it: the driver leaves the path
//     conflicted (exit 1), as git's text merge would, and quotes theirs'
//     (Outcome.LevelTheirs), which git keeps as stage 3, for the person to
//     choose (issue 20). A part only theirs changed that cannot be taken
//     so (an attribute, a comment, items without sx:sync in different
//     numbers) is in Outcome.LevelLost.
//   - An item both sides changed that the spec's merge leaves in conflict
//     is combined three-way (Outcome.Combine; issue 30 item 1): package
//     feeds/threeway, the one three-way rule every front end calls,
//     compares each version with the base, the version BaseOf names, whose
//     data comes from git's ancestor (its version of the item with that
//     topmost history entry), else from a version store (the driver's,
//     beside the feed; a fresh clone has none, and the ancestor alone
//     serves). Where every change is apart (other fields, other words of a
//     text, white space) the item is resolved with the combination: one
//     new version, stamped by the caller, that holds it and folds in every
//     version (1.0.2 §3.4 step 1.3, §4), so that merging either side's feed
//     into the result again changes nothing; in SSE 0.91 a further version
//     (§5), which a peer that still holds the losing version meets as a
//     conflict again, since 0.91 keeps one line of updates per item
//     (§4.4.1) and cannot fold a version in. Each item combines or not on
//     its own: one that clashes (the same words changed two ways, a
//     deletion against an edit, an outline moved to different places)
//     stays in conflict, and the others combine all the same. The
//     ancestor holds where every OPML outline sat, so an outline moved on
//     one side and edited on the other combines (threeway.CombineIn: the
//     place is a field), as git's text merge combines a line moved with
//     an edit elsewhere; one whose place could make it its own ancestor
//     stays in conflict (threeway.Cycle), never resolved out of the flag
//     cycle detection set (as Outcome.Cut keeps it on an outline taken
//     whole). Every plan is made against the spec's merge before any
//     item is resolved, so that none depends on which side is ours. An item either side held in
//     conflict already is a person's, committed so, and is left as it is
//     (ErrHeld).
//   - Items are compared as little as they need: an item whose element is
//     the bytes another version's was read from is that version
//     (dialect.Doc.ItemBytes), which most items of a git merge are; only
//     where the bytes differ on every side are the items' data read, for
//     the digests Items gives.
//   - The feed dates (RSS lastBuildDate and pubDate, Atom updated, OPML
//     dateModified) both sides changed are not a clash: the later is kept
//     (Outcome.LevelDates).
//   - An item one side removed by hand (rather than deleting it, which
//     keeps a tombstone) comes back from the other side: FeedSync cannot
//     tell a removed item from one never synced, and keeping it loses
//     nothing. Outcome.Removed names it.
//
// Without an ancestor (both branches added the file, or it did not load)
// the items are merged by the spec alone and the feed-level data is ours.
package gitmerge
