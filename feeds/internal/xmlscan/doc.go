// Package xmlscan reads XML strictly and fast: a tokenizer over a byte
// slice that checks what XML 1.0 (fifth edition) and Namespaces in XML 1.0
// require of a well-formed document, gives each token's byte range, and
// stops at the first violation with its place (SyntaxError).
//
// It is what feeds and feeds/sse read documents with, instead of
// encoding/xml, which accepts documents that are not well-formed (a
// repeated attribute, an unbound prefix, a character reference to a
// surrogate, a misplaced XML declaration) and which is several times
// slower. Besides the well-formedness constraints it checks:
//
//   - the input is UTF-8 (Decode turns a document in any other charset
//     of golang.org/x/text's IANA index into UTF-8 first, refusing bytes
//     the charset leaves undefined, and gives the Charset it came in, which
//     xmlutil.WriteIn writes it back in);
//   - an entity reference is to one of the five predefined entities or
//     to a general entity the internal subset declares, expanded as XML
//     1.0 §4.4 says (in text, and in attribute values with white space
//     made spaces, §3.3.3), its own references in turn, within one bound:
//     the expansions of a whole scan come to at most MaxEntityExpansion
//     bytes, so that no document grows past it ("billion laughs"), and
//     one that tries is refused at the reference that passes it. An
//     entity that holds markup is refused where it is referred to
//     (feedsync expands entities of text: an element out of an entity
//     would have no bytes of its own to be written as). An external
//     entity is never fetched: a reference to one is refused, as is one
//     to an entity that may be declared where feedsync does not read
//     (the external subset, a parameter entity; XML 1.0 §5.1 has a
//     non-validating reader not process the declarations after an unread
//     parameter entity in a document that is not standalone);
//   - a document type declaration's internal subset is read as XML 1.0
//     §2.8 gives it (markup declarations, processing instructions,
//     comments, parameter-entity references, white space), each
//     declaration checked to its grammar; as in expat without
//     parameter-entity parsing, a parameter entity's text is not read and
//     the external subset is never fetched;
//   - Limits on nesting depth and on attributes per element, so that the
//     cost of a document stays proportional to its size.
//
// Names, attribute values and text that need no decoding are not copied:
// they are strings that share memory with the input, which therefore must
// not change while any of them is in use.
//
// Check runs the scanner over a whole document; the tests of every
// package that writes XML use it on what they write.
package xmlscan
