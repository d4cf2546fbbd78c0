// Package merge3 merges texts three-way: given the base text that several
// sides started from and each side's text, it finds what each side changed
// against the base, word by word, and combines the changes that do not
// meet. The result is data: the [Hunk] list, each hunk unchanged, changed
// by one side, changed alike by several, or a clash, and the merged text
// when nothing clashes. It renders nothing and, like package diff whose
// tokens and edits it uses, depends on the standard library only.
//
// # Rules
//
// Each side's change is the shortest token edit script from the base to
// that side ([diff.TokenEdits]); tokens are those of [diff.Tokens] (words,
// runs of one space character, single marks), with markup kept whole in
// [HTML] and [XHTML] mode. Changes from all sides are set on the base's
// tokens and gathered into hunks:
//
//   - A change only one side made is taken ([OneSide]).
//   - The same change made by several sides is taken once ([Same]).
//   - Changes by different sides that overlap or touch are one hunk; if
//     the sides' texts for it differ it is a [Clash]. A deletion against an
//     edit of the same words is a clash.
//   - Adjacency: two changes combine only when at least one token that no
//     side changed lies between them. Edits to neighbouring words, with the
//     space between them unchanged, combine; two insertions at the same
//     point by different sides are a clash whatever they insert, since no
//     order of the two is right more often than the other.
//   - A pure insertion or deletion that could sit at several places with
//     the same effect (deleting " b" or "b " from "a b c") is placed
//     leftmost, then moved right within those places when that keeps it
//     apart from another side's change before it. It is never moved away
//     from another side's insertion it could share a point with: those
//     still clash.
//
// # Markup
//
// In [HTML] and [XHTML] mode tags, comments, CDATA sections and entity or
// character references are single tokens, so a hunk never splits a tag:
// an attribute changed by one side and the text beside the tag changed by
// another still combine when a token lies between them, while two
// changes to the same tag clash. In [XHTML] mode the combined text must be
// well-formed (encoding/xml, strict, inside one wrapping element); if it
// is not, every combined hunk that holds markup (or, if none does, every
// combined hunk) becomes a clash. A combination is never escaped into
// text.
package merge3
