// Package resolver is feedsync's interactive conflict resolver: the user
// interface that 1.0.2 §3.4 step 1 (FeedSync) and 0.91 §5 (SSE) ask for,
// where a person sees the winning item beside each of its conflicting
// versions and decides.
//
// The resolver works on a *dialect.Doc (package feeds/dialect), a feed of
// either dialect: FeedSync 1.0.2 (Atom or RSS) or SSE 0.91 (RSS or OPML);
// one code path serves both, and the resolver imports neither dialect's
// engine nor binding. Every decision is one call into package dialect, the
// same that `feedsync resolve --pick` makes, and so into the dialect's
// engine:
//
//   - keep the winner (w): Doc.Resolve with the winner's data (1.0.2 §3.4
//     step 1.1, 0.91 §5);
//   - take the version shown (t): Doc.Resolve with that version's data
//     (1.0.2 §3.4 step 1.2), or in 0.91 the sx:conflict's data and, in
//     OPML, its position;
//   - edit (e, or E in $EDITOR): Doc.Resolve with the winner's data and a
//     new title and content (1.0.2 §3.4 step 1.3);
//   - delete or undelete (d): Doc.Update, a 1.0.2 §3.2 update that resolves
//     nothing, or a 0.91 §4.2 update, which removes the conflicts too;
//   - keep every winner (A): one resolution per unresolved item.
//
// Each resolution is an update stamped with Config.By and Config.Now. In
// FeedSync 1.0.2 the versions it factored in are then folded into the
// history (1.0.2 §4), and marked versions (m) make it selective: only they
// are folded in and the others stay in conflict. SSE 0.91 has no selective
// resolution: its resolution is one further update that increments the
// version and removes the conflict flag and every sx:conflict (0.91 §5),
// so m says so and marks nothing. An SSE 0.91 item whose conflict flag is
// set without sx:conflict records (0.91 §4.4.2 cycle detection) is listed
// too; w clears the flag. Decisions never modify an item, so undo and redo
// keep, for every step, the entry before and after it.
//
// The item screen shows the provenance of each side, worded here from the
// data package dialect gives (document.go): for FeedSync 1.0.2 the updates
// count and the topmost history entry; for SSE 0.91 the version, the when
// and by of sx:history or sx:conflict, and the conflict flag; and where
// the two versions diverged. An OPML feed's list is its outline
// (dialect.Outline), with the outlines cut from a cycle (0.91 §4.4.2)
// marked; its item screen compares the positions too (parent and place
// among the siblings), as a field like the others.
//
// # Structure
//
// The root Model routes messages to small components, each with
// Update(tea.Msg), View() string, SetSize and a key map implementing
// help.KeyMap: List (the items in conflict), ItemView (winner and version
// side by side, stacked, or unified; the field-by-field diff from package
// diff), HistoryPane, Editor (with its own line and text inputs), HelpView,
// Confirm and Status. Only Model returns a tea.View. All styles live in one
// Styles value, with a no-colour variant for NO_COLOR (any non-empty value)
// and monochrome terminals that marks changes as [-old-]{+new+}.
//
// Update does no I/O: loading and merging, saving, writing the temp file for
// $EDITOR and reading it back are commands that report with messages. The
// document is written to (Doc.Set) only when a save starts, so a save
// running off the UI thread never sees it change.
//
// Run starts the program; New builds the model for tests and for other
// programs. The demo pair of feeds is in package tui/resolver/demo.
package resolver
