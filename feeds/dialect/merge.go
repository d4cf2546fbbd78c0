package dialect

import (
	"bytes"
	"io"
	"slices"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Merge incorporates remote's items into local's (1.0.2 §3.3; 0.91 §4.3,
// §4.4) and returns the result as a new Doc; neither input changes. The
// result is local's feed with the merged items (see feeds.Merge and
// ssefeed.Merge).
//
// Two feeds that both hold sync data must be of one dialect: otherwise
// Merge returns a *MixedError. A feed with no sync data yet takes the
// dialect of the other, in either role: it is read again by that
// dialect's binding, which declares the dialect's namespace in the result
// once an item needs it. Where its format cannot carry that dialect (SSE
// 0.91 binds only RSS and OPML, FeedSync 1.0.2 only Atom and RSS), Merge
// returns an *AdoptError and never drops anything. Two feeds without sync
// data merge in a binding that holds both formats, if there is one.
func Merge(local, remote *Doc) (*Doc, error) {
	return MergeWithProgress(local, remote, nil)
}

// MergeWithProgress is Merge, telling p how many items it has merged, as
// the dialect's binding counts them (feeds.MergeWithProgress,
// ssefeed.MergeWithProgress).
func MergeWithProgress(local, remote *Doc, p feeds.Progress) (*Doc, error) {
	ld, rd := local.Dialect(), remote.Dialect()
	if ld != None && rd != None && ld != rd {
		return nil, &MixedError{Local: local.Name(), Remote: remote.Name(), LocalDialect: ld, RemoteDialect: rd}
	}
	want := ld
	switch {
	case want == None && rd != None:
		want = rd
	case want == None:
		want = local.binding()
		if !want.carries(remote.Format()) && remote.binding().carries(local.Format()) {
			want = remote.binding()
		}
	}
	l, err := local.as(want, remote.Dialect() != None, remote.Name(), remote.namespace(want))
	if err != nil {
		return nil, err
	}
	r, err := remote.as(want, local.Dialect() != None, local.Name(), local.namespace(want))
	if err != nil {
		return nil, err
	}
	b, err := l.merge(r, p)
	if err != nil {
		return nil, err
	}
	m := newDoc(b, nil)
	m.ns = mergedNS(local, remote, want)
	if !m.synced {
		// Without sync data the binding declared nothing: the result
		// declares what local did, or what as gave it (Declared).
		_, m.ns = sniff(m.Bytes())
	}
	return m, nil
}

// As returns the feed in dialect dl: d itself when it has that dialect,
// or, for a feed with no sync data yet, the feed read again by dl's
// binding with dl's namespace declared on its root, so that what is then
// created in it is of dl (Create makes FeedSync 1.0.2 items in an RSS feed
// with no sync data otherwise). An endpoint that knows its dialect starts
// an empty feed this way. A feed whose sync data is of the other dialect
// gives a *MixedError; a format that cannot carry dl an *AdoptError.
func (d *Doc) As(dl Dialect) (*Doc, error) {
	switch {
	case dl == None || d.Dialect() == dl || d.binding() == dl && d.ns != "":
		return d, nil
	case d.synced:
		return nil, &MixedError{Local: d.Name(), LocalDialect: d.Dialect(), RemoteDialect: dl}
	}
	b, err := d.as(dl, true, "", d.namespace(dl))
	if err != nil {
		return nil, err
	}
	nd := newDoc(b, nil)
	nd.ns = d.namespace(dl)
	return nd, nil
}

// as returns d's binding in dialect want: its own, or, for a feed with no
// sync data yet, the feed read again by want's binding after it declares
// want's namespace, as ns, unless it declares it already or declare is
// false (the other feed has no sync data either). other names the feed
// whose dialect d takes, for errors.
func (d *Doc) as(want Dialect, declare bool, other, ns string) (backend, error) {
	if d.synced || d.binding() == want && (d.ns != "" || !declare) {
		return d.b, nil
	}
	if !want.carries(d.Format()) {
		return nil, &AdoptError{Feed: d.Name(), Format: d.Format(), Other: other, Dialect: want}
	}
	data := d.src
	if data == nil {
		data = d.Bytes()
	}
	data, inUse := redeclare(data, namespaces(want.other()), ns)
	if inUse != "" {
		return nil, &AdoptError{Feed: d.Name(), Format: d.Format(), Other: other, Dialect: want, InUse: inUse}
	}
	return parseAs(want, d.Name(), data, nil)
}

// namespaces returns the namespace URIs of a dialect, the one written
// first.
func namespaces(d Dialect) []string {
	if d == SSE091 {
		return []string{ssefeed.NS, ssefeed.NSHTTP}
	}
	return []string{feeds.NSFeedSync}
}

// namespace returns the URI of dialect dl's namespace as d declares it,
// or as dl's binding writes it.
func (d *Doc) namespace(dl Dialect) string {
	if ns := namespaces(dl); slices.Contains(ns, d.ns) {
		return d.ns
	}
	return namespaces(dl)[0]
}

// mergedNS is the URI of dialect dl's namespace in the merge of local and
// remote: local's as it declares it, else remote's (namespace).
func mergedNS(local, remote *Doc, dl Dialect) string {
	if slices.Contains(namespaces(dl), local.ns) {
		return local.ns
	}
	return remote.namespace(dl)
}

// redeclare returns the feed, which has no sync data, with a declaration
// of the namespace add on its root element and without its declarations
// of the namespaces drop. A feed takes a dialect with its namespace, on
// the root where readers look for it (else the binding would declare it
// on every element it writes); a template may declare the other dialect's
// namespace before any item has it, and left in place that would make
// the binding refuse the feed, or the result read as the other dialect.
// Nothing else changes but what etree's writing normalises, as the
// bindings' own writing does; the feed is read with the reader the
// bindings read with (xmlutil.Read), in whatever charset it came in, and
// written back in it. When an element or an attribute of the feed
// is in one of the namespaces drop, the declaration carries meaning: the
// feed is returned as it is, with that namespace.
func redeclare(data []byte, drop []string, add string) ([]byte, string) {
	doc, _, cs, err := xmlutil.Read(data, xmlutil.DefaultLimits)
	var root *etree.Element
	if err == nil {
		root = doc.Root()
	}
	if root == nil {
		return data, "" // the binding reports it
	}
	if u := usedNamespace(root, nil, drop); u != "" {
		return data, u
	}
	for _, e := range doc.FindElements("//*") {
		e.Attr = slices.DeleteFunc(e.Attr, func(a etree.Attr) bool {
			return xmlutil.IsDecl(a) && slices.Contains(drop, a.Value)
		})
	}
	if !slices.ContainsFunc(root.Attr, func(a etree.Attr) bool { return xmlutil.IsDecl(a) && a.Value == add }) {
		var sc *xmlutil.Scope
		root.Attr = append(root.Attr, xmlutil.Decl(sc.Push(root.Attr).FreePrefix("sx"), add))
	}
	var buf bytes.Buffer
	xmlutil.WriteIn(&buf, cs, func(w io.Writer) error { // a buffer does not fail
		_, err := doc.WriteTo(w)
		return err
	})
	return buf.Bytes(), ""
}

// usedNamespace returns the first of uris that an element or attribute at
// or under e is in, or "".
func usedNamespace(e *etree.Element, sc *xmlutil.Scope, uris []string) string {
	if e == nil {
		return ""
	}
	sc = sc.Push(e.Attr)
	in := func(prefix string) string {
		if u, ok := sc.URI(prefix); ok && slices.Contains(uris, u) {
			return u
		}
		return ""
	}
	if u := in(e.Space); u != "" {
		return u
	}
	for _, a := range e.Attr {
		if a.Space != "" && a.Space != "xmlns" {
			if u := in(a.Space); u != "" {
				return u
			}
		}
	}
	for c := range e.ChildElementsSeq() {
		if u := usedNamespace(c, sc, uris); u != "" {
			return u
		}
	}
	return ""
}
