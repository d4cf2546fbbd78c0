// Package mergemodel is the merge view's model, apart from its drawing:
// the fields a person combines, the hunks of each version against the
// winner, what the result holds at each hunk, and the takes, undo and redo
// that change the result. It is the resolver's combining (1.0.2 §3.4 step
// 1.3, 0.91 §5: "combine or otherwise create new data") as data, tested
// without a screen; package resolver draws it and types in it.
//
// A field's result is text the person owns: it starts as the winner's
// value, takes hunks from either side, and can be typed in. Hunks are the
// changed chunks of the winner's value against a version's (diff.Chunks),
// placed by their byte range in the winner's value. What a hunk holds in
// the result is found anew each time by comparing the result with the
// winner: the result's text over the hunk's range is the winner's (Open,
// or Winner when the person took it), the version's, both in either
// order, another version's (exactly what that version has there), or typed
// by hand (anything else, even text that contains a version's). So the
// states stay true whatever the person types, and any version can feed the
// result: switching versions shows that version's hunks against the same
// result.
//
// Shared fields only: publisher-specific data is each publisher's own
// (implementation note 1) and is not merged.
package mergemodel
