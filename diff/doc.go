// Package diff compares two texts and describes the differences as plain
// data: line edits, word spans, aligned side-by-side rows, unified hunks and
// foldable runs of unchanged rows. It renders nothing and knows no terminal;
// the conflict resolver in tui draws what this package computes.
//
// The package follows "compute, then apply": [Lines] returns [Edit] values
// and [Apply] is a separate step that turns the old text into the new one.
// The views built on the same line diff are:
//
//   - [Words]: the changed words within one pair of lines, as [Span] values;
//   - [SideBySide]: aligned [Row] values, paired changed lines carrying word spans;
//   - [Unified]: [Hunk] values with context, rendered as unified-diff text by
//     [Hunk.String] and [Format];
//   - [Fold]: which runs of unchanged rows a viewer may collapse;
//   - [Chunks]: alternating shared and changed runs, the hunks a merge
//     tool takes from one side or the other;
//   - [TokenEdits]: the edits between two texts cut into tokens ([Tokens],
//     [MarkupTokens], or a caller's own cut), for package merge3, which
//     merges several sides' changes to one base three-way.
//
// For HTML and XHTML, [WordsMarkup], [SideBySideMarkup] and [Chunks] with
// [ByMarkup] read each tag and each entity or character reference as one
// word ([MarkupTokens]), so that no span or hunk cuts one.
//
// Lines end after each "\n"; a final line without one is kept as such, so
// Apply reproduces the new text byte for byte. "\r" of a CRLF ending is part
// of a line's text.
//
// The line diff finds a shortest edit script with Myers' O((N+M)D) algorithm
// in linear space, after setting aside lines that occur on one side only (as
// GNU diff does), so texts with nothing in common cost linear time.
//
// The package uses only the standard library and implements no rule of the
// FeedSync specification; it serves the user interface that presents the
// winning item beside its conflicting versions (spec §3.4 step 1).
package diff
