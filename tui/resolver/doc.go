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
//   - combine (e in the merge view, or E in $EDITOR): Doc.Resolve with the
//     winner's data and an Edit of the fields the person changed: title,
//     content, and any other shared field by key (1.0.2 §3.4 step 1.3:
//     "combine or otherwise create new data"), the same resolution as
//     `resolve --pick winner --title T --content C --field KEY=VALUE`;
//   - delete or undelete (d): Doc.Update, a 1.0.2 §3.2 update that resolves
//     nothing, or a 0.91 §4.2 update, which removes the conflicts too;
//   - keep every winner (A), or take every version one endpoint made (T):
//     one resolution per unresolved item, of those the filter shows when
//     one is on;
//   - combine every item that combines (C): one resolution per
//     unresolved item whose three-way merge against its base has no
//     clash, with that combination as its Edit (1.0.2 §3.4 step 1.3), of
//     those the filter shows when one is on.
//
// # The base
//
// FeedSync keeps no base, the version both sides of a conflict grew
// from; the version store beside the feed does (package feeds/store), and
// under git mergetool git's BASE. Config.Bases gives it (bases.go): for
// the winner and every conflict version, the newest history entry they
// all share (1.0.2: Entry.Divergence's Common; 0.91: the winner's entry
// for the version before the one a conflict record names), the same for
// each version, or none (nothing is guessed). The bases are looked up in
// the load command, off the UI thread, with the plan of package
// feeds/threeway, the one three-way rule: the list's "combines", C, the
// merge view's start and the $EDITOR sheet's start read it, as `resolve
// --auto` and `conflicts --json` do (issue 29 item 2). With a base, the
// merge view starts from the plan (package mergemodel, threeway.go): what
// one side changed is taken and marked combined (=), the clashes (!) are
// the only open hunks, the header counts them as the result stands ("2
// clashes, 5 combined"), and u undoes the combining in one step; o shows the base and each side's word diff
// against it. The list marks the items that combine, which C resolves.
// The base is in every view (issue 30 item 3): the item screen's rule of
// each field says which side changed it against the base; the merge
// view's = says whose change the start took; every version in columns
// shows the base's column first where the terminal has room for it, and
// says in each field's rule which columns changed it where it has not;
// the file for $EDITOR holds the base beside the versions, its result
// starting as the merge view's.
// W hides the changes of white space alone that feeds/threeway's rule
// lets compare equal (issue 30 item 5), on the item screen (itemspace.go)
// and in the merge view (mergeview/space.go) alike: one setting, which
// the root keeps the same in both (mergeview.SpaceMsg, Model.toggleSpace).
// Applying a result with hunks still open asks first. On the item screen
// c puts another side on the left, in place of the winner: each other
// version in turn, then the base (itemcompare.go), so that any two
// versions are compared word by word, or a version with where it started;
// the header says what is compared, and w and t still keep the winner and
// take the version on the right.
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
// The screens and dialogs speak plain words; the help overlay (?) says
// where the rules behind the keys come from, each section with its dialect
// ("1.0.2 §3.4", "0.91 §5"), since the two number their sections
// differently (helpview.go).
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
// help.KeyMap: List (the items in conflict, with a filter), ItemView (winner
// and version side by side, stacked, or unified; the field-by-field diff
// from package diff; search, changes, markup rendered), HistoryPane,
// the merge view (package mergeview: the result between the winner and a
// version, hunk by hunk, made of a header, a body and a result editor;
// package mergemodel is its model, tested without a screen), XMLView,
// HelpView, Confirm, Prompt and Status. Only Model returns a tea.View. The
// helpers the views share to draw (styles, wrapping, painting, the scroll
// keys) are package draw; the text inputs, package textedit. All styles
// live in one draw.Styles value, made for a
// Look: colours for a dark or a light background, or none (NO_COLOR, any
// non-empty value, and monochrome terminals: terminal.go), which marks
// changes as [-old-]{+new+}, as --markers does in colour.
//
// Saving never loses work silently (saving.go): the merge's changes count
// as unsaved work, a save that finds the file changed on disk offers to
// merge its new state in (1.0.2 §3.3), any other failure offers to save
// elsewhere (as S does at any time, Backend.SaveAs; a path it
// refuses stays in the prompt, to correct), and Run's Result says how the
// session ended in one line.
//
// A merge-in keeps the session's decisions (mergein.go): the list and the
// count keep them and take in the items the file's new state brought into
// conflict, and each item the merge changed is marked "changed on disk".
// Undo still reaches every decision. After a merge-in, undoing a decision
// puts its item as the merge-in would have left it had the decision not
// been made: the state before the decision, merged with the file's new
// state (1.0.2 §3.3, 0.91 §4.4), so its conflicts come back as they stand
// in the merged state, with whatever the other writer did to it; redo puts
// back the merged state with the decision. The one thing that cannot be
// undone is a decision the file's new state already holds (one saved
// before the file changed): the merge keeps it either way, so it leaves
// the journal, and the message says how many did. A merge view open
// while the file merges in is carried onto the item's merged state
// (mergeview.Model.Rebase): the result the person made is kept, the versions it
// settles are mapped by their sync history, never by index, a version the
// file brought is shown before the result can settle it, and the first
// apply after the carry is refused with what changed on disk, so no
// version is settled that the person was not shown (1.0.2 §3.4).
//
// Update does no I/O: loading and merging, saving, merging a changed file
// in, writing an item's XML, writing the temp file for $EDITOR and reading
// it back are commands that report with messages. The
// document is written to (Doc.Set) only when a save starts, so a save
// running off the UI thread never sees it change.
//
// The list's filter looks in an index of each item's folded text, built
// by commands from the first time the filter is opened (filterindex.go;
// not at load, for the memory it keeps), so that a keystroke
// costs what matching costs, not folding every item's text: at 100k items
// the first one took 6 s of work (issue 21 item 5). Until the index is
// complete the filter shows the matches among the items indexed, says
// "searching…", and adds each chunk's matches as it comes.
//
// Run starts the program; New builds the model for tests and for other
// programs. The demo pair of feeds is in package tui/resolver/demo.
package resolver
