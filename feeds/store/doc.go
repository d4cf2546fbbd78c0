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
// .feedsync/NAME.versions beside the feed NAME, the log: a 30-byte header
// (the line "feedsync-versions", the format number as a big-endian
// uint32, then the file's size after its last compaction as a uint64),
// then records, each its payload's length and CRC-32C (big-endian
// uint32s) and the payload: the key, then the data, strings as uvarint
// lengths and bytes. A store is made whole, header first (written to a
// temporary file and renamed into place). Records are only ever
// appended, so a write cut short (a crash, a kill -9) leaves at most a
// torn last record, which Open ignores and the next writer overwrites.
// No record is longer than MaxRecord (4 MiB), one limit shared by the
// writer, which leaves out a version whose record would be longer (with
// a warning naming it: it will not be known as a base), and the reader,
// to which a longer length is damage: the store never writes what it
// cannot read back.
//
// Damage loses what was damaged, nothing more. A record whose length or
// checksum fails, before the end, is skipped as the hub's journal skips
// one: the reader goes on at the next sound record (where the damaged
// one's length says, when a sound record is there, or else the first
// place one begins), and the warning says how many records were skipped,
// once (the index then covers them). A header damaged before sound
// records is written again; so is one whose format number is damaged,
// which the store tells from a later format where it can (reading): a
// number past 255 is no format a feedsync writes, and a log whose index
// this format made saw the header as this format's (the index keeps the
// header's checksum); a small number with no such index is read as a
// later format. A store emptied or cut short is a warning
// saying what was lost (from its index, which counted it). Only a file
// that is no store at all (neither its header nor a record after it is
// sound), or a store of a later format, which is never misread, is
// renamed aside, NAME.versions.aside-TIME, with one warning, and the
// command goes on with a new store. Nothing is ever deleted but by
// compaction.
//
// The log's format is the one older feedsync wrote (format 1): they still
// read a store this one wrote and append to it, and this one reads theirs
// and indexes it once (see the index, below).
//
// NAME.versions.index, beside it, is the log's index, derived from it and
// never the only copy of anything: its header (the log's end it covers,
// how many versions and items, a checksum of the log's header and last
// 4 KiB before that end, which ties it to that log), then entries sorted by
// key (16 bytes of the SHA-256 of an item's id and history entry, or of
// an item's id), each with the digest's tag and the record's offset, then
// the buckets: the first entry and the CRC-32C of each run of entries
// that share a key's top bits (up to 2^16, about 64 entries each). An
// index that is missing, damaged (a bucket or the header whose checksum
// fails) or of another log (compacted, set aside, copied or cut since) is
// made again from the log, nothing lost. A store of at most 4 MiB has
// none: its records are read at Open.
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
// A command's memory does not grow with its store (issue 29, item 7).
// Open reads the index's header and buckets (at most 786 KiB) and the
// records appended since the index was made, the tail, which it indexes
// in memory (at most tailMax, 4 MiB, of records: past that, or when the
// tail holds damage, the lock is taken and the tail merged into the index
// file). A look-up (Base, and Record's "held already?") reads one bucket,
// about 2 KiB, with pread, and a base one record; nothing is mapped into
// memory. Making an index from a whole log (the first command after an
// upgrade, or after damage to the index) reads the log a 1 MiB window at
// a time and sorts its entries in runs of 4 MiB written to an unlinked
// temporary file beside it, merged as the index is written. Compaction
// reads the log twice a window at a time (what each depth keeps, then the
// records kept, through a 256 KiB buffer) and makes the index of what it
// wrote the same way. What a command writes is made a chunk (256 KiB) at
// a time; the versions it recorded are in the tail until it merges them.
//
// RecordLeft compares each entry read with the saved feed's entry for its
// item: the same entry (an item the command did not touch) costs a
// comparison, and an item read from another feed is compared history
// entry and digest, both read as the feed was parsed, without its data.
// Only the versions to record have their fields computed, each as its
// record is made, under the lock. So a merge that brings 10 changed items
// into a 100k feed appends 10 records (their new versions; the versions
// they replace were recorded when they were new), 4 KB. Base reads one
// record.
//
// # Figures
//
// Whole processes, /usr/bin/time -v, on the 2-core machine here: a
// 45 MiB feed (go run ./feeds/feedgen/cmd/feedgen -n 44000 -o DIR) whose
// store was grown to 247 MiB (611,327 versions of 43,573 items, 14
// rounds of a changed title on every item):
//
//	feedsync merge local.xml remote.xml -o out.xml     247 MiB store 212 MiB, CPU 0.31× (before: 757 MiB); no store 225 MiB
//	feedsync store local.xml                           14 MiB, CPU 0.014× (before: 644 MiB); the first time, making the index, 32 MiB, 1.4 s
//	feedsync store --prune local.xml (176 MiB store)   171 MiB, 102 MiB of it reading the feed, CPU 0.76× (before: 477 MiB)
//
// (medians of 5 runs paired with the build before, taken in turn, the
// machine loaded; a merge with a 124 MiB store, one run: 237 MiB, before
// 495 MiB).
//
// The store's share of a merge, in process:
//
//	go test ./feeds/store -run '^$' -bench . -benchtime 3x -benchmem
//
// BenchmarkRecordSaveFresh is a fresh store's RecordLeft and RecordCurrent
// of a merge of the 100k pair; BenchmarkTenChangedInto100k reports 10
// records, 4347 bytes appended; BenchmarkOpenBigStore opens a store of
// 160,000 versions and looks up 1,000.
//
// Why a log and an index of its own, not an embedded database: go.etcd.io/bbolt
// v1.5.0 and SQLite through modernc.org/sqlite v1.62.0 were built as
// prototypes and measured on the store's access pattern (600,000 records
// of 428 bytes, 257 MB; a merge's 44,000 "held already?" look-ups, 4,400
// bases and 5,000 new records; counting; pruning to 8 versions an item;
// kill -9 while appending; a byte flipped). bbolt maps its file, so what
// a command touches counts in its memory: the merge's pattern peaked at
// 559 MiB, counting at 503 MiB, pruning (deleting, then copying into a
// new file to shrink it) at 1.4 GiB, on a 511 MiB file. SQLite stayed
// flat (31, 24 and 67 MiB; a 340 MiB file). Both survived 5 kills each.
// But neither loses only what was damaged: a byte flipped in the data of
// a record goes unseen by either (only a checksum of our own in the
// record finds it), and one flipped in a page's header made bbolt panic
// and SQLite answer "database disk image is malformed" to a read of every
// record (5 pages of 5 each); the next write would have set the whole
// store aside. The log skips the damaged record and keeps the rest, its
// index is made again from it, and it stays the format older feedsync
// reads and writes.
//
// # Concurrency
//
// Writers take the store's lock as a feed's writers take theirs (package
// feeds/atomicfile: flock(2) on .NAME.versions.lock beside it). Under it,
// a writer first brings its index up to date (what others appended since,
// or the whole file when it is no longer the one it indexed: compacted or
// set aside meanwhile), so that no version is recorded twice, then
// appends, then merges its tail into a new index file when it passed
// tailMax. Readers need no lock: a record is read by its offset in the
// file the index was made from, which stays whole even when another
// writer renames a compacted file over it, and an index file is never
// changed in place, only replaced by rename; a reader that finds the
// index and the log disagree (a compaction between its two opens) takes
// the lock and looks again. Waiting for the lock ends after 10 seconds:
// the versions are then not recorded, with a warning.
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
// it and renames it over the store, then the new index over the old,
// under the lock: it costs two reads and a write of the store, never of
// the feed, and memory for the feed's history entries, not the store.
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
