// Package tui is feedsync's terminal front end: the command line that
// main.go calls, with the scriptable commands (merge, create, update,
// resolve --pick, conflicts, validate, endpoint), the CSE commands, and
// the commands that open the interactive resolver (resolve, demo), which
// lives in the sub-package tui/resolver. Every command goes through the
// same engine and feeds functions as the resolver does.
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
// # git
//
// 'git setup' makes git merge feeds with 'git-merge' (gitmerge.go), a
// merge driver that merges by 1.0.2 §3.3 or 0.91 §4.4 and leaves what
// clashes as sx:conflicts, never as conflict markers, and resolves them
// with 'git-mergetool', the resolver as git's merge tool. gitmerge3.go
// says how the common ancestor, which FeedSync does not need, refines the
// merge; files that are not feeds on both sides go to git merge-file.
//
// Exit codes: 0 success; 1 the written or listed result still holds
// unresolved conflicts; 2 bad usage, invalid input, or any other failure.
// Errors go to standard error, and a command that fails writes nothing.
package tui
