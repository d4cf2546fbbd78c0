// Package feeds reads and writes Atom 1.0 and RSS 2.0 feeds that carry
// FeedSync 1.0.2, binding package engine's model to XML with etree.
//
// Parse loads a feed into a Doc: its sync items as engine.Items, in
// document order, several elements with one id merged into one item
// (implementation note 2). Set replaces or appends items; Subset leaves
// items out, for a partial feed (§4); WriteTo writes the feed; Merge
// incorporates one feed into another (§3.3); NewData, Fields, SharedFields
// and Title give access to an item's data. FeedLevel lists what a feed
// holds besides its sync items, which Merge takes from the local feed, and
// TakeFeedLevel takes parts of it from another version of the feed (for
// the git merge driver, which merges three versions). ParseWithProgress
// and MergeWithProgress tell a Progress how many bytes they have read and
// items merged, for a loading screen.
//
// It covers:
//
//   - §1.1: namespaces are matched by URI, never by prefix; FeedSync and
//     Atom may be bound to any prefix or be the default namespace.
//   - §2.1: ids and by are RFC 2141 NSS (engine.ValidNSS); no attribute of a
//     FeedSync element is empty; date-times are RFC 3339 in UTC with "Z" and
//     whole seconds (see Date-times below); foreign markup is kept (§2.1.7).
//   - §2.2, §2.3: sx:sharing and sx:related are read (Doc.Sharing), checked
//     and written (Doc.SetSharing). since and until are opaque strings that
//     collate by code point (§4, footnote 1; Sharing.OutOfSync); they are
//     not dates. A merge never republishes the remote feed's sx:sharing.
//   - §2.4, §2.5, §2.6: sx:sync, sx:history and sx:conflicts, with every
//     MUST checked (updates and sequence from 1 to 2^31-1, booleans exactly
//     "true" or "false", at least one history, each with when or by,
//     conflict versions with the item's id and noconflicts, no conflicts
//     under noconflicts="true"). Items without sx:sync pass through
//     untouched (§2.4). An item whose sync element is another dialect's
//     (SSE 0.91 or pre-1.0 SSE, by namespace) is refused at its place
//     (OtherSync) rather than passed through as an item without sync
//     data: it would drop out of every sync without a word.
//   - §3.1 step 4: a new item is appended at the end of the feed.
//   - §3.3: Merge over whole feeds, with engine.Merge per item.
//   - Implementation note 1 (below) and note 2 (Doc.Items).
//
// # Date-times (§2.1.5)
//
// §2.1.5 asks for RFC 3339 in UTC, ending in "Z", in whole seconds:
// YYYY-MM-DDThh:mm:ssZ, the form feedsync writes for every stamp it
// makes. RFC 3339 allows two more things in that shape, and another
// endpoint may write them: a leap second, 23:59:60Z on the last day of a
// month (RFC 3339 §5.7), and a lowercase "t" or "z" (the NOTE of §5.6;
// §2.1.5's "end in Z" can be read as the uppercase-only limit that NOTE
// lets a specification set, but refusing them would stop a merge over
// what RFC 3339 calls the same instant). feedsync reads both as valid,
// compares them as the instants they are (a leap second after 23:59:59Z
// and before the next day's 00:00:00Z; a lowercase form equal to the
// uppercase one, so that a tie goes to by, §3.3), and writes them back as
// they were read, also in an item it rewrites, so that every endpoint
// keeps the same text for the same stamp and nothing converges on a
// changed value. A 60th second anywhere else, fractions and offsets other
// than Z are still problems. ParseDateTime and DateTime read and write
// this form for other packages.
//
// # Shared and publisher-specific data (implementation note 1)
//
// The note's lists did not survive; feedsync classifies the children of an
// item this way:
//
//   - Atom entry, Atom namespace: title, content, summary and category are
//     shared; id, author, contributor, link, published, updated, rights and
//     source are publisher-specific.
//   - RSS item, no namespace: title, description and category are shared;
//     link, guid, author, comments, enclosure, pubDate and source are
//     publisher-specific.
//   - Atom-namespace elements inside an RSS item follow the Atom list (an
//     atom:link there is publisher-specific).
//   - Every other element, foreign markup and unknown names, is shared.
//   - sx:sync is metadata, neither.
//
// When a version other than the local item's wins a merge, the result has
// the winner's shared elements and sync metadata and keeps the local item's
// publisher-specific elements, start tag and layout. The note does not say
// where the winner's shared elements go; feedsync keeps the local item's
// element order wherever it can, so that an item whose text changed comes
// out laid out as it was, and endpoints that sync through a hub keep their
// files byte-identical. Each of the winner's shared elements, in the
// winner's order, pairs with the first of the local item's shared
// elements with its expanded name after the one the last pair took, and
// takes its place; one left unpaired (the winner added it) follows the
// winner's shared element before it, or goes where the local item's first
// shared element was (first in the item, when it has none); the local
// item's shared elements left unpaired (the winner removed them) drop out.
// The winner's shared elements keep their order, so the shared data (and
// its digest) is the winner's; the rule is deterministic and linear in the
// number of children (interleave, in convert.go). An item of the other
// format is converted first and composed the same way. Fields and
// SharedFields give the shared data alone to diffs and conflict displays;
// a category's value is "term (scheme)" (RSS: "text (domain)"), with " ()"
// after a term that itself ends in "(…)" (CategoryValue), in SSE 0.91 too.
// Published gives a version this endpoint makes the atom:id and
// atom:updated every Atom entry has (RFC 4287 §4.1.2), as publisher.
//
// An Atom text construct of type="xhtml" (RFC 4287 §3.1.1.3) shows, as
// its field's value, the markup inside it: its div. Set to a value, it
// stays XHTML: a div, or other markup or text put in one. A value that is
// not well-formed XHTML is refused (XHTMLError, with its place in the
// value), never written as text with its tags escaped and its type
// dropped, which would lose the markup for every reader; validating a
// feed warns of such a construct that holds no div (XHTMLProblems).
//
// An Atom entry has one atom:content (RFC 4287 §4.1.1.1), and setting it
// follows one rule wherever it is set (update --content, a field edit, a
// resolution; content.go): the content set replaces the entry's
// atom:content in whatever form it has, out of line (src) included, and
// text written into content whose type holds no text (Base64 under a
// media type, §4.1.3.3) takes a text type. Validating notes an entry with
// two, and content with src or in Base64 without an atom:summary.
//
// The engine's Digest of an item's data covers its shared data only and is
// the same in either format: titles, contents (atom:content or RSS
// description, as text; Atom type="xhtml" as the markup inside; an
// atom:content with src counts among the other elements), categories
// (term and scheme, or text and domain; an Atom label is left out), then
// every other shared element in canonical form by expanded name. It is
// computed on first use and kept.
//
// # Reading and writing
//
// Parse reads a feed in one scan of its tokens. It builds the tree of the
// feed-level parts, but not of the items: each item's sync metadata and the
// digest of its shared data are read from the tokens, and where its bytes
// are is kept. An item's tree is built from those bytes the first time
// something needs it (its fields, a change, a merge that takes another
// version's data); most items of a merge are never built. What reads an
// item's data alone (its fields, a merge that composes a winner with the
// local item's publisher-specific data) gets a tree built without the
// history and conflicts of its sx:sync, which a merge writes anew from
// the metadata: most of an item's tree is its history. Reading a feed
// therefore costs about its size in memory, and little more than the scan
// in time.
//
// A Doc never changes what it read. Everything that has not changed since
// it was read is written as the exact bytes it was read from: an unchanged
// feed is written back byte for byte, and so is every unchanged item of a
// changed feed. An item read in another feed (a merge's new item) is
// written as its bytes too when the prefixes in scope there mean what they
// mean here. A changed item is written from its data and its sync
// metadata, through etree (attributes in double quotes, empty elements as
// <x/>, CDATA sections kept): its children as read, with sx:sync written
// anew in its place, or, for data put together by a merge, NewData or a
// change of format, one child to a line at the feed's own indentation.
// An element laid out one to a line at a new depth (a version copied into
// sx:conflicts, 1.0.2 §3.3; a merged winner's shared element in the local
// layout) has its own indentation laid out afresh too, where its white
// space is only that: in element content (children that are elements, and
// white space between them), of a foreign element, an Atom person or an
// Atom source, and of the element content inside them, each white-space
// text's last line becomes the new indentation, its blank lines kept. Text
// is never touched: an element with character data (mixed content), a
// CDATA section or a carriage return written &#13;, xml:space="preserve"
// (on it or around it), XHTML (a pre) or an Atom type="xhtml" text
// construct, and everything inside it, is written byte for byte, and so
// are a title, content, summary and category, whose value is all their
// text. Fields and Digest read such
// indentation only up to its last newline (a field's XML value shows it
// two spaces a level), so the new layout does not change the data, and two
// copies of a version that differ only in it have one digest.
// Writing is deterministic. Elements written under a scope other than the
// one they were read in keep their meaning: a prefix bound there to the
// same namespace is reused, others are declared on the element. A feed that
// did not declare FeedSync declares it on its root once it needs it. Lines
// end as the feed's own do: in a feed whose every line ends in CRLF, what
// is written anew and an item merged in from a feed with LF end theirs in
// CRLF too, and in a feed without CR an item from a CRLF feed gets LF (XML
// 1.0 §2.11 reads every line end as LF, so a reader sees no change). A
// feed that mixes them is written with what each part has.
//
// What a changed item's tree would be written as is mostly its bytes as
// read, so the writer builds no tree where it can prove that: it reads the
// version from its bytes and writes each child as its bytes when etree
// would write every token of it the same (xmlutil.AsRead asks etree's own
// writers), its prefixes mean the same where it is written, and the new
// layout, where there is one, gives its white space what it already has.
// A child it cannot prove so (single-quoted attributes, a reference etree
// would write otherwise, <x></x>, a prefix that needs declaring, white
// space the layout changes) is written through a tree of its own, and a
// version whose sx:sync holds more than its history and conflicts, or a
// conflict version under an sx:sync or sx:conflicts that declares a
// namespace or says xml:space, through its whole tree, so the bytes are
// the same either way
// (TestWritingAsReadIsWritingTrees, FuzzWritingAsRead).
//
// What the engine does not model is kept with the version it belongs to:
// attributes without a prefix and foreign child elements of sx:sync, and
// whether noconflicts or deleted was written as "false" (noconflicts keeps
// the state of the first update, §2.4; an undeleted item says
// deleted="false", §3.2 step 6). Prefixed attributes on sx:sync and unknown
// attributes on sx:history are not kept when an item is rewritten.
//
// # Encodings
//
// A feed in another encoding than UTF-8 is read in any charset of
// golang.org/x/text's IANA index (EUC-KR, Big5, GBK and GB18030,
// Shift_JIS, EUC-JP and ISO-2022-JP, the ISO 8859 parts, the Windows and
// DOS code pages, KOI8, UTF-16, EBCDIC's IBM037 …), a name the index lacks
// as the WHATWG Encoding Standard reads it (GB2312 as GBK): see
// xmlscan.Charset. A byte the charset leaves undefined is refused at its
// place, never read as U+FFFD. The feed is decoded to UTF-8 when it is
// read, and encoded back when it is written (xmlutil.WriteIn): the
// document is kept in UTF-8 in between, and written in the encoding it
// came in, its declaration unchanged. Decoding and encoding back give the
// same bytes, so everything written as read (an unchanged feed, every
// unchanged item) is written byte for byte in its own encoding. A
// character the encoding lacks (a merged item's, an edit's) is written as
// a character reference where XML reads one, in text and attribute values
// (a CDATA section is closed around it); where none can stand, in a name
// or a comment, the feed is written in UTF-8, its declaration saying so,
// rather than lose the character. A UTF-8 feed is neither copied nor
// encoded: the edges cost it nothing.
//
// Keeping the document in its own encoding end to end was the other way:
// the scanner would read every charset's bytes, and every place that
// copies, compares or slices a document's bytes (writing as read, the
// version store's digests, merging items across feeds in different
// encodings) would carry the charset along. Transcoding at the edges keeps
// one encoding inside, costs a feed in another encoding one decoding and
// one encoding, and costs a UTF-8 feed nothing.
//
// # Crossing formats
//
// An Atom feed merges with an RSS feed; items cross into the local feed's
// format. The title, content (atom:content ↔ description; a description is
// HTML, and crosses into Atom as content of type="html", the same text), categories and
// other shared elements cross; comments and text too. The other format's
// publisher-specific elements stay behind: they belong to the other
// publisher and have no counterpart. An entry that comes from RSS gets the
// atom:id and atom:updated that RFC 4287 §4.1.2 requires of every entry
// (Published: the id made from its sync id by EntryID, updated at its
// topmost history's when); they are publisher-specific, which the
// incorporating endpoint may set (note 1). Remote items without sx:sync are not
// brought in; local ones stay. A deleted item keeps its data: a caller that
// wants a bare tombstone updates it with empty data (§3.2, second MAY).
//
// # Problems
//
// A feed that is not well-formed XML, not Atom 1.0 or RSS 2.0, of another
// sharing dialect, or that breaks a MUST above does not load: Parse returns
// Problems, every problem found, each as "file:line:col: element: message".
// Nothing is written from a feed that failed to load.
//
// What RSS 2.0 and RFC 4287 require of an item beyond that does not stop
// a feed from loading: other implementations write such items, and they
// sync as well as any. Incomplete lists them for a validator to warn of,
// from what the parse noted: an RSS item with neither title nor
// description, an Atom entry without atom:title, atom:id or atom:updated,
// or with neither atom:content nor an alternate link (§4.1.2). Published
// gives the versions this endpoint makes an atom:id and atom:updated.
//
// The XML is read strictly, by package feeds/internal/xmlscan: everything
// XML 1.0 and Namespaces in XML 1.0 require of a well-formed document is
// checked (a repeated attribute, an unbound prefix, a reference to a
// character XML does not allow, an XML declaration anywhere but at the very
// start, "--" in a comment are refused), and the entities the document
// type declaration's internal subset declares are expanded (besides the
// five predefined ones), within xmlscan.MaxEntityExpansion bytes in all;
// an external entity is never fetched. The bytes that refer to them are
// kept: an unchanged item is written with its references, a changed one
// with the text they stand for, and an item merged into a feed that
// does not declare the same entities is written with their text too.
// Its cost is bounded by limits, each refused at the place it is passed:
//
//   - elements nest at most 1024 deep;
//   - an element has at most 256 attributes;
//   - an item (an Atom entry, an RSS item) holds at most 100,000
//     elements, itself and its conflict versions included;
//   - beyond 65,536 elements outside the items, a document has at least 8
//     bytes for each such element on average (etree spends about a hundred
//     bytes on an element that a document can write in four).
//
// Problems found in items are placed where the scan met them; etree keeps
// no positions, so those of feed-level elements are found only when there
// is a problem to report: a second pass numbers start elements in document
// order, skipping the items' content, and stops at those of the elements
// concerned (xmlutil.Offsets). Columns count bytes from 1. Merge reports an
// item whose noconflicts differs between the feeds, in both files. Locate
// and SyntaxProblems do this placing for packages that read whole trees
// (feeds/cse); feeds/sse places its findings as this package does.
//
// # Feeds from other implementations
//
// The feeds in testdata/interop, written by other software, are test
// inputs. feedsync decides:
//
//   - mesh4x-rss.xml: loads and round-trips.
//   - mesh4n-feed.sse.xml: loads and round-trips; since and until are
//     opaque tick strings; its topmost history has when and no by, which is
//     valid; its atom:links are publisher-specific.
//   - mesh4x-atom.xml: rejected, its sync id contains a space (not an NSS).
//   - mesh4x-FeedKML.xml: rejected, sx:sync has no sx:history (its history
//     elements are in a namespace literally named "sx").
//   - mesh4x-atomUserFeed.xml, mesh4x-rssUserFeed.xml, mesh4n-Feed.xml:
//     rejected as pre-1.0 SSE (namespace http://www.microsoft.com/schemas/sse),
//     not FeedSync 1.0.2, rather than read as plain feeds whose sync data
//     would silently not take part.
//   - mesh4x-kmlWithSyncInfo.kml: rejected, KML is neither Atom nor RSS.
//   - rome-rss-playlist-sse.xml: rejected as an SSE 0.91 feed. DetectDialect
//     is where support for another dialect would start. It counts SSE
//     0.91's namespace in the http form real feeds use and in the https
//     form of SSE 0.91 §1.1; package feeds/sse loads such feeds.
//
// # Readings of the spec
//
//   - Several items with one id are versions of one item (note 2), merged
//     in document order; while that item is unchanged its elements are
//     written as read, and once changed it is written once, in the first's
//     place. Versions that disagree on noconflicts are reported.
//   - An sx:sharing element outside channel (RSS) is reported; a second
//     sx:sharing in a feed is kept as foreign markup and not read.
//   - A conflict version with sx:conflicts of its own is reported: the list
//     is flat (§3.3).
//   - sx:related link is an absolute-URI of RFC 3986, so it has no fragment.
//   - An RSS feed says version="2.0"; an rss without a version, and RSS
//     0.91 to 0.94, are read as RSS 2.0, their superset, their version
//     attribute left as it is, and validating notes it once (RSSVersion,
//     Doc.Notes). Any other version is refused. Atom 0.3 and RSS 1.0 and
//     0.90 (RDF) are refused with a message that names them
//     (LegacyFormat): FeedSync binds neither.
//   - An sx:sync whose prefix is not declared is reported rather than
//     passed over as foreign markup.
//
// Benchmarks comparing a whole merge with etree alone are in bench_test.go;
// package feedgen generates their feeds.
package feeds
