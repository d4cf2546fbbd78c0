// Package threeway combines an item's conflict versions three-way, against
// the version they all started from, for every front end that resolves:
// `feedsync resolve --auto`, `conflicts --json` and the resolver. It
// imports the dialect layer and the text merge (package diff/merge3) and
// returns data: a dialect.Resolution or the clashes.
//
// # The base
//
// FeedSync keeps no base: an item carries its history (who, when, which
// sequence) but not the data of earlier versions. BaseOf finds which
// version the base is, from the histories alone; its data comes from a
// Bases, which package feeds/store keeps beside a feed (and Memory holds
// in memory). Readings:
//
//   - FeedSync 1.0.2: the base is the newest entry of the winner's history
//     that every conflict version's history holds (1.0.2 §2.5, the
//     entries §3.3 subsumption compares). An entry names the version it
//     made, the version whose topmost entry it was, which is the key of
//     its data. Versions created apart share no entry: no base.
//   - SSE 0.91: a conflict record names the version number both sides
//     made (0.91 §4.4.1), and the winner's history names who made the
//     version before it (its sx:history or an sx:update, 0.91 §2.4, §2.5).
//     But 0.91 §5.2 keeps none of the loser's sx:update list: the two
//     lines may have parted earlier (each side made its own versions 2
//     and 3), and then the loser never held the winner's version before,
//     and combining against it would take the loser's lack of the
//     winner's earlier change for a change and undo it. So that version
//     is the base only when the record says its loser was made from it
//     (fso:fromWhen and fso:fromBy, which package feeds/sse reads into
//     dialect.Divergence.From, equal to the winner's entry). A record that
//     does not say (another implementation's, an older feedsync's, or one
//     a peer passed on without them) or names another entry gives no
//     base: the item clashes and a person decides; nothing is lost. With
//     several records, every one must say so, and the oldest such version
//     is the base of them all. A history trimmed past it (0.91 §4.2 step
//     2.3) leaves no base.
//   - Nothing is guessed: no shared entry, or no data for it, is
//     ErrNoBase, and nothing is combined.
//
// # Combining
//
// Combine compares, field by field (feeds.Field keys; FeedSync 1.0.2's
// shared fields, implementation note 1; SSE 0.91 shares all data), the
// winner's and every conflict version's value with the base's:
//
//   - A field no version changed stays. A change one version made, or
//     several made alike, is taken: a new value, a field added, a field
//     removed.
//   - Different changes to a title, content or summary are merged word by
//     word (package merge3): changes made apart combine, changes that meet
//     clash (Why Edits, with the hunks). Title and content are separate
//     fields, so a title changed on one side and a content on another
//     combine. The text's Type (feeds.Field) chooses the tokens: Atom
//     type="html" and an RSS description as HTML, type="xhtml" as XHTML,
//     whose combination must be well-formed, else a clash. Versions that
//     disagree on the type are combined whole (Values).
//   - Every other field, foreign elements above all, is combined whole,
//     as its XML: taken when one side changed it or all alike, a clash
//     (Values) when sides changed it differently.
//   - A field removed by one side and changed by another is a clash
//     (Removed).
//   - A repeated element's fields are keyed by place ({ns}name[1], [2]),
//     so removing or adding one renumbers the rest. A list whose length
//     a version changed is compared whole: taken when one version changed
//     it or several alike, else a clash (Values), never a mix that keeps
//     an element one side removed.
//   - Categories are a set: a category any side removed is gone, one any
//     side added is there once. They never clash.
//   - Two versions that share a later entry than the base (one endpoint
//     merged another's edit, then changed the item again) are combined
//     against that entry too: where its data is not known, or the two
//     combinations differ (a change one side undid would come back), the
//     item is a clash (Nested). 1.0.2 only: an SSE 0.91 conflict record
//     keeps no history to share.
//   - A tombstone among live versions (a deletion against an edit) is a
//     clash of the whole item. Versions that are all tombstones (every
//     side deleted the item) made one change alike, which is taken: the
//     combination is the deletion.
//   - Where an SSE 0.91 OPML outline sits is a field too, combined as
//     the next section says where the base's place is known; where it is
//     not, outlines the versions place apart are a clash of the whole
//     item (Moved): nothing is known to combine them with.
//
// # The place of an outline
//
// An outline's place is its parent and its key among its siblings, which
// sort by key, then id (dialect.Position; 0.91 §3.2 and package
// feeds/sse, Outline positions). A version moved the outline when its
// place is not the base's; another item's move does not change this
// item's place, so siblings that other items moved are no change of it.
// CombineIn, given the feed and Bases that are Places (which know the
// base version's place), combines the place as a field:
//
//   - No version moved it: it stays.
//   - One version moved it, or several moved it to the same place: the
//     move is taken (Resolution.Place), with every other field's
//     combination, the other sides' edits among them: one side's move
//     and another's edit of the text combine, as git's text merge
//     combines a line moved with an edit elsewhere.
//   - The same place is the same parent and the same key, or keys
//     between which no other outline under that parent sorts in any of
//     its versions in the feed (the winner's or a conflict version's,
//     tombstones too): each then puts the outline after the same siblings
//     and before the same others, whatever the merge or a combination
//     makes of them, so two endpoints that moved it after one sibling
//     from feeds whose other outlines differed agree. Of such keys the
//     least is taken, the same on every endpoint. Versions that moved it
//     to different places clash (Moved, key "position").
//   - A taken move must not make the outline its own ancestor. Walking up
//     from the new parent through the parent of every version of each
//     outline on the way (any of them may be what the merge or another
//     combination leaves), meeting the outline itself is a clash (Cycle):
//     the item stays in conflict as the spec's merge left it, with the
//     flag its cycle detection set if it cut it (0.91 §4.4.2), for a
//     person to place. So a combination never makes a cycle for the
//     spec's rule to cut after, and cuts nothing a person did not see.
//     The place the combination leaves is checked whether a version
//     moved the outline or not: resolving an outline that cycle detection
//     cut would drop its flag (package feeds/gitmerge keeps the flag of
//     an outline taken whole so, Outcome.Cut).
//
// Which front ends know the base's place: the git merge driver reads
// git's merge base (BASE), which holds every outline's place (FeedBases),
// and calls CombineIn. The version store keeps data, not places (package
// feeds/store), so `resolve --auto` and `conflicts --json`, whose bases
// come from it, call Combine and clash on a move as before. So does the
// resolver: under `git mergetool` it has git's merge base too, but its
// merge view and C take fields, not places, and the driver has combined
// what combines before the tool opens.
//
// # White space
//
// A change of white space alone (runs of spaces, tabs and line breaks
// made longer, shorter or of other characters, around words that stay)
// is never a clash (issue 30 item 5): runs of white space compare equal
// in the text merge (merge3.Options.Space) where the field's type lets
// them. They do in the text fields of every dialect: Atom type="text",
// whose white space RFC 4287 §3.1.1.1 lets processors collapse;
// type="html" and "xhtml" and an RSS description, as HTML collapses it;
// an RSS title; an SSE 0.91 OPML outline's text and _note, attribute
// values whose literal line breaks XML reads as spaces anyway (a _note's
// paragraphs, written as &#10;, are white space too: reflowing a note
// while another side edits its words combines). They do not inside pre,
// listing, plaintext, xmp, textarea, script or style, nor inside an
// element whose xml:space="preserve" holds (HTML and XHTML text), and not
// at all in a field whose own element is under xml:space="preserve" as
// read (feeds.Field.Preserve, XML 1.0 §2.10). A change of white space
// alone is taken where no other side's change covers that place; where
// one does, that change wins and the white space is given up; two sides'
// changes of white space alone to one place take the one whose text is
// greatest, the same on every endpoint. Values combined whole (foreign
// elements, attributes, categories) compare exactly: their white space is
// theirs to define. Options.ExactSpace turns the rule off, for a person
// who wants every change of white space to count; SpaceOnly tells a
// front end which changes the rule treats as white space alone.
//
// The result is a new version this endpoint makes: Resolution keeps the
// winner (Pick 0), folds in every conflict version and edits the winner's
// data, and for a move taken its place, into the combination, as 1.0.2
// §3.4 step 1.3 allows ("the data may be a combination") and 0.91 §5
// resolves, all of an item's conflicts at once. Fields the winner holds that are not shared
// (publisher-specific, 1.0.2 implementation note 1) are the winner's.
package threeway
