package feeds

import (
	"slices"

	"github.com/beevik/etree"
)

// The content of an Atom entry (RFC 4287 §4.1.3) takes one rule wherever
// it is set, `update --content`, a field edit and a resolution alike
// (NewData and EditData): an entry has one atom:content (§4.1.1.1), and
// setting it to text writes text content.
//
//   - The entry's atom:content, whatever its form, is the one set: text
//     content replaces out-of-line content (src, §4.1.3.2) in its place,
//     and the other way round; never a second atom:content beside it.
//     Removing the content removes it in either form.
//   - Text written into an atom:content whose type holds no text (a media
//     type that is not text/*: Base64, video/mp4 say, or an XML
//     document, §4.1.3.3) takes a text type: its type attribute goes, and
//     so does src. Plain text under type="video/mp4" is what §4.1.3.3
//     forbids. Set to the very text it holds, it is kept as it is.
//
// Validating a feed notes an entry with more than one atom:content, and
// content with src or in Base64 without an atom:summary (Incomplete).

// isAtomContent reports whether kd is an atom:content element, in any of
// its forms (classify makes one with src another element, kindOther).
func isAtomContent(kd kid) bool {
	e := kd.elem()
	return e != nil && e.Tag == "content" && kd.scope.elemURI(e) == NSAtom
}

// addressesContent reports whether an edit of kind k, of the element
// uri local when k is kindOther, sets an Atom entry's atom:content.
func (d *Doc) addressesContent(k kind, uri, local string) bool {
	return d.format == Atom && (k == kindContent || k == kindOther && uri == NSAtom && local == "content")
}

// textContent returns a new element like e, an atom:content, holding
// text: without src, and without a type that holds no text
// (ContentHoldsText). Its other attributes are kept.
func textContent(e *etree.Element) *etree.Element {
	n := e.Copy()
	n.Child = nil
	n.Attr = slices.DeleteFunc(n.Attr, func(a etree.Attr) bool {
		return a.Space == "" && (a.Key == "src" || a.Key == "type" && !ContentHoldsText(a.Value))
	})
	return n
}
