// Package atomicfile is the one way feedsync reads and replaces a file that
// someone else may be writing too: the command line, the resolver, the HTTP
// hub and the git driver all go through it.
//
// # Replacing
//
// New bytes go to a temporary file in the target's folder, named
// .NAME.tmp-PID-RANDOM, which is synced and then renamed over the target,
// so a reader, or a crash, sees the old file or the new one, whole. A save
// never writes more than MaxBytes, the most feedsync reads (SetMaxBytes
// raises it): a result that could not be read back is refused and the file
// left as it was. CommitWith, ReplaceWith and Write take a function that
// writes the output straight into the temporary file, so that a large
// result is never held whole in memory; what it writes is counted (past
// MaxBytes, counted only), and on an error or an oversized result the
// temporary file is removed before anything else happens.
//
// A target that is a symbolic link is written through: the file it points
// to is replaced and the link stays. Backups, the lock file and temporary
// files live beside that file.
//
// # Backups
//
// The file a save replaces is kept as NAME.bak; the one before that moves to
// NAME.bak.2, and so on up to NAME.bak.3 (Backups generations). A backup is
// a hard link to the replaced file where the file system allows it, a copy
// otherwise. Each session keeps one generation, the file as it was before
// the session's first save: a session is a Read and the chain of Commits
// that follow from it (the resolver saving several times), or one call of
// Update, Write or WriteFile (one command). So three sessions in a row leave
// the originals of all three, and a session that saves ten times does not
// push them out.
//
// Backups are regular files. Whatever else sits at a backup's name (a
// folder, a named pipe, a symbolic link) is someone else's and is never
// moved or removed: the chain of generations ends before it, so that
// saves go on with fewer backups; at NAME.bak itself, where the file a
// save replaces must go, the save is refused with a message naming it,
// rather than replace the file without keeping it.
//
// # Read, modify, write
//
// Read returns a Snapshot: the bytes and the identity of the file they came
// from. Commit writes new bytes only if the file is still what the Snapshot
// read (the same file, the same content by SHA-256, or still absent), and
// otherwise returns a *ChangedError (errors.Is(err, ErrChanged)) that
// carries the file's new state, so that the caller can merge it in and
// commit again, or give up; it never overwrites a change it has not seen.
// Snapshot.Digest is that SHA-256, taken as the file was read. A command
// that ends up writing nothing but must know whether what it read still
// stands asks Lock.Unchanged, which says what Commit would; a file whose
// identity (inode, size, modification time) is the one read is not read
// again, as at the check at the rename below.
//
// Every save holds an advisory lock: flock(2) on .NAME.lock beside the
// target (LockFileEx on Windows; no lock where neither exists, and then only
// the check above guards). The lock file stays once a save went through,
// empty but for the pid of the last holder; removing it while nobody holds
// it is harmless. A holder that created the lock file and wrote nothing (a
// command that failed) removes it before it lets go, so that failed
// commands leave no .NAME.lock beside a file they never wrote (not on
// Windows, which does not remove an open file). A writer that was waiting
// on the removed file checks, once it has the lock, that the file it holds
// is still the one at the name, and otherwise locks that one: so the
// writers still take turns. A short
// read-modify-write holds the lock across the whole of it (Update, or
// Acquire, Lock.Read, Lock.Commit, Lock.Release), so that concurrent
// writers take turns and none loses its change. A long one (the resolver,
// which holds a feed for minutes) reads without the lock and checks at
// Commit. Waiting for the lock ends after LockWait with a *LockedError
// (errors.Is(err, ErrLocked)). The lock is advisory: a program that does
// not take it (an editor) can still write the file, and then the check at
// Commit catches it.
//
// # Modes
//
// A file feedsync creates beside a feed, for it, takes the feed's mode
// with the owner's read and write (ModeBeside): the backups made by copy,
// the lock file (its folder's while the target does not exist yet), and
// outside this package the hub's journal, the publisher and subscriber
// state and the version store; the folder .feedsync takes it with search
// where it gives read (MkdirBeside). So a private feed leaves nothing
// beside it that others can read. A replaced file keeps its mode.
//
// # The check at the rename
//
// Commit checks the file when it starts, and again once the new bytes are
// written and synced, just before the rename: writing a large feed takes a
// while, and an editor may save meanwhile. The second look compares the
// file's identity (inode, size, modification time) with the first and
// reads it again only if that differs. There is still an instant between
// that look and the rename, so the file the rename replaces is looked at
// too: on Linux and macOS the new file and the old are swapped in one
// step (renameat2 RENAME_EXCHANGE, renamex_np RENAME_SWAP), and the old
// one, now under the temporary name, is compared with the one checked;
// elsewhere, or on a file system that cannot swap, the old file is linked
// under a second name just before the rename, which keeps an editor's
// write in place though not a save by rename in that instant. When someone
// did slip in, their file is put back and Commit returns a *ChangedError
// with it, as if the check had caught it: the caller merges it in and
// saves again. Should the save's own file have been replaced in turn, so
// that theirs cannot be put back, theirs is kept as NAME.theirs beside the
// target and Commit returns a *KeptError naming it. A file created where
// none was read is linked into place, which fails if someone created it
// meanwhile. So an editor's save is never lost, whenever it comes.
//
// # Left-over temporary files
//
// A save killed before its rename leaves its temporary file. Each save
// under the lock removes the target's temporary files of this package's
// naming whose writer process no longer runs, and any older than StaleAge
// whatever their writer (a pid reused, a file from another machine, or the
// .NAME.tmp-RANDOM naming of earlier versions). Nothing else is touched.
//
// # Reading
//
// Read refuses what is not a regular file (a named pipe would block for
// ever, a device never ends) and stops at MaxBytes instead of reading on.
package atomicfile
