// Package mergeview is the resolver's merge view: an item's result, made
// of the winner's fields hunk by hunk, between the winner and each
// conflicting version, where a person combines versions (1.0.2 §3.4 step
// 1.3, 0.91 §5: "combine or otherwise create new data").
//
// Model is the view. The root model of package resolver opens it on an
// item (Open), starts it from the three-way plan when a base is known
// (Combine, the plan of package feeds/threeway), routes messages to it
// (Update), draws it (View), and carries it onto the item's new state when
// the file merges in (Rebase, rebase.go). The view answers with messages:
// DoneMsg (a result to record as the resolution), OpenMsg (hunks are still
// open: ask first), MoveMsg (] or [ went past the item's last or first
// hunk) and LeaveMsg. It does no I/O.
//
// The view is small components, each bubbles-style: the Header (the lines
// above the body and the rule under them, header.go), the Body (the rows
// the layout made, scrolled with its own keys, body.go) and the Editor (the
// result as typed in, a text area a field, with its own keys, editor.go);
// the view itself holds the merge (package mergemodel: the fields, the
// hunks of each version, the results, undo), the version shown and the
// hunk at hand, and what applying asks (apply.go). The layout (layout.go,
// the result's rows in result.go) lays the fields out one version at a
// time (the winner, the result and the version side by side, or the
// result under the two), every version in columns (columns.go, align.go,
// breaks.go; the base in a column of its own where there is room), or the
// base and the sides against it (base.go); what a revision of the result
// gives is worked out once (memo.go). A click takes a hunk or types in the
// result (click.go); W hides the hunks that change white space alone
// (space.go).
package mergeview
