// Package cse implements Content Sync Extensions (CSE): one-way sync of a
// tree of nested RSS feeds, and the files they link, into a local cache,
// and the publisher's side that keeps the tree's dates consistent.
//
// It is a library that returns data: [Pull], [Fetch], [List], [Stamp],
// [ValidateTree] and [IsCSE]. Pull and Fetch report what they do, as they
// do it, to a [Reporter] and count it in a [Summary]; List gives the cached
// tree as [Node] values. The command line ("feedsync cse", package tui)
// shows them.
//
// # Spec coverage
//
// The spec is ../shared/specs/cse.txt; its headings are cited in doc
// comments and test names.
//
//   - "Extensions": csx:link anywhere below an item, its nestedFeed and
//     onDemand attributes (the onDemand × nestedFeed table), item
//     csx:lastBuildDate, guid (required, unique within the tree) and
//     csx:hiddenItem.
//   - "Sync Algorithm", "Algorithm assumptions" and "Algorithm
//     Definitions": [Pull] and [Fetch].
//   - "Propagating the lastBuildDate to parent feeds": [Stamp], and
//     [ValidateTree], which checks the same invariants.
//   - "Item deletion and cache clean up": after a pull in which every
//     download succeeded, files no cached feed links any more are removed.
//     References are counted over the whole cached tree, so a file stays
//     while any item still links it.
//   - "Namespaces and Version": elements and attributes are matched by the
//     namespace URI [Namespace], never by prefix; see [IsCSE].
//
// Item creation, deletion and update ("Behaviors") belong to whoever edits
// the feeds; stamp does the propagation that must follow.
//
// # Robustness
//
// The spec assumes that nothing deletes cached data and that a sync runs to
// completion; its "robust implementation" note asks for more. The pull
// records, atomically and as it goes, each item whose links are all in the
// cache (its guid and date) and each feed all of whose items are (its date).
// A feed's record is rewritten at most once a second while its items
// complete, when the feed is done, and when the pull is interrupted, so a
// pull costs time linear in the items (rewriting and syncing it per item
// made 10,000 items take 54 s); a crash loses at most the last second of records,
// and those items are downloaded again. Writes are made durable in groups:
// files and their records without a sync each, a feed's record after one
// sync of the file system that makes everything before it durable (see
// BenchmarkPull).
// "Cached feed" and "cached item" in the algorithm are read as those
// records, so an interrupted pull, run again, still finds unfinished work
// newer and does it, and only it. Items the algorithm skips are checked
// against the cache, reading cached feeds from disk: a file deleted by
// another process is downloaded again. A failed download leaves the old
// copy and its record alone, is reported, and the pull goes on; the item
// is not recorded, so the next pull tries it again. A feed that does not
// parse is reported as url:line:col and treated the same way.
//
// Each run has a Budget (DefaultBudget: 4 GiB downloaded, 100,000 new
// items read, 32 nested feeds deep, 1 hour), so that a tree that never
// ends (a chain of nested feeds each nesting the next) or links that drip
// a byte at a time cannot keep a pull going without end. A nested feed
// deeper than the budget's depth is reported as a failed download, not
// followed (*DepthError), and the pull goes on; reaching the size, item
// or time budget stops the pull (*BudgetError) as an interruption does:
// what it downloaded is kept and recorded. Bytes and items count only
// what is new in the run, not what a conditional request finds current,
// so the next pull goes on from where this one stopped.
//
// Downloads are sequential, http and https only (plus local files when the
// root is a local path), within the limits of package fetch, which the
// command line shares: timeouts (30 s to connect, 30 s for the response
// headers, 5 min in all), a size cap (feedsync's one size limit of a
// feed, atomicfile.Limit: 256 MiB unless raised, held in memory; a larger
// Content-Length or file is refused before reading), at most five
// redirects, to http and https only, and conditional GET (ETag,
// If-Modified-Since) when a cached copy exists; a local file's size and
// modification time stand in for its ETag. A local tree is read through an
// [os.Root] on the root feed's folder, so no link, not even through a
// symbolic link, reads outside it, and only regular files are read: a link
// to a FIFO or a device is a failed download, not a hang. One process at a
// time should pull into a cache.
//
// Problems are feeds.Problem values, placed by feeds.Locate and
// feeds.SyntaxProblems as every binding's are: "file:line:col: element:
// message".
//
// # Cache layout
//
// A cache directory holds:
//
//	.cse/root.json                 the URL of the tree's root
//	.cse/entries/<kk>/<key>.json   the record of one downloaded URL
//	files/<kk>/<key>-<name>        that URL's bytes
//
// key is the first 128 bits of the SHA-256 of the absolute URL (after
// resolving it against its feed, without fragment), in hex, and kk its first
// two digits. name is the URL's last path segment, percent-decoded, with
// every byte outside [A-Za-z0-9._-] replaced by "_", leading dots and
// underscores removed, cut to its last 80 bytes, and "index" when nothing
// is left. No part of a link reaches a path except through that name, which
// cannot hold a separator or be "." or "..", so no link, whatever its
// "..", absolute path, percent-encoding or scheme, makes feedsync write
// outside the cache directory. Each record holds the URL, the file, its
// size and SHA-256, the validators for conditional GET, and for a feed the
// dates above. A cached copy whose size or SHA-256 no longer matches its
// record (cut short by another process, or lost to a crash of the system
// after its record was written) is downloaded again, even when the server
// answers 304 Not Modified.
// Every write goes through package atomicfile, file before record, and
// every read, write and removal in the cache goes through an [os.Root] on
// its directory: a symbolic link planted there (at files/, .cse/, a fan-out
// folder) that leads out stops the pull with an error ("path escapes from
// parent") instead of redirecting a write or a removal, and a cached file
// that is a link is replaced or removed itself, never what it points to.
//
// # Readings of the spec
//
//   - Dates are RFC 822, read leniently: an optional weekday (not checked),
//     months as "Oct", "Oct." or "October", one-digit hours ("1:35:12"),
//     optional seconds, two-digit years as RFC 2822 reads them. A date
//     without a zone, like the spec's "Mon, 2 Oct. 2006 12:35:12", is read
//     as GMT; one-letter military zones are read as GMT too (RFC 2822 §4.3).
//     RFC 3339 dates are accepted. stamp writes "Mon, 02 Jan 2006 15:04:05
//     GMT".
//   - An unreadable date is reported, and the item or feed that carries it
//     counts as newer than any cached copy, so nothing is missed.
//   - "Newer (for feed)" falls back to "the item's RSS <pubDate>": read as
//     the first channel's pubDate, then 1601-01-01.
//   - The channel date is RSS's lastBuildDate, in no namespace; the spec's
//     "<csx:lastBuildDate> element as a valid element of <channel>" is read
//     as that.
//   - Items of every channel are synced; only the first channel's date
//     decides whether the feed is newer.
//   - csx:hiddenItem is called both an attribute and an element: both are
//     read. nestedFeed and onDemand are read unprefixed or in the CSE
//     namespace; their values are true/false (and 1/0), anything else is
//     reported and read as false.
//   - Element names are case-sensitive, as in XML: the spec's <csx:Link> is
//     not a link, and validation says so.
//   - A second link flagged nestedFeed in one item is reported and read as
//     a plain link, which the first one then causes to be ignored.
//   - A nested feed link with onDemand=true is not downloaded, and neither
//     are the item's other links, which the nested link causes to be
//     ignored (the spec's item 1).
//   - An item without a guid is reported and still synced, but cannot be
//     matched with its cached copy, so its links are downloaded whenever
//     its feed is newer; the spec's own items 3 and 4 have no guid. A guid
//     repeated within the tree is treated the same way.
//   - Relative links resolve against the feed's URL after redirects.
//   - A pull does not refresh on-demand links fetched earlier; ls shows
//     them stale once their item is newer, and fetch refreshes them.
//   - A feed that is not newer than its cached copy queues nothing new, but
//     its items' cached files are still checked, and any missing is
//     downloaded.
//   - A link that cannot be followed (another scheme, or leaving a local
//     tree) is reported and left out; it does not keep its item from being
//     recorded.
//   - stamp writes each file it changes atomically, keeping the previous
//     version beside it as FILE.bak (package atomicfile). It changes only
//     the date elements it sets, but etree writes the rest back in its own
//     spelling where XML allows several (attribute quotes, character
//     references, empty elements); CDATA sections are kept.
//   - stamp sets a parent item's csx:lastBuildDate equal to the newest of
//     its nested feed's items, as the spec says, even when that makes it
//     older; feeds on the web below a local tree are not fetched.
//   - Feeds are decoded as the bindings decode them (every charset of
//     golang.org/x/text's IANA index, package feeds' doc says how); others
//     are refused at 1:1, naming their encoding. A feed that stamp changes
//     is written back in the encoding it came in (a character it lacks
//     as a character reference).
//   - The spec's example is not well-formed XML: the namespace declaration
//     is unquoted (line 2) and a link is closed by </csx:Link> (line 16).
package cse
