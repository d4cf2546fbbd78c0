// Package tui is feedsync's interactive conflict resolver: the user
// interface that §3.4 step 1 of FeedSync 1.0.2 asks for, where a person sees
// the winning item beside each of its conflicting versions and decides.
//
// Every decision is a call into package engine, the same functions that
// `feedsync resolve --pick` uses:
//
//   - keep the winner (w): engine.Resolve with engine.PickWinner (§3.4 1.1);
//   - take the version shown (t): engine.Resolve with engine.PickVersion (§3.4 1.2);
//   - edit (e, or E in $EDITOR): engine.Resolve with new data made by
//     feeds.Doc.NewData (§3.4 1.3);
//   - delete or undelete (d): engine.Update with engine.Delete or
//     engine.Undelete, a §3.2 update that resolves nothing;
//   - keep every winner (A): one engine.Resolve per unresolved item.
//
// Each resolution is a §3.2 update stamped with Config.By and Config.Now,
// after which the versions it factored in are folded into the history
// (§4). Marked versions (m) make it selective: only they are folded in and
// the others stay in conflict. The engine never modifies an item, so undo
// and redo keep, for every step, the items before and after it.
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
// document is written to (feeds.Doc.Set) only when a save starts, so a save
// running off the UI thread never sees it change.
//
// Run starts the program; New builds the model for tests and for other
// programs. The demo pair of feeds is in package tui/demo.
package tui
