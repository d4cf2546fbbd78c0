// Package share syncs feeds over HTTP: a Hub publishes a feed and
// incorporates what subscribers send it, and a Subscription pulls a
// publisher's feed into a local one and pushes back what it lacks. It is
// the protocol of 'feedsync serve', 'feedsync pull' and 'feedsync sync',
// on FeedSync 1.0.2 (Atom, RSS) and SSE 0.91 (RSS, OPML) feeds alike.
//
// It covers 1.0.2 §1.3 (endpoints that publish and subscribe), §2.2 and
// §2.3 (sx:sharing and sx:related, never republished), and §4 (partial
// and complete feeds, the subscriber and publisher guidelines); and SSE
// 0.91 §2.1 and §2.2 (sx:sharing with since, until and window; the
// complete feed). Feeds are read, merged (1.0.2 §3.3, 0.91 §4.4) and
// written through package feeds/dialect, so a feed with no sync data yet,
// on either side, takes the dialect of the first feed merged with it,
// but for a hub's feed that declares its dialect (below); the hub serves
// a feed with no sync data without sx:sharing.
//
// # Readings
//
// A hub's feed keeps its dialect. It is the dialect of the feed's sync
// data or, while it has none, the one whose namespace it declares
// (dialect.Doc.Declared): an empty SSE 0.91 RSS feed is an SSE 0.91 feed
// to the hub, as its first items would be. A POST of the other dialect is
// refused with 400 and changes nothing, whether or not the feed has items
// yet, and so is a 'feedsync db import' into it: the one rule (admit) is
// both stores'. A POST with no sync data is read in the feed's dialect,
// and refused when its format cannot carry it (an Atom feed to an SSE
// 0.91 hub). Until then an Atom POST to an empty SSE 0.91 RSS feed made
// it a FeedSync 1.0.2 feed: whichever endpoint posted first decided the
// dialect of a feed its keeper had made of the other. Only a feed that
// declares neither dialect (a plain RSS feed or OPML outline) takes the
// dialect of the first POST, as every endpoint does (feeds/dialect). A
// POST of the feed's own dialect to an empty feed keeps the feed's
// shell: its title, its namespaces, the bytes feedsync does not
// understand (TestSuiteFirstPostKeepsTheFeedsShell). The database records
// an empty feed's dialect as "none" (the dialect of its sync data, which
// decides sx:sharing, as the file hub's state does); the dialect it keeps
// is read from its shell, which every merge into it reads.
//
// A hub's answers name the feed as its clients know it, never where the
// server keeps it: NAME for a Dir's or a database's feed at /NAME, "the
// hub's feed" for the one feed of 'feedsync serve FEED', and what a
// client sent as "request body", with the line:col of what is wrong in
// it. A refusal (4xx) says what is wrong in those words; a failure of the
// server (5xx) says that it failed and to see its log, which names the
// files, the database and the error (answerText, both stores). The file
// hub holds its model under the feed's public name for that, and words a
// FEED that does not load with its path, for its log and the command
// that started it (TestSuiteAnswersNameNoServerPath).
//
// # The hub
//
// GET / answers the feed. With a Window it is a partial feed: the items
// most recently incorporated (a count), or incorporated within a span of
// time, with sx:sharing since and until, and an sx:related of type
// "complete" whose link is the absolute URI (1.0.2 §2.3) of the complete
// feed, served at /complete: Options.PublicURL + "/complete", or formed
// from the address the client connected to, where the hub listens; never
// from the request's Host header, which any client can make up and which
// would be published to every reader. Without a Window GET / is the
// complete feed. GETs are served from the hub's model of the feed (see
// Durability): a GET never waits for a POST's merge, and answers only
// what the journal holds: while POSTs are under way it answers at once
// the view it answered last, when that lacks at most the POSTs the last
// fsync made durable, and the model's view once the fsync under way is
// done; it waits for the journal only when it has no such view (the
// first GET, one after a lull). Each feed is rendered once per change, by
// the first GET that asks for it, and its ETag is a digest of the items' sync
// digests and the sx:sharing, known without rendering it, so a
// conditional GET of an unchanged feed costs no rendering. A GET that
// finds FEED changed on disk by another command takes the change in
// first, waiting up to 50 ms for a writer at work (a POST's merge takes
// less); one at work longer takes it in itself.
// Every feed carries since and until, an ETag and a Last-Modified (the
// latest incorporation); a conditional GET of an unchanged feed answers
// 304. The feed's own sx:sharing is replaced by the hub's; its sx:related
// of type "aggregated" are kept.
//
// POST / (or /complete, for a subscriber of the complete feed) with a
// feed body merges it into the feed as a subscriber would
// (1.0.2 §3.3; the poster's sx:sharing is never taken, §2.2). POSTs are
// serialized in the process; each is made durable in the journal before
// it is answered, and FEED is written by the next fold (see Durability).
// A body over Options.MaxBody is refused with 413, one that does
// not load with 400 and its file:line:col problems; the feed is then
// untouched. So is a POST that would take the feed past FeedCap, the size
// limit of what feedsync reads (atomicfile.Limit, 256 MiB unless
// FEEDSYNC_MAX_BYTES raises it) less a headroom: 413, naming the limit,
// so that the fold can write the feed, a restarted hub read it and every
// subscriber download it. The hub keeps a running size of the feed, and
// measures a POST's growth on the items it names alone (size.go). At most Options.MaxPosts POSTs (4) are taken at once, from
// the reading of their bodies to their answers; one beyond waits, its
// body unread, up to PostWait (a quarter of a second: a one-item POST
// takes milliseconds) for one of them to end, and is then refused with 503
// and "Retry-After: 1". Without the wait, a POST sent again after its
// Retry-After found the slots taken by posters that had just been
// answered and sent again at once, and a few of 16 posters at 100k items
// gave up after 10 refusals (BenchmarkHubPosters100k). So the memory the
// POSTs hold has a ceiling of MaxPosts × 3 × MaxBody (768 MiB at the
// defaults) beside the feed's own: a body held parsed takes about twice
// its size, and its garbage up to as much again (TestHubBoundsPostsInFlight
// measures it). A subscriber's POST refused so is sent again after the
// wait asked for (at most 30 s), up to 10 times in all. The answer is a feed holding every item changed after the
// until the poster cached (header FeedSync-Until) that the poster did not
// send as it now is, and every item it sent that the hub holds otherwise
// (an older version: LOCAL restored from a backup), with sx:sharing since that until and until the
// latest stamp; header FeedSync-ETag is the ETag of the feed a GET of the
// same path now answers the poster, who holds all of it.
//
// With Options.Token every request needs "Authorization: Bearer TOKEN"
// (401 without it; the comparison takes constant time), or only POST with
// Options.OpenRead.
//
// # One hub, many feeds
//
// A Dir serves every feed of a folder, DIR/NAME.xml at /NAME and its
// complete feed at /NAME/complete, each through a Hub of its own (its
// stamps, version store and lock in DIR/.feedsync, as for one feed). A
// NAME is letters, digits, '.', '_' and '-', beginning with a letter or
// digit; the path must name it as it is, unescaped: "..", "%2F", "%61",
// a NAME.xml that is a symbolic link (it could lead out of DIR) or a
// directory, and every other path are 404, so that nothing but the feeds
// is ever served. GET / answers the names of the feeds served, one a line
// (text/plain), after looking for feeds added since; a feed added while
// the Dir runs is also opened by the first request for it. A NAME.xml
// that does not load is not served: 500, one line in the log per version
// of the file, the file untouched; it is served once it is fixed. With a
// token for all (Options.Token), GET / needs it too, unless OpenRead; the
// file DIR/.feedsync/NAME.token (DirTokenPath), when present, holds feed
// NAME's own token, which replaces it. A token file that others can read
// is refused and its feed not served. Options.MaxPosts bounds the POSTs of
// all the feeds together (they share one semaphore, Options.Posts), so
// the memory ceiling above holds for the process, not per feed.
//
// # Hubs on PostgreSQL
//
// A DB holds any number of feeds in a PostgreSQL database, and a
// DBServer serves them at /NAME and /NAME/complete as a Dir serves a
// folder's, with the same protocol (the hub suite, suite_test.go, runs
// the same requests against both); any number of DBServers, in any number
// of processes, may serve one database at once, behind any load balancer:
// each request reads or writes the database, so any hub answers any
// request.
//
// The schema (pgschema.go) is made by the first command that connects,
// under an advisory lock, and carries a version; a database of a newer
// one is refused. feedsync_feeds holds a row per feed: its shell (the feed
// as written with its sync items cut out, and the place where they go),
// its stamps (origin, until and the purge mark of "Stamps: since and
// until" below), the XOR of every item's id-and-digest (the same digest
// the file hub's index keeps, for the ETags), its size, and its own token
// (a SHA-256), if any. feedsync_items holds a row per item: its bytes as
// the feed writes them in the shell's context (pgcut.go), its sync digest,
// its stamp, its place in the feed's order, and an OPML outline's parent;
// an outline is stored without the outlines it holds, its position
// (fso:parent, fso:key, fso:version) on its sx:sync, so that outlines set
// side by side load with the places they had. feedsync_versions holds the
// versions that left a feed (what a POST replaced, and what it held that
// the feed now holds otherwise): the version store's bases, which 'feedsync
// db export -o OUT' records in OUT's version store.
//
// A POST costs what it changes: in one transaction it locks its feed's
// row (so POSTs to one feed through any hubs take turns, each merging with
// the result of the one before: two changes of one item through two hubs
// make a conflict, as a merge of the two would), reads the items it names
// (and an outline's ancestors, for 0.91 §4.4.2's cycles), merges into the
// shell and those items in place (dialect.Doc.MergeIn), cuts what the
// merge wrote back into items and writes those that changed, stamped with
// the later of the database's clock in whole seconds and the feed's last
// stamp plus a second (so stamps strictly increase across every hub, and
// no hub's clock counts), updates the row, and answers once the
// transaction has committed. The POSTs to one feed that reach a hub while
// its transaction on the feed is under way are merged together in its
// next one, each an incorporation with a stamp of its own (group commit).
// The transaction takes two round trips to the database, whatever it
// merges (feedTx, its statements sent together in a pipeline): the first
// begins it, locks the row, reads the clock and the items named; the
// second writes the items changed (new ones inserted, the others updated
// in place), the versions that left, the row once (its shell only when
// it changed), reads the items the posters lack, in one query for the
// batch, and commits; an import of many new items copies them (COPY). A
// partial feed's ETag, which a POST answers, reads its window before the
// commit. A hub keeps the feeds' own tokens and checks a request against
// the token its transaction reads from the row (tokenCache), rather than
// reading it first. A POST that would take the complete feed past what
// feedsync reads (Options.MaxFeed) is refused with 413 before it commits.
// A GET reads one snapshot: the feed's row, and for a partial
// feed its window's stamps (feedsync_items_stamp, walked back from the
// latest by the rules of stamps.choose), which give since, until and the
// ETag without reading an item; then the items' bytes, in the feed's
// order, into a spool (memory, then a temporary file) before the answer
// begins, so that the complete feed is streamed from the database at a
// bounded cost in memory and the database going away midway makes a 503,
// never a feed cut short. A POST's answer is written into a spool too, as
// the rows of what its poster lacks come. The shell is written with its
// sx:sharing from a template made once per shape of sx:sharing, its since
// and until filled in (shellInfo.withSharing). The ETag is a digest of the
// shell, the items' digest and the sx:sharing, so every hub answers the
// same one for the same state; 1.0.2's expires is renewed at whole
// multiples of half of Options.Expires since 1970, the same moments on
// every hub. A hub keeps no feed in memory, and what it holds of the
// bodies it answers is bounded whatever the number and the size of the
// database's feeds: each spool holds at most 4 MiB in memory, and the
// spools of the process 64 MiB together (spoolsMemory), the rest in
// temporary files. An OPML outline, which nests, is laid out through its
// Doc, which holds it all (its complete feed, a partial one, a POST's
// answer): the hubs of a process lay out 64 MiB of outlines' bytes at
// once (layoutsMemory), a larger outline alone, the others waiting their
// turn.
//
// A POST answered 200 by one hub is in every hub's next GET: each GET
// reads the database, so there is nothing to notify (LISTEN/NOTIFY would
// only matter to a hub that kept the feed in memory). TestDBTwoHubsConcurrentPosters
// reads each POST back through the other hub right after its answer.
//
// While the database cannot be reached (no server, a connection lost, a
// server shutting down or starting, or, once the hub has used it, a
// server that refuses its new connections: a password changed, a role or
// database dropped) every request is answered 503 with
// Retry-After; the hub logs one line when the outage begins and one when
// it ends, lets its connections go, and connects again by itself. A
// transaction that meets a connection broken while idle is run once more
// on a new one; a merge run twice changes nothing the first did not.
// 'feedsync serve --db' exits 2 when the database cannot be used (a URL
// that does not parse, a password refused, a missing database, a newer
// schema): the message names the host, the port and the database, never
// the password. A server it cannot reach is no such reason, at start or
// later: the issue asks both that an unreachable server exit 2 (item 5)
// and that hubs never exit while the database is unreachable (item 3); we
// read item 5 as the commands' rule and item 3 as the hubs', so that a hub
// restarted during an outage (a deploy, a failover) answers 503 within a
// second of its start and serves once the database is back (DialDB, Ping;
// TestServeDBStartsWhileTheDatabaseIsDown), rather than be down until
// someone starts it again.
//
// # Durability
//
// The hub keeps its feed's model in memory, and an accepted POST costs
// what it changed, whatever the feed's size: its items are merged into
// the model one by one (dialect.Doc.MergeIn, which writes what Merge
// writes), and the changed items, as a feed of their own, with their
// stamps, are appended as one record to the journal,
// .feedsync/FEED.journal.N, and fsynced before the POST is answered. POSTs
// that arrive together share one fsync (group commit). A record is framed
// by its length and a CRC-32C: one cut short or damaged (the hub killed
// while appending it, before it answered) ends the journal and is cut off
// when the hub starts. Damage that sound records follow (the disk's, not
// a kill's: those records were acknowledged) is reported in the log and
// skipped, the records after it are replayed, and the segment is kept as
// found in FEED.journal.N.damaged. Each record names its feed (the
// FeedID of its publisher state, and FEED's file name): another feed's
// records are never replayed, the log names their segment and it is kept
// as found in FEED.journal.N.foreign; records written before records
// named their feed are replayed as before (journalid.go says why). The
// version store records the changed items only. The journal, the state
// and the version store take FEED's mode, .feedsync the same with search
// (atomicfile.ModeBeside): a private feed's are private, and so are a
// subscriber's beside LOCAL. While neither the journal nor a fold can be
// written (a full disk), POSTs and GETs are answered 503 with
// Retry-After: a GET never answers what a kill of the hub would take
// back.
//
// A fold writes the model into FEED atomically under FEED's lock, FEED.bak
// keeping the feed it replaced, then the stamps, then removes the journal
// segments it folded. A fold costs the whole feed, so the hub folds when
// the journal holds 256 records and an eighth of FEED's size (a POST's
// share of the folds is then a few times its own record, at any size of
// feed: at 100k items a fold every ~8,000 one-item POSTs); once no POST
// has come for 100 ms, or for 30 times as long as the last fold took if
// that is longer (about 20 s at 100k items), so that FEED on disk is soon
// what the hub holds, for the commands that read it, while a trickle of
// POSTs does not rewrite a big feed for each; paced so that folds take at
// most a fifth of its time; and when it closes. A fold copies the model while
// POSTs wait (a fraction of a second at 100k items) and writes without
// holding them or any GET.
//
// A start reads FEED and the stamps and replays the journal into them:
// each record is merged into FEED (merging is idempotent, so a record a
// fold already wrote changes nothing) and its stamps taken unless the
// state holds later ones; then it folds. A record that no longer merges
// (FEED edited while the hub was down so that the two disagree) fails the
// start, saying so, and the journal keeps it. So a hub killed at any point
// loses no POST it answered, and a restart keeps every stamp.
//
// Other commands may edit FEED at any time, under its lock. The hub takes
// their change in (on the next GET, POST or fold): FEED as read, with the
// items the journal holds and no fold has written merged into it, so that
// neither side's changes are lost; items whose sync metadata changed get
// a stamp, and a fold follows. Items that vanished from FEED are a purge
// (see below), but not those only the journal holds, which FEED never had.
// A command that reads FEED within the moment before a fold reads it
// without the latest POSTs: its edit of one of their items then meets
// them as a concurrent update does (1.0.2 §3.3), and can be a conflict.
//
// # Stamps: since and until
//
// The publisher stamps each incorporation (1.0.2 §4.2.3): one stamp, a
// time in whole seconds, for every item an incorporation changes (a POST,
// or a change of the feed on disk by another command, found by comparing
// each item's sync metadata with what the state recorded). Stamps strictly
// increase: each is the later of now and the last stamp plus a second.
// They are publisher state, kept in .feedsync/FEED.serve.json beside the
// feed, written atomically at each fold and journalled in between, never
// in the feed; a restart keeps them.
// Beside them, the version store (.feedsync/FEED.versions, package
// feeds/store) records at each save what the hub read (the feed, the
// POST) and no longer holds, and what the save changed, so that a later
// conflict's base is known; a subscriber's save does the same beside
// LOCAL. A store that cannot be used is a warning (the hub's log, the
// subscriber's Warn), never a failed sync.
//
// until is the latest stamp. since is the greatest stamp no longer in the
// feed: that of the newest item left out of the window, or, when none is,
// the state's origin (a second before its first stamp) or the last purge.
// This is §4.2.4's since ("set since to the stored value" of an item
// removed) rather than §4.2.1's literal "the least recently updated item
// in the feed": with it, "since > cached until" (§4.1.2 step 2.1) holds
// exactly when an update the subscriber has not seen has left the feed.
// A subscriber that is merely up to date is never sent to the complete
// feed, and one that missed something always is. Items that vanish from
// the feed on disk (a file replaced by an older copy) are a purge: since
// rises to that incorporation's stamp, so every subscriber reads the
// complete feed and sends back what the hub lost.
//
// In 1.0.2 stamps are written RFC 3339 in UTC ("2005-05-21T11:43:33Z"),
// which collate as strings as §4's footnote asks. In 0.91 they are RFC 822
// dates (§1.2) and since is inclusive, "all items updated on or after"
// it (§2.1): the hub writes since as the greatest stamp left out plus a
// second, and window as the span in whole days (none for a count or a
// span under a day). Since is never after until, which a strict reader
// would reject: so in 0.91 a partial feed never splits an incorporation
// (a window of 3 items after one POST of 13 carries all 13) and a window by
// time with nothing in it carries the latest incorporation; a purge
// reserves the second after it as until; and a POST's answer to a poster
// already up to date has since equal to until. In 1.0.2, whose since is
// not inclusive, none of this is needed and a window by count is exact. expires (1.0.2 §4.2.2) is now plus Options.Expires,
// renewed once half of it has passed.
//
// For an OPML outline, the outlines above those in the window come along,
// so that a partial feed nests as the complete one does.
//
// # The subscriber
//
// A Subscription keeps its state beside LOCAL, in
// .feedsync/LOCAL.sync.json, one entry per publisher URL (without its
// password, fetch.Redacted: a user and password in the URL are sent to
// its origin as HTTP Basic credentials, never stored or shown): the cached
// until, the validators of the last read, and the sync digest of every item
// as the publisher holds it as far as the subscriber has seen. The first
// read, and any read of a feed whose since passes the cached until, reads
// the complete feed named by sx:related (1.0.2 §4.1.1, §4.1.2); so does a
// read later than the last read's expires (1.0.2) or window (0.91), or of
// a LOCAL that lost items the publisher holds. 1.0.2 compares since and
// until as strings; 0.91 as instants, out of sync when since is more than
// a second after the cached until (since is inclusive and times have whole
// seconds).
//
// Out of sync, §4.1.2 step 2.1.2 discards "all items that were not
// created, or most recently updated, by the subscribing endpoint" before
// the complete feed is read. Read literally it would lose what the
// subscriber knows and the publisher does not. feedsync discards an item,
// taking the complete feed's version whole in its place, only when it is
// not the subscriber's own (created or last updated by its endpoint id),
// holds no unresolved conflict, and the complete feed holds a version
// that takes it in (merging the two gives the complete feed's version).
// Every other item is merged with the complete feed's (1.0.2 §3.3): the
// subscriber's own edits and the conflicts it has not resolved survive,
// and so does an item the complete feed lacks.
//
// Sync pushes after pulling: it POSTs the items of LOCAL whose sync digest
// differs from the publisher's (new, changed here, or merged differently),
// not the whole of LOCAL, and merges the answer; afterwards LOCAL holds
// everything the publisher knew. A publisher that is a FeedSync server but
// no feedsync hub (its answer to the POST lacks HeaderETag) took the items:
// a 2xx answer (200, 201, 202, 204) is its word that it did, whatever it
// answers. mesh4x's FeedServlet merges the POST and answers a feed of the
// items then in conflict on its side (all of them, usually none; the
// stand-in in package mesh4xtest answers as it did when run by hand). The
// answer, when a feed, is merged beside what the pull read, LOCAL is
// written with both, the items sent are known to the server as sent, and
// the sync says once that such a server keeps no partial feed for the
// subscriber (Result.NotHub); it is no failure, and a conflict the answer
// brings is LOCAL's to resolve. One answer is no such word: the very feed
// a read of the same sync got (its bytes, or its ETag or Last-Modified),
// which is what a web server serving a file answers to any request,
// leaving the POST unread. Holding none of the items sent, it means the
// server took nothing: an error, and nothing is written. (Before, any
// answer holding none of them was read so, and mesh4x's empty feed of
// conflicts failed the sync.) When LOCAL is as the last sync left it
// and the feed answers 304, a sync reads, merges and writes nothing. LOCAL
// is written once, at the end, atomically and only if it did not change
// on disk meanwhile (else the sync runs again on the new LOCAL); a failure
// writes nothing.
//
// A sync costs what changed, beyond one reading of LOCAL: LOCAL is read
// and parsed once and its items' sync digests computed once; from then on
// only the items of the feeds read are looked at, for a merge changes no
// item that the feed merged in lacks (1.0.2 §3.3 takes remote's items one
// by one), and which items the publisher lacks is followed the same way.
// So a sync of one change sends that one item, merges an answer that
// holds nothing not at all, and writes the state but not LOCAL; LOCAL is
// rewritten only when one of its items changed, streamed to its temporary
// file, and its version store records the items that changed
// (store.RecordChanged). A LOCAL whose bytes would be written otherwise
// (spacing another program wrote) is left as it is until an item changes.
// A LOCAL without sync data yet, one out of sync, and a result written
// elsewhere (Out) are written whole, as a merge writes them.
// BenchmarkSyncOneChange measures a sync of one change at 1k, 10k and 100k
// items.
//
// # Examples
//
// Example serves a hub from Go (NewHub, an http.Handler, here in an
// httptest server on 127.0.0.1) and syncs a new endpoint with it twice;
// 'go doc -http' shows it, and 'go test' runs it.
//
// # Equal sync data, different data
//
// An item's sync digest covers its shared data as well as its sync data
// (each version's, conflicts included). A peer that changes an item's data
// without a new version (implementation note 1 and 0.91 §4.2 forbid it;
// mesh4x does it to Atom content), and one endpoint that changed an item
// twice in one second under one version (on two git branches), make the
// item differ like any change: sync pushes it and the hub merges it. The
// two copies are two changes (engine.TwoChanges, sse.TwoChanges): the
// merge keeps both, the copy whose data digest is greater (engine.Compare)
// as the winner and the other as its conflict, the same on every endpoint
// whichever side merges into which, and merging either copy in again
// changes nothing. The hub stamps the item as changed, and every endpoint
// ends with both copies, in conflict for a person to resolve: neither is
// lost (issue 29 item 8; until then the merge kept the greater digest
// alone and dropped the other copy). The hub logs, and sync warns of, each
// such item a merge meets, once, with both copies' digests and the
// winner's side; a merge that meets a copy the item already holds as a
// conflict says nothing. A state written before digests covered data
// differs from every item once: the first sync after an upgrade sends,
// and the hub stamps, every item again.
package share
