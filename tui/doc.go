// Package tui is feedsync's terminal front end: the command line that
// main.go calls, with the scriptable commands (merge, create, update,
// adopt, resolve --pick, resolve --auto, conflicts, validate, endpoint),
// sync over HTTP (serve, pull, sync), the CSE commands, and the commands
// that open the interactive resolver (resolve, demo), which lives in the
// sub-package tui/resolver. Every command goes through the
// same engine and feeds functions as the resolver does.
//
// resolve --auto and conflicts --json find each conflict's base and
// whether it combines through package feeds/threeway, with the bases the
// version store beside the feed holds (package feeds/store): an item
// whose versions combine without a clash is resolved with the
// combination, one resolution by this endpoint (1.0.2 §3.4 step 1.3, 0.91
// §5); the others are left as they were. When nothing combines nothing
// is written, so that a feed without a store stays byte for byte.
//
// # Layout
//
// The command line is the top floor of the program: it parses arguments,
// reads and writes files, and starts the resolver when a person is at a
// terminal. It therefore sits at tui/ and the Bubble Tea program beneath it
// at tui/resolver, so that every import points down the tree: main → tui →
// tui/resolver → feeds, engine, diff. The resolver knows nothing of flags,
// files or exit codes; it is handed a loaded document, a save function and
// a configuration. (Earlier the command line was tui/cli and imported its
// parent, the resolver; new front ends built on the command line would have
// grown that inversion further.)
//
// # Writing feeds
//
// Every command that writes a feed goes through save.go: the lock on OUT
// held from before the read to after the write, OUT as read when it is
// also an input, the command done again when another writer changed OUT
// behind the lock, the resolver's save checked against OUT as loaded
// (resolver.FileChangedError), and no result written that is larger than
// feedsync reads (package feeds/atomicfile has the rules). Every error
// starts with its command, then, when it is about a feed, the feed's
// name: "feedsync merge: a.xml:3:5: ..." (exitCode, commandText).
//
// # git
//
// 'git setup' makes git merge feeds with 'git-merge' (gitmerge.go), a
// merge driver that merges by 1.0.2 §3.3 or 0.91 §4.4 and leaves what
// clashes as sx:conflicts, never as conflict markers, and resolves them
// with 'git-mergetool', the resolver as git's merge tool. Package
// feeds/gitmerge says how the common ancestor, which FeedSync does not
// need, refines the merge; files that are not feeds on both sides go to git merge-file.
//
// # Sync over HTTP
//
// 'serve' (serve.go) runs a feeds/share.Hub in an http.Server with
// timeouts on every connection, refuses to listen beyond loopback without
// a token, and stops gracefully on SIGINT or SIGTERM; 'pull' and 'sync'
// (sync.go) run a feeds/share.Subscription and report what it did on one
// line. The protocol, its state files and the readings of 1.0.2 §4 are in
// feeds/share.
//
// # The version store
//
// Every command that saves a feed records in the version store beside it
// (package feeds/store; versions.go) the versions it read that the saved
// feed no longer holds, before the save, and what it changed, after: the
// inputs are noted as loaded, before a command changes them in place, and
// the resolver's save, the git driver (gitstore.go, which also records the
// ancestor's versions neither side holds) and the demo (its pair's common
// ancestors) do the same. A result written to standard output or a stream
// records nothing. 'store' (storecmd.go) shows a store and prunes it.
//
// The CSE commands (cse.go) are the command line of package feeds/cse,
// which is a library: cse.Pull, Fetch, List and Stamp return data and
// report progress through a cse.Reporter, which cseprogress.go shows as a
// status line when standard error is a terminal (Env.ErrTerminal, TERM not
// dumb) and as plain lines otherwise. They share the usage framework
// (flags.go, commandUsage), the exit codes and the terminal check
// (term.go) of every other command.
//
// # Help topics
//
// 'feedsync help TOPIC' (helptopics.go) is the reference a user looks up:
// plain text within 80 columns in topics/*.txt, through $PAGER on a
// terminal as git does. What the code knows is filled in from the code:
// the usage lines from the command table, the resolver's keys from its key
// bindings (resolver.KeyTables). Tests fail when a flag a command's -h
// lists, an exit code, a field of 'conflicts --json' or a key binding is
// not documented in its topic, and when a command has no topic.
//
// Exit codes, one meaning for every command:
//
//   - 0 (ExitOK): the command did all it was asked.
//   - 1 (ExitAttention): it finished and wrote its result, but something
//     needs attention, and was printed: the result still holds unresolved
//     conflicts (merge, create, update, adopt, resolve, conflicts, pull, sync,
//     git-merge, git-mergetool); a download
//     failed or a feed has problems (cse pull, cse fetch, cse ls); stamp
//     found problems it could not fix (cse stamp).
//   - 2 (ExitError): bad usage, invalid input, or a failure that stopped
//     the command. A feed command then writes nothing. A panic, which is a
//     bug, is reported on one line and exits 2 (Run).
//   - 130 (ExitInterrupted): an interrupt (Ctrl-C) stopped the command at
//     once, whatever it was doing (interrupt.go); one line says so. A feed
//     command then writes nothing, unless its save had begun, which is
//     finished (an atomic rename); an interrupted cse pull leaves a cache
//     that the next pull resumes.
//
// Errors go to standard error.
package tui
