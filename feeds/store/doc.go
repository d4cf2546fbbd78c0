// Package store is the version store beside a feed: the shared data
// (implementation note 1) of the item versions feedsync read or wrote
// that a later conflict may have as its base, the newest version both
// sides of it share (what the resolver shows as "diverged after #1 by
// alice-laptop", dialect.Entry.Divergence), so that Base can give it back. FeedSync keeps no base: an item
// carries its history (1.0.2 §2.5; 0.91 §2.4, §2.5), not the data of its
// earlier versions. The store is never part of a feed and never
// published; it lives in the .feedsync folder beside the feed, with the
// sync state (package feeds/share), which `feedsync git setup` keeps out
// of git.
//
// # Keys
//
// A version is keyed by its item's id, its topmost history entry (1.0.2:
// sequence, when and by; 0.91: the version number and the when and by of
// the sx:history or sx:update that made it; an sx:conflict record's own
// version, when and by) and the digest of its shared data (the digest
// merges compare, the same in Atom and RSS). The spec assumes that the
// entry alone names a version (1.0.2 note 2), but one endpoint editing
// an item on two git branches reuses a sequence with different data
// (issue 20): with the digest in the key both are kept, and Base, which
// is asked by entry alone, returns neither of them rather than a wrong
// base. A version without history has no key and is not recorded.
//
// What is kept of a version is its shared fields as feeds.Field values
// (Key, Label, Value and Type, as Version.Fields gives them, shared ones
// alone: a content of Type "html" or "xhtml" holds markup, which a
// three-way merge must treat as markup), and whether it is a tombstone.
// A record holds the Types as a map by field key (format 1 wrote Atom's
// explicit type attributes alone; a record without one gives no Type). Publisher-specific
// data and sync metadata are not kept: a base is compared by its shared
// data only. Two versions whose data differ only in a text type with
// equal text share a digest; the first recorded is kept.
//
// # The file
//
// .feedsync/NAME.versions beside the feed NAME: a 30-byte header (the
// line "feedsync-versions", the format number as a big-endian uint32,
// then the file's size after its last compaction as a uint64), then
// records, each its payload's length and CRC-32C (big-endian uint32s)
// and the payload: the key, then the data, strings as uvarint lengths and
// bytes. Records are only ever appended, so a write cut short (a crash, a
// kill -9) leaves at most a torn last record: one the end of the file
// cuts short, or the last one, whose checksum fails. Open ignores it and
// the next writer overwrites it. A store of a later format is never
// misread: like a damaged one (a checksum that fails before the end, a
// length past 4 MiB, a header that is not this one) it is renamed aside,
// NAME.versions.aside-TIME, with one warning, and the command goes on
// with an empty store, which it begins again as it records. Nothing is
// ever deleted but by compaction.
//
// # What is recorded, and when
//
// A base is a version that has left every feed that holds the conflict:
// were one of the two conflicting versions' common entry the topmost of a
// version the feed still holds, that version would be an ancestor of the
// other and subsumed by it (1.0.2 §3.3), not in conflict. So what the
// store must hold is what leaves the feed, and every command that saves a
// feed records (RecordLeft), before its save, the versions it read (the
// feed as loaded, before any change in place, and every other feed it
// read: a merge's REMOTE, a hub's POST, a pulled feed, the git driver's
// ancestor) that the feed it saves no longer holds: those it replaced,
// resolved or deleted, and an input's versions the merge did not keep.
// Recorded before the save, they survive a kill between the feed's rename
// and the store's append. After the save it records (RecordCurrent) the
// versions of the saved feed the store does not hold, what the command
// changed, as long as they are at most Budget (5,000); the first save of
// a big feed leaves its current versions to be recorded as they leave.
// A command that knows which items it changed (a sync, which follows them
// one by one) records those with RecordChanged, at the cost of what
// changed, whatever the size of the feed.
// Record records every version of a feed at once, for a caller that wants
// that (a test, the demo).
//
// Readings. The feed is the record of its own current versions: a
// version that leaves it other than through feedsync (a git fast-forward,
// a copy over it, an editor) is not recorded then, and is found only if
// an earlier command recorded it (RecordCurrent records what every
// command changes) or git's ancestor holds it (the driver records it).
// Nothing is guessed where nothing was recorded: a feed copied alone, or
// another implementation's feed, has no base.
//
// # Cost
//
// Open reads the file once and keeps an index in memory: a 128-bit hash
// of every version's key, and of every place (id and entry) with the
// offset of its record. RecordLeft compares each entry read with the
// saved feed's entry for its item: the same entry (an item the command
// did not touch) costs a lookup, and an item read from another feed is
// compared history entry and digest, both read as the feed was parsed,
// without its data. Only the versions to record have their fields
// computed, each as its record is made, under the lock, and the records
// are written a chunk (256 KiB) at a time, then synced: what a fresh
// store records of a big merge (6 MB at 100k items) is never in memory
// at once. A command's garbage counts in its peak until the next
// collection, which a merge's last phases rarely reach, so the store
// makes little: its records reuse one buffer, and fields are read from
// the trees the merge built, without their history (package feeds). So a
// merge that brings 10 changed items into a 100k feed appends 10 records
// (their new versions; the versions they replace were recorded when they
// were new), 4 KB. Base reads one record.
//
// # Figures
//
// The generated 100k pair (package feeds/feedgen, 100 MB a feed; write it
// with go run ./feeds/feedgen/cmd/feedgen -o DIR), `feedsync merge
// local.xml remote.xml -o out.xml`, whole-process figures, medians of
// five runs paired with the same build whose .feedsync is a file, so that
// the store is unused (2 cores, quiet). The command records what its save
// replaces while the new feed is written, on the other core, and waits
// for it before the rename (package tui):
//
//	fresh store (none before):    CPU 0.995×, wall 0.96×, peak memory 1.00× (736 / 736 MiB), 6 MB recorded
//	existing store (same merge):  CPU 0.93×, wall 0.99×, peak memory 0.98× (726 / 738 MiB), nothing appended
//
// A CPU profile of the fresh case puts the store at 6% of the command's
// CPU, most of it the fields of the ~20k versions the merge replaced; a
// fresh store also writes and syncs its 6 MB. The store's own share, with
// what a 10-item merge appends:
//
//	go test ./feeds/store -run '^$' -bench . -benchtime 3x -benchmem
//
// BenchmarkRecordSaveFresh (a fresh store's RecordLeft and RecordCurrent
// of that merge) takes 0.38 s and allocates 71 MB;
// BenchmarkTenChangedInto100k reports 10 records, 4347 bytes appended.
//
// # Concurrency
//
// Writers take the store's lock as a feed's writers take theirs (package
// feeds/atomicfile: flock(2) on .NAME.versions.lock beside it). Under it,
// a writer first reads what others appended since it indexed the file (or
// the whole file, when it is no longer the file it indexed: compacted or
// set aside meanwhile), so that no version is recorded twice, then
// appends. Readers need no lock: a record is read by its offset in the
// file the index was made from, which stays whole even when another
// writer renames a compacted file over it. Waiting for the lock ends after
// 10 seconds: the versions are then not recorded, with a warning.
//
// # Retention and the size cap
//
// A store keeps what its feed may still need as a base: for every item
// the feed holds, the versions named by the KeepDepth (8) topmost history
// entries of its winner and of each conflict version. Compaction keeps
// those and drops the rest (versions of items the feed no longer holds,
// and versions deeper in history). It runs when an append leaves the file
// above the cap (DefaultMaxBytes, 256 MiB; SetMaxBytes) and above twice
// its size after the last compaction, so that a store whose current
// versions alone pass the cap is not rewritten by every command; and on
// demand (`feedsync store --prune`, Prune). If what the policy keeps
// would still fill more than three quarters of the cap, it keeps the
// versions named by the two topmost entries, and then the topmost alone.
// It writes the kept records to a temporary file beside the store, syncs
// it and renames it over the store, under the lock: it costs a read and a
// write of the store, never of the feed.
//
// # Safety
//
// A store is never written through a symbolic link: a .feedsync that is
// a link (or not a folder), or a lock file that is not a regular file,
// leaves the store unused with a warning; a store file that is a link (or
// a folder, a pipe) is renamed aside, the link itself, never followed;
// files are opened with O_NOFOLLOW where the system has it. The store
// holds the data of the feed's items, so its file has the feed's mode
// (0600 when the feed cannot be looked at): a private feed's store is
// private, and one readable more widely than its feed is narrowed by the
// next write. Open never
// fails and Record's error is a warning: a damaged store never blocks a
// merge or a save. Where no store exists (a feed copied alone, another
// implementation's feed) Base finds nothing: no base is guessed. A nil
// *Store is a feed without a store.
package store
