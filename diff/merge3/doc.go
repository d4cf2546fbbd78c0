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
// Each side's changes are found against the base's tokens: those of
// [diff.Tokens] (words, runs of one space character, single marks), with
// markup kept whole in [HTML] and [XHTML] mode. The words (every token but
// white space) are aligned first, by a shortest edit script
// ([diff.TokenEdits]); between two aligned words, a run that holds as many
// words on both sides is compared word by word and gap by gap, and any
// other run is one change, less the tokens it starts and ends with on both
// sides. So a change reads the same whatever else its side changed: a
// word replaced by two is one change, however the spaces around it could
// align. (Neighbouring words that one side replaced by more or fewer
// words are one change of that side: "a b" become "x y z" does not say
// which word became two.) Changes from all sides are set on the base's
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
//
// # White space
//
// [MergeWith] with [Options].Space lets runs of white space compare equal
// (issue 30 item 5): a side's change of white space alone (a gap between
// words made longer, shorter or of other characters: space, tab, line
// feed, carriage return, form feed; a no-break space is a character) is
// set apart from its changes of words. The words merge by the rules
// above; then each change of white space alone is taken where no other
// side's change of words covers one of its tokens or inserts at its
// point, and given up where one does; of two sides' changes of white
// space alone to one place, the one whose text is greater is taken, so
// that the merge does not depend on the order of the sides. A change of
// white space alone is never a clash, and where [Merge] combines,
// MergeWith combines to the same text. In [HTML] and [XHTML] mode white
// space is compared exactly inside pre, listing, plaintext, xmp,
// textarea, script and style, and inside an element whose
// xml:space="preserve" holds (XML 1.0 §2.10), as those keep it as
// written. A change given up joins the hunk of the change it met, where it
// counts for no side (Sides, Kind and Text leave it out) while its side's
// Texts hold it, so that the hunks still give back the base, the merge
// and every side; only one that met two hunks is in neither. [SpaceOnly]
// tells whether two texts differ in white space alone.
//
// # Cost
//
// A merge costs one word diff per side ([diff.TokenEdits]: shortest for
// up to 4,000 words, then piece by piece, near linear in the text) and a
// pass over the changes; BenchmarkMerge measures bases of 1k, 10k and
// 100k words:
//
//	$ go test -run XXX -bench Merge -benchmem ./diff/merge3
package merge3
