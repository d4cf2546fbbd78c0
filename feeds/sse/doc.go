// Package ssefeed is the XML binding of Simple Sharing Extensions 0.91
// (engine/sse holds the rules): it reads and writes RSS 2.0 feeds and OPML
// outlines that carry sx:sync, with github.com/beevik/etree. The package
// lives in feeds/sse and is named ssefeed so that callers can use it next
// to engine/sse, which they import as sse.
//
// It covers:
//
//   - §1.1: the namespace https://www.microsoft.com/schemas/rss/sse (NS),
//     and the http form real feeds use (NSHTTP). Elements are matched by
//     namespace URI, never by prefix. New elements are written with the
//     prefix and the form the feed already uses (sx and NS in a feed that
//     has none). Is tells an SSE 0.91 feed from the others by its namespace
//     declarations, per feed, as feeds.DetectDialect does.
//   - §1.2: date-times are RFC 822 with a four-digit year, in GMT. They are
//     written back as read: the first text read for an instant is reused
//     for it; new instants are written as "Sat, 21 May 2005 09:43:33 GMT".
//     Ids and endpoint ids (by) must be RFC 2141 NSS (sse.ValidID).
//   - §2.1 sx:sharing (since, until, version, window) in the RSS channel or
//     the OPML head, and §2.2 sx:related (link, title, type, since,
//     until). An sx:sharing under <rss> or <opml> instead is read, with a
//     warning, and left where it is. Merge never takes the remote's.
//     SetSharing writes a publisher's own (in the channel before the
//     first item, or in the head), and Subset leaves items out for a
//     partial feed (§2.2.1).
//   - §2.3 to §2.5 sx:sync (id, version, deleted, conflict), sx:history and
//     sx:update (when, by), in an RSS item or an OPML outline; §5.1 and §5.2
//     sx:conflicts and sx:conflict (version, when, by, with the losing
//     version's data as its children).
//   - §3.1 and §4.3, §4.4 through Merge (sse.MergeFeed, and for OPML
//     sse.MergeOutline, with §3.2 ordering and §4.4.2 cycle detection).
//     Merge takes everything but the items from the local feed;
//     FeedLevel lists that, and TakeFeedLevel takes parts of it from
//     another version of the feed (for the git merge driver).
//     ParseWithProgress and MergeWithProgress tell a feeds.Progress how
//     far they have come, for a loading screen. MergeIn is Merge in
//     place, item by item (§4.4 merges each item with the other feed's
//     of its id alone), in time linear in the remote feed's items, for a
//     hub that keeps its feed in memory: for RSS, and for OPML with
//     §4.4.2's cycle detection kept up to date (see below).
//
// # Errors and warnings
//
// Parse and Validate report every problem, each as a feeds.Problem
// "file:line:col: element: message": XML that is not well-formed (read as
// strictly, decoded from the same encodings and within the same limits as
// package feeds documents), a root that is neither
// <rss> nor <opml>, a FeedSync 1.0.2 or pre-1.0 SSE feed, a missing id or
// version, an id or by that is not an NSS, a version below 1 or not an
// integer, a boolean that is not "true", "false" or empty, an sx:history,
// sx:update or sx:conflict with neither when nor by, a bad date-time, a
// missing sx:history, an empty sx:conflicts, a second sx:sync, sx:history,
// sx:conflicts or sx:sharing, sx:sharing without version, sx:related
// without link or type or with another type, a window that is not a
// number, an outline that its stored positions (fso:parent) put under so
// many others that written back its elements would nest deeper than
// MaxDepth, the reader's limit (1,024): feedsync writes nothing it cannot
// read back, so Merge refuses such a result, and Fits such an item, with
// a *DepthError. What is wrong but readable loads, and is in Doc.Warnings:
// sx:sharing outside channel or head, several items with one id (merged
// into the first, sse.Dedupe), more sx:update elements than the version
// allows, a day of the week that does not match its date, a relative
// sx:related link, a sharing version other than "0.91", an rss version
// other than "2.0" (one of 0.91 to 0.94, or none, read as RSS 2.0, its
// superset: feeds.RSSVersion), unknown SSE elements in sx:sync. Incomplete lists the
// items that lack the text their format requires, an RSS item with
// neither title nor description (RSS 2.0), an outline without a text
// attribute (OPML 2.0): they load and sync, and are not in Warnings, which
// every command prints; a validator warns of them.
//
// # Items and their data
//
// An item's data (sse.Data) is its element's attributes and children but
// white space, sx:sync and, in OPML, the child outlines that carry an
// sx:sync of their own. Outlines without sx:sync are data of the outline
// they are in, or, in the body, kept where they are; an outline with
// sx:sync inside one without is an error, since its place could not be
// synced. Items without sx:sync are passed through. Everything is shared
// (SSE has no publisher-specific data) and a winning version is taken
// whole, "sx:sync element completely intact" (§4.2).
//
// NewData and Title treat as title and content an RSS item's title and
// description elements, and an outline's text attribute and _note
// attribute (the outliners' convention for a note).
//
// Fields and EditData read a category (the RSS 2.0 category element: text
// and an optional domain) as package feeds does in a FeedSync 1.0.2 RSS
// feed, so that one --field value means one thing in both dialects: "text
// (domain)", or "text" without a domain, and " ()" after a text that itself
// ends in "(…)" (feeds.CategoryValue, feeds.ParseCategory). The spec says
// nothing of how fields are named; this reading is feedsync's.
//
// An sx:conflict holds the losing version's data: an RSS item's children
// as its own children, or for OPML an <outline> element with the losing
// outline's attributes and children.
//
// # A deletion that lost
//
// §5.2 gives sx:conflict a version, a when and a by, and leaves "any
// relevant conflict data" to the application; it has no deleted attribute,
// so the record of a losing tombstone would read back as a losing edit,
// and a deletion against an edit would look combinable (issue 29 item 1).
// feedsync marks such a record with an attribute in its own namespace
// (NSOutline, prefix fso, as the outline positions):
//
//	<sx:conflict when="Mon, 2 Mar 2026 09:00:00 GMT" by="alice" version="2" fso:deleted="true">
//	  <outline text="Buy milk"/>
//	</sx:conflict>
//
// The children hold the tombstone's data, as for any losing version. Read
// back, the record is a deletion (sse.Conflict.Deleted): it stays one
// through every merge, picking it deletes the item, and package
// feeds/threeway calls it a clash of the whole item. Another 0.91 reader
// skips the attribute as foreign markup, sees the data, and loses only
// what it never knew; "false" or empty read as not deleted, another value
// is a warning and reads so too. In RSS, a record declares feedsync's
// namespace on itself when the feed does not bind it, never on the root,
// which is each endpoint's own: endpoints that hold the same items hold
// the same bytes, whichever wrote the record first.
//
// In OPML the root declares it when an outline needs position marks or a
// record its marks, whichever merge brought them (see Outline positions),
// and a root's declaration of it (OPML or RSS) goes
// when nothing written uses it any more, once the conflicts are resolved
// and the marks needless: an endpoint that never held the conflict holds
// the same outline without it. A declaration that something other than
// the marks of an item's sx:sync and sx:conflict uses (an element of the
// head, an attribute of the data, another writer's) is the feed's own
// and stays.
//
// # What a losing version was made from
//
// 0.91 §5.2 keeps none of the losing version's sx:update list, so a record
// cannot say whether its loser was made from the winner's version before
// it or from an earlier one (both sides made their own versions 2 and 3),
// and a three-way combination against the winner's version would undo the
// winner's changes the loser never held. feedsync writes the loser's newest
// sx:update (sse.Conflict.From) on the record, in its own namespace:
//
//	<sx:conflict when="Mon, 2 Mar 2026 10:00:00 GMT" by="bob" version="3"
//	    fso:fromWhen="Mon, 2 Mar 2026 09:00:00 GMT" fso:fromBy="alice">
//
// Each is written when the stamp has it, dated as sx:update's when is.
// Read back, package feeds/threeway combines the record against the
// winner's version before it only when it is the one named. Another 0.91
// reader skips them as foreign markup; a record without them (another
// implementation's, or one that dropped them) reads as not saying, and is
// not combined: a person decides, nothing is lost. A value that does not
// read (a fso:fromWhen that is no date, a fso:fromBy that is no NSS,
// 0.91 §1.2) is a warning, and the record reads as not saying.
//
// # Outline positions
//
// An outline's Position (engine/sse) is its parent's id and a sibling key;
// siblings sort by key, then id. OPML holds the nesting but no key, so a
// position is represented in XML as follows.
//
// Reading: the parent is the id of the nearest enclosing outline (""
// under the body). The key is derived from document order: the first
// outline of a list gets "V", each next one the key after its previous
// sibling's (the last character moved to the next of 0-9A-Za-z, or "1"
// appended after "z"), or, when that would not sort below the next
// sibling that carries a key, sse.Between the two. An sx:sync may carry
// the position explicitly, as attributes in feedsync's namespace NSOutline
// (prefix fso unless the feed binds another):
//
//	<sx:sync id="B" version="3" fso:parent="A" fso:key="V" fso:version="3">
//
// fso:version is the sx:sync version they were written for. They are
// used only when fso:key is present and fso:version equals the version,
// and then replace the derived parent and key. Another implementation
// keeps them as foreign markup; when it updates or moves the outline, the
// version moves on, the attributes go stale and are ignored, and the
// position is derived from where it put the outline.
//
// Writing: the body is laid out from the items with sse.Build: every live
// outline under its parent in the tree, siblings by key then id. An
// outline that §4.4.2 cycle detection cut from a cycle is at the root
// (and MergeOutline has set conflict="true" on it); one whose parent is
// deleted or unknown hangs under its nearest live ancestor or the root.
// Tombstones, which the tree leaves out, are written under their nearest
// live ancestor among its children by key. An outline's sx:sync carries
// fso attributes exactly when a reader would not derive its stored
// position from the written document: when it is not written under its
// stored parent, or when its key is not the one derived from its written
// neighbours. Positions therefore survive a round trip, and a change in
// one place adds attributes to at most its neighbours. This holds for
// outlines written as read too, and is decided from the positions alone:
// an outline read with valid attributes that a reader no longer needs (a
// move elsewhere made them needless, or a writer put them where they
// were not needed) loses them, with a declaration of feedsync's namespace
// on its sx:sync that only they used (a PostgreSQL hub stores each
// outline with its marks, declared there), and one read without them that
// now needs them gains them. The namespace has one place, the root: it
// declares it whenever a written outline needs marks or a record has its
// marks, whether they are written anew or as read, and an outline written
// as read loses a declaration of it that the root makes alike, on its
// sx:sync or inside it (as a hub stores outlines, as another endpoint's
// feed brings them, as feedsync wrote a record's marks before), and has
// its valid marks under the feed's prefix (ones read under another
// prefix, which another root binds, are written anew); nothing else of
// its sx:sync changes. So endpoints that
// hold the same items hold the same outlines byte for byte, whatever the
// order of the merges that brought them there, and the endpoint that made
// the marks holds what one that received them by a merge holds: keeping
// the attributes an unchanged outline was read with, or the place its
// declaration had in the feed it came from, would make an endpoint's
// bytes depend on which side a merge started from. A record's marks read
// under another prefix than the feed's are kept as read, declared on the
// sx:sync. Stale attributes (fso:version not
// the version) are foreign markup: kept as read while the outline needs
// none, replaced when it does. An sx:conflict
// carries fso:parent and fso:key (no fso:version) when the losing
// position differs from the item's; without them it has the item's.
//
// # Reading and writing
//
// An RSS feed is read in one scan of its tokens, as package feeds reads
// its feeds: the tree of the channel is built, but not of its items, whose
// sync metadata and data digest are read from the tokens; an item's tree
// is built from its bytes the first time its data is needed. An OPML
// outline, whose items nest, is read into a whole tree.
//
// The parsed tree is never modified, and what has not changed is written
// as read, through etree: the prolog, the channel or head, foreign markup,
// comments, items without sx:sync, and items the Doc still holds as read
// (as etree writes them, but for their tags, see Tags as read; an RSS item
// read without its tree, as the exact bytes it was read from; an OPML outline's sx:sync with its
// position attributes decided anew, see Outline positions). An item whose
// sx:sync changed but whose data did not keeps its element and loses only
// its old sx:sync; other items are written anew from their data, one
// child to a line, indented as the feed indents. An OPML outline keeps
// its children as read while its child outlines are the ones read, in the
// order read; otherwise they are laid out anew. A child of an item's
// data laid out at a new depth (a version copied into sx:conflict, §5.2,
// or written anew in the feed's layout) has its own indentation laid
// out afresh too, as package feeds does for FeedSync 1.0.2 (one predicate
// and one re-layout, in feeds/internal/xmlutil): where its white space
// is only that (element content, of it and of the element content inside
// it) each white-space text's last line becomes the new indentation, its
// blank lines kept.
// Text is never touched: an element with character data (mixed content),
// a CDATA section or a carriage return written &#13;, xml:space="preserve"
// (on it or around it), XHTML or an Atom type="xhtml" text construct, and
// everything inside it, is written byte for byte, and so are an RSS
// title, description and category, whose value is all their text. Fields
// shows such indentation two spaces a level and Digest reads it only up to
// its last newline (the tree and the scan alike), so the new layout does
// not change the data. Prefixes an element brings from
// another feed are declared where it is written. Lines end as the feed's
// own do, CRLF or LF, in what etree writes and in items merged in from a
// feed that ends them otherwise (package feeds says how). Writing is
// deterministic.
//
// # Tags as read
//
// etree writes every attribute in double quotes after one space. So that
// what feedsync does not change keeps its bytes, Parse records the tags
// that etree writes otherwise (xmlutil.RawTags; in a feed feedsync or
// etree wrote, none): an attribute in single quotes; white space in a tag
// other than one space before each attribute (two spaces, a newline,
// space around '=' or before '>', in an end tag); a character written as
// a reference etree does not write (&apos;, &#39;, &#233;) or written
// as etree writes another (a tab or newline in a value, which reads as a
// space); an empty
// element written as a start and an end tag. Everything written as read
// is written with those tags: the root, the channel, head and body, their
// other children, and items and outlines with the elements inside them,
// those a merge takes from the other feed included (each keeps its own
// feed's tags, and an outline the other endpoint wrote is the same bytes
// at both). An item's or outline's start tag keeps them while its
// attributes are the ones read, in their order; an element whose
// attributes feedsync changes is written in etree's form: an sx:sync
// whose version, position marks or declarations change (see Outline
// positions), an item or outline an edit gave other attributes. On the
// root, a declaration feedsync drops (of its outline prefix, once nothing
// uses it) is cut out with the white space before it, and one it adds
// (of the SSE prefix) goes after the last attribute, before the white
// space that ends the tag. Not kept: text, comments, CDATA sections and
// processing instructions inside what is written through the tree are
// written as etree writes them (a reference such as &apos; or &#233; in
// text is written as the character, a '>' as &gt;), as are the tags of
// what is written anew. An RSS item that did not change is copied as its
// bytes, which keeps all of them.
//
// # Readings of the spec
//
//   - An empty when or by is read as absent: its value is the default the
//     spec gives an absent one (§2.4). A when equal to Go's zero time is
//     refused, since the model uses it for "absent".
//   - "Expressed as GMT" accepts the zone written GMT, UT, Z, +0000 or
//     -0000; every other zone is an error.
//   - The spec says "integer" for versions and windows; versions run from
//     1 to 2^31-1 (sse.MaxVersion), windows are non-negative.
//   - sx:sharing's version is required (§2.1); a value other than "0.91"
//     is a warning, not an error.
//   - sx:related's link must parse as a URL; a relative one is a warning.
//   - §2.3 forbids two items with one id; real feeds have them, so they
//     are merged, with a warning, and written as one item in the first's
//     place.
//   - Items without sx:sync are kept; in OPML they cannot hold outlines
//     with sx:sync (an error).
//   - RSS is unordered (§3.1): RSS items have no position; new items go
//     after the last item.
//
// # Cycle detection in place
//
// 0.91 §4.4.2 walks every item's ancestry after each merge, and flags
// every item it reparents, those the remote feed does not hold included
// (but for cycles both feeds held, engine/sse's reading). MergeIn gets the
// same result from the items the merge changed: an outline Doc keeps its
// cycles (sse.CycleSet, made by the first MergeIn in one walk of the
// outline), and since each outline has one parent, a cycle the merge
// makes passes through an outline the remote feed brings and one it
// breaks held one; only the ancestries of those are walked. An outline
// the merge flags without the remote feed holding it (the lowest id of a
// cycle made through it, or of a cycle one side only held) is changed like
// the others: MergeIn names it after the remote feed's, in the feed's
// order. Where an outline is written depends on all its ancestors, so
// MergeIn bounds how deep the merge can nest the outline (the depth it
// kept, raised by as much as the outlines changed moved down); when the
// bound passes MaxDepth it leaves the merge to Merge, which names the
// outline that nests too deep, or merges it. So it does for a Doc Subset
// made.
package ssefeed
