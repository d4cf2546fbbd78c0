// Package dialect is the one layer between feedsync's front ends (the
// command line, the resolver, and whatever else syncs or merges feeds) and
// the two sync dialects it implements: FeedSync 1.0.2 (packages engine and
// feeds, Atom and RSS) and Simple Sharing Extensions 0.91 (packages
// engine/sse and feeds/sse, RSS and OPML). A front end imports this
// package and none of those four for sync work: every operation here is a
// call into the dialect's engine, and every result is data (entries,
// versions, sync states, histories, places in an outline, typed errors),
// never text for a screen.
//
// Section numbers name their spec: "1.0.2 §3.3" is FeedSync's merge, "0.91
// §4.4" SSE's. FeedSync §4 (history folding) and SSE §4 (its behaviours)
// are different things.
//
// # Loading
//
// Parse reads the first bytes of a feed once to choose its binding: the
// namespace declarations of the root element and, in RSS, of the channel.
// FeedSync 1.0.2 declared there is FeedSync 1.0.2 (as feeds.DetectDialect
// decides); SSE 0.91 in either form (https, as 0.91 §1.1 writes it, or the
// http that real feeds use) is SSE 0.91; an OPML outline that declares
// neither is read by the SSE 0.91 binding, the only one that binds OPML;
// everything else by package feeds, which loads Atom and RSS and refuses
// the rest (pre-1.0 SSE, other roots, XML that is not well-formed) with
// its own file:line:col problems. The feed is then parsed once. A feed's
// items sync in one dialect: an item whose sync element is of the other
// dialect (or of pre-1.0 SSE) than the binding that reads the feed is
// refused at its place, "mix.xml:6:25: sse:sync: SSE 0.91 sync data in a
// FeedSync 1.0.2 feed: …", whichever dialect the feed declares, rather
// than read as an item without sync data, which would drop it from every
// sync without a word. An element named sync in any other namespace is
// foreign markup, kept. Validate
// is Parse's verdict as problems and, for a feed that loads, its warnings:
// SSE 0.91's, and in either dialect one at each item that lacks what its
// format requires of an item (below), sync item or not. Those are
// warnings, not problems: other implementations write such items, and the
// feed loads and syncs; the format is the publisher's concern.
// ParseWithProgress and MergeWithProgress tell a feeds.Progress how far
// they have come (bytes read, items merged), for a front end that shows
// it; without one they cost what Parse and Merge do.
//
// # Feeds with no sync data yet
//
// A feed that holds no sync data (no item with a sync element, and no
// sx:sharing) has no dialect yet: Dialect is None. This is how every
// endpoint starts, from an empty RSS channel or OPML outline that declares
// no sync namespace, or a template that declares one but has no item yet.
// Such a feed takes the dialect of the first feed merged with it, in
// either role, LOCAL or REMOTE: Merge reads it again with that dialect's
// binding, which declares the namespace in the result as soon as an item
// needs it. Feeds that both hold sync data of different dialects are
// refused with a *MixedError, as before. Readings:
//
//   - Formats that cannot carry the other dialect are refused, never
//     dropped: an Atom feed cannot take SSE 0.91 (0.91 binds only RSS and
//     OPML), an OPML outline cannot take FeedSync 1.0.2 (1.0.2 binds only
//     Atom and RSS): *AdoptError naming both feeds. An RSS feed and an
//     OPML outline of SSE 0.91 do not merge either (ssefeed.ErrKind); this
//     holds as well when one of them has no sync data yet, so that the
//     rule does not depend on which side is empty.
//   - A feed with no sync data that declares the namespace of the dialect
//     it does not take loses that declaration, which nothing in it uses;
//     otherwise the result would read as the wrong dialect. When something
//     in the feed is in that namespace, the feed keeps it and the merge is
//     refused (*AdoptError with InUse).
//   - The binding a feed with no sync data is held in decides what Create
//     makes in it: FeedSync 1.0.2 for Atom and RSS, SSE 0.91 for OPML and
//     for a feed that declares SSE 0.91.
//   - Two feeds without sync data merge in a binding that holds both
//     formats, and the result still has no dialect.
//
// # Entries
//
// Entries, Entry and Merge's result give items as Entry values: the
// winner (the item's own state) and the conflict versions in document
// order, each a Version with its sync State (1.0.2 updates, deleted,
// noconflicts; 0.91 version, deleted, conflict flag, or an sx:conflict
// record), its History newest first (sequence or version number, when,
// by), its Fields, computed when asked for, and in OPML its Position.
// Entry.Divergence says where a conflict version and the winner parted.
// Outline gives the tree of an OPML outline, with the Place of each
// version (parent and place among the siblings).
//
// # Feed-level data
//
// FeedLevel lists what a feed holds besides its sync items, part by part,
// which Merge takes from the local feed; TakeFeedLevel takes parts of it
// from another version of the same feed, for a caller that merges three
// versions (the git merge driver, package tui).
//
// # Changes
//
// Create (1.0.2 §3.1, 0.91 §4.1), Update (1.0.2 §3.2; 0.91 §4.2, and §3.2:
// a move is an update) and Resolve (1.0.2 §3.4 and §4; 0.91 §5) return a
// new Entry and change nothing; Set writes it into the Doc. Resolve keeps
// the winner's data or takes a conflict version's (Resolution.Pick),
// overridden field by field by an Edit, and in 1.0.2 may fold in only
// some versions (Resolution.Only; a picked version is always folded in,
// since taking its data factors it in). 0.91 resolves all of an item's
// conflicts at once: ErrNotSelective. Options trim history the way each
// dialect allows (1.0.2 CleanHistory, 0.91 KeepVersions); asking one of
// the other dialect is an *OptionError, and an OPML position asked of RSS
// or Atom an *OPMLOnlyError.
//
// What they write is what the item's format requires, beyond the sync
// spec:
//
//   - Its text (*IncompleteError): an Atom entry has a title (RFC 4287
//     §4.1.2), an RSS item a title or a description (RSS 2.0), an OPML
//     outline a text attribute (OPML 2.0). Create refuses an item without
//     it; Update and Resolve refuse a change that takes it away, but
//     change an item that lacked it already (read from another feed) and
//     let a deletion drop it (1.0.2 §3.2 lets a tombstone lose its data).
//     An empty title counts: the user gave it.
//   - A 1.0.2 Atom entry has an atom:id and an atom:updated (RFC 4287
//     §4.1.2). Every version this endpoint makes (Create, Update,
//     Resolve) is published with atom:updated at the time of its stamp,
//     as the spec's examples move it (1.0.2 §1.4, §3.2, §3.4), and an
//     atom:id, kept or, for an entry without one, made from the sync id
//     (feeds.EntryID: the same at every endpoint). Both are
//     publisher-specific (implementation note 1): the shared data, and so
//     what merges compare, does not change. A merge keeps the local
//     entry's own, as note 1 has it; an RSS item that crosses into an
//     Atom feed gets both (package feeds).
//   - A 1.0.2 Atom entry created without a content gets an empty
//     atom:content: an entry without one needs an alternate link (RFC 4287
//     §4.1.2), which is the publisher's and which feedsync cannot make.
//
// Validate warns of every item of a feed that lacks these: an RSS item
// without title or description, an OPML outline without text, an Atom
// entry without atom:title, atom:id or atom:updated, or with neither
// atom:content nor an alternate link. Conflict versions are not looked at:
// they are not items of the feed.
//
// # Adopting plain items
//
// Adopt brings a feed's items that have no sync data under sync, as if
// each had been created (1.0.2 §3.1; 0.91 §4.1) with one stamp: a sync
// element with an id, updates="1" (0.91: version="1") and one history
// entry (1.0.2: sequence 1), written as the item's last child (an OPML
// outline's first, where package feeds/sse writes it in an outline with
// children) and laid out as its children are. The items that have sync data, and every other
// byte of the feed, stay as they are; the sync namespace is declared on
// the root when neither it nor an RSS channel declares it (as "sx", or
// sx2, sx3, … when sx is bound to something else), and an empty OPML
// outline is opened to hold its child. Package feeds/internal/plain does
// that byte work, reading the feed as Parse reads it (decoded to UTF-8,
// then with the one strict scanner) and finding its items by the rules of
// the bindings. The feed is parsed once, before: the result, its bytes
// with the insertions, is not parsed again (its tests parse every result
// they make, FuzzAdopt among them). A feed in another encoding than
// UTF-8 is written back in it, as every command writes it (package feeds,
// Encodings), and its items get the ids they get in UTF-8.
//
// Ids are made from what the item already holds, so that the same feed
// adopted anywhere gets the same ids: an Atom entry's atom:id (1.0.2 §2.4
// allows the publisher to use it; readers must not assume it), an RSS
// item's guid, an OPML outline's xmlUrl, else its url, else "sha256-" and
// the first 16 hex digits of the SHA-256 of the item's bytes (an outline's
// start tag only: its data, not the outlines below it). NSSOf makes it an
// RFC 2141 NSS (1.0.2 §2.4, 0.91 §2.3); an id taken by an item of the feed,
// synced or adopted before it in document order, gets the first free
// suffix "-2", "-3", ….
//
// Adopt is done once, by one endpoint, and the result shared. The same
// ids are not enough: two endpoints that adopt one plain feed each make a
// first version of every item that differs in by (and perhaps when), so
// neither subsumes the other and a merge keeps both, every item in
// conflict (1.0.2 §3.3, 0.91 §4.4), with nothing lost. The tests show it.
//
// # Sharing and partial feeds
//
// Sharing and SetSharing read and write sx:sharing in either dialect
// (1.0.2 §2.2, §2.3; 0.91 §2.1, §2.2) as one Sharing: since and until as
// Marks (1.0.2's opaque strings that collate by code point, 0.91's
// date-times), 1.0.2's expires, 0.91's window, the sx:related feeds.
// Subset leaves entries out, for a partial feed (1.0.2 §4). Package
// feeds/share publishes and reads partial feeds with them.
//
// # Examples
//
// The examples read a feed (ExampleParse), merge two (ExampleMerge), list
// the items in conflict (ExampleDoc_Entries), resolve one
// (ExampleDoc_Resolve), and start an endpoint from an empty feed
// (Example). 'go doc -http' shows them in a browser; 'go test -run Example
// -v ./feeds/dialect' runs them, as every 'go test' does.
package dialect
